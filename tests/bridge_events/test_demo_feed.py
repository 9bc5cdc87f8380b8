"""The bridge demo plays itself: a round drawn by the standings, its matches scored board by
board (a room at times first, the other later), totals coherent with the boards, the next
round drawn after a pause, and the demo reloaded at the end of its schedule."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from standings.bridge.match_play import match_play
from standings.bridge.reader import read_bridge
from standings.bridge.standings import bridge_standings
from standings.bridge.vp_scale import victory_points
from standings.bridge_events.board_entry import draw_table
from standings.bridge_events.demo import BRIDGE_DEMO_SLUG, load_bridge_demo
from standings.bridge_events.demo_feed import BridgeDemoFeeder
from standings.bridge_events.models import BridgeEvent
from standings.bridge_events.services import enter_match
from standings.events.actors import DEMO
from standings.events.models import AuditEntry, Event


@pytest.fixture
def demo(db) -> Event:
    return load_bridge_demo()


def document() -> dict:
    return BridgeEvent.objects.get(event__slug=BRIDGE_DEMO_SLUG).document


def matches_of(number: int) -> list[dict]:
    return [m for m in document()["matches"] if m["round"] == number]


def assert_totals_follow_the_boards(number: int, planned: int = 16) -> None:
    data = read_bridge(json.dumps(document()))
    for match in matches_of(number):
        boards = [
            b
            for b in data.boards
            if (b.round, b.home, b.away) == (number, match["home"], match["away"])
        ]
        play = match_play(boards, boards=planned)
        assert play.complete and len(boards) == planned
        assert match["imps"] == [int(play.imps[0]), int(play.imps[1])]
        vps = victory_points(play.imps[0], play.imps[1], planned)
        assert match["vps"] == pytest.approx([float(vps[0]), float(vps[1])])
        assert match["points"] == list(play.points)


def test_the_fresh_demo_draws_round_five_at_once_down_the_standings_without_rematches(demo):
    leader = bridge_standings(BridgeEvent.objects.get(event=demo).data())[0].id
    assert BridgeDemoFeeder().step() == "drawn"
    drawn = [d for d in document()["draw"] if d["round"] == 5]
    assert [d["table"] for d in drawn] == [1, 2, 3, 4, 5, 6]
    assert drawn[0]["home"] == leader
    assert sorted(t for d in drawn for t in (d["home"], d["away"])) == list(range(1, 13))
    met = {
        frozenset((m["home"], m["away"]))
        for m in matches_of(1) + matches_of(2) + matches_of(3) + matches_of(4)
    }
    assert not {frozenset((d["home"], d["away"])) for d in drawn} & met
    assert AuditEntry.objects.filter(event=demo, action="bridge_draw", user=None).count() == 6


def test_the_matches_are_scored_board_by_board_then_complete_and_the_next_round_is_drawn(demo):
    feeder = BridgeDemoFeeder(seed=3, pair_after=2)
    assert feeder.step() == "drawn"
    outcomes: Counter[str] = Counter()
    half_entered = running = 0
    while len(matches_of(5)) < 6:
        outcome = feeder.step()
        assert outcome.startswith("boards: ")
        outcomes[outcome] += 1
        boards = [b for b in document()["boards"] if b["round"] == 5]
        half_entered += any("open" not in b or "closed" not in b for b in boards)
        running += bool(boards) and len(matches_of(5)) < 6
        assert outcomes.total() < 200
    assert half_entered and running > 10  # followers watch the matches go on a while
    assert len({n for n in outcomes}) > 2  # the tables keep their own pace
    assert_totals_follow_the_boards(5)
    assert [feeder.step(), feeder.step(), feeder.step()] == ["waiting", "waiting", "drawn"]
    sixth = [d for d in document()["draw"] if d["round"] == 6]
    assert len(sixth) == 6
    played = {frozenset((m["home"], m["away"])) for m in document()["matches"]}
    assert not {frozenset((d["home"], d["away"])) for d in sixth} & played


def test_the_demo_plays_its_schedule_to_the_end_then_reloads(demo):
    BridgeEvent.objects.filter(event=demo).update(boards_per_match=4)  # shorter matches
    feeder = BridgeDemoFeeder(seed=5, pair_after=0, reload_after=1)
    outcomes: Counter[str] = Counter()
    while (outcome := feeder.step()) != "finished":
        outcomes[outcome.split(":")[0]] += 1
        assert outcomes.total() < 200
    assert outcomes["drawn"] == 3  # rounds 5, 6 and 7 of 7
    for number in (5, 6, 7):
        assert len(matches_of(number)) == 6
        assert_totals_follow_the_boards(number, planned=4)
    pairs = [frozenset((m["home"], m["away"])) for m in document()["matches"]]
    assert len(pairs) == len(set(pairs)) == 42  # no rematch in seven rounds
    assert feeder.step() == "reloaded"
    assert Event.objects.get(slug=BRIDGE_DEMO_SLUG).pk != demo.pk
    assert len(document()["matches"]) == 24 and not document().get("draw")
    assert feeder.step() == "drawn"  # and it starts again


def test_a_table_drawn_by_a_scorer_is_kept_and_the_rest_of_the_round_drawn(demo):
    draw_table(demo, round_number=5, table=1, home=1, away=12, actor=DEMO)
    assert BridgeDemoFeeder().step() == "drawn"
    drawn = [d for d in document()["draw"] if d["round"] == 5]
    assert sorted(d["table"] for d in drawn) == [1, 2, 3, 4, 5, 6]
    assert (drawn[0]["home"], drawn[0]["away"]) == (1, 12)
    assert sorted(t for d in drawn for t in (d["home"], d["away"])) == list(range(1, 13))


def test_a_match_a_scorer_entered_as_totals_is_kept_and_the_others_drawn(demo):
    enter_match(
        demo, round_number=5, home=1, away=12, imps=(30, 10), points=(2000, 1500), actor=DEMO
    )
    assert BridgeDemoFeeder().step() == "drawn"
    drawn = [d for d in document()["draw"] if d["round"] == 5]
    assert (drawn[0]["table"], drawn[0]["home"], drawn[0]["away"]) == (1, 1, 12)
    assert sorted(t for d in drawn for t in (d["home"], d["away"])) == list(range(1, 13))
    assert BridgeDemoFeeder().step().startswith("boards: ")  # the five others play
    (kept,) = matches_of(5)
    assert (kept["home"], kept["away"], kept["imps"]) == (1, 12, [30, 10])


def test_without_the_demo_the_feeder_does_nothing(db):
    assert BridgeDemoFeeder().step() == "no event"


def test_followers_see_the_matches_in_play_with_provisional_vps(demo, client):
    feeder = BridgeDemoFeeder(seed=1)
    for _ in range(4):
        feeder.step()
    response = client.get(f"/b/{BRIDGE_DEMO_SLUG}/")
    assert response.status_code == 200
    assert "of 16 boards" in response.text and "provisional" in response.text
