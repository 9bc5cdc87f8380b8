"""`manage.py tiebreaks FILE.trf`: the reference fixtures end to end, text output, and errors."""

from __future__ import annotations

import json
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from standings.engine import cli
from tests.conftest import FIXTURES

ROOT = Path(__file__).resolve().parents[2]
FIDE = Path(FIXTURES) / "fide"
CASES = [
    "swiss-01.r2024.expected.json",
    "swiss-03.r2026.n6.expected.json",
    "swiss-unrated-01.r2024.expected.json",
    "rr-02.r2026.n3.expected.json",
    "drr-01.r2024.expected.json",
    "fide-exercise-2024.r2026.expected.json",
]


def run(*args: str) -> str:
    out = StringIO()
    call_command("tiebreaks", *args, stdout=out)
    return out.getvalue()


def run_process(*args: str, engine: bool = False) -> subprocess.CompletedProcess:
    command = ["-m", "standings.engine"] if engine else ["manage.py", "tiebreaks"]
    return subprocess.run(
        [sys.executable, *command, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize("name", CASES)
def test_json_matches_the_reference(name: str):
    expected = json.loads((FIDE / name).read_text())

    printed = run(
        str(FIDE / expected["file"]),
        "--tiebreaks",
        *expected["tiebreaks"],
        "--round",
        str(expected["round"]),
        "--rules",
        expected["rules"],
        "--format",
        "json",
    )
    got = json.loads(printed)

    assert list(got) == ["rules", "round", "tiebreaks", "lots_seed", "standings"]
    assert (got["rules"], got["round"]) == (expected["rules"], expected["round"])
    assert got["tiebreaks"] == expected["tiebreaks"]
    rows = {row["start_no"]: row for row in got["standings"]}
    assert sorted(rows) == sorted(ref["start_no"] for ref in expected["standings"])
    for ref in expected["standings"]:
        row = rows[ref["start_no"]]
        assert list(row) == [
            "rank", "start_no", "name", "values", "provisional", "parted_by", "lot"
        ]  # fmt: skip
        assert row["provisional"] == [False] * len(ref["values"])  # a file's rounds are closed
        for want, value in zip(ref["values"], row["values"], strict=True):
            if want is None:
                assert value is None
            else:
                assert type(value) in (int, float)
                assert abs(value - want) <= 1e-6
    reference_rank = {ref["start_no"]: ref["rank"] for ref in expected["standings"]}
    standings = got["standings"]
    for k, ahead in enumerate(standings):
        for behind in standings[k + 1 :]:
            assert reference_rank[ahead["start_no"]] <= reference_rank[behind["start_no"]]
            if ahead["rank"] == behind["rank"]:
                assert reference_rank[ahead["start_no"]] == reference_rank[behind["start_no"]]


def test_null_where_a_value_does_not_exist():
    got = json.loads(run(str(FIDE / "swiss-unrated-01.trf"), "--tiebreaks", "ARO", "TPR"))
    assert got["tiebreaks"] == ["PTS", "ARO", "TPR"]
    assert all(row["values"][1:] == [None, None] for row in got["standings"])
    assert '"values": [' in run(str(FIDE / "swiss-unrated-01.trf"), "--tiebreaks", "ARO")
    assert "null" in run(str(FIDE / "swiss-unrated-01.trf"), "--tiebreaks", "ARO")


def test_list_from_record_202_when_none_is_given(tmp_path):
    text = (FIDE / "swiss-01.trf").read_text().replace("142 5\n", "142 5\n202 SB, BH-C1\n")
    path = tmp_path / "with-202.trf"
    path.write_text(text)

    got = json.loads(run(str(path)))

    assert got["tiebreaks"] == ["PTS", "SB", "BH/C1"]
    assert got["round"] == 5


def test_default_list_for_a_swiss_without_202():
    got = json.loads(run(str(FIDE / "swiss-01.trf"), "--rules", "2024"))
    assert got["tiebreaks"] == ["PTS", "BH/C1", "BH", "SB", "DE", "WIN", "BPG"]
    assert got["rules"] == "2024"


def test_text_format():
    printed = run(
        str(FIDE / "swiss-01.trf"), "--tiebreaks", "BH/C1", "SB", "--round", "3", "--format", "text"
    )
    lines = printed.splitlines()

    assert lines[0] == "Standings after round 3 (FIDE 2026 rules)"
    assert lines[1].split() == ["Rk", "SNo", "Name", "PTS", "BH/C1", "SB"]
    assert len(lines) == 2 + 12
    assert lines[2].split()[0] == "1"
    assert "Player" in lines[2]


def test_errors_are_one_line_without_traceback(tmp_path):
    bad = tmp_path / "bad.trf"
    text = (FIDE / "swiss-01.trf").read_text()
    bad.write_text(text.replace("    7 b =    12 w 0", "    7 b 1    12 w 0", 1))
    cases = {
        "unknown tie-break": ([str(FIDE / "swiss-01.trf"), "--tiebreaks", "XYZ"], "XYZ"),
        "malformed file": ([str(bad)], "line 13: round 1: player 1 says he beat player 7"),
        "round out of range": ([str(FIDE / "swiss-01.trf"), "--round", "9"], "round 9"),
        "round zero": ([str(FIDE / "swiss-01.trf"), "--round", "0"], "round 0"),
        "missing file": ([str(tmp_path / "nowhere.trf")], "cannot read"),
    }
    for what, (args, needle) in cases.items():
        done = run_process(*args)

        assert done.returncode != 0, what
        assert done.stdout == "", what
        assert "Traceback" not in done.stderr, what
        assert len(done.stderr.strip().splitlines()) == 1, (what, done.stderr)
        assert needle in done.stderr, (what, done.stderr)


def test_undecodable_file_names_its_line(tmp_path):
    path = tmp_path / "latin1.trf"
    path.write_bytes((FIDE / "swiss-01.trf").read_bytes().replace(b"Player    6", b"Pl\x81yer   6"))

    done = run_process(str(path))

    assert done.returncode != 0
    assert "line 14:" in done.stderr and "UTF-8" in done.stderr


SAME_OUTPUT = [
    ("swiss-01.trf", []),
    ("swiss-unrated-01.trf", ["--tiebreaks", "ARO", "TPR", "--rules", "2024"]),
    ("rr-02.trf", ["--round", "2"]),
    ("drr-01.trf", ["--tiebreaks", "SB", "KS", "DE"]),
]


@pytest.mark.parametrize("output_format", ["json", "text"])
@pytest.mark.parametrize(("name", "options"), SAME_OUTPUT)
def test_the_engine_command_prints_the_same(capsys, name, options, output_format):
    args = [str(FIDE / name), *options, "--format", output_format]

    assert cli.main(args) == 0

    assert capsys.readouterr().out == run(*args)


@pytest.mark.parametrize("output_format", ["json", "text"])
def test_both_processes_print_the_same_bytes(output_format):
    args = [str(FIDE / "fide-exercise-2024.trf"), "--format", output_format]

    by_django, by_engine = run_process(*args), run_process(*args, engine=True)

    assert by_django.returncode == by_engine.returncode == 0
    assert by_django.stdout == by_engine.stdout != ""


def test_both_processes_refuse_with_the_same_message():
    args = [str(FIDE / "swiss-01.trf"), "--tiebreaks", "BH", "XYZ"]

    by_django, by_engine = run_process(*args), run_process(*args, engine=True)

    assert by_django.returncode == by_engine.returncode == 1
    message = by_django.stderr.removeprefix("CommandError: ")
    assert "XYZ" in message
    assert by_engine.stderr == f"python -m standings.engine: error: {message}"
