"""What other programs write beyond TRF-16, one minimal file per dialect: read, with warnings.

The real files these come from are in fixtures/real (see test_real_files.py).
"""

from __future__ import annotations

from datetime import date

import pytest

from standings.engine.event import (
    FULL_BYE,
    HALF_BYE,
    NOT_IN_LINEUP,
    NOT_PAIRED,
    PAIRING_BYE,
    ZERO_BYE,
)
from standings.engine.notation import Spec, parse_spec
from standings.engine.trf import TrfFile, read_trf, read_trf_bytes, write_trf
from tests.engine.test_trf import cell, player, refusal, small_file


def warned(trf: TrfFile, *words: str) -> list[int]:
    """The lines of the warnings that contain every word."""
    return [w.line for w in trf.warnings if all(word in w.text for word in words)]


def round_trips(trf: TrfFile) -> bool:
    return read_trf(write_trf(trf)) == trf


# Dates


@pytest.mark.parametrize(
    ("text", "when"),
    [
        ("2005/07/28", date(2005, 7, 28)),
        ("2005-07-28", date(2005, 7, 28)),
        ("28. 07. 2005", date(2005, 7, 28)),
        ("28.07.2005", date(2005, 7, 28)),
        ("07/28/2005", date(2005, 7, 28)),  # day first cannot be: month first
        ("May 10, 2020", date(2020, 5, 10)),
        ("Oct 13, 2024", date(2024, 10, 13)),
        ("October 13, 2024", date(2024, 10, 13)),
        ("13 Oct 2024", date(2024, 10, 13)),
        ("05/07/28", date(2005, 7, 28)),
        ("11.25.02", date(2011, 2, 25)),  # Krause's yy.dd.mm
    ],
)
def test_header_dates_in_common_forms(text: str, when: date):
    trf = read_trf(small_file(l2=f"042 {text}"))

    assert trf.event.start_date == when
    assert trf.warnings == ()


def test_round_dates_in_krause_order_and_unreadable_ones():
    dates = "".join(f"{d:<10}" for d in ("11.25.02", "11.26.02", "someday"))
    trf = read_trf(small_file(l4="142 3\n132" + " " * 88 + dates))

    assert trf.header.round_dates == (date(2011, 2, 25), date(2011, 2, 26))
    assert warned(trf, "132", "someday") == [5]


def test_an_unreadable_end_date_is_kept_as_text():
    trf = read_trf(small_file(l3="052 end of July\n092 Swiss System"))

    assert (trf.header.end_date, trf.header.end_date_text) == (None, "end of July")
    assert warned(trf, "052", "end of July") == [3]
    assert round_trips(trf)


# Encodings and line ends


def test_utf8_with_and_without_bom():
    text = small_file(l1="012 Ciudad Señor")

    plain = read_trf_bytes(text.encode())
    bom = read_trf_bytes(b"\xef\xbb\xbf" + text.encode())

    assert (plain.encoding, bom.encoding) == ("UTF-8", "UTF-8 with BOM")
    assert plain.event.name == bom.event.name == "Ciudad Señor"
    assert plain.warnings == bom.warnings == ()


def test_latin_1_and_windows_1252_are_read_and_said():
    text = small_file(l1="012 Läs Végas Opeñ – Örr")

    trf = read_trf_bytes(text.encode("cp1252"))

    assert trf.encoding == "Windows-1252"
    assert trf.event.name == "Läs Végas Opeñ – Örr"
    assert warned(trf, "Windows-1252") == [0]


def test_bytes_neither_utf8_nor_windows_1252_are_refused_naming_the_line():
    error = refusal(small_file().encode().replace(b"Player 2", b"Player \x8d"))

    assert error.line == 6
    assert "0x8d" in error.message


@pytest.mark.parametrize("end", ["\n", "\r\n", "\r"])
def test_line_ends_trailing_spaces_and_no_final_newline(end: str):
    lines = small_file().splitlines()
    text = end.join(line + "   " for line in lines)  # no end after the last line

    trf = read_trf(text)

    assert trf == read_trf(small_file())
    assert trf.warnings == ()


def test_rulers_legends_and_comments_are_skipped_as_warnings():
    ruler = "".join(f"{n:>10}" for n in range(1, 11))
    lines = [
        "### written by a program",
        "012 Test Open",
        ruler,
        "1234567890" * 10,
        "0123456789" * 10,
        "DDD SSSS sTTT NNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNN RRRR FFF",
        "### another comment",
        *small_file().splitlines()[1:],
    ]

    trf = read_trf("\n".join(lines))

    assert trf == read_trf(small_file())
    assert warned(trf, "ruler or legend") == [3, 4, 5, 6]
    assert warned(trf, "2 comment lines") == [1]


def test_a_header_record_that_only_looks_like_digits_is_still_read():
    trf = read_trf(small_file(l3="062 129 (88)\n092 Swiss System"))

    assert warned(trf, "ruler") == []


# Tie-breaks


def test_unknown_tiebreaks_are_left_out_and_the_known_ones_kept():
    trf = read_trf(small_file(l4="142 3\n202 EDET/P,BH-C1,EMGSB/C1/P,BH:MP/C1/P,MPvGP, SB"))

    assert trf.event.tiebreaks == ("BH/C1", "SB")
    # Each named with its reason: a name not computed, a modifier not computed (issue 25).
    assert warned(trf, "not computed here, left out: EDET/P") == [5]
    assert warned(trf, "modifier /P not computed here", "EMGSB/C1/P, BH:MP/C1/P") == [5]
    assert warned(trf, "team tie-breaks in an individual event, left out: MPVGP") == [5]


def test_when_no_known_tiebreak_is_left_the_event_has_its_default():
    trf = read_trf(small_file(l4="142 3\n202 EDET/P MPvGP"))

    assert trf.event.tiebreaks == read_trf(small_file()).event.tiebreaks == ()


def test_a_malformed_known_tiebreak_is_still_refused():
    error = refusal(small_file(l4="142 3\n202 BH/C1 SB/U0"))

    assert error.line == 5
    assert "U0" in error.message


def test_fide_dashes_in_tiebreaks_wherever_one_is_parsed():
    assert parse_spec("BH-C1") == parse_spec("BH/C1") == Spec("BH", cut_low=1)
    assert parse_spec("BH-M1") == Spec("BH", cut_low=1, cut_high=1)
    assert parse_spec("KS-L+1") == parse_spec("KS/L+1")
    assert parse_spec("ARO-U1400") == Spec("ARO", unrated_as=1400)


# Player fields


def test_long_federations_are_left_out_unknown_titles_and_odd_births_kept():
    p1 = player(1, cell(2, "w", "1"), cell(3, "b", "="))
    p1 = p1[:10] + "XX " + p1[13:53] + "Lichess   12" + p1[65:69] + "1978/00/00" + p1[79:]
    p2 = player(2, cell(1, "b", "0"), cell(4, "w", "1"))
    p2 = p2[:69] + "1978      " + p2[79:]
    trf = read_trf(small_file(l3="032 Lichess\n092 Swiss System", l5=p1, l6=p2))
    first, second = trf.event.participants[:2]

    assert (trf.header.federation, first.federation, first.fide_id) == ("", "", "12")
    assert (first.title, first.birth, second.birth) == ("XX", "1978/00/00", "1978")
    assert warned(trf, "032", "Lichess") == [3]
    assert warned(trf, "federation 'Lichess'") == [3, 6]
    assert warned(trf, "title 'XX'") == [6]
    assert warned(trf, "birth") == []
    assert round_trips(trf)


def test_old_one_letter_titles_are_known():
    p1 = player(1, cell(2, "w", "1"), cell(3, "b", "="))
    trf = read_trf(small_file(l5=p1[:10] + "g  " + p1[13:]))

    assert trf.event.participants[0].title == "g"
    assert trf.warnings == ()


# Rounds without opponent


def bye_file(*cells_of_player_4: str, rounds: int = 2) -> str:
    """Players 1-3 play a round robin's games; player 4 has the cells given."""
    return small_file(
        l4=f"142 {rounds}",
        l5=player(1, cell(2, "w", "1"), cell(3, "b", "=")),
        l6=player(2, cell(1, "b", "0"), "0000 - U"),
        l7=player(3, "0000 - U", cell(1, "w", "=")),
        l8=player(4, *cells_of_player_4),
    )


@pytest.mark.parametrize(
    ("written", "code", "meaning"),
    [
        ("0000 - +", FULL_BYE, "full-point byes"),  # as the reference program reads it
        ("0000 - 1", FULL_BYE, "full-point byes"),
        ("0000 - W", FULL_BYE, "full-point byes"),  # unrated results read like rated ones
        ("0000 - D", HALF_BYE, "half-point byes (not draws)"),
        ("0000 - L", ZERO_BYE, "zero-point byes"),
        ("0000 - =", HALF_BYE, "half-point byes (not draws)"),
        ("0000 - 0", ZERO_BYE, "zero-point"),
        ("0000 -  ", ZERO_BYE, "TRF-2026"),
        ("     -  ", ZERO_BYE, "TRF-2026"),
        ("   0 - H", HALF_BYE, "half-point bye"),
        ("       H", HALF_BYE, "half-point bye"),  # lichess: no 0000
        ("       U", PAIRING_BYE, "pairing-allocated bye"),
        ("       -", NOT_PAIRED, "not paired"),
    ],
)
def test_each_way_of_writing_a_round_without_opponent(written: str, code: str, meaning: str):
    trf = read_trf(bye_file(written, written))
    fourth = trf.event.participants[3]

    assert [(e.opponent, e.code) for e in fourth.entries] == [(None, code)] * 2
    assert warned(trf, "2 cells", written.strip(), meaning) == [8]
    assert round_trips(trf)


def test_the_standard_ways_give_no_warning():
    trf = read_trf(bye_file("0000 - H", "0000 - -"))

    assert [e.code for e in trf.event.participants[3].entries] == [HALF_BYE, NOT_PAIRED]
    assert trf.warnings == ()


def test_in_a_team_file_a_full_point_without_opponent_is_a_board_won_by_default():
    team = small_file(
        l4="142 2\n013 Team A                            1    3\n"
        "013 Team B                            2    4",
        l5=player(1, cell(2, "w", "1"), " " * 8),
        l6=player(2, cell(1, "b", "0"), " " * 8),
        l7=player(3, " " * 8, "0000 - +"),
        l8=player(4, " " * 8, "0000 - -"),
    )

    trf = read_trf(team)
    entries = {p.start_no: p.entries for p in trf.event.participants}

    assert entries[3][1].code == FULL_BYE
    assert entries[4][1].code == NOT_PAIRED
    assert entries[1][1].code == entries[3][0].code == NOT_IN_LINEUP  # blank 10-column slots
    assert warned(trf, "'0000 - +'", "boards won by default") == [9]


def with_points(line: str, points: str) -> str:
    return line[:80] + f"{points:>4}" + line[84:]


def test_a_points_column_that_differs_from_the_rounds_names_the_player():
    p1 = player(1, cell(2, "w", "1"), cell(3, "b", "="))
    p2 = player(2, cell(1, "b", "0"), cell(4, "w", "1"))
    p3 = player(3, cell(4, "w", "="), cell(1, "w", "="))
    p4 = player(4, cell(3, "b", "="), cell(2, "b", "0"))
    text = small_file(
        l5=with_points(p1, "1.5"),
        l6=with_points(p2, "1.5"),
        l7=with_points(p3, "1.0"),
        l8=with_points(p4, "0.5"),
    )

    trf = read_trf(text)

    assert [str(w) for w in trf.warnings] == [
        "line 6: player 2 (Player 2): the points column says 1.5, the rounds read add up to 1.0"
    ]


def points_file(fourth: str, *cells: str) -> str:
    """Players 1-3 play a round robin's games; player 4 has the cells and the column given."""
    return small_file(
        l4="142 2",
        l5=with_points(player(1, cell(2, "w", "1"), cell(3, "b", "=")), "1.5"),
        l6=with_points(player(2, cell(1, "b", "0"), "0000 - U"), "1.0"),
        l7=with_points(player(3, "0000 - U", cell(1, "w", "=")), "1.5"),
        l8=with_points(player(4, *cells), fourth),
    )


@pytest.mark.parametrize(
    ("said", "code", "reading"),
    [
        ("1.0", HALF_BYE, "blank rounds 1, 2 read as half-point byes"),
        ("2.0", FULL_BYE, "blank rounds 1, 2 read as full-point byes"),
        ("0.0", ZERO_BYE, ""),
    ],
)
def test_blank_rounds_are_read_as_the_points_column_says(said: str, code: str, reading: str):
    trf = read_trf(points_file(said, "0000 -  ", "     -  "))

    assert [e.code for e in trf.event.participants[3].entries] == [code, code]
    assert [str(w) for w in trf.warnings if "column" in w.text] == (
        [
            f"line 8: player 4 (Player 4): the points column says {said}, the rounds read "
            f"add up to 0.0: {reading}, as the column says"
        ]
        if reading
        else []
    )
    assert warned(trf, "1 cell", "zero-point byes") == ([] if reading else [8, 8])
    assert round_trips(trf)


def test_a_blank_cell_inside_the_line_is_a_blank_round_too():
    trf = read_trf(points_file("1.0", " " * 8, cell(0, "-", "F")))

    assert [e.code for e in trf.event.participants[3].entries] == [NOT_IN_LINEUP, FULL_BYE]
    assert warned(trf, "player 4") == []
    trf = read_trf(points_file("1.5", " " * 8, cell(0, "-", "F")))

    assert [e.code for e in trf.event.participants[3].entries] == [HALF_BYE, FULL_BYE]
    assert warned(trf, "player 4", "blank round 1 read as a half-point bye") == [8]


def test_a_column_that_leaves_blank_rounds_open_is_refused_naming_each_player():
    text = points_file("0.5", "0000 -  ", "     -  ")

    assert str(refusal(text)) == (
        "line 8: the points column (columns 81-84) does not add up from the rounds, and the "
        "rounds left blank do not say which rounds make the difference: player 4 (Player 4) "
        "on line 8: the column says 0.5, the rounds add up to 0.0 with rounds 1, 2 blank. "
        "Write each round without opponent with its result (0000 - H a half-point bye, "
        "0000 - F a full-point bye, 0000 - Z a zero-point bye) or correct the column"
    )


def test_blank_rounds_after_the_last_result_may_be_a_withdrawal():
    text = points_file("1.5", "     -  ", cell(0, "-", "U"), "     -  ").replace("142 2", "142 3")

    trf = read_trf(text)

    assert [e.code for e in trf.event.participants[3].entries] == [HALF_BYE, PAIRING_BYE, ZERO_BYE]
    assert [str(w) for w in trf.warnings if "column" in w.text] == [
        "line 8: player 4 (Player 4): the points column says 1.5, the rounds read add up to 1.0: "
        "blank round 1 read as a half-point bye, and round 3 after the last result as a "
        "withdrawal, as the column says"
    ]


def test_a_column_two_readings_explain_is_refused():
    # 2.0: rounds 1 and 3 half-point byes, or round 1 a full-point bye and round 3 gone.
    text = points_file("2.0", "     -  ", cell(0, "-", "U"), "     -  ").replace("142 2", "142 3")

    assert "player 4 (Player 4) on line 8: the column says 2.0" in refusal(text).message


def test_a_column_below_the_rounds_is_a_warning_blank_rounds_or_not():
    trf = read_trf(points_file("0.5", cell(0, "-", "F"), "     -  "))

    assert [e.code for e in trf.event.participants[3].entries] == [FULL_BYE, ZERO_BYE]
    assert [str(w) for w in trf.warnings if "column" in w.text] == [
        "line 8: player 4 (Player 4): the points column says 0.5, the rounds read add up to 1.0"
    ]


def test_a_decimal_comma_in_the_points_column_is_a_point():
    trf = read_trf(points_file("0,5", cell(0, "-", "H"), "0000 - Z"))

    assert warned(trf, "column") == []
    assert [e.code for e in trf.event.participants[3].entries] == [HALF_BYE, ZERO_BYE]


def test_a_column_of_zeros_for_everyone_is_not_compared():
    text = points_file("0.0", "0000 -  ", "     -  ")
    zeros = "\n".join(
        with_points(line, "0.0") if line[:3] == "001" else line for line in text.split("\n")
    )

    trf = read_trf(zeros)

    assert [e.code for e in trf.event.participants[3].entries] == [ZERO_BYE, ZERO_BYE]
    # Said once, naming the players whose results score (issue 25).
    assert [w.said.key for w in trf.warnings if w.said and "column" in w.text] == [
        "trf.points_column_empty.many"
    ]


def test_in_a_team_file_a_blank_slot_is_out_of_the_line_up_not_a_blank_round():
    team = small_file(
        l4="142 2\n013 Team A                            1    3\n"
        "013 Team B                            2    4",
        l5=with_points(player(1, cell(2, "w", "1"), " " * 8), "1.0"),
        l6=player(2, cell(1, "b", "0"), " " * 8),
        l7=with_points(player(3, " " * 8, "0000 - +"), "1.5"),
        l8=player(4, " " * 8, "0000 - -"),
    )

    trf = read_trf(team)

    assert trf.event.participants[2].entries[0].code == NOT_IN_LINEUP
    assert [str(w) for w in trf.warnings if "column" in w.text] == [
        "line 9: player 3 (Player 3): the points column says 1.5, the rounds read add up to 1.0"
    ]


def test_team_byes_of_record_320_on_their_grid():
    team = small_file(
        l4="142 3\n013 Team A                            1    4\n"
        "013 Team B                            2    3\n"
        "320  2.0  2.0           1",
    )

    trf = read_trf(team)

    assert trf.header.team_byes == (0, 0, 1)
