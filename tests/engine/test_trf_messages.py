"""The refusals an arbiter meets most, word for word: the line, the column where it
helps, what was found and what to write instead.

The file is test_trf's small one: four players, rounds 1 and 2 of a 3-round Swiss.
"""

from __future__ import annotations

import pytest

from tests.engine.test_trf import cell, player, refusal, small_file

P1 = player(1, cell(2, "w", "1"), cell(3, "b", "="))

MISTAKES = {
    "the other line says another result": (
        small_file(l6=player(2, cell(1, "b", "1"), cell(4, "w", "1"))),
        "line 5: round 1: player 1 says he beat player 2 with white, but player 2's line "
        "(line 6) says 1 b 1: write '   1 b 0' there (columns 92-99), or correct this line",
    ),
    "the other line has a bye": (
        small_file(l6=player(2, cell(0, "-", "Z"), cell(4, "w", "1"))),
        "line 5: round 1: player 1 says he beat player 2 with white, but player 2's line "
        "(line 6) says 0000 - Z: write '   1 b 0' there (columns 92-99), or correct this line",
    ),
    "the other line stops before the round": (
        small_file(l8=player(4, cell(3, "b", "="))),
        "line 6: round 2: player 2 says he beat player 4 with white, but player 4's line "
        "(line 8) has nothing for round 2: write '   2 b 0' there (columns 102-109), or "
        "correct this line",
    ),
    "a game not finished on one line only": (
        small_file(l8=player(4, cell(3, "b", "="), "   2 b")),
        "line 6: round 2: player 2 says he beat player 4 with white, but player 4's line "
        "(line 8) says 2 b: write '   2 b 0' there (columns 102-109), or correct this line",
    ),
    "an opponent with no line": (
        small_file(
            l6=player(2, cell(1, "b", "0"), cell(12, "w", "1")),
            l8=player(4, cell(3, "b", "="), cell(0, "-", "U")),
        ),
        "line 6: round 2: player 2's opponent 12 has no player record (001): correct the "
        "opponent's number (columns 102-105) or add player 12's 001 line",
    ),
    "a player paired against himself": (
        small_file(
            l6=player(2, cell(1, "b", "0"), cell(2, "w", "1")),
            l8=player(4, cell(3, "b", "="), cell(0, "-", "U")),
        ),
        "line 6: round 2: player 2 is paired against himself: correct the opponent's number "
        "(columns 102-105)",
    ),
    "a bye with an opponent": (
        small_file(l7=player(3, cell(4, "w", "H"), cell(1, "w", "="))),
        "line 7: round 1: a bye (H) cannot have an opponent (4): write 0000 - H for the bye, "
        "or the game's result against player 4 (1, =, 0, +, -)",
    ),
    "a cell off the grid": (
        small_file(l5=P1[:101] + "3 b =   "),
        "line 5: round 2 (columns 102-109): '3 b =' is not aligned as 'OOOO C R' (opponent in "
        "4 columns, colour, result): write '   3 b =' from column 102",
    ),
    "a cell cut short": (
        small_file(l8=player(4, cell(3, "b", "="), cell(12, "b", "0"))[:-5]),
        "line 8: round 2 (columns 102-109): '  1' is not aligned as 'OOOO C R' (opponent in "
        "4 columns, colour, result)",
    ),
    "a cell one column too wide": (
        small_file(l5=player(1, cell(2, "w", "1") + " ", cell(3, "b", "="))),
        "line 5: round 2 (columns 102-109): the cell runs into columns 110-111, which must be "
        "blank (each round takes 10 columns: opponent, colour, result)",
    ),
    "a draw written ½": (
        small_file(l7=player(3, cell(4, "w", "½"), cell(1, "w", "="))),
        "line 7: round 1 (columns 92-99): unknown result code '½' "
        "(1 = 0 + - W D L H F U Z): a draw is written =",
    ),
    "a bye written B": (
        small_file(l8=player(4, cell(3, "b", "="), cell(0, "-", "B"))),
        "line 8: round 2 (columns 102-109): unknown result code 'B' (1 = 0 + - W D L H F U Z): "
        "a bye is written 0000 - F (full point), H (half), Z (zero) or U (pairing bye)",
    ),
    "a colour in another language": (
        small_file(l7=player(3, cell(4, "s", "="), cell(1, "w", "="))),
        "line 7: round 1 (columns 92-99): unknown colour 's' (w for white, b for black, - for "
        "none)",
    ),
    "a start number used twice": (
        small_file(l8=player(3, cell(3, "b", "="), cell(2, "b", "0"))),
        "line 8: start number 3 is used twice (also on line 7): give each player a start "
        "number of his own (columns 5-8)",
    ),
    "a team listing a player with no line": (
        small_file(l4="142 3\n013 Team A                            1    2    9"),
        "line 5: team 1 (Team A) lists player 9, who has no player record (001): add player "
        "9's 001 line, or take him off the team",
    ),
    "a player in two teams": (
        small_file(
            l4="142 3\n013 Team A                            1    2\n"
            "013 Team B                            2    3"
        ),
        "line 6: player 2 is listed in team 2 and in team 1: list each player in one team only",
    ),
    "a line-up longer than a match has boards": (
        small_file(
            l4="142 3\n013 Team A                            1    4\n"
            "013 Team B                            2    3\n352 W"
        ),
        "line 11: round 1: team 1 (Team A) fields 2 players, more than the 1 board of a match "
        "(record 352): take player 4 out of the line-up, or lengthen record 352",
    ),
    "a board between two players of one team": (
        small_file(
            l4="142 3\n013 Team A                            1    3\n"
            "013 Team B                            2    4"
        ),
        "line 7: round 2: player 1 meets player 3 of his own team 1 (Team A): a board is "
        "between the two teams of a match",
    ),
    "a board paired across the wrong teams": (
        small_file(
            l4="142 3\n013 Team A                            1    4\n"
            "013 Team B                            2\n013 Team C                            3"
        ),
        "line 11: round 1: player 4 of team 1 (Team A) meets player 3 of team 3 (Team C), while "
        "the team's other boards meet team 2 (Team B): a match is between two teams",
    ),
    "more rounds than record 142 says": (
        small_file(l4="142 1"),
        "line 5: player 1 has a result for round 2, but record 142 (line 4) says the event has "
        "1 round: write 142 2 (or XXR 2), or leave round 2 out",
    ),
    "points that are not a number": (
        small_file(l5=P1[:80] + " 1.x" + P1[84:]),
        "line 5: points (columns 81-84): '1.x' is not a number",
    ),
    "an unknown bye record": (
        small_file(l4="142 3\n240 P   3    4"),
        "line 5: record 240: unknown bye type 'P' (F, H or Z)",
    ),
    "a tie-break modifier that does not exist": (
        small_file(l4="142 3\n202 BH/C3"),
        "line 5: record 202: BH/C3: BH takes C1 or C2, not C3",
    ),
    "a file saved in neither UTF-8 nor Latin-1": (
        small_file().encode().replace(b"Player 3", b"Player \x81"),
        "line 7: byte 0x81 at column 22 is neither UTF-8 nor Windows-1252 (Latin-1) text "
        "(save the file as UTF-8)",
    ),
}


@pytest.mark.parametrize("mistake", sorted(MISTAKES))
def test_each_common_mistake_is_refused_saying_what_to_write(mistake: str):
    text, message = MISTAKES[mistake]

    assert str(refusal(text)) == message
