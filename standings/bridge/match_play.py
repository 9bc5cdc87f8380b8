"""A teams match scored board by board: each board's IMPs, and the match's running totals.

The home team sits North-South in the open room and East-West in the closed room, so on a
board it scored the open room's North-South score and the negative of the closed room's;
the difference is turned into IMPs on the WBF scale (imps.py). A board counts once both
rooms are in; until then it is shown, not counted.

    play = match_play(results, boards=16)
    play.imps       (Fraction(23), Fraction(11))  home's and away's IMPs so far
    play.points     (3110, 2420)                  total points each side scored so far
    play.played     7                             boards with both rooms in
    play.complete   False                         all 16 are in
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from .imps import board_imps
from .model import BoardResult, DrawnMatch, Pair


@dataclass(frozen=True)
class BoardPlay:
    """One board of a match as the pages show it: home's IMPs on it (negative when away
    won it), None until both rooms are in."""

    result: BoardResult

    @property
    def home_imps(self) -> int | None:
        if self.result.open is None or self.result.closed is None:
            return None
        return board_imps(self.result.open.ns, self.result.closed.ns)

    @property
    def points(self) -> tuple[int, int]:
        """The points each side scored on the board, in the rooms played so far."""
        home = away = 0
        if self.result.open is not None:  # home sits North-South
            home += max(self.result.open.ns, 0)
            away += max(-self.result.open.ns, 0)
        if self.result.closed is not None:  # home sits East-West
            home += max(-self.result.closed.ns, 0)
            away += max(self.result.closed.ns, 0)
        return home, away


@dataclass(frozen=True)
class MatchPlay:
    boards: tuple[BoardPlay, ...]  # in board order
    planned: int  # the match's boards

    @property
    def counted(self) -> tuple[BoardPlay, ...]:
        return tuple(b for b in self.boards if b.home_imps is not None)

    @property
    def played(self) -> int:
        return len(self.counted)

    @property
    def complete(self) -> bool:
        numbers = {b.result.board for b in self.counted}
        return numbers >= set(range(1, self.planned + 1))

    @property
    def imps(self) -> Pair:
        won = [b.home_imps or 0 for b in self.counted]
        return Fraction(sum(i for i in won if i > 0)), Fraction(-sum(i for i in won if i < 0))

    @property
    def points(self) -> tuple[int, int]:
        scored = [b.points for b in self.counted]
        return sum(h for h, _ in scored), sum(a for _, a in scored)


def match_play(results: Iterable[BoardResult], *, boards: int) -> MatchPlay:
    """The match's boards (of one match: the caller picks them) and its totals so far."""
    ordered = sorted(results, key=lambda r: r.board)
    return MatchPlay(tuple(BoardPlay(r) for r in ordered), boards)


def boards_of(results: Iterable[BoardResult], drawn: DrawnMatch) -> list[BoardResult]:
    """The board results of one drawn match."""
    return [
        r for r in results if (r.round, r.home, r.away) == (drawn.round, drawn.home, drawn.away)
    ]
