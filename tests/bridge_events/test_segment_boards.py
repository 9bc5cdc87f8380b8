"""A knockout's segment scored board by board: Jena (the first team) North-South in the open
room; the segment's IMPs are written once every board is in, and the match's running score
and the team that advances follow."""

from __future__ import annotations

import json

import pytest

from standings.bridge.reader import BridgeFormatError, read_bridge
from standings.bridge.writer import write_bridge
from standings.bridge_events import board_entry, knockout_services
from standings.bridge_events.models import BridgeEvent
from standings.events.services import WriteRefused
from tests.conftest import FIXTURES
from tests.factories import TEST_ACTOR
from tests.html import select, text

from .test_knockout_entry import KO02, bridge, ko  # noqa: F401 (fixtures)


def board(event, number, open_room, closed_room, *, segment=4, seen="", reason=""):
    return board_entry.enter_segment_board(
        event,
        segment=segment,
        board=number,
        open_room=open_room,
        closed_room=closed_room,
        seen=seen,
        reason=reason,
        actor=TEST_ACTOR,
    )


@pytest.fixture
def two_boards(ko):  # noqa: F811
    BridgeEvent.objects.filter(event=ko).update(boards_per_match=2)
    return ko


def test_the_last_segment_board_by_board_decides_the_match(two_boards):
    # before: Jena 1.5 + 34 + 34 + 33 = 102.5, Quimper 39 + 26 + 36 = 101
    board(two_boards, 1, "4S= N", "4S-1 N")  # Jena +470: 10 IMPs
    segments = bridge(two_boards).document["matches"]
    assert [s["segment"] for s in segments] == [1, 2, 3]  # board 2 to come
    board(two_boards, 2, "3NT-1 S", "")
    assert len(bridge(two_boards).document["matches"]) == 3
    board(two_boards, 2, "3NT-1 S", "600", seen="3NT-1 S / ")  # Quimper +700: 12 IMPs
    fourth = bridge(two_boards).document["matches"][-1]
    assert fourth == {"segment": 4, "home": 9, "away": 29, "imps": [10, 12]}
    score = knockout_services.running_score(bridge(two_boards))
    assert (score.first.value, score.second.value) == (112.5, 113)
    assert score.decided and score.winner.name == "Quimper"  # by half an IMP


def test_a_segment_of_boards_is_not_entered_as_totals_and_back(two_boards):
    board(two_boards, 1, "420", "")
    with pytest.raises(WriteRefused, match="scored board by board"):
        knockout_services.enter_segment(two_boards, segment=4, imps=(10, 0), actor=TEST_ACTOR)
    with pytest.raises(WriteRefused, match="entered as totals"):
        board(two_boards, 1, "420", "", segment=3)


def test_a_correction_needs_a_reason(two_boards):
    board(two_boards, 1, "4S= N", "")
    with pytest.raises(WriteRefused, match="a correction needs a reason"):
        board(two_boards, 1, "4S+1 N", "", seen="4S= N / ")
    assert board(two_boards, 1, "4S+1 N", "", seen="4S= N / ", reason="tricks") is not None


def test_the_file_holds_a_segment_s_boards():
    data = json.loads(KO02.read_text())
    data["boards"] = [{"segment": 4, "board": 1, "open": "4S= N", "closed": -50}]
    event = read_bridge(json.dumps(data))
    assert read_bridge(write_bridge(event)) == event
    data["boards"].append({"segment": 4, "board": 1, "open": 420})
    with pytest.raises(BridgeFormatError, match="board 1 of segment 4 is listed twice"):
        read_bridge(json.dumps(data))


def test_the_tablet_scores_a_segment_board_by_board(client, two_boards, arbiter):
    client.force_login(arbiter)
    page = client.get("/b/ko/score/").content.decode()
    assert "Score segment 4 board by board" in page
    html = client.get("/b/ko/score/knockout/4/").content.decode()
    assert len(select(html, ".board-list > li")) == 2
    answer = client.post(
        "/b/ko/score/knockout/4/board",
        {"board": 1, "open_room": "4S= N", "closed_room": "4S-1 N", "seen": ""},
        follow=True,
    )
    said = text(select(answer.content.decode(), ".messages .success")[0])
    assert said == "Board 1, Jena – Quimper: 4S= N / 4S-1 N, 10 IMPs to Jena."
    assert "1 of 2 boards" in answer.content.decode()
    public = client.get("/b/ko/").content.decode()
    assert "Segment 4 in play: 1 of 2 boards, 10–0 IMPs" in public
    assert "Segment 4 in play" in client.get("/b/ko/score/").content.decode()
    french = client.get("/b/ko/", headers={"accept-language": "fr"}).content.decode()
    assert "Segment 4 en cours" in french


@pytest.mark.parametrize("segment", [0, 100, 10**30])
def test_hostile_segments_are_refused(client, two_boards, arbiter, segment):
    client.force_login(arbiter)
    assert client.get(f"/b/ko/score/knockout/{segment}/").status_code == 404
    answer = client.post(f"/b/ko/score/knockout/{segment}/board", {"board": 1, "open_room": "420"})
    assert answer.status_code < 500
    assert len(bridge(two_boards).document.get("boards", [])) == 0


def test_a_teams_event_refuses_segment_boards(client, db, arbiter):
    from standings.bridge_events.services import import_bridge

    event = import_bridge(
        (FIXTURES / "bridge" / "example-sw02.json").read_bytes(), slug="sw", actor=TEST_ACTOR
    )
    event.arbiters.add(arbiter)
    client.force_login(arbiter)
    assert client.get("/b/sw/score/knockout/1/").status_code == 404
    assert client.post("/b/sw/score/knockout/1/board", {"board": 1}).status_code == 400
