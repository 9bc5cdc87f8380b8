"""What the bridge demo plays, without the database: a board's result at both tables, and
a round's Swiss draw.

A board is dealt a "deal" first (who holds the cards, what they can make), then each room
bids and plays it with a little variation, so the two rooms mostly agree and sometimes
swing: mostly part-scores and games, a slam now and then, a passed-out board rarely, and
contracts that go down, doubled at times. The same seed and board give the same rooms, so
a room entered later is the one drawn with its board.

    open_room, closed_room = board_rooms("7:5:1:4:3", board=3)   # "4S= N", "4S-1 N"
    swiss_pairs([1, 2, 3, 4], met={frozenset((1, 2))})            # [(1, 3), (2, 4)]
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence

from standings.bridge.contract import BOOK, Contract, Played

NS, EW = ("N", "S"), ("E", "W")

# The kind of deal, with its weight out of 100.
KINDS = (("passed", 2), ("part", 46), ("game", 42), ("slam", 8), ("grand", 2))


def board_rooms(seed: str | int, *, board: int) -> tuple[str, str]:
    """The board's result in the open and the closed room, as a hand record prints them."""
    rng = random.Random(f"{seed}:{board}")
    kind = rng.choices([k for k, _ in KINDS], weights=[w for _, w in KINDS])[0]
    if kind == "passed":  # passed out at one table at least; a part-score at the other
        other = Played(Contract(1, rng.choice(("C", "D", "H", "S", "NT"))), rng.choice(NS + EW), 7)
        return "pass", "pass" if rng.random() < 0.5 else str(other)
    contract = _contract(rng, kind)
    # What the cards make for the declaring side in that strain: the contract, or around it.
    makes = contract.needed + rng.choices((-2, -1, 0, 1, 2), weights=(6, 22, 44, 22, 6))[0]
    declarer = rng.choice(rng.choice((NS, EW)))
    open_room, closed_room = (_bid(rng, contract, makes, declarer) for _ in range(2))
    return str(open_room), str(closed_room)


def _contract(rng: random.Random, kind: str) -> Contract:
    if kind == "part":
        strain = rng.choice(("C", "D", "H", "S", "NT"))
        return Contract(rng.randint(1, 2 if strain == "NT" else 3), strain)
    if kind == "game":
        strain = rng.choices(("H", "S", "NT", "C", "D"), weights=(30, 30, 30, 5, 5))[0]
        level = {"H": 4, "S": 4, "NT": 3, "C": 5, "D": 5}[strain]
        return Contract(level, strain)
    return Contract(6 if kind == "slam" else 7, rng.choice(("C", "D", "H", "S", "NT")))


def _bid(rng: random.Random, contract: Contract, makes: int, declarer: str) -> Played:
    """One room's result: mostly the deal's contract, at times a level higher or lower, or
    played by the partner; the tricks within one of what the cards make."""
    level = min(7, max(1, contract.level + rng.choices((-1, 0, 1), weights=(12, 76, 12))[0]))
    if rng.random() < 0.15:
        declarer = {"N": "S", "S": "N", "E": "W", "W": "E"}[declarer]
    tricks = min(13, max(BOOK - 1, makes + rng.choices((-1, 0, 1), weights=(18, 64, 18))[0]))
    doubling = ""
    if tricks < BOOK + level and rng.random() < 0.22:  # the opponents smelled it
        doubling = "XX" if rng.random() < 0.05 else "X"
    return Played(Contract(level, contract.strain, doubling), declarer, tricks)


def swiss_pairs(ranked: Sequence[int], *, met: Collection[frozenset[int]]) -> list[tuple[int, int]]:
    """Pairs of a Swiss round: `ranked` teams in standings order, each paired with the
    highest-placed team below it that it has not met, backtracking when that leaves the rest
    unpairable; when no draw avoids every rematch, the top team against the next one. An odd
    team out (the last) sits out. The higher-placed team is home."""
    field = list(ranked)
    if len(field) % 2:
        field = field[:-1]
    found = _without_rematch(field, met)
    if found is not None:
        return found
    return [(field[i], field[i + 1]) for i in range(0, len(field), 2)]


def _without_rematch(
    field: list[int], met: Collection[frozenset[int]]
) -> list[tuple[int, int]] | None:
    if not field:
        return []
    home, rest = field[0], field[1:]
    for away in rest:
        if frozenset((home, away)) in met:
            continue
        after = _without_rematch([t for t in rest if t != away], met)
        if after is not None:
            return [(home, away), *after]
    return None
