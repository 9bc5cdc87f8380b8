"""Sections: a tournament groups events; its arbiters arbitrate them; one level only."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from standings.events.access import can_edit
from standings.events.models import Event, Participant
from standings.events.sections import events_of_tournament, sections_of, tournament_of
from tests.factories import create_swiss

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament():
    return Event.objects.create(slug="rilton", name="Rilton Cup")


def section(tournament, slug, order, arbiters=()):
    event = create_swiss(arbiters=arbiters, slug=slug)
    event.parent, event.section_order = tournament, order
    event.save()
    return event


def test_sections_in_their_order_and_the_search_list(tournament):
    b = section(tournament, "rilton-b", 2)
    a = section(tournament, "rilton-a", 1)
    lone = create_swiss(slug="lone")
    assert sections_of(tournament) == [a, b]
    assert tournament_of(b) == tournament and tournament_of(tournament) == tournament
    assert events_of_tournament(b) == [a, b] == events_of_tournament(tournament)
    assert events_of_tournament(lone) == [lone] and sections_of(lone) == []


def test_a_main_event_with_players_comes_before_its_side_events(tournament):
    Participant.objects.create(event=tournament, start_no=1, name="Main Player")
    side = section(tournament, "rilton-blitz", 1)
    assert events_of_tournament(side) == [tournament, side]


def test_tournament_arbiters_arbitrate_sections_not_the_other_way(tournament, arbiter, stranger):
    tournament.arbiters.set([arbiter])
    a = section(tournament, "rilton-a", 1, arbiters=[stranger])
    b = section(tournament, "rilton-b", 2)
    assert can_edit(arbiter, a) and can_edit(arbiter, b) and can_edit(arbiter, tournament)
    assert can_edit(stranger, a)
    assert not can_edit(stranger, b) and not can_edit(stranger, tournament)
    lone = create_swiss(slug="lone")
    assert not can_edit(arbiter, lone)


def test_one_level_only(tournament):
    a = section(tournament, "rilton-a", 1)
    nested = Event(slug="nested", name="Nested", parent=a)
    with pytest.raises(ValidationError, match="itself a section"):
        nested.full_clean()
    tournament.parent = create_swiss(slug="lone")
    with pytest.raises(ValidationError, match="with sections cannot be a section"):
        tournament.full_clean()
    a.parent = a
    with pytest.raises(ValidationError, match="section of itself"):
        a.full_clean()


def test_a_tournament_with_sections_is_not_deleted_under_them(tournament):
    from django.db.models import ProtectedError

    section(tournament, "rilton-a", 1)
    with pytest.raises(ProtectedError):
        tournament.delete()


def test_the_admin_offers_only_tournaments_as_parents(client, tournament, django_user_model):
    from tests.html import select

    section(tournament, "rilton-a", 1)
    staff = django_user_model.objects.create_superuser("chief", password="pw-chief-1")
    client.force_login(staff)
    html = client.get("/admin/events/event/add/").content.decode()
    offered = {o.text for o in select(html, "select[name=parent] option") if o.get("value")}
    assert offered == {"Rilton Cup"}
