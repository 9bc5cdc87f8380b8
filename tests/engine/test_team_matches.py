"""The team crosstable gives the reference program's MPTS and GPTS."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from standings.engine.team_matches import team_crosstable, totals
from standings.engine.trf import read_trf_bytes
from tests.conftest import FIXTURES

FIDE = Path(FIXTURES) / "fide"
EXPECTED = sorted(FIDE.glob("team-*.expected.json"))


@pytest.mark.parametrize("path", EXPECTED, ids=[p.name for p in EXPECTED])
def test_match_and_game_points(path: Path):
    expected = json.loads(path.read_text())
    event = read_trf_bytes((FIDE / expected["file"]).read_bytes()).event
    table = team_crosstable(event, expected["round"])
    specs = expected["tiebreaks"]
    checked = 0
    for row in expected["standings"]:
        mp, gp = totals(table[row["start_no"]])
        for spec, got in (("MPTS", mp), ("GPTS", gp)):
            if spec in specs:
                assert row["values"][specs.index(spec)] == pytest.approx(got), (row, spec)
                checked += 1
    assert checked


def test_a_match_scores_both_sides():
    path = next(p for p in EXPECTED if "rr-01" in p.name)
    event = read_trf_bytes((FIDE / "team-rr-01.trf").read_bytes()).event
    table = team_crosstable(event, json.loads(path.read_text())["round"])
    for number, rounds in table.items():
        for r in rounds:
            if r.opponent is not None:
                back = table[r.opponent][r.round - 1]
                assert back.opponent == number
                assert back.game_points == r.opponent_game_points
