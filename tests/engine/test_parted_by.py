"""What placed each row below the one above: the first tie-break that differs as the
ranking read it, or the drawing of lots (each drawn row's lot from the seed)."""

from __future__ import annotations

import random
from dataclasses import replace

from standings.engine.result import LOTS
from standings.engine.standings import compute_standings
from tests.engine.builders import event_from_rows

# Four draws: everyone on ½ and equal on every tie-break.
DRAWS = {1: "2w=", 2: "1b=", 3: "4w=", 4: "3b="}
# 1 beats 2, 3 and 4 draw: 1 on points; 3 and 4 tied on everything; 2 last.
MIXED = {1: "2w1", 2: "1b0", 3: "4w=", 4: "3b="}


def test_rows_equal_on_every_value_are_placed_by_lots_drawn_from_the_seed():
    standings = compute_standings(event_from_rows(DRAWS, lots_seed=42), ["BH", "SB"])
    order = sorted([1, 2, 3, 4])
    random.Random(42).shuffle(order)  # the draw anyone can redo (ranking.lot_numbers)
    assert [r.start_no for r in standings.rows] == order
    assert [r.lot for r in standings.rows] == [1, 2, 3, 4]
    assert [r.parted_by for r in standings.rows] == [None] * 4
    assert [standings.parted_by(k) for k in range(4)] == [None, LOTS, LOTS, LOTS]


def test_the_first_differing_value_is_what_parted_two_rows():
    standings = compute_standings(event_from_rows(MIXED, lots_seed=7), ["BH", "SB"])
    by_no = {r.start_no: k for k, r in enumerate(standings.rows)}
    assert by_no[1] == 0 and by_no[2] == 3
    assert [standings.parted_by(k) for k in range(4)] == [None, "PTS", LOTS, "PTS"]
    assert {r.start_no: r.lot for r in standings.rows if r.lot}.keys() == {3, 4}


def test_shared_places_are_not_placed_by_lots():
    event = replace(event_from_rows(DRAWS, lots_seed=42), shared_places=True)
    standings = compute_standings(event, ["BH"])
    assert [r.rank for r in standings.rows] == [1, 1, 1, 1]
    assert [r.lot for r in standings.rows] == [None] * 4
    assert [standings.parted_by(k) for k in range(4)] == [None] * 4
    assert standings.to_json()["standings"][1]["parted_by"] is None
