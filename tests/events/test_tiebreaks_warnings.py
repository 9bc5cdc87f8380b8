"""`manage.py tiebreaks` prints the reader's warnings on stderr as the engine's command does."""

from __future__ import annotations

import io
from pathlib import Path

from django.core.management import call_command

from standings.engine.cli import main
from tests.conftest import FIXTURES

HELTOUR = str(Path(FIXTURES) / "real" / "heltour-friendship-cup-2024.trf")


def run(*args: str) -> tuple[str, str]:
    out, err = io.StringIO(), io.StringIO()
    call_command("tiebreaks", *args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def test_warnings_on_stderr_as_the_engine_prints_them(capsys):
    main([HELTOUR])
    engine = capsys.readouterr()

    out, err = run(HELTOUR)

    assert out == engine.out
    assert err == engine.err
    assert err.startswith("warning: line 17: ")


def test_quiet_hides_them():
    out, err = run(HELTOUR, "--quiet")

    assert err == ""
    assert out == run(HELTOUR)[0]
