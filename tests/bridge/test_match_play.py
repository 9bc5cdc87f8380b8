"""A teams match board by board: the draw and the boards' results in the file, each board's
IMPs and the match's totals, worked by hand from Law 77 and the WBF IMP scale."""

from __future__ import annotations

import copy
import json
from fractions import Fraction

import pytest

from standings.bridge.match_play import boards_of, match_play
from standings.bridge.model import BoardResult, RoomResult
from standings.bridge.reader import BridgeFormatError, read_bridge
from standings.bridge.writer import write_bridge
from tests.conftest import FIXTURES

SW02 = json.loads((FIXTURES / "bridge" / "example-sw02.json").read_text())
# Round 10 is not played in the file: Porto (1) - Cadiz (2) at table 1, Riga (3) - 4 at 2.
DRAWN = {
    **SW02,
    "draw": [
        {"round": 10, "table": 1, "home": 1, "away": 2},
        {"round": 10, "table": 2, "home": 3, "away": 4},
    ],
    "boards": [
        # board 1, nobody vulnerable: 4S made in the open room (+420 for home, North-South),
        # 4S one down in the closed room (home East-West defends: +50): 470, 10 IMPs
        {"round": 10, "home": 1, "away": 2, "board": 1, "open": "4S= N", "closed": "4S-1 N"},
        # board 2, North-South vulnerable: 3NT one down in the open room (-100 for home),
        # 3NT made by the away team in the closed room (+600 for it): -700, 12 IMPs away
        {"round": 10, "home": 1, "away": 2, "board": 2, "open": "3NT-1 S", "closed": 600},
        # board 3: the open room only, so far
        {"round": 10, "home": 1, "away": 2, "board": 3, "open": "pass"},
    ],
}


def refusal(data: dict) -> str:
    with pytest.raises(BridgeFormatError) as refused:
        read_bridge(json.dumps(data))
    return str(refused.value)


def test_boards_by_hand():
    event = read_bridge(json.dumps(DRAWN))
    play = match_play(boards_of(event.boards, event.draw[0]), boards=3)
    assert [b.home_imps for b in play.boards] == [10, -12, None]
    assert play.played == 2
    assert play.imps == (Fraction(10), Fraction(12))
    assert play.points == (420 + 50, 100 + 600)  # what each side scored, declaring or defending
    assert not play.complete


def test_a_match_is_complete_when_every_board_has_both_rooms():
    results = [BoardResult(10, 1, 2, n, RoomResult(420), RoomResult(420)) for n in range(1, 4)]
    play = match_play(results, boards=3)
    assert play.complete and play.imps == (0, 0) and play.points == (1260, 1260)
    assert not match_play(results[:2], boards=3).complete


def test_the_writer_gives_the_draw_and_boards_back():
    event = read_bridge(json.dumps(DRAWN))
    assert read_bridge(write_bridge(event)) == event
    written = json.loads(write_bridge(event))
    assert written["boards"][0]["open"] == "4S= N"
    assert written["boards"][1]["closed"] == 600  # a score alone stays a score
    assert written["boards"][2] == {"round": 10, "home": 1, "away": 2, "board": 3, "open": "pass"}


def test_a_file_without_a_draw_reads_as_before():
    event = read_bridge(json.dumps(SW02))
    assert event.draw == () and event.boards == ()
    assert "draw" not in json.loads(write_bridge(event))


def changed(**parts) -> dict:
    data = copy.deepcopy(DRAWN)
    for key, value in parts.items():
        data[key] = value
    return data


def table(number: int, home: int, away: int, *, round: int = 10) -> dict:
    return {"round": round, "table": number, "home": home, "away": away}


def board(number: int, home: int = 1, away: int = 2, **rooms) -> dict:
    return {"round": 10, "home": home, "away": away, "board": number, **rooms}


@pytest.mark.parametrize(
    ("draw", "expected"),
    [
        (
            [table(1, 1, 2), table(1, 3, 4)],
            "$.draw[1].table: table 1 of round 10 is listed twice (also $.draw[0])",
        ),
        (
            [table(1, 1, 2), table(2, 2, 4)],
            "$.draw[1]: Cadiz is drawn twice in round 10 (also $.draw[0])",
        ),
        ([table(1, 1, 1)], "$.draw[0].away: team 1 cannot play itself"),
        ([table(0, 1, 2)], "$.draw[0].table: must be at least 1"),
        ([table(1, 1, 99)], "$.draw[0].away: a draw of team 99, which is not in the teams"),
        ([table(1, 1, 2, round=100)], "$.draw[0].round: must be at most 99"),
        ({"round": 10}, "$.draw: must be a list"),
    ],
)
def test_a_draw_refused(draw, expected):
    assert refusal(changed(draw=draw, boards=[])) == expected


def test_a_scored_match_must_be_one_of_its_round_s_draw():
    data = copy.deepcopy(SW02)
    first = next(m for m in data["matches"] if m["round"] == 1 and m["away"] is not None)
    other = next(t["id"] for t in data["teams"] if t["id"] not in (first["home"], first["away"]))
    data["draw"] = [table(1, first["home"], other, round=1)]
    assert "is not a match of round 1's draw" in refusal(data)


NOT_A_CONTRACT = (
    '$.boards[3].closed: not a contract: "4Z" (a level 1 to 7, a strain C, D, H, S or NT, '
    "then X or XX if doubled or redoubled)"
)


@pytest.mark.parametrize(
    ("board", "expected"),
    [
        (board(1, 3, 1, open=420), "$.boards[3]: Riga - Porto is not a match of round 10's draw"),
        (
            board(1, open=420),
            "$.boards[3]: board 1 of Porto - Cadiz in round 10 is listed twice (also $.boards[0])",
        ),
        (board(4), "$.boards[3]: a board needs the result of at least one room, open or closed"),
        (
            board(4, open=425),
            "$.boards[3].open: a North-South score is a multiple of 10 from -7600 to 7600, not 425",
        ),
        (board(4, closed="4Z= N"), NOT_A_CONTRACT),
        (
            board(4, open="4S+4 N"),
            "$.boards[3].open: 4S+4 would be 14 tricks; declarer takes 0 to 13",
        ),
        (board(129, open=420), "$.boards[3].board: must be at most 128"),
        (board(4, open=True), "$.boards[3].open: must be an integer"),
    ],
)
def test_a_board_refused(board, expected):
    assert refusal(changed(boards=[*DRAWN["boards"], board])) == expected
