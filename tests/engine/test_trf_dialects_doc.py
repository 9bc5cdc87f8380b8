"""docs/trf-dialects.md: every minimal file on the page reads as the page says."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from standings.engine.event import FULL_BYE, HALF_BYE, NOT_IN_LINEUP, NOT_PAIRED, ZERO_BYE
from standings.engine.trf import read_trf, write_trf
from tests.engine.test_trf import refusal

PAGE = Path(__file__).resolve().parents[2] / "docs" / "trf-dialects.md"
BLOCK = re.compile(r"```trf (\S+)\n(.*?)\n```", re.DOTALL)
FILES = dict(BLOCK.findall(PAGE.read_text(encoding="utf-8")))

# file: {start no: the codes of his rounds}, and what else the page says of it
CODES = {
    "swiss-manager": {2: ["+", "="], 3: ["0", FULL_BYE], 4: ["-", NOT_PAIRED]},
    "krause": {1: ["1", HALF_BYE], 2: ["0", HALF_BYE], 3: [FULL_BYE, "="], 4: [ZERO_BYE, "="]},
    "lichess": {2: ["0", "U"], 3: [HALF_BYE, "0"], 4: [NOT_PAIRED, NOT_PAIRED]},
    "javafo": {1: ["1", "+", NOT_PAIRED], 2: ["0", "=", HALF_BYE], 3: ["=", "-", NOT_PAIRED]},
    "chess-results": {1: ["1", ZERO_BYE], 3: ["U", "0"]},
    "trf-2026": {1: ["1", ZERO_BYE], 3: [HALF_BYE, "0"]},
    "team": {2: [FULL_BYE], 4: [NOT_PAIRED], 5: [NOT_IN_LINEUP]},
}


def test_the_page_has_one_file_per_dialect_listed_here():
    assert sorted(FILES) == sorted(CODES)


@pytest.mark.parametrize("name", sorted(CODES))
def test_each_minimal_file_reads_as_the_page_says_and_writes_back(name: str):
    trf = read_trf(FILES[name])
    codes = {p.start_no: [e.code for e in p.entries] for p in trf.event.participants}

    assert {n: codes[n] for n in CODES[name]} == CODES[name]
    assert read_trf(write_trf(trf)) == trf


def test_the_details_each_section_names():
    assert str(read_trf(FILES["swiss-manager"]).event.start_date) == "2005-07-28"
    krause = read_trf(FILES["krause"])
    assert str(krause.header.round_dates[0]) == "2011-02-25"
    assert [w.line for w in krause.warnings if "blank round 2 read as a half-point" in w.text] == [
        4
    ]
    lichess = read_trf(FILES["lichess"])
    assert (str(lichess.event.start_date), lichess.header.federation) == ("2024-10-13", "")
    assert "XXC white1" in write_trf(lichess).splitlines()
    javafo = read_trf(FILES["javafo"])
    assert (javafo.rounds_in_file, javafo.rounds_paired) == (3, 2)
    assert [w.line for w in javafo.warnings if "column" in w.text] == [3]  # player 2, ahead
    chess_results = read_trf(FILES["chess-results"])
    assert (chess_results.event.rounds, chess_results.rounds_in_file) == (3, 2)
    assert read_trf(FILES["trf-2026"]).event.tiebreaks == ("BH/C1", "SB")


def test_a_krause_file_whose_column_no_reading_explains_is_refused():
    lines = FILES["krause"].split("\n")
    # Player 4 claims 2.0: his draw and a blank round give 1.0 or 1.5 at most.
    lines[6] = lines[6][:80] + " 2.0" + lines[6][84:]

    error = refusal("\n".join(lines))

    assert "player 4 (Gould, Richard) on line 7: the column says 2.0" in error.message
    assert "with round 1 blank" in error.message
