"""Sections on the public pages: the overview, the switcher, board offsets, the event list."""

from __future__ import annotations

import pytest

from standings.events import services
from standings.events.models import AuditEntry, Event
from standings.live.publish import publish
from tests.factories import create_swiss
from tests.html import one, select, text, texts

pytestmark = pytest.mark.django_db


def test_the_tournament_page_lists_its_sections_with_their_leaders(client, cup):
    html = client.get("/e/cup/").content.decode()
    assert texts(html, ".section-summary h2") == ["Open A", "Open B"]
    first = select(html, ".section-summary")[0]
    assert [a["href"] for a in first.select("h2 a")] == ["/e/cup-a/"]
    leaders = first.select("table.leaders tbody tr")
    assert len(leaders) == 3
    assert leaders[0].select_one("a")["href"].startswith("/e/cup-a/player/")
    assert "8 players · Round 3: in progress" in text(first)
    assert not select(html, ".event-nav")  # no standings, rounds, crosstable of its own


def test_a_result_in_a_section_shows_on_the_overview(client, cup, arbiter):
    section = Event.objects.get(slug="cup-a")
    publish(section.pk)
    before = client.get("/e/cup/").content.decode()
    # Round 3's boards 3 and 4 are pending: their results change Open A's leaders, not B's.
    services.enter_result(section, 3, 3, "10", actor=arbiter)
    services.enter_result(section, 3, 4, "10", actor=arbiter)
    publish(section.pk)
    after = client.get("/e/cup/").content.decode()
    assert text(select(after, ".section-summary")[1]) == text(select(before, ".section-summary")[1])
    assert text(select(after, ".section-summary")[0]) != text(select(before, ".section-summary")[0])
    assert "Round 3: in progress" in text(select(after, ".section-summary")[0])


def test_section_pages_switch_between_sections(client, cup):
    for path in ["/e/cup-b/", "/e/cup-b/round/2/", "/e/cup-b/crosstable/"]:
        html = client.get(path).content.decode()
        nav = one(html, "nav.section-nav")
        assert texts(html, "nav.section-nav a") == ["Rilton Cup", "Open A", "Open B"]
        assert [a["href"] for a in nav.select("a")] == ["/e/cup/", "/e/cup-a/", "/e/cup-b/"]
        assert text(one(html, 'nav.section-nav a[aria-current="page"]')) == "Open B"
        assert select(html, ".event-nav")
    overview = client.get("/e/cup/").content.decode()
    assert text(one(overview, 'nav.section-nav a[aria-current="page"]')) == "Rilton Cup"


def test_an_event_without_sections_is_unchanged(client, event):
    html = client.get("/e/small-open/").content.decode()
    assert not select(html, "nav.section-nav")
    assert select(html, "#standings-table")
    round_1 = client.get("/e/small-open/round/1/").content.decode()
    assert texts(round_1, "#round-games-1 tbody th.board") == ["1", "2", "3", "4"]


def test_board_numbers_are_offset_per_section(client, cup):
    html = client.get("/e/cup-b/round/1/").content.decode()
    assert texts(html, "#round-games-1 tbody th.board") == ["101", "102", "103", "104"]
    screen = client.get("/e/cup-b/screen/").content.decode()
    assert texts(screen, "#screen-pairings tbody th.board") == ["101", "102", "103", "104"]
    assert texts(client.get("/e/cup-a/round/1/").content.decode(), "tbody th.board")[0] == "1"


def test_the_event_list_nests_sections_under_their_tournament(client, cup):
    create_swiss(slug="lone")
    html = client.get("/").content.decode()
    assert texts(html, ".event-item > a") == ["Rilton Cup", "Small Open"]
    cup_item = select(html, ".event-item")[0]
    assert [a["href"] for a in cup_item.select(".section-list a")] == ["/e/cup-a/", "/e/cup-b/"]
    assert text(one(html, "#live-heading")) == "Live now"


def test_adding_a_section_in_the_admin_gives_every_event_of_the_tournament_a_version(
    client, cup, django_user_model
):
    staff = django_user_model.objects.create_superuser("chief", password="pw-chief-1")
    section_a = Event.objects.get(slug="cup-a")
    versions = {e.slug: e.version for e in Event.objects.all()}
    new = Event(slug="cup-c", name="U1600", parent=cup, section_order=3)
    services.save_in_admin(new, changed=["slug", "name", "parent"], actor=staff, created=True)
    after = {e.slug: e.version for e in Event.objects.all()}
    assert all(after[slug] > versions[slug] for slug in versions)
    entry = AuditEntry.objects.filter(event=section_a, action="sections").get()
    assert entry.after == ["cup-a", "cup-b", "cup-c"]
    html = client.get("/e/cup-a/").content.decode()
    assert texts(html, "nav.section-nav a") == ["Rilton Cup", "Open A", "Open B", "U1600"]


def test_a_main_event_with_side_events_keeps_its_standings(client, cup):
    from standings.events.models import Participant

    Participant.objects.create(event=cup, start_no=1, name="Main Player")
    html = client.get("/e/cup/").content.decode()
    assert select(html, "#standings-table") and not select(html, ".section-summary")
    assert texts(html, "nav.section-nav a") == ["Rilton Cup", "Open A", "Open B"]


def test_a_team_section_lists_its_leading_teams(client, cup):
    from tests.factories import create_team_event

    teams = create_team_event(slug="cup-teams")
    Event.objects.filter(pk=teams.pk).update(parent=cup, section_order=3, name="Teams")
    Event.objects.filter(pk=cup.pk).update(version=cup.version + 1)  # as the admin's save would
    html = client.get("/e/cup/").content.decode()
    summary = select(html, ".section-summary")[2]
    assert text(summary.select_one("h2")) == "Teams"
    assert "4 teams" in text(summary)
    assert len(summary.select("table.leaders tbody tr")) == 3


def test_a_sections_printouts_name_the_tournament(client, cup):
    html = client.get("/e/cup-b/print/a4/round/3/pairings/").content.decode()
    assert text(one(html, "h1.print-heading bdi")) == "Rilton Cup · Open B"
    assert text(one(html, ".running-event")) == "Rilton Cup · Open B"
    assert texts(html, "tbody th.board")[:1] == ["101"]


def test_a_section_leaving_its_tournament_leaves_its_switcher(client, cup, django_user_model):
    staff = django_user_model.objects.create_superuser("chief", password="pw-chief-1")
    section_b = Event.objects.get(slug="cup-b")
    section_b.parent = None
    services.save_in_admin(section_b, changed=["parent"], actor=staff, created=False)
    assert AuditEntry.objects.filter(event=cup, action="sections").get().after == ["cup-a"]
    assert texts(client.get("/e/cup-a/").content.decode(), "nav.section-nav a") == [
        "Rilton Cup",
        "Open A",
    ]
    assert not select(client.get("/e/cup-b/").content.decode(), "nav.section-nav")
