"""The tie-break command line without Django: `python -m standings.engine`, `standings-tiebreaks`.

That it prints what `manage.py tiebreaks` prints is checked beside the command's own tests
(tests/events/test_tiebreaks_command.py).
"""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from standings.engine.cli import PROG, main
from tests.conftest import FIXTURES
from tests.engine.test_trf import six_players, small_file

ROOT = Path(__file__).resolve().parents[2]
FIDE = Path(FIXTURES) / "fide"
SWISS = str(FIDE / "swiss-01.trf")


def run_module(*args: str, **popen) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "standings.engine", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        **popen,
    )


def test_runs_without_importing_django():
    script = (
        "import sys\n"
        "from standings.engine.cli import main\n"
        f"status = main([{SWISS!r}, '--format', 'text'])\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[0].startswith('django'))\n"
        "print(status, loaded, file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=60
    )

    assert done.stderr.strip() == "0 []"
    assert done.stdout.startswith("Standings after round 5 (FIDE 2026 rules)\n")


def loaded_by(argv: list[str]) -> set[str]:
    """The engine's modules a run of main(argv) imports, in a fresh process."""
    script = (
        "import sys\n"
        "from standings.engine.cli import main\n"
        "try:\n"
        f"    main({argv!r})\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(' '.join(m for m in sys.modules if m.startswith('standings')), file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    return set(done.stderr.split())


def test_help_imports_neither_the_reader_nor_the_engine():
    # The start-up of `--help` (issue 25): argparse and the command's own module only.
    assert loaded_by(["--help"]) == {"standings", "standings.engine", "standings.engine.cli"}


def test_an_individual_event_runs_without_the_team_tables():
    loaded = loaded_by([SWISS, "--quiet"])

    assert "standings.engine.trf.reader" in loaded
    # Nor the writer, the team checks or the tie-breaks the run does not compute (issue 25).
    assert not loaded & {
        "standings.engine.team_standings",
        "standings.engine.team_matches",
        "standings.engine.trf.writer",
        "standings.engine.trf.team_scores",
        "standings.engine.catalogue.teams",
        "standings.engine.catalogue.ratings_based",
        "standings.engine.systems.us_chess",
    }


def test_the_module_prints_what_main_prints(capsys):
    args = [str(FIDE / "rr-02.trf"), "--tiebreaks", "DE", "SB", "KS", "--round", "3"]
    assert main(args) == 0
    printed = capsys.readouterr().out

    done = run_module(*args)

    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert done.stdout == printed
    assert printed.endswith("}\n") and printed.count("\n") == 1
    got = json.loads(printed)
    assert (got["round"], got["tiebreaks"]) == (3, ["PTS", "DE", "SB", "KS"])


def test_the_console_script_is_main():
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    module, _, name = scripts[PROG].partition(":")

    assert getattr(importlib.import_module(module), name) is main


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([SWISS, "--tiebreaks", "XYZ"], "XYZ"),
        ([SWISS, "--round", "9"], "round 9 out of range 1..5"),
        ([SWISS, "--round", "0"], "round 0 out of range 1..5"),
        (["nowhere.trf"], "cannot read nowhere.trf: No such file or directory"),
    ],
)
def test_an_error_is_one_line_and_status_1(capsys, args, message):
    assert main(args) == 1

    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith(f"{PROG}: error: ") and err.endswith("\n")
    assert err.count("\n") == 1
    assert message in err


def test_a_malformed_file_is_named_with_its_line(tmp_path):
    bad = tmp_path / "bad.trf"
    text = (FIDE / "swiss-01.trf").read_text()
    bad.write_text(text.replace("    7 b =    12 w 0", "    7 b 1    12 w 0", 1))

    done = run_module(str(bad))

    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr.startswith(f"python -m standings.engine: error: {bad}: line 13: ")
    assert done.stderr.count("\n") == 1


def test_a_bad_option_is_argparse_usage_and_status_2():
    done = run_module(SWISS, "--format", "xml")

    assert done.returncode == 2
    assert done.stdout == ""
    assert "usage: python -m standings.engine" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_reader_that_leaves_early_gets_no_traceback():
    read_end, write_end = os.pipe()
    os.close(read_end)  # nobody will read: the first write fails with a broken pipe
    try:
        done = subprocess.run(
            [sys.executable, "-m", "standings.engine", SWISS, "--format", "text"],
            cwd=ROOT,
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
        )
    finally:
        os.close(write_end)

    assert done.returncode == 1
    assert done.stderr == ""


HELTOUR = str(Path(FIXTURES) / "real" / "heltour-friendship-cup-2024.trf")


def test_the_readers_warnings_go_to_stderr_one_a_line(capsys):
    assert main([HELTOUR, "--quiet"]) == 0
    quiet = capsys.readouterr()

    assert main([HELTOUR]) == 0
    out, err = capsys.readouterr()

    assert quiet.err == ""
    assert out == quiet.out  # stdout does not change
    lines = err.splitlines()
    assert lines and all(line.startswith("warning: line ") for line in lines)
    assert "warning: line 17: skipped a column ruler or legend: " in lines[0]
    assert err.endswith("\n") and len(lines) == err.count("\n")


def test_a_file_read_as_latin_1_warns_without_a_line(capsys):
    assert main([str(Path(FIXTURES) / "real" / "krause-latin-1.tab")]) == 0

    err = capsys.readouterr().err

    assert "warning: the file is not UTF-8: read as Windows-1252 (Latin-1)\n" in err


def test_the_module_prints_the_warnings_and_hides_them_when_quiet():
    loud = run_module(HELTOUR, "--format", "text")
    quiet = run_module(HELTOUR, "--format", "text", "--quiet")

    assert loud.returncode == quiet.returncode == 0
    assert loud.stdout == quiet.stdout
    assert quiet.stderr == ""
    assert loud.stderr.startswith("warning: line 17: ")


def test_a_clean_file_prints_no_warning(capsys):
    assert main([SWISS]) == 0
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("rounds_record", ["XXR 5", "142 5"])
def test_standings_come_after_the_last_round_played_not_the_rounds_planned(
    tmp_path, capsys, rounds_record
):
    path = tmp_path / "planned.trf"
    path.write_text(small_file(l4=rounds_record))

    assert main([str(path), "--format", "text"]) == 0
    assert capsys.readouterr().out.startswith("Standings after round 2 ")
    assert main([str(path), "--round", "1"]) == 0
    assert json.loads(capsys.readouterr().out)["round"] == 1

    assert main([str(path), "--round", "3"]) == 1
    err = capsys.readouterr().err
    assert "round 3 out of range 1..2 (the file has rounds 1..2 of 5)" in err


def test_the_aeroflot_file_stands_after_round_8_of_9(capsys):
    aeroflot = str(Path(FIXTURES) / "real" / "cr-aeroflot-open-2026.trf")

    assert main([aeroflot]) == 0
    assert json.loads(capsys.readouterr().out)["round"] == 8
    assert main([aeroflot, "--round", "9"]) == 1
    assert "round 9 out of range 1..8 (the file has rounds 1..8 of 9)" in capsys.readouterr().err


def test_byes_requested_ahead_do_not_make_a_round_played(tmp_path, capsys):
    # Round 3 holds only player 4's bye, written before the pairing (JaVaFo's input).
    path = tmp_path / "ahead.trf"
    path.write_text(small_file(l8=small_file().splitlines()[7] + "  0000 - H"))

    assert main([str(path), "--format", "text"]) == 0
    assert capsys.readouterr().out.startswith("Standings after round 2 ")
    assert main([str(path), "--round", "3"]) == 0
    assert json.loads(capsys.readouterr().out)["round"] == 3


def test_a_stray_team_record_keeps_an_explicit_pts(tmp_path, capsys):
    # Issue 25: one team of two players among six leaves the event individual.
    path = tmp_path / "stray.trf"
    path.write_text(six_players(f"013 {'Two Friends':<32}{1:4d}{2:5d}"))

    assert main([str(path), "--tiebreaks", "PTS", "BH"]) == 0
    printed = capsys.readouterr()

    assert json.loads(printed.out)["tiebreaks"] == ["PTS", "BH"]
    assert "1 team record (013) holds 2 of the 6 players" in printed.err
