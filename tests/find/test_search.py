"""The search itself, on states built from real events."""

import pytest

from standings.events.models import Event, Participant
from standings.state import cache as state_cache
from standings.web import render
from standings.web.search import fold, index, search
from tests.factories import create_swiss, create_team_event

pytestmark = pytest.mark.django_db


def test_fold_drops_accents_and_case():
    assert fold("Łukasz MÜLLER-Ørsted") == "lukasz muller-orsted"
    assert fold("Straße") == "strasse"
    assert fold("Ålvarez Núñez") == "alvarez nunez"


def _state(event: Event):
    return state_cache.state(event.slug, state_cache.current_version(event.slug))


def test_a_part_of_the_name_accents_ignored_any_order():
    event = create_swiss()
    Participant.objects.filter(event=event, start_no=3).update(name="Müller, José")
    event.version += 1
    event.save()
    state = _state(event)
    assert [f.person.start_no for f in search([index(state)], "muller")] == [3]
    assert [f.person.start_no for f in search([index(state)], "JOSE mül")] == [3]
    assert search([index(state)], "nobody") == []
    assert search([index(state)], "   ") == []


def test_start_number_gives_the_board_and_colour_of_the_current_round():
    event = create_swiss()
    state = _state(event)
    current = state.current_round
    board = current.boards[0]
    [hit] = search([index(state)], str(board.black.start_no))
    assert (hit.round, hit.board, hit.colour) == (current.number, board.number, "black")
    assert hit.section.slug == event.slug


def test_across_sections_in_their_order():
    tournament = Event.objects.create(slug="festival", name="Festival")
    first = create_swiss(slug="open-a")
    second = create_swiss(slug="open-b")
    for order, section in enumerate((first, second)):
        section.parent, section.section_order = tournament, order
        section.save()
    Participant.objects.filter(event=second, start_no=2).update(name="Zoë Ångström")
    Participant.objects.filter(event=first, start_no=5).update(name="Zoe Angstrom")
    for each in (tournament, first, second):
        each.version += 1
        each.save()
    indexes = render.tournament_indexes("open-b", state_cache.current_version("open-b"))
    assert [i.section.slug for i in indexes] == ["open-a", "open-b"]
    found = search(indexes, "zoe angstrom")
    assert [(f.section.slug, f.person.start_no) for f in found] == [("open-a", 5), ("open-b", 2)]
    assert [f.section.slug for f in search(indexes, "2")] == ["open-a", "open-b"]
    assert render.tournament_indexes("festival", state_cache.current_version("festival")) == indexes


def test_a_team_event_player_is_found_on_their_match_board():
    event = create_team_event()
    state = _state(event)
    current = state.teams.round(state.current_round.number)
    match = current.matches[0]
    board = match.boards[1]
    [hit] = search([index(state)], str(board.white.start_no))
    assert (hit.table, hit.board, hit.colour) == (match.table, board.number, "white")
