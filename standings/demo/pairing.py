"""A small Swiss pairer for the demo event: plausible and valid, not FIDE Dutch-exact.

Players are ranked by score, then start number. Inside each score group the top
half meets the bottom half; a player left over floats down to the next group.
Nobody meets the same opponent twice, and the pairing-allocated bye goes to the
lowest-ranked player who has not yet had one (nor a forfeit win or full-point bye).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from standings.engine import event as engine

# The search gives up (PairingError) after visiting this many partial pairings.
SEARCH_BUDGET = 200_000


class PairingError(Exception):
    """No valid pairing was found for the round."""


@dataclass(frozen=True, slots=True)
class Entrant:
    """What the pairer knows about a player entering the next round."""

    start_no: int
    score: float
    opponents: frozenset[int] = frozenset()
    colours: str = ""  # "w"/"b" of the games played over the board, in round order
    bye_barred: bool = False  # had a pairing-allocated bye, a forfeit win or a full-point bye


@dataclass(frozen=True, slots=True)
class Pairing:
    games: tuple[tuple[int, int], ...]  # (white, black) start numbers, board 1 first
    bye: int | None  # start number of the pairing-allocated bye


def entrants(
    participants: Iterable[engine.Participant],
    scoring: engine.Scoring,
    playing: set[int] | None = None,
) -> list[Entrant]:
    """Entrants from the engine's participants; `playing` limits who is paired."""
    found = []
    for p in participants:
        if playing is not None and p.start_no not in playing:
            continue
        score = sum(scoring.points(e.code) for e in p.entries)
        opponents = frozenset(e.opponent for e in p.entries if e.opponent is not None)
        colours = "".join(e.color for e in p.entries if e.color and e.code in engine.PLAYED_CODES)
        barred = any(
            e.code in (engine.PAIRING_BYE, engine.FULL_BYE, engine.FORFEIT_WIN) for e in p.entries
        )
        found.append(Entrant(p.start_no, score, opponents, colours, barred))
    return found


def pair_round(players: Sequence[Entrant]) -> Pairing:
    """Pair everyone in `players`; raise PairingError when no valid pairing exists."""
    ranked = sorted(players, key=lambda e: (-e.score, e.start_no))
    budget = [SEARCH_BUDGET]
    if len(ranked) % 2 == 0:
        pairs = _pair(ranked, budget)
        bye = None
    else:
        pairs, bye = None, None
        for candidate in reversed(ranked):
            if candidate.bye_barred:
                continue
            rest = [e for e in ranked if e is not candidate]
            pairs = _pair(rest, budget)
            if pairs is not None:
                bye = candidate.start_no
                break
    if pairs is None:
        raise PairingError("no pairing without a rematch or a second bye")
    rank = {e.start_no: i for i, e in enumerate(ranked)}
    pairs.sort(
        key=lambda ab: (
            -max(ab[0].score, ab[1].score),
            -ab[0].score - ab[1].score,
            min(rank[ab[0].start_no], rank[ab[1].start_no]),
        )
    )
    games = tuple(_colours(a, b, board) for board, (a, b) in enumerate(pairs, start=1))
    return Pairing(games, bye)


def _pair(ranked: list[Entrant], budget: list[int]) -> list[tuple[Entrant, Entrant]] | None:
    """Depth-first: pair the highest-ranked player with the first acceptable candidate."""
    if not ranked:
        return []
    budget[0] -= 1
    if budget[0] < 0:
        return None
    top, rest = ranked[0], ranked[1:]
    for opponent in _candidates(ranked):
        if opponent.start_no in top.opponents:
            continue
        remaining = [e for e in rest if e is not opponent]
        tail = _pair(remaining, budget)
        if tail is not None:
            return [(top, opponent), *tail]
    return None


def _candidates(ranked: list[Entrant]) -> list[Entrant]:
    """Opponents for ranked[0] in order of preference: top half against bottom half first."""
    group = [e for e in ranked if e.score == ranked[0].score]
    half = len(group) // 2
    if half == 0:  # alone in the group: floats down to the next players
        return ranked[1:]
    below = group[half:] + group[half - 1 : 0 : -1]
    # Within the group, avoid two players who both must have the same colour.
    below.sort(key=lambda e: _clash(ranked[0], e))
    return below + ranked[len(group) :]


def _must_have(e: Entrant) -> str:
    """The colour a player must get (colour difference beyond 1, or the same twice): "" if none."""
    balance = e.colours.count("w") - e.colours.count("b")
    if balance < -1 or e.colours.endswith("bb"):
        return "w"
    if balance > 1 or e.colours.endswith("ww"):
        return "b"
    return ""


def _clash(a: Entrant, b: Entrant) -> bool:
    return _must_have(a) != "" and _must_have(a) == _must_have(b)


def _colours(a: Entrant, b: Entrant, board: int) -> tuple[int, int]:
    """(white, black): equalise colours, then alternate; `a` is the higher-ranked player."""
    balance_a = a.colours.count("w") - a.colours.count("b")
    balance_b = b.colours.count("w") - b.colours.count("b")
    must_a, must_b = _must_have(a), _must_have(b)
    if must_a and must_a != must_b:
        white_a = must_a == "w"
    elif must_b:
        white_a = must_b == "b"
    elif balance_a != balance_b:
        white_a = balance_a < balance_b
    else:
        last_a, last_b = a.colours[-1:], b.colours[-1:]
        if last_a != last_b:
            white_a = last_a == "b" or last_b == "w"
        elif last_a:
            white_a = last_a == "b"
        else:  # first round: the higher-ranked player is white on odd boards
            white_a = board % 2 == 1
    return (a.start_no, b.start_no) if white_a else (b.start_no, a.start_no)
