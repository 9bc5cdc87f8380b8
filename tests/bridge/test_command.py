"""`manage.py bridge_standings`: text output, --round, refusals as one line."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.conftest import FIXTURES

RR03 = FIXTURES / "bridge" / "example-rr03.json"


def test_text_shows_shared_places_and_the_reasons():
    out = StringIO()
    call_command("bridge_standings", str(RR03), "--format", "text", stdout=out)
    lines = out.getvalue().splitlines()
    assert lines[0].split()[:3] == ["Rank", "Name", "Score"]
    assert "ahead of" in lines[1] and "IMP quotient" in lines[1]
    assert lines[2].lstrip().startswith("2=") and "play-off needed" in lines[2]


def test_round_gives_the_standings_after_that_round():
    out = StringIO()
    call_command("bridge_standings", str(RR03), "--round", "1", stdout=out)
    rows = json.loads(out.getvalue())["standings"]
    assert max(row["score"] for row in rows) == 20.0


def test_a_round_past_the_file_is_refused():
    with pytest.raises(CommandError, match="round 10 is out of range"):
        call_command("bridge_standings", str(RR03), "--round", "10", stdout=StringIO())


def test_a_refused_file_names_the_path_and_the_problem(tmp_path):
    data = json.loads(RR03.read_text())
    data["matches"][3]["imps"][1] = -2
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    with pytest.raises(CommandError) as refused:
        call_command("bridge_standings", str(bad), stdout=StringIO())
    assert str(refused.value) == f"{bad} $.matches[3].imps[1]: negative IMPs (-2)"


def test_a_missing_file_is_one_line(tmp_path):
    with pytest.raises(CommandError, match="cannot read"):
        call_command("bridge_standings", str(tmp_path / "none.json"), stdout=StringIO())
