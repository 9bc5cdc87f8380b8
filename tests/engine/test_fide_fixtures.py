"""Every individual-event fixture of the reference program, value by value and in rank order.

Team events (`team-*`) are outside the individual engine and are not listed here.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from standings.engine.standings import compute_standings
from standings.engine.trf import read_trf_bytes
from tests.conftest import FIXTURES

FIDE = Path(FIXTURES) / "fide"
EXPECTED = sorted(p for p in FIDE.glob("*.expected.json") if not p.name.startswith("team-"))


def _close(expected, got) -> bool:
    if expected is None or got is None:
        return expected is None and got is None
    return abs(expected - got) <= 1e-6


@pytest.mark.parametrize("path", EXPECTED, ids=[p.name for p in EXPECTED])
def test_matches_reference(path: Path):
    expected = json.loads(path.read_text())
    event = read_trf_bytes((FIDE / expected["file"]).read_bytes()).event
    specs = expected["tiebreaks"]

    standings = compute_standings(
        event, specs, rules=expected["rules"], through_round=expected["round"]
    )

    assert list(standings.tiebreaks) == specs
    got = {row.start_no: row for row in standings.rows}
    wrong = [
        (ref["start_no"], spec, value, got[ref["start_no"]].values[k])
        for ref in expected["standings"]
        for k, (spec, value) in enumerate(zip(specs, ref["values"], strict=True))
        if not _close(value, got[ref["start_no"]].values[k])
    ]
    assert wrong == []
    reference_rank = {ref["start_no"]: ref["rank"] for ref in expected["standings"]}
    rows = standings.rows
    for k, ahead in enumerate(rows):
        for behind in rows[k + 1 :]:
            assert reference_rank[ahead.start_no] <= reference_rank[behind.start_no]
            if ahead.rank == behind.rank:
                assert reference_rank[ahead.start_no] == reference_rank[behind.start_no]


def test_unplayed_cut_01_cuts_the_requested_bye_before_the_forfeit_loss():
    """Start no 23 has a half-point bye (round 3) and a forfeit loss (round 5): under the
    2026 edition every cut drops the bye's contribution first, as the reference does
    (SB/C1 6.5: the bye's 0.5 x a capped virtual opponent of 3.0 goes, not the worst game).
    """
    event = read_trf_bytes((FIDE / "swiss-unplayed-cut-01.trf").read_bytes()).event
    specs = ["BH/C1", "FB/C1", "SB/C1", "BH/C2"]

    standings = compute_standings(event, specs, rules="2026", through_round=6)
    row = next(row for row in standings.rows if row.start_no == 23)
    cut = {
        spec: [(c.round, c.amount) for c in row.explanations[k + 1] if c.cut]
        for k, spec in enumerate(specs)
    }

    assert row.values[1:] == (13.5, 14.0, 6.5, 10.0)
    assert cut == {
        "BH/C1": [(3, 3.0)],
        "FB/C1": [(3, 3.0)],
        "SB/C1": [(3, 1.5)],
        "BH/C2": [(3, 3.0), (5, 3.5)],
    }
