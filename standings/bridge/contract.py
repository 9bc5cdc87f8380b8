"""The score of a duplicate bridge board from its contract, and each board's dealer and
vulnerability.

Sources: the Laws of Duplicate Bridge (World Bridge Federation, 2017), Law 77 "Duplicate
Bridge Scoring Table" (unchanged from 2007; as published at
https://pzbs.pl/sedziowie/mpb/2007/ang/law77.htm) and Law 2 "The Duplicate Boards" (dealer
and vulnerability of boards 1-16, repeated for 17-32 and each further group of 16; as at
https://server.bridgehands.com/Laws/ACBL/Duplicate/Preliminaries.htm). The tables below
are written as the Laws print them, one line each; the functions only add them up.

    score(Contract(4, "S"), vulnerable=False, tricks=10)        420
    parse_played("3NTX-2 S")  Played(Contract(3, "NT", "X"), "S", 7)
    ns_score(parse_played("3NTX-2 S"), board=2)                  -500  (NS vulnerable)

A refusal is a ContractError with a stable `key` (PROBLEMS) and the `values` it names, so
that the pages can word it in the reader's language; `problem` says it in English.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

STRAINS = ("C", "D", "H", "S", "NT")
DOUBLINGS = ("", "X", "XX")  # undoubled, doubled, redoubled
SEATS = ("N", "E", "S", "W")
BOOK = 6  # tricks declarer takes before the first odd trick
MAX_TEXT = 20  # characters of a contract or a result as typed

# --- Law 77: trick score, for each odd trick bid and made ---------------------------------
# (the first odd trick, each further odd trick) undoubled; doubled twice that, redoubled
# four times ("Doubled 40 40 60 60 ... Redoubled 80 80 120 120"; no trump 80/60, 160/120).
ODD_TRICK: dict[str, tuple[int, int]] = {
    "C": (20, 20),
    "D": (20, 20),
    "H": (30, 30),
    "S": (30, 30),
    "NT": (40, 30),
}
TIMES: dict[str, int] = {"": 1, "X": 2, "XX": 4}
GAME = 100  # a trick score of 100 or more on one board is game; less is a part-score

# --- Law 77: premium score, (not vulnerable, vulnerable) ------------------------------------
SLAM: dict[int, tuple[int, int]] = {6: (500, 750), 7: (1000, 1500)}  # small, grand
GAME_BONUS = (300, 500)
PART_SCORE_BONUS = 50
FULFILLING: dict[str, int] = {"": 0, "X": 50, "XX": 100}  # making a doubled / redoubled contract
# Each overtrick: undoubled its trick value (the further odd trick's), doubled or redoubled:
OVERTRICK: dict[str, tuple[int, int]] = {"X": (100, 200), "XX": (200, 400)}

# --- Law 77: undertrick penalties, (not vulnerable, vulnerable), scored by the defenders ----
FIRST_UNDERTRICK: dict[str, tuple[int, int]] = {"": (50, 100), "X": (100, 200), "XX": (200, 400)}
FURTHER_UNDERTRICK: dict[str, tuple[int, int]] = {
    "": (50, 100),
    "X": (200, 300),
    "XX": (400, 600),
}
# "Bonus for the fourth and each subsequent undertrick":
FOURTH_ON_UNDERTRICK: dict[str, tuple[int, int]] = {"": (0, 0), "X": (100, 0), "XX": (200, 0)}

# --- Law 2: the board's dealer and vulnerability --------------------------------------------
DEALERS = SEATS  # boards 1, 2, 3, 4: North, East, South, West deal; then again
# Boards 1 to 16: who is vulnerable ("none", "NS", "EW", "all"); 17-32 and on repeat it.
VULNERABLE = (
    *("none", "NS", "EW", "all"),
    *("NS", "EW", "all", "none"),
    *("EW", "all", "none", "NS"),
    *("all", "none", "NS", "EW"),
)

# What can be wrong, by stable key: the English; the pages word the same keys and values.
PROBLEMS: dict[str, str] = {
    "long_text": "longer than {most} characters",
    "contract": (
        'not a contract: "{text}" (a level 1 to 7, a strain C, D, H, S or NT, '
        "then X or XX if doubled or redoubled)"
    ),
    "level": "the level of a contract is 1 to 7, not {level}",
    "strain": "the strain of a contract is C, D, H, S or NT, not {strain}",
    "doubling": 'a contract is undoubled (""), doubled ("X") or redoubled ("XX"), not {doubling}',
    "declarer": 'not a declarer: "{text}" (N, E, S or W)',
    "tricks": "declarer takes 0 to 13 tricks, not {tricks}",
    "result": 'not a result: "{text}" (the tricks taken, 0 to 13, or "=", "+1", "-2")',
    "result_beyond": "{contract}{result} would be {tricks} tricks; declarer takes 0 to 13",
    "no_result": "{contract} by {declarer} needs its result (the tricks, or =, +1, -2)",
    "two_results": "{contract} has two results: {first} and {second}",
    "played": 'not a board\'s result: "{text}" (e.g. "4S= N", "3NTX-2 S", "6H W 12" or "pass")',
    "board": "a board number is at least 1, not {board}",
}


class ContractError(ValueError):
    """An impossible contract, result or board: `key` says what (PROBLEMS), `values` the
    figures and text it names; `problem` says it in English."""

    def __init__(self, key: str, **values: Any) -> None:
        self.key = key
        self.values = values
        super().__init__(self.problem)

    @property
    def problem(self) -> str:
        return PROBLEMS[self.key].format(**self.values)


@dataclass(frozen=True)
class Contract:
    """A final contract: `level` 1 to 7, `strain` one of STRAINS, `doubling` "", "X" or "XX"."""

    level: int
    strain: str
    doubling: str = ""

    def __post_init__(self) -> None:
        if self.level not in range(1, 8):
            raise ContractError("level", level=self.level)
        if self.strain not in STRAINS:
            raise ContractError("strain", strain=self.strain)
        if self.doubling not in DOUBLINGS:
            raise ContractError("doubling", doubling=self.doubling)

    def __str__(self) -> str:
        return f"{self.level}{self.strain}{self.doubling}"

    @property
    def needed(self) -> int:
        """The tricks declarer needs to make it: the book and the level."""
        return BOOK + self.level


@dataclass(frozen=True)
class Played:
    """A board's result at one table: `contract` None when all four passed (then no
    declarer, "", and no tricks, 0); else its declarer (a seat) and the tricks taken."""

    contract: Contract | None
    declarer: str = ""
    tricks: int = 0

    def __post_init__(self) -> None:
        if self.contract is None:
            if self.declarer or self.tricks:
                raise ContractError("played", text=f"pass {self.declarer} {self.tricks}")
            return
        if self.declarer not in SEATS:
            raise ContractError("declarer", text=self.declarer)
        _check_tricks(self.tricks)

    def __str__(self) -> str:
        """As a hand record prints it: "3NTX-2 S", "4S= N", "pass"."""
        if self.contract is None:
            return "pass"
        return f"{self.contract}{result_text(self.contract, self.tricks)} {self.declarer}"


def _check_tricks(tricks: int) -> None:
    if tricks not in range(14):
        raise ContractError("tricks", tricks=tricks)


def trick_score(contract: Contract) -> int:
    """The trick score of the odd tricks bid (Law 77): 100 or more is game."""
    first, further = ODD_TRICK[contract.strain]
    return (first + further * (contract.level - 1)) * TIMES[contract.doubling]


def score(contract: Contract | None, vulnerable: bool, tricks: int) -> int:
    """Declarer's side's score: positive when the contract is made, the defenders' penalty
    as a negative number when it is down; 0 for a passed-out board (contract None)."""
    if contract is None:
        return 0
    _check_tricks(tricks)
    side = int(vulnerable)
    doubling = contract.doubling
    over = tricks - contract.needed
    if over < 0:
        down = -over
        return -(
            FIRST_UNDERTRICK[doubling][side]
            + FURTHER_UNDERTRICK[doubling][side] * (down - 1)
            + FOURTH_ON_UNDERTRICK[doubling][side] * max(0, down - 3)
        )
    made = trick_score(contract)
    made += GAME_BONUS[side] if made >= GAME else PART_SCORE_BONUS
    made += SLAM[contract.level][side] if contract.level in SLAM else 0
    made += FULFILLING[doubling]
    if doubling:
        made += OVERTRICK[doubling][side] * over
    else:
        made += ODD_TRICK[contract.strain][1] * over
    return made


# --- the board -------------------------------------------------------------------------------


def _check_board(board: int) -> int:
    if isinstance(board, bool) or not isinstance(board, int) or board < 1:
        raise ContractError("board", board=board)
    return (board - 1) % 16


def dealer(board: int) -> str:
    """The seat that deals board `board` (Law 2): N, E, S, W in turn from board 1."""
    return DEALERS[_check_board(board) % 4]


def vulnerability(board: int) -> str:
    """Who is vulnerable on board `board` (Law 2): "none", "NS", "EW" or "all"."""
    return VULNERABLE[_check_board(board)]


def is_vulnerable(board: int, seat: str) -> bool:
    """Whether the side of `seat` (N, E, S or W) is vulnerable on board `board`."""
    if seat not in SEATS:
        raise ContractError("declarer", text=seat)
    side = "NS" if seat in ("N", "S") else "EW"
    return vulnerability(board) in ("all", side)


def ns_score(played: Played, board: int) -> int:
    """North-South's score for the result at one table of board `board`: declarer's
    side's score with the board's vulnerability, its negative when East-West declare."""
    if played.contract is None:
        _check_board(board)
        return 0
    declared = score(played.contract, is_vulnerable(board, played.declarer), played.tricks)
    return declared if played.declarer in ("N", "S") else -declared


# --- notation --------------------------------------------------------------------------------

SUIT_SYMBOLS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
_CONTRACT = re.compile(r"([1-7])(NT|N|C|D|H|S)(XX|X|)")
_RESULT = re.compile(r"=|[+-]\d{1,2}|\d{1,2}")
_GLUED = re.compile(r"(.*?)(=|[+-]\d{1,2})")
PASSED = ("P", "PASS", "PASSED", "AP", "ALL PASS")


def _clean(text: str) -> str:
    if len(text) > MAX_TEXT:
        raise ContractError("long_text", most=MAX_TEXT)
    cleaned = text.strip().upper()
    for symbol, letter in SUIT_SYMBOLS.items():
        cleaned = cleaned.replace(symbol, letter)
    return cleaned


def parse_contract(text: str) -> Contract | None:
    """ "4S", "3NTX", "3nx", "6♥XX" -> the Contract; "pass" (all four passed) -> None."""
    cleaned = _clean(text).replace(" ", "")
    if cleaned in (p.replace(" ", "") for p in PASSED):
        return None
    found = _CONTRACT.fullmatch(cleaned)
    if found is None:
        raise ContractError("contract", text=text.strip())
    level, strain, doubling = found.groups()
    return Contract(int(level), "NT" if strain == "N" else strain, doubling)


def parse_declarer(text: str) -> str:
    """ "N", "e", "South" -> the seat's letter."""
    cleaned = _clean(text)
    names = {"NORTH": "N", "EAST": "E", "SOUTH": "S", "WEST": "W"}
    seat = names.get(cleaned, cleaned)
    if seat not in SEATS:
        raise ContractError("declarer", text=text.strip())
    return seat


def parse_tricks(contract: Contract, text: str) -> int:
    """The tricks declarer took: "10" as taken, or against the contract: "=" (or "+0")
    made exactly, "+1" one overtrick, "-2" two down."""
    cleaned = _clean(text).replace(" ", "")
    if _RESULT.fullmatch(cleaned) is None or cleaned == "-0":
        raise ContractError("result", text=text.strip())
    if cleaned == "=":
        tricks = contract.needed
    elif cleaned[0] in "+-":
        tricks = contract.needed + int(cleaned)
    else:
        tricks = int(cleaned)
    if tricks not in range(14):
        if cleaned[0] in "+-":
            raise ContractError(
                "result_beyond", contract=str(contract), result=cleaned, tricks=tricks
            )
        raise ContractError("tricks", tricks=tricks)
    return tricks


def result_text(contract: Contract, tricks: int) -> str:
    """The result against the contract, as a hand record prints it: "=", "+1", "-2"."""
    _check_tricks(tricks)
    over = tricks - contract.needed
    return "=" if over == 0 else f"{over:+d}"


def parse_played(text: str) -> Played:
    """A table's result in the usual notation: the contract, the declarer and the result,
    apart or the result after the contract: "4S= N", "4S N =", "3NTX-2 S", "6H W 12",
    "6♥XX+1 W"; or "pass" for a passed-out board."""
    cleaned = _clean(text)
    if " ".join(cleaned.split()) in PASSED:
        return Played(None)
    words = cleaned.split()
    if len(words) not in (2, 3):
        raise ContractError("played", text=text.strip())
    glued = _GLUED.fullmatch(words[0])
    bid, first = (glued.group(1), glued.group(2)) if glued else (words[0], None)
    contract = parse_contract(bid)
    if contract is None:
        raise ContractError("played", text=text.strip())
    declarer = parse_declarer(words[1])
    second = words[2] if len(words) == 3 else None
    if first is not None and second is not None:
        raise ContractError("two_results", contract=str(contract), first=first, second=second)
    result = first if first is not None else second
    if result is None:
        raise ContractError("no_result", contract=str(contract), declarer=declarer)
    return Played(contract, declarer, parse_tricks(contract, result))
