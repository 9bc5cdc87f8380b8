"""Sections on the arbiter's pages: the tournament's arbiters switch in one tap, a section's
own arbiters see and change only their section, board numbers as the section shows them."""

from __future__ import annotations

import pytest

from standings.events.models import AuditEntry, Event, Game
from tests.html import one, select, text, texts

pytestmark = pytest.mark.django_db


@pytest.fixture
def desk(client, arbiter):
    client.force_login(arbiter)
    return client


def test_the_tournament_arbiter_switches_section_on_the_same_page(desk, cup):
    html = desk.get("/e/cup-a/arbiter/").content.decode()
    assert texts(html, "nav.section-switch a") == ["Open A", "Open B"]
    assert [a["href"] for a in select(html, "nav.section-switch a")] == [
        "/e/cup-a/arbiter/",
        "/e/cup-b/arbiter/",
    ]
    assert text(one(html, 'nav.section-switch a[aria-current="page"]')) == "Open A"
    audit = desk.get("/e/cup-b/arbiter/audit/").content.decode()
    assert [a["href"] for a in select(audit, "nav.section-switch a")] == [
        "/e/cup-a/arbiter/audit/",
        "/e/cup-b/arbiter/audit/",
    ]
    assert desk.get("/e/cup-b/arbiter/").status_code == 200


def test_a_section_arbiter_changes_only_that_section(client, cup, django_user_model):
    bea = django_user_model.objects.create_user("bea", password="pw-bea-1")
    Event.objects.get(slug="cup-a").arbiters.add(bea)
    client.force_login(bea)
    html = client.get("/e/cup-a/arbiter/").content.decode()
    assert not select(html, "nav.section-switch")  # nothing else of the cup to switch to
    assert client.get("/e/cup-b/arbiter/").status_code == 403
    posted = client.post("/e/cup-b/arbiter/round/3/board/3/", {"result": "10", "version": 0})
    assert posted.status_code == 403
    assert Game.objects.get(round__event__slug="cup-b", round__number=3, board=3).result == ""
    assert client.get("/e/cup/arbiter/").status_code == 403


def test_a_stranger_gets_nothing_of_the_tournament(client, cup, stranger):
    client.force_login(stranger)
    for slug in ["cup", "cup-a", "cup-b"]:
        assert client.get(f"/e/{slug}/arbiter/").status_code == 403


def test_boards_show_and_audit_with_the_section_offset(desk, cup):
    html = desk.get("/e/cup-b/arbiter/round/3/").content.decode()
    assert texts(html, ".board-row .bno")[:2] == ["Board 101", "Board 102"]
    assert one(html, "#board-3")  # addressed by the stored board
    desk.post("/e/cup-b/arbiter/round/3/board/3/", {"result": "10", "version": 0})
    entry = AuditEntry.objects.filter(event__slug="cup-b", action="result").get()
    assert entry.target == "round 3 board 103"
    html = desk.get("/e/cup-b/arbiter/round/3/").content.decode()
    assert text(one(html, "#close-refusal")).endswith("1 result missing (board 104)")


def test_only_the_tournament_arbiters_see_the_new_section_link(
    desk, cup, client, django_user_model
):
    html = desk.get("/e/cup-b/arbiter/").content.decode()
    assert one(html, 'a[href="/e/cup/import/section/"]')
    bea = django_user_model.objects.create_user("bea", password="pw-bea-1")
    Event.objects.get(slug="cup-b").arbiters.add(bea)
    desk.force_login(bea)
    assert not select(desk.get("/e/cup-b/arbiter/").content.decode(), 'a[href$="/import/section/"]')


def test_an_event_without_sections_shows_neither(desk, event):
    html = desk.get("/e/small-open/arbiter/").content.decode()
    assert not select(html, "nav.section-switch") and not select(html, 'a[href$="/section/"]')
