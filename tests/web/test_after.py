"""The standings after any round (`after/<n>/`, `after/<n>.json`): as the engine ranks the
event on rounds 1..n only, cached per version, linked from the standings; team events too."""

from __future__ import annotations

import dataclasses

import pytest

from standings.demo.event import DEMO_SLUG, load_demo
from standings.engine.standings import compute_standings
from standings.events.models import Event
from standings.events.rounds import create_round
from standings.events.services import publish_pairings, reopen_round
from standings.events.snapshot import engine_event, rule_edition, team_tiebreaks
from standings.live.publish import publish
from standings.state import cache as state_cache
from standings.web import render
from tests.factories import TEST_ACTOR, create_swiss, create_team_event
from tests.html import one, select, text, texts
from tests.web import writes
from tests.web.built import fetched

pytestmark = pytest.mark.django_db


def engine_on_rounds(event: Event, through: int) -> dict:
    """The engine's standings of the event cut to its rounds 1..n: what was entered in
    them, the later rounds absent, only the rounds of 1..n that are closed counted closed."""
    described = engine_event(event)
    cut = dataclasses.replace(
        described,
        participants=tuple(
            dataclasses.replace(p, entries=p.entries[:through]) for p in described.participants
        ),
        closed_rounds=frozenset(n for n in described.closed_rounds if n <= through),
        team_byes=tuple(b for b in described.team_byes if b.round <= through),
        match_forfeits=tuple(f for f in described.match_forfeits if f.round <= through),
    )
    tiebreaks = event.tiebreak_list()
    if event.kind == Event.Kind.TEAM:  # ranked as the team standings page ranks them
        tiebreaks = team_tiebreaks(tiebreaks)
    return compute_standings(
        cut, tiebreaks, rules=rule_edition(event), through_round=through
    ).to_json()


@pytest.fixture
def written(django_capture_on_commit_callbacks):
    """Run a write and what the live push does after it: publish() once."""

    def write(service, event: Event, *args, **options) -> None:
        with django_capture_on_commit_callbacks(execute=True):
            service(event, *args, **options)
        publish(event.pk)

    return write


def rows_shown(html: str) -> list[list[str]]:
    table = one(html, "#standings-table")
    return [[text(cell) for cell in row.select("td, th")] for row in select(table, "tbody tr")]


def test_after_each_closed_round_of_the_demo_is_the_engine_on_those_rounds(client, db):
    demo = load_demo()  # 45 players, rounds 1-5 closed, round 6 under way, a withdrawal
    for number in range(1, 6):
        data = fetched(client, f"/e/{DEMO_SLUG}/after/{number}.json").json()
        assert data == engine_on_rounds(demo, number), f"after round {number}"
        assert data["round"] == number
    html = fetched(client, f"/e/{DEMO_SLUG}/after/3/").content.decode()
    shown = rows_shown(html)
    expected = engine_on_rounds(demo, 3)["standings"]
    assert [row[0] for row in shown] == [str(r["rank"]) for r in expected]
    keys = [row["data-key"] for row in select(html, "#standings-table tbody tr")]
    assert keys == [str(r["start_no"]) for r in expected]
    assert text(one(html, "#standings-table caption")) == "Standings after round 3"
    assert not select(html, "#standings-table .prov")  # rounds 1-3 closed: nothing provisional
    assert fetched(client, f"/e/{DEMO_SLUG}/after/6/").status_code == 404  # under way


def test_the_page_says_which_round_links_back_and_to_the_other_rounds(client, event):
    html = fetched(client, "/e/small-open/after/1/").content.decode()
    assert text(one(html, "#after-heading")) == "Standings after round 1 of 5"
    assert "/e/small-open/" in [a["href"] for a in select(html, "main a")]
    assert texts(html, ".after-rounds a") == ["1", "2"]  # round 3 is neither closed nor complete
    assert one(html, ".after-rounds a[aria-current=page]")["href"] == "/e/small-open/after/1/"
    # the values of round 1 only: the winners of round 1 have 1 point
    keys = [row["data-key"] for row in select(html, "#standings-table tbody tr")]
    points = {key: row[5] for key, row in zip(keys, rows_shown(html), strict=True)}
    assert points["1"] == "1" and points["5"] == "0" and points["3"] == "0.5"


def test_the_standings_link_the_rounds_closed_or_complete(client, event, written):
    html = fetched(client, "/e/small-open/").content.decode()
    links = select(html, ".after-rounds a")
    assert [a["href"] for a in links] == ["/e/small-open/after/1/", "/e/small-open/after/2/"]
    written(writes.enter_result, event, 3, 3, "10")
    written(writes.enter_result, event, 3, 4, "01")  # round 3 complete, not closed
    html = fetched(client, "/e/small-open/").content.decode()
    assert texts(html, ".after-rounds a") == ["1", "2", "3"]
    after = fetched(client, "/e/small-open/after/3/").content.decode()
    # complete, not closed: the values that depend on opponents' next rounds stay provisional
    assert select(after, "#standings-table .prov")
    assert fetched(client, "/e/small-open/after/3.json").json()["round"] == 3


def test_the_json_has_the_shape_of_standings_json(client, event):
    standings = fetched(client, "/e/small-open/standings.json").json()
    after = fetched(client, "/e/small-open/after/2.json")
    assert after["Content-Type"] == "application/json"
    data = after.json()
    assert set(data) == set(standings)
    assert set(data["standings"][0]) == set(standings["standings"][0])
    assert data["tiebreaks"] == standings["tiebreaks"]
    assert data["round"] == 2 and standings["round"] == 3
    assert data == engine_on_rounds(event, 2)


def test_a_correction_in_round_2_changes_after_2_and_3_and_no_other_event(client, event, written):
    other = create_swiss(slug="other-open")
    written(writes.enter_result, event, 3, 3, "10")
    written(writes.enter_result, event, 3, 4, "01")
    written(writes.close_round, event, 3)
    before = {n: fetched(client, f"/e/small-open/after/{n}.json").json() for n in (1, 2, 3)}
    pages_before = {n: fetched(client, f"/e/small-open/after/{n}/").content for n in (1, 2, 3)}
    elsewhere = fetched(client, "/e/other-open/after/2/")
    other_version = state_cache.current_version("other-open")
    assert render.cached_page("other-open", other_version, "after-2") is not None

    # Round 2, board 1 (1-3) was a draw: White won after all.
    written(reopen_round, event, 2, actor=TEST_ACTOR, reason="scoresheet misread")
    written(writes.enter_result, event, 2, 1, "10")
    written(writes.close_round, event, 2)

    after = {n: fetched(client, f"/e/small-open/after/{n}.json").json() for n in (1, 2, 3)}
    assert after[1]["standings"] == before[1]["standings"]
    for n in (2, 3):
        assert after[n] != before[n]
        assert after[n] == engine_on_rounds(Event.objects.get(pk=event.pk), n)
        assert fetched(client, f"/e/small-open/after/{n}/").content != pages_before[n]
    row = next(r for r in after[2]["standings"] if r["start_no"] == 1)
    assert row["values"][0] == 2.0  # won rounds 1 and 2
    # The other event: same version, same page, its render still in the cache.
    assert state_cache.current_version("other-open") == other_version == other.version
    again = fetched(client, "/e/other-open/after/2/", HTTP_IF_NONE_MATCH=elsewhere["ETag"])
    assert again.status_code == 304
    assert render.cached_page("other-open", other_version, "after-2") == elsewhere.content.decode()


def test_a_page_is_cached_per_version_round_and_language(client, event):
    first = fetched(client, "/e/small-open/after/2/")
    assert first.status_code == 200 and first["ETag"]
    assert (
        fetched(client, "/e/small-open/after/2/", HTTP_IF_NONE_MATCH=first["ETag"]).status_code
        == 304
    )
    version = state_cache.current_version("small-open")
    assert render.cached_page("small-open", version, "after-2") == first.content.decode()
    french = fetched(client, "/e/small-open/after/2/", HTTP_ACCEPT_LANGUAGE="fr")
    assert french["ETag"] != first["ETag"]


def test_an_unknown_event_is_a_404(client, db):
    assert fetched(client, "/e/nobody/after/1/").status_code == 404
    assert fetched(client, "/e/nobody/after/1.json").status_code == 404


@pytest.fixture
def teams(arbiter):
    """Four teams of four boards: round 1 closed (Rooks 3-1 Knights, Bishops 2-2 Pawns),
    round 2 under way (Rooks - Bishops 1½-½ after two boards, Knights - Pawns to play)."""
    event = create_team_event(arbiters=[arbiter], teams=4)
    # The home team has white on boards 1 and 3.
    for table, results in ((1, ["10", "01", "==", "=="]), (2, ["==", "==", "==", "=="])):
        for board, result in enumerate(results, start=1):
            writes.enter_result(event, 1, board, result, table=table)
    writes.close_round(event, 1)
    create_round(event, 2, [(1, 3), (2, 4)], boards=4, actor=TEST_ACTOR)
    publish_pairings(event, 2, actor=TEST_ACTOR)
    writes.enter_result(event, 2, 1, "10", table=1)
    writes.enter_result(event, 2, 2, "==", table=1)
    event.refresh_from_db()
    return event


def test_a_team_event_shows_its_team_standings_after_a_round(client, teams):
    live = fetched(client, "/e/small-teams/").content.decode()
    assert texts(live, ".after-rounds a") == ["1"]  # round 2 is under way
    html = fetched(client, "/e/small-teams/after/1/").content.decode()
    assert text(one(html, "#after-heading")) == "Standings after round 1 of 5"
    table = one(html, "#standings-table")
    assert text(one(table, "caption")) == "Team standings after round 1"
    rows = rows_shown(html)
    assert rows[0] == ["1", "1", "Rooks", "2", "3"]
    assert rows[-1] == ["4", "2", "Knights", "0", "1"]
    assert sorted(row[2:] for row in rows[1:3]) == [["Bishops", "1", "2"], ["Pawns", "1", "2"]]
    data = fetched(client, "/e/small-teams/after/1.json").json()
    live_data = fetched(client, "/e/small-teams/standings.json").json()
    assert set(data) == set(live_data) and live_data["round"] == 2
    assert live_data["standings"] != data["standings"]  # round 2's boards count there
    assert data == engine_on_rounds(teams, 1)
    assert [row["start_no"] for row in data["standings"]] == [int(row[1]) for row in rows]
    assert fetched(client, "/e/small-teams/after/2/").status_code == 404
    assert fetched(client, "/e/small-teams/after/2.json").status_code == 404
