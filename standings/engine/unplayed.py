"""Unplayed rounds (Art. 15-16), shared by the tie-breaks built on opponents' scores.

- Round robins (Art. 15.2): a forfeit counts as a game against the real opponent;
  a round without opponent (the free round of an odd field) contributes nothing.
- Swiss, for the opponents' sake (16.3): a round without opponent after the last
  round the participant was available to play counts as a draw; every other round
  counts as awarded.
- Swiss, for the participant's own value (16.4): each unplayed round is a game
  against a virtual opponent with the participant's own score. The 2026 edition
  caps that score: after a forfeit, at the real opponent's adjusted score; in a
  round without opponent, at half the maximum (draw points x rounds considered).
- Fore Buchholz (8.3): every game paired in the event's final round is taken as
  a draw, and as played.
"""

from __future__ import annotations

from dataclasses import dataclass

from .crosstable import Crosstable
from .phrases import VIRTUAL_OPPONENT, VIRTUAL_OPPONENT_CAPPED, Phrase


@dataclass(frozen=True, slots=True)
class ScoreView:
    """Scores seen by opponent-based tie-breaks, plain (BH, SB) or fore (FB)."""

    own: list[float]  # the participant's score for their virtual opponents
    adjusted: list[float]  # the participant's score as their opponents see it (16.3)
    round_points: list[list[float]]  # points per round, final round drawn in fore view
    fore: bool


def score_view(table: Crosstable, fore: bool) -> ScoreView:
    """Plain or fore scores, computed once per crosstable."""
    return table.cached(("scores", fore), lambda: _score_view(table, fore))


def _score_view(table: Crosstable, fore: bool) -> ScoreView:
    fore = fore and table.final_round_in_view
    n = table.rounds
    own: list[float] = []
    adjusted: list[float] = []
    round_points: list[list[float]] = []
    for i in range(table.size):
        pts = table.points[i]
        last_available = _last_available_round(table, i)
        if fore and table.last_paired_round(i) == n:
            last_available = n
            if table.opponents[i][n - 1] >= 0:
                pts = pts[:-1] + [table.draw]
        if table.predetermined:
            # Round robins: nothing to adjust beyond the rounds without opponent.
            tail = 0.0
        else:
            tail = table.draw
        total = 0.0
        for r in range(n):
            if r < last_available or table.opponents[i][r] >= 0:
                total += pts[r]
            else:
                total += tail
        own.append(sum(pts))
        adjusted.append(total)
        round_points.append(pts)
    return ScoreView(own, adjusted, round_points, fore)


def _last_available_round(table: Crosstable, i: int) -> int:
    """1-based last round played, pending, or won without playing (Art. 16.1.2)."""
    for r in range(table.rounds - 1, -1, -1):
        if not table.voluntarily_unplayed(i, r):
            return r + 1
    return 0


def virtual_opponent_score(
    table: Crosstable, view: ScoreView, i: int, r: int
) -> tuple[float, Phrase]:
    """The score of the virtual opponent standing in for round r (0-based) of participant i."""
    score = view.own[i]
    if table.edition == "2024":
        return score, VIRTUAL_OPPONENT
    opp = table.opponents[i][r]
    cap = view.adjusted[opp] if opp >= 0 else table.draw * table.rounds
    if cap < score:
        return cap, VIRTUAL_OPPONENT_CAPPED
    return score, VIRTUAL_OPPONENT
