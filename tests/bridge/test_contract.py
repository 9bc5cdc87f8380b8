"""A board's score from its contract (standings/bridge/contract.py): every line of the Laws
of Duplicate Bridge's Law 77 scoring table, worked scores checked by hand, the notation,
and the dealer and vulnerability of Law 2.

The expected numbers are written out here from the Law's table, not taken from the module.
"""

from __future__ import annotations

import pytest

from standings.bridge.contract import (
    Contract,
    ContractError,
    Played,
    dealer,
    is_vulnerable,
    ns_score,
    parse_contract,
    parse_declarer,
    parse_played,
    parse_tricks,
    result_text,
    score,
    trick_score,
    vulnerability,
)

NV, V = False, True
STRAINS = ("C", "D", "H", "S", "NT")

# --- trick score ------------------------------------------------------------------------------

# Law 77, "For each odd trick bid and made": clubs, diamonds, hearts, spades; then no trump
# "for first odd trick" and "for each additional odd trick". (first, each further) by line.
TRICK_LINES = {
    ("C", ""): (20, 20),
    ("D", ""): (20, 20),
    ("H", ""): (30, 30),
    ("S", ""): (30, 30),
    ("C", "X"): (40, 40),
    ("D", "X"): (40, 40),
    ("H", "X"): (60, 60),
    ("S", "X"): (60, 60),
    ("C", "XX"): (80, 80),
    ("D", "XX"): (80, 80),
    ("H", "XX"): (120, 120),
    ("S", "XX"): (120, 120),
    ("NT", ""): (40, 30),
    ("NT", "X"): (80, 60),
    ("NT", "XX"): (160, 120),
}


@pytest.mark.parametrize("level", range(1, 8))
@pytest.mark.parametrize(("strain", "doubling"), list(TRICK_LINES))
def test_each_trick_value_of_the_table(strain, doubling, level):
    first, further = TRICK_LINES[strain, doubling]
    assert trick_score(Contract(level, strain, doubling)) == first + further * (level - 1)


@pytest.mark.parametrize(
    ("contract", "points"),
    [
        # 100 or more is game, less a part-score: the lowest games and the highest part-scores.
        ("3NT", 100),  # 40 + 2 x 30
        ("2NT", 70),  # 40 + 30
        ("4H", 120),
        ("3S", 90),
        ("5D", 100),
        ("4C", 80),
        ("2HX", 120),  # doubled into game: 2 x 60
        ("1NTX", 80),  # 80: still a part-score
        ("1SXX", 120),  # 4 x 30
        ("1CXX", 80),  # 4 x 20
        ("7NTXX", 880),  # (40 + 6 x 30) x 4
    ],
)
def test_trick_scores(contract, points):
    assert trick_score(parse_contract(contract)) == points


# --- premiums ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("contract", "vulnerable", "bonus"),
    [
        # "For making GAME, not vulnerable 300, vulnerable 500; for any PARTSCORE 50".
        ("3NT", NV, 300),
        ("3NT", V, 500),
        ("4S", NV, 300),
        ("4H", V, 500),
        ("5C", NV, 300),
        ("5D", V, 500),
        ("2NT", NV, 50),
        ("2NT", V, 50),
        ("3S", V, 50),
        ("4D", NV, 50),
        ("1C", V, 50),
    ],
)
def test_game_and_part_score_bonuses(contract, vulnerable, bonus):
    bid = parse_contract(contract)
    assert score(bid, vulnerable, bid.needed) == trick_score(bid) + bonus


@pytest.mark.parametrize(
    ("level", "vulnerable", "slam"),
    [
        # "Small Slam bid and made 500 / 750; Grand Slam 1000 / 1500" (on top of game).
        (6, NV, 500),
        (6, V, 750),
        (7, NV, 1000),
        (7, V, 1500),
    ],
)
@pytest.mark.parametrize("strain", STRAINS)
def test_slam_bonuses(level, vulnerable, slam, strain):
    bid = Contract(level, strain)
    game = 500 if vulnerable else 300
    assert score(bid, vulnerable, bid.needed) == trick_score(bid) + game + slam


@pytest.mark.parametrize(
    ("doubling", "premium"),
    # "For making any doubled, but not redoubled contract 50; any redoubled contract 100".
    [("", 0), ("X", 50), ("XX", 100)],
)
@pytest.mark.parametrize("vulnerable", [NV, V])
def test_premium_for_making_a_doubled_or_redoubled_contract(doubling, premium, vulnerable):
    bid = Contract(1, "C", doubling)  # a part-score in every case: 20, 40, 80
    assert score(bid, vulnerable, 7) == trick_score(bid) + 50 + premium


# --- overtricks -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("strain", "value"), [("C", 20), ("D", 20), ("H", 30), ("S", 30), ("NT", 30)]
)
@pytest.mark.parametrize("vulnerable", [NV, V])
@pytest.mark.parametrize("over", range(1, 7))
def test_undoubled_overtricks_are_worth_their_trick_value(strain, value, vulnerable, over):
    bid = Contract(1, strain)
    assert score(bid, vulnerable, 7 + over) - score(bid, vulnerable, 7) == value * over


@pytest.mark.parametrize(
    ("doubling", "vulnerable", "each"),
    # "Doubled 100 / 200; Redoubled 200 / 400" for each overtrick, whatever the strain.
    [("X", NV, 100), ("X", V, 200), ("XX", NV, 200), ("XX", V, 400)],
)
@pytest.mark.parametrize("strain", STRAINS)
@pytest.mark.parametrize("over", range(1, 7))
def test_doubled_and_redoubled_overtricks(doubling, vulnerable, each, strain, over):
    bid = Contract(1, strain, doubling)
    assert score(bid, vulnerable, 7 + over) - score(bid, vulnerable, 7) == each * over


# --- undertricks ------------------------------------------------------------------------------

# 1 to 13 down. Law 77: first undertrick undoubled 50 / 100, doubled 100 / 200, redoubled
# 200 / 400; each additional undoubled 50 / 100, doubled 200 / 300, redoubled 400 / 600;
# and a bonus for the fourth and each later undertrick, not vulnerable only: doubled 100,
# redoubled 200. Written out: doubled not vulnerable 100, 300, 500, then 300 more each.
UNDERTRICKS = {
    ("", NV): [50, 100, 150, 200, 250, 300, 350, 400, 450, 500, 550, 600, 650],
    ("", V): [100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1100, 1200, 1300],
    ("X", NV): [100, 300, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500],
    ("X", V): [200, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500, 3800],
    ("XX", NV): [200, 600, 1000, 1600, 2200, 2800, 3400, 4000, 4600, 5200, 5800, 6400, 7000],
    ("XX", V): [400, 1000, 1600, 2200, 2800, 3400, 4000, 4600, 5200, 5800, 6400, 7000, 7600],
}


@pytest.mark.parametrize(("doubling", "vulnerable"), list(UNDERTRICKS))
@pytest.mark.parametrize("down", range(1, 14))
def test_every_undertrick_row(doubling, vulnerable, down):
    bid = Contract(7, "NT", doubling)
    assert score(bid, vulnerable, 13 - down) == -UNDERTRICKS[doubling, vulnerable][down - 1]


@pytest.mark.parametrize(("doubling", "vulnerable"), list(UNDERTRICKS))
@pytest.mark.parametrize("contract", ["1C", "2D", "3H", "4S", "5NT", "6C"])
def test_undertricks_do_not_depend_on_the_contract(doubling, vulnerable, contract):
    bid = parse_contract(contract + doubling)
    for down in range(1, bid.needed + 1):
        expected = -UNDERTRICKS[doubling, vulnerable][down - 1]
        assert score(bid, vulnerable, bid.needed - down) == expected


def test_redoubled_undertricks_are_twice_the_doubled():
    for vulnerable in (NV, V):
        doubled, redoubled = UNDERTRICKS["X", vulnerable], UNDERTRICKS["XX", vulnerable]
        assert redoubled == [2 * points for points in doubled]


# --- worked scores ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("contract", "vulnerable", "tricks", "points"),
    [
        ("4S", NV, 10, 420),  # 4 x 30 = 120, game 300
        ("4S", V, 10, 620),  # 120 + game 500
        ("4H", NV, 10, 420),  # 120 + 300
        ("3NT", NV, 10, 430),  # 40 + 2 x 30 = 100, game 300, 1 overtrick 30
        ("3NT", NV, 9, 400),  # 100 + 300
        ("3NT", V, 9, 600),  # 100 + 500
        ("1NT", NV, 7, 90),  # 40 + part-score 50
        ("1NT", NV, 8, 120),  # 40 + 50 + 30
        ("2C", NV, 8, 90),  # 40 + 50
        ("2C", V, 9, 110),  # 40 + 50 + 20
        ("1C", NV, 13, 190),  # 20 + 50 + 6 x 20
        ("2S", NV, 9, 140),  # 60 + 50 + 30
        ("5C", NV, 11, 400),  # 100 + 300
        ("5D", V, 11, 600),  # 100 + 500
        ("6S", V, 12, 1430),  # 180 + 500 + small slam 750
        ("6NT", NV, 12, 990),  # 40 + 5 x 30 = 190, + 300 + 500
        ("6NT", NV, 13, 1020),  # 990 + 30
        ("7NT", NV, 13, 1520),  # 220 + 300 + 1000
        ("7NT", V, 13, 2220),  # 220 + 500 + 1500
        ("7C", V, 13, 2140),  # 140 + 500 + 1500
        ("1CX", NV, 7, 140),  # 2 x 20 = 40, part-score 50, doubled made 50
        ("1CXX", NV, 7, 230),  # 4 x 20 = 80, part-score 50, redoubled made 100
        ("1CX", NV, 8, 240),  # 140 + doubled overtrick 100
        ("1CX", V, 8, 340),  # 140 + 200
        ("1CXX", NV, 8, 430),  # 230 + 200
        ("1CXX", V, 8, 630),  # 230 + 400
        ("1CX", NV, 13, 740),  # 140 + 6 x 100
        ("1CXX", V, 13, 2630),  # 230 + 6 x 400
        ("2CX", NV, 8, 180),  # 80 + 50 + 50
        ("2CX", NV, 9, 280),  # 180 + 100
        ("2CX", V, 9, 380),  # 180 + 200
        ("2SX", NV, 8, 470),  # 2 x 60 = 120: game 300, doubled made 50
        ("2HX", V, 9, 870),  # 120 + game 500 + 50 + 1 overtrick 200
        ("1NTX", NV, 8, 280),  # 80 + part-score 50 + 50 + 100
        ("1NTXX", V, 8, 1160),  # 4 x 40 = 160: game 500, redoubled made 100, overtrick 400
        ("5DX", V, 11, 750),  # 2 x 100 = 200 + 500 + 50
        ("5CXX", V, 11, 1000),  # 4 x 100 = 400 + 500 + 100
        ("6NTX", V, 12, 1680),  # 2 x 190 = 380 + game 500 + slam 750 + 50
        ("7NTXX", V, 13, 2980),  # 4 x 220 = 880 + game 500 + grand slam 1500 + 100
        ("7NTXX", NV, 13, 2280),  # 880 + 300 + 1000 + 100
        ("3NT", NV, 8, -50),  # 1 down, undoubled, not vulnerable
        ("4S", V, 8, -200),  # 2 down, 100 each
        ("4SX", V, 7, -800),  # 200 + 300 + 300
        ("3NTX", NV, 5, -800),  # 100 + 200 + 200 + 300 (the fourth: 200 + 100)
        ("4HXX", NV, 8, -600),  # 200 + 400
        ("7NTXX", V, 0, -7600),  # 400 + 12 x 600
        ("7NTX", NV, 0, -3500),  # 100 + 12 x 200 + 10 x 100
    ],
)
def test_worked_scores(contract, vulnerable, tricks, points):
    assert score(parse_contract(contract), vulnerable, tricks) == points


def test_a_passed_out_board_scores_nothing():
    assert score(None, NV, 0) == 0
    assert score(parse_contract("pass"), V, 0) == 0
    assert ns_score(parse_played("pass"), 4) == 0


# --- vulnerability and dealer (Law 2) ---------------------------------------------------------

# Board: dealer, vulnerable. Law 2: North deals 1, 5, 9, 13; East 2, 6, 10, 14; South 3,
# 7, 11, 15; West 4, 8, 12, 16. Neither vulnerable 1, 8, 11, 14; North-South 2, 5, 12,
# 15; East-West 3, 6, 9, 16; both 4, 7, 10, 13.
BOARDS = {
    1: ("N", "none"),
    2: ("E", "NS"),
    3: ("S", "EW"),
    4: ("W", "all"),
    5: ("N", "NS"),
    6: ("E", "EW"),
    7: ("S", "all"),
    8: ("W", "none"),
    9: ("N", "EW"),
    10: ("E", "all"),
    11: ("S", "none"),
    12: ("W", "NS"),
    13: ("N", "all"),
    14: ("E", "none"),
    15: ("S", "NS"),
    16: ("W", "EW"),
}


@pytest.mark.parametrize("board", list(BOARDS))
def test_dealer_and_vulnerability_of_boards_1_to_16(board):
    assert (dealer(board), vulnerability(board)) == BOARDS[board]


@pytest.mark.parametrize(
    ("board", "same_as"), [(17, 1), (32, 16), (33, 1), (18, 2), (47, 15), (100, 4)]
)
def test_the_sequence_repeats_every_16_boards(board, same_as):
    assert (dealer(board), vulnerability(board)) == BOARDS[same_as]


def test_each_side_vulnerable():
    assert [is_vulnerable(1, seat) for seat in "NESW"] == [False] * 4
    assert [is_vulnerable(2, seat) for seat in "NESW"] == [True, False, True, False]
    assert [is_vulnerable(3, seat) for seat in "NESW"] == [False, True, False, True]
    assert [is_vulnerable(4, seat) for seat in "NESW"] == [True] * 4


@pytest.mark.parametrize("board", [0, -1, True])
def test_a_board_is_numbered_from_1(board):
    with pytest.raises(ContractError) as refused:
        dealer(board)
    assert refused.value.key == "board"
    with pytest.raises(ContractError):
        vulnerability(board)


# --- North-South's score of a table ----------------------------------------------------------


@pytest.mark.parametrize(
    ("played", "board", "points"),
    [
        ("4S= N", 1, 420),  # none vulnerable
        ("4S= N", 2, 620),  # NS vulnerable
        ("4S= E", 2, -420),  # EW declare, not vulnerable: NS lose 420
        ("4S= E", 3, -620),
        ("3NTX-2 S", 2, -500),  # NS vulnerable, doubled: 200 + 300
        ("3NTX-2 W", 2, 300),  # EW not vulnerable, doubled: 100 + 200, to NS
        ("6HXX+1 W", 4, -(4 * 180 + 500 + 750 + 100 + 400)),  # 720 + 500 + 750 + 100 + 400
        ("1C W 7", 13, -70),  # 20 + 50
    ],
)
def test_north_south_score(played, board, points):
    assert ns_score(parse_played(played), board) == points


# --- the notation ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "contract"),
    [
        ("4S", Contract(4, "S")),
        ("3NTX", Contract(3, "NT", "X")),
        ("6HXX", Contract(6, "H", "XX")),
        ("3nt", Contract(3, "NT")),
        ("3N", Contract(3, "NT")),
        ("1cx", Contract(1, "C", "X")),
        (" 7 NT XX ", Contract(7, "NT", "XX")),
        ("4♠", Contract(4, "S")),
        ("2♦X", Contract(2, "D", "X")),
        ("pass", None),
        ("Pass", None),
        ("P", None),
        ("all pass", None),
    ],
)
def test_parse_contract(text, contract):
    assert parse_contract(text) == contract


@pytest.mark.parametrize(
    "text", ["", "8S", "0NT", "4", "S", "4SXXX", "4SR", "4 spades", "NT3", "4S=", "-1"]
)
def test_not_a_contract(text):
    with pytest.raises(ContractError) as refused:
        parse_contract(text)
    assert refused.value.key == "contract"
    assert refused.value.values == {"text": text.strip()}


def test_a_long_text_is_refused_before_it_is_read():
    with pytest.raises(ContractError) as refused:
        parse_contract("4S" + " " * 1000)
    assert (refused.value.key, str(refused.value)) == ("long_text", "longer than 20 characters")


@pytest.mark.parametrize(
    ("text", "seat"), [("N", "N"), ("e", "E"), (" S ", "S"), ("West", "W"), ("north", "N")]
)
def test_parse_declarer(text, seat):
    assert parse_declarer(text) == seat


@pytest.mark.parametrize("text", ["", "X", "NS", "Nord"])
def test_not_a_declarer(text):
    with pytest.raises(ContractError) as refused:
        parse_declarer(text)
    assert refused.value.key == "declarer"


@pytest.mark.parametrize(
    ("contract", "text", "tricks"),
    [
        ("4S", "=", 10),
        ("4S", "+0", 10),
        ("4S", "+1", 11),
        ("4S", "+3", 13),
        ("4S", "-1", 9),
        ("4S", "-10", 0),
        ("4S", "10", 10),
        ("4S", "0", 0),
        ("4S", "13", 13),
        ("7NT", "=", 13),
        ("1C", "-7", 0),
        ("1C", "+6", 13),
    ],
)
def test_parse_tricks(contract, text, tricks):
    assert parse_tricks(parse_contract(contract), text) == tricks


@pytest.mark.parametrize(
    ("contract", "text", "key", "values"),
    [
        ("4S", "+4", "result_beyond", {"contract": "4S", "result": "+4", "tricks": 14}),
        ("4S", "-11", "result_beyond", {"contract": "4S", "result": "-11", "tricks": -1}),
        ("7NT", "+1", "result_beyond", {"contract": "7NT", "result": "+1", "tricks": 14}),
        ("4S", "14", "tricks", {"tricks": 14}),
        ("4S", "-0", "result", {"text": "-0"}),
        ("4S", "", "result", {"text": ""}),
        ("4S", "made", "result", {"text": "made"}),
        ("4S", "+100", "result", {"text": "+100"}),
    ],
)
def test_impossible_results(contract, text, key, values):
    with pytest.raises(ContractError) as refused:
        parse_tricks(parse_contract(contract), text)
    assert (refused.value.key, refused.value.values) == (key, values)


@pytest.mark.parametrize(
    ("text", "played"),
    [
        ("4S= N", Played(Contract(4, "S"), "N", 10)),
        ("4S N =", Played(Contract(4, "S"), "N", 10)),
        ("4s n 10", Played(Contract(4, "S"), "N", 10)),
        ("3NTX-2 S", Played(Contract(3, "NT", "X"), "S", 7)),
        ("3NTX S -2", Played(Contract(3, "NT", "X"), "S", 7)),
        ("6HXX+1 W", Played(Contract(6, "H", "XX"), "W", 13)),
        ("6♥XX+1 W", Played(Contract(6, "H", "XX"), "W", 13)),
        ("1C E 0", Played(Contract(1, "C"), "E", 0)),
        ("pass", Played(None)),
        (" All Pass ", Played(None)),
    ],
)
def test_parse_played(text, played):
    assert parse_played(text) == played


@pytest.mark.parametrize(
    ("text", "key", "message"),
    [
        (
            "4S",
            "played",
            'not a board\'s result: "4S" (e.g. "4S= N", "3NTX-2 S", "6H W 12" or "pass")',
        ),
        ("4S N", "no_result", "4S by N needs its result (the tricks, or =, +1, -2)"),
        ("4S= N +1", "two_results", "4S has two results: = and +1"),
        ("4S+4 N", "result_beyond", "4S+4 would be 14 tricks; declarer takes 0 to 13"),
        (
            "8S= N",
            "contract",
            'not a contract: "8S" (a level 1 to 7, a strain C, D, H, S or '
            "NT, then X or XX if doubled or redoubled)",
        ),
        ("4S= Q", "declarer", 'not a declarer: "Q" (N, E, S or W)'),
        (
            "pass= N",
            "played",
            'not a board\'s result: "pass= N" (e.g. "4S= N", "3NTX-2 S", "6H W 12" or "pass")',
        ),
        (
            "4S N 10 x",
            "played",
            'not a board\'s result: "4S N 10 x" (e.g. "4S= N", "3NTX-2 S", "6H W 12" or "pass")',
        ),
    ],
)
def test_impossible_played(text, key, message):
    with pytest.raises(ContractError) as refused:
        parse_played(text)
    assert (refused.value.key, refused.value.problem) == (key, message)


@pytest.mark.parametrize("text", ["4S= N", "3NTX-2 S", "6HXX+1 W", "1C-7 E", "pass"])
def test_played_reads_back_as_written(text):
    assert str(parse_played(text)) == text
    assert parse_played(str(parse_played(text))) == parse_played(text)


def test_result_text():
    bid = Contract(4, "S")
    assert [result_text(bid, tricks) for tricks in (8, 9, 10, 11, 13)] == [
        "-2",
        "-1",
        "=",
        "+1",
        "+3",
    ]


# --- impossible contracts ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "key", "message"),
    [
        ((0, "S"), "level", "the level of a contract is 1 to 7, not 0"),
        ((8, "S"), "level", "the level of a contract is 1 to 7, not 8"),
        ((4, "N"), "strain", "the strain of a contract is C, D, H, S or NT, not N"),
        ((4, "s"), "strain", "the strain of a contract is C, D, H, S or NT, not s"),
        (
            (4, "S", "R"),
            "doubling",
            'a contract is undoubled (""), doubled ("X") or redoubled ("XX"), not R',
        ),
    ],
)
def test_impossible_contracts(args, key, message):
    with pytest.raises(ContractError) as refused:
        Contract(*args)
    assert (refused.value.key, str(refused.value)) == (key, message)


@pytest.mark.parametrize("tricks", [-1, 14])
def test_declarer_takes_0_to_13_tricks(tricks):
    with pytest.raises(ContractError) as refused:
        score(Contract(1, "C"), NV, tricks)
    assert (refused.value.key, refused.value.values) == ("tricks", {"tricks": tricks})
    with pytest.raises(ContractError):
        Played(Contract(1, "C"), "N", tricks)


def test_a_passed_out_board_has_no_declarer_nor_tricks():
    with pytest.raises(ContractError) as refused:
        Played(None, "N", 0)
    assert refused.value.key == "played"
    with pytest.raises(ContractError) as refused:
        Played(Contract(1, "C"), "", 7)
    assert refused.value.key == "declarer"
