"""`manage.py tiebreaks` ranks teams for team files: all 16 team files of the reference
program, value by value and in rank order (`start_no` is the team number)."""

from __future__ import annotations

import json
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from standings.engine.standings import compute_standings
from standings.events.models import Event
from standings.events.snapshot import engine_event
from standings.trf.exporter import export_trf
from standings.trf.importer import import_trf
from tests.conftest import FIXTURES
from tests.factories import TEST_ACTOR

ROOT = Path(__file__).resolve().parents[2]
FIDE = Path(FIXTURES) / "fide"
TEAM_FILES = sorted(FIDE.glob("team-*.expected.json"))


def run(*args: str) -> dict:
    out = StringIO()
    call_command("tiebreaks", *args, stdout=out)
    return json.loads(out.getvalue())


def reference_args(expected: dict) -> list[str]:
    return [
        str(FIDE / expected["file"]),
        "--tiebreaks",
        *expected["tiebreaks"],
        "--round",
        str(expected["round"]),
        "--rules",
        expected["rules"],
        "--format",
        "json",
    ]


def test_all_sixteen_team_files_are_checked():
    assert len(TEAM_FILES) == 16


@pytest.mark.parametrize("path", TEAM_FILES, ids=[p.name for p in TEAM_FILES])
def test_team_file_matches_the_reference(path: Path):
    expected = json.loads(path.read_text())

    got = run(*reference_args(expected))

    assert (got["rules"], got["round"]) == (expected["rules"], expected["round"])
    assert got["tiebreaks"] == expected["tiebreaks"]
    rows = {row["start_no"]: row for row in got["standings"]}
    assert sorted(rows) == sorted(ref["start_no"] for ref in expected["standings"])
    wrong = []
    for ref in expected["standings"]:
        row = rows[ref["start_no"]]
        assert row["provisional"] == [False] * len(ref["values"])  # a file's rounds are closed
        for spec, want, value in zip(
            expected["tiebreaks"], ref["values"], row["values"], strict=True
        ):
            assert type(value) in (int, float, type(None))
            if (want is None) != (value is None) or (want is not None and abs(value - want) > 1e-6):
                wrong.append((ref["start_no"], spec, want, value))
    assert wrong == []
    reference_rank = {ref["start_no"]: ref["rank"] for ref in expected["standings"]}
    standings = got["standings"]
    for k, ahead in enumerate(standings):
        for behind in standings[k + 1 :]:
            assert reference_rank[ahead["start_no"]] <= reference_rank[behind["start_no"]]
            if ahead["rank"] == behind["rank"]:
                assert reference_rank[ahead["start_no"]] == reference_rank[behind["start_no"]]


def test_team_names_and_the_console_script_print_the_same():
    expected = json.loads((FIDE / "team-swiss-03.r2026.expected.json").read_text())
    args = reference_args(expected)
    through_django = run(*args)
    done = subprocess.run(
        [sys.executable, "-m", "standings.engine", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == through_django
    assert through_django["standings"][0]["name"].startswith("Team ")


def test_a_team_file_without_a_list_ranks_on_the_team_default():
    got = run(str(FIDE / "team-rr-01.trf"), "--format", "json")
    assert got["tiebreaks"][0] == "MPTS"
    assert "GPTS" in got["tiebreaks"]


TEAM_TRFS = sorted(FIDE.glob("team-*.trf"))


@pytest.mark.django_db
@pytest.mark.parametrize("trf", TEAM_TRFS, ids=[p.name for p in TEAM_TRFS])
def test_a_stored_team_event_and_its_export_rank_as_the_reference(trf: Path):
    """Imported into the database, the engine reads the same teams, byes and matches back
    (events/snapshot.py); exported and imported again, the same."""
    expected = json.loads((FIDE / f"{trf.stem}.r2026.expected.json").read_text())
    first = Event.objects.get(slug=import_trf(trf.read_bytes(), actor=TEST_ACTOR).slug)
    second = Event.objects.get(
        slug=import_trf(export_trf(first).encode(), slug="copy", actor=TEST_ACTOR).slug
    )
    reference = {row["start_no"]: row["values"] for row in expected["standings"]}
    for event in (first, second):
        standings = compute_standings(
            engine_event(event),
            expected["tiebreaks"],
            rules="2026",
            through_round=expected["round"],
        )
        got = {row.start_no: list(row.values) for row in standings.rows}
        assert got.keys() == reference.keys()
        for number, values in reference.items():
            assert got[number] == pytest.approx(values), number
