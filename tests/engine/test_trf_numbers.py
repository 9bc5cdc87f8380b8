"""Every number a TRF file holds is range-checked where its record is read, naming the line."""

from __future__ import annotations

import pytest

from standings.engine.trf import TrfError, read_trf
from tests.engine.test_trf import cell, player, refusal, small_file

HUGE = "9" * 5000
ARABIC_INDIC_TWELVE = "١٢"
FULLWIDTH_THREE = "３"


@pytest.mark.parametrize(
    ("record", "problem"),
    [
        ("162 W 9999", "record 162 points for W: 9999 is more than 999.9"),
        ("162 W 1000", "is more than 999.9"),
        ("162 D nan", "'nan' is not a number"),
        ("162 D inf", "'inf' is not a number"),
        ("162 W 1e999", "'1e999' is not a number"),
        (f"162 W {HUGE}", "(5000 characters) is more than 999.9"),
        (f"162 W {FULLWIDTH_THREE}", "is not a number"),
        ("162 L -1", "-1 is negative"),
        ("162 D 0.25", "0.25 is not a multiple of 0.1"),
        ("362 TW 9999", "record 362 points for TW: 9999 is more than 999.9"),
        ("320 9999 2.0", "record 320 match points: 9999 is more than 999.9"),
        ("320 W 9999", "record 320 match points: 'W' is not a number"),
        ("320 2.0 nan", "record 320 game points: 'nan' is not a number"),
        (f"142 {ARABIC_INDIC_TWELVE}", "the number of rounds must be a whole number"),
        ("142 100", "the number of rounds: 100 is more than 99"),
        (f"142 {HUGE}", "is more than 99"),
        ("240 F 100 1", "record 240 round number: 100 is more than 99"),
        ("240 F 1 99999", "record 240 player or team number: 99999 is more than 9999"),
        (f"240 F {FULLWIDTH_THREE} 1", "is not a whole number"),
        ("132" + " " * 88 + "  26/03/01" * 100, "100 round dates"),
        ("202 BH/U99999", "rating 99999 in tie-break 'BH/U99999' is not 1-9999"),
        ("202 BH/U0", "rating 0 in tie-break 'BH/U0' is not 1-9999"),
        ("202 BH/C3", "BH takes C1 or C2, not C3"),
        ("012 Open\x00Night", "column 9: control character U+0000"),
    ],
)
def test_a_bad_number_in_a_header_record_is_refused_naming_its_line(record: str, problem: str):
    error = refusal(small_file(l4=f"142 3\n{record}"))

    assert problem in error.message
    assert error.line == 5


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        (player(1, cell(2, "w", "1")).replace("   1 m", f"{ARABIC_INDIC_TWELVE:>4} m"), "start"),
        (player(1, cell(2, "w", "1"), rating=None).replace("    FID", " ３３３ FID"), "rating"),
        (player(1, cell(2, "w", "1"))[:80] + "9999" + player(1, cell(2, "w", "1"))[84:], "999.9"),
        (player(1, cell(2, "w", "1"))[:80] + " nan" + player(1, cell(2, "w", "1"))[84:], "'nan'"),
        (player(1, cell(2, "w", "1")).replace("   2 w 1", "   ٢ w 1"), "aligned"),
        (player(1, *[cell(2, "w", "1")] * 100), "round 100"),
    ],
)
def test_a_bad_number_on_a_player_line_is_refused_naming_its_line(line: str, problem: str):
    error = refusal(small_file(l5=line))

    assert problem in error.message
    assert error.line == 5


def test_the_old_rounds_record_is_checked_as_well():
    error = refusal(small_file(l4=f"XXR {HUGE}"))

    assert "is more than 99" in error.message
    assert error.line == 4


def test_the_largest_numbers_the_event_holds_are_read():
    trf = read_trf(small_file(l4="142 99\n162 W 999.9    D 0.5    L 0.0\n202 ARO/U9999"))

    assert trf.event.rounds == 99
    assert trf.event.scoring.win == 999.9
    assert trf.event.tiebreaks == ("ARO/U9999",)


def test_the_refusal_of_a_runaway_field_quotes_it_short():
    error = refusal(small_file(l4=f"142 3\n162 W {HUGE}"))

    assert len(str(error)) < 120
    assert isinstance(error, TrfError)


def test_a_dos_end_of_file_mark_ends_the_file_rather_than_being_refused():
    assert read_trf(small_file() + "\x1a").event.rounds == 3
