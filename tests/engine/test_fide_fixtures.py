"""Every individual-event fixture of the reference program, value by value and in rank order.

Team events (`team-*`) are outside the individual engine and are not listed here.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from standings.engine.standings import compute_standings
from tests.conftest import FIXTURES
from tests.engine.fixture_trf import read_fixture

FIDE = Path(FIXTURES) / "fide"
# The FIDE conversion tables arrive in standings/engine/ratings.py (another module's
# owner); until then the rating-based columns cannot be computed and are left out.
RATING_TABLES = importlib.util.find_spec("standings.engine.ratings") is not None
RATING_BASED = ("ARO", "TPR", "PTP", "APRO", "APPO")
EXPECTED = sorted(p for p in FIDE.glob("*.expected.json") if not p.name.startswith("team-"))


def _close(expected, got) -> bool:
    if expected is None or got is None:
        return expected is None and got is None
    return abs(expected - got) <= 1e-6


@pytest.mark.parametrize("path", EXPECTED, ids=[p.name for p in EXPECTED])
def test_matches_reference(path: Path):
    expected = json.loads(path.read_text())
    event = read_fixture((FIDE / expected["file"]).read_text())
    columns = [
        k
        for k, spec in enumerate(expected["tiebreaks"])
        if RATING_TABLES or spec.split("/")[0] not in RATING_BASED
    ]
    specs = [expected["tiebreaks"][k] for k in columns]

    standings = compute_standings(
        event, specs, rules=expected["rules"], through_round=expected["round"]
    )

    assert list(standings.tiebreaks) == specs
    got = {row.start_no: row for row in standings.rows}
    wrong = [
        (ref["start_no"], spec, value, got[ref["start_no"]].values[k])
        for ref in expected["standings"]
        for k, (spec, value) in enumerate(
            zip(specs, [ref["values"][c] for c in columns], strict=True)
        )
        if not _close(value, got[ref["start_no"]].values[k])
    ]
    assert wrong == []
    if len(columns) < len(expected["tiebreaks"]):
        return  # the reference's order used the columns left out
    reference_rank = {ref["start_no"]: ref["rank"] for ref in expected["standings"]}
    rows = standings.rows
    for k, ahead in enumerate(rows):
        for behind in rows[k + 1 :]:
            assert reference_rank[ahead.start_no] <= reference_rank[behind.start_no]
            if ahead.rank == behind.rank:
                assert reference_rank[ahead.start_no] == reference_rank[behind.start_no]
