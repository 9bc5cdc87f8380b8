"""The rooms of BAM matches scored board by board in the standings-bridge-1 file ("boards",
as a drawn teams match's): read, checked and written back equal; a file without them reads
as before."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from standings.bridge.bam import BamTies
from standings.bridge.model import BamEvent, RoomResult
from standings.bridge.ordering import Ordering
from standings.bridge.reader import BridgeFormatError, read_bridge
from standings.bridge.writer import write_bridge
from tests.conftest import FIXTURES

BAM02 = json.loads((FIXTURES / "bridge" / "example-bam02.json").read_text())

# Round 5: Bergen (1) - Kaunas (2) on boards 9 and 10; board 10 has its open room only.
SCORED = {
    **BAM02,
    "matches": [
        *BAM02["matches"],
        {"round": 5, "home": 1, "away": 2, "bam": [1, 0],
         "boards": [{"board": 9, "points": [470, 0]}]},
    ],
    "boards": [
        {"round": 5, "home": 1, "away": 2, "board": 9, "open": "4S= N", "closed": "4S-1 N"},
        {"round": 5, "home": 1, "away": 2, "board": 10, "open": -100},
    ],
}  # fmt: skip


def refused(document: dict) -> str:
    with pytest.raises(BridgeFormatError) as error:
        read_bridge(json.dumps(document))
    return str(error.value)


def test_the_rooms_read_and_write_back():
    event = read_bridge(json.dumps(SCORED))
    assert isinstance(event, BamEvent)
    first, second = event.boards
    assert (first.round, first.home, first.away, first.board) == (5, 1, 2, 9)
    assert first.open is not None and first.open.ns == 420 and str(first.open.played) == "4S= N"
    assert first.closed is not None and first.closed.ns == -50
    assert second.open == RoomResult(-100) and second.closed is None
    assert read_bridge(write_bridge(event)) == event
    written = json.loads(write_bridge(event))
    assert written["boards"] == SCORED["boards"]


def test_a_file_without_rooms_reads_and_writes_as_before():
    event = read_bridge(json.dumps(BAM02))
    assert isinstance(event, BamEvent) and event.boards == ()
    assert "boards" not in json.loads(write_bridge(event))


def test_the_standings_count_the_match_by_its_bam_points():
    ties = BamTies(read_bridge(json.dumps(SCORED)), Ordering())  # type: ignore[arg-type]
    before = BamTies(read_bridge(json.dumps(BAM02)), Ordering())  # type: ignore[arg-type]
    assert ties.stage_only[1] - before.stage_only[1] == Fraction(1)
    assert ties.stage_only[2] == before.stage_only[2]


def rooms(*boards: dict) -> dict:
    return {**SCORED, "boards": list(boards)}


@pytest.mark.parametrize(
    "document, expected",
    [
        (rooms({"round": 5, "home": 1, "away": 3, "board": 9, "open": 420}),
         "$.boards[0]: Bergen - Riga is not a match of round 5's draw"),
        (rooms({"round": 5, "home": 2, "away": 1, "board": 9, "open": 420}),
         "$.boards[0]: Kaunas - Bergen is not a match of round 5's draw"),
        (rooms({"round": 5, "home": 1, "away": 2, "board": 9}),
         "$.boards[0]: a board needs the result of at least one room"),
        (rooms({"round": 5, "home": 1, "away": 2, "board": 9, "open": "8S= N"}),
         "$.boards[0].open"),
        (rooms({"round": 5, "home": 1, "away": 2, "board": 9, "open": 425}),
         "$.boards[0].open: a North-South score is a multiple of 10"),
        (rooms({"round": 5, "home": 1, "away": 2, "board": 9, "open": 420},
               {"round": 5, "home": 1, "away": 2, "board": 9, "closed": 420}),
         "$.boards[1]: board 9 of Bergen - Kaunas in round 5 is listed twice"),
        (rooms({"round": 5, "home": 1, "away": 99, "board": 9, "open": 420}),
         "$.boards[0].away"),
        ({**SCORED, "boards": {"round": 5}}, "$.boards: must be a list"),
    ],
)  # fmt: skip
def test_rooms_refused(document, expected):
    assert expected in refused(document)
