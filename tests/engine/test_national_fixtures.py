"""The national fixtures (US Chess, Chess Scotland, classic Swiss systems) through the
`tiebreaks` command, value by value and in rank order (tests/fixtures/national)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from standings.engine.cli import tiebreaks_report
from tests.conftest import FIXTURES

NATIONAL = Path(FIXTURES) / "national"
EXPECTED = sorted(NATIONAL.glob("*.expected.json"))


def run_command(expected: dict) -> dict:
    report = tiebreaks_report(
        NATIONAL / expected["file"],
        tiebreaks=expected["tiebreaks"],
        through_round=expected["round"],
        rules=expected["rules"],
    )
    return json.loads(report)


def _close(expected, got) -> bool:
    if expected is None or got is None:
        return expected is None and got is None
    return abs(expected - got) <= 1e-6


@pytest.mark.parametrize("path", EXPECTED, ids=[p.name for p in EXPECTED])
def test_matches_expected_values_and_ranks(path: Path):
    expected = json.loads(path.read_text())

    got = run_command(expected)

    assert got["tiebreaks"] == expected["tiebreaks"]
    rows = {row["start_no"]: row for row in got["standings"]}
    wrong = [
        (ref["start_no"], spec, value, rows[ref["start_no"]]["values"][k])
        for ref in expected["standings"]
        for k, (spec, value) in enumerate(zip(expected["tiebreaks"], ref["values"], strict=True))
        if not _close(value, rows[ref["start_no"]]["values"][k])
    ]
    assert wrong == []
    assert [(r["rank"], r["start_no"]) for r in got["standings"]] == [
        (r["rank"], r["start_no"]) for r in expected["standings"]
    ]
