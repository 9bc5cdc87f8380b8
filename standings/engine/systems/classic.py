"""Classic Swiss systems read from the player's own games: Kashdan, most wins, time of loss.

Source: seed 003 (the overview of tie-breaking in Swiss-system tournaments); choices in
docs/tiebreaks.md, "Classic Swiss systems". No opponent's score is read, so no rule for
unplayed rounds beyond each system's own: Kashdan counts only games over the board, most
wins and time of loss count rounds against a paired opponent, played or forfeited.
"""

from __future__ import annotations

from collections.abc import Callable

from ..catalogue.base import Evaluation, TieBreak
from ..crosstable import Crosstable
from ..notation import Spec
from ..phrases import FIRST_LOSS, KASHDAN, KASHDAN_UNPLAYED, NO_LOSS, WON, Notes, said
from ..result import Contribution
from ..result_codes import FORFEIT_LOSS, FORFEIT_WIN, GAME_POINTS
from ..words import gettext_noop, pgettext

SOURCE = "Classic Swiss tie-break systems"
KASHDAN_POINTS = {1.0: 4, 0.5: 2, 0.0: 1}  # win, draw, loss over the board
WON_AGAINST_OPPONENT = frozenset(c for c, p in GAME_POINTS.items() if p == 1.0) | {FORFEIT_WIN}
LOST_AGAINST_OPPONENT = frozenset(c for c, p in GAME_POINTS.items() if p == 0.0) | {FORFEIT_LOSS}


def kashdan(table: Crosstable, spec: Spec) -> Evaluation:
    """KASH: 4 a win, 2 a draw, 1 a loss over the board; nothing for an unplayed round."""

    otb, codes = table.otb, table.codes

    def earned(i: int, r: int) -> int:
        return KASHDAN_POINTS[GAME_POINTS[codes[i][r]]] if otb[i][r] else 0

    def note(i: int, r: int) -> Notes:
        if not table.over_the_board(i, r):
            return said(KASHDAN_UNPLAYED)
        return said(KASHDAN[GAME_POINTS[table.codes[i][r]]])

    return _per_round(table, earned, note)


def most_wins(table: Crosstable, spec: Spec) -> Evaluation:
    """BAUM: rounds won against a paired opponent, over the board or by forfeit."""

    def won(i: int, r: int) -> int:
        return int(table.codes[i][r] in WON_AGAINST_OPPONENT and table.opponents[i][r] >= 0)

    return _per_round(table, won, lambda i, r: said(WON) if won(i, r) else said())


def _lost(table: Crosstable, i: int, r: int) -> bool:
    return table.codes[i][r] in LOST_AGAINST_OPPONENT and table.opponents[i][r] >= 0


def time_of_loss(table: Crosstable, spec: Spec) -> Evaluation:
    """FLOSS: the round of the first loss to an opponent; rounds + 1 without one."""
    rounds = range(table.rounds)
    values = [
        next((r + 1 for r in rounds if _lost(table, i, r)), table.rounds + 1)
        for i in range(table.size)
    ]

    def explain(i: int) -> tuple[Contribution, ...]:
        first = values[i]
        if first > table.rounds:
            return (Contribution(None, None, first, said(NO_LOSS)),)
        o = table.opponents[i][first - 1]
        return (Contribution(first, table.start_nos[o], first, said(FIRST_LOSS)),)

    return Evaluation(values, explain)


def _per_round(
    table: Crosstable,
    earned: Callable[[int, int], int],
    note: Callable[[int, int], Notes],
) -> Evaluation:
    rounds = range(table.rounds)
    values = [sum(earned(i, r) for r in rounds) for i in range(table.size)]

    def explain(i: int) -> tuple[Contribution, ...]:
        out = []
        for r in rounds:
            o = table.opponents[i][r]
            opponent = table.start_nos[o] if o >= 0 else None
            out.append(Contribution(r + 1, opponent, earned(i, r), note(i, r)))
        return tuple(out)

    return Evaluation(values, explain)


ENTRIES = (
    TieBreak(
        acronym="KASH",
        name=pgettext("tie-break", "Kashdan"),
        source=f"{SOURCE}, Kashdan",
        fide_type="B",
        evaluate=kashdan,
        null="skips group",
    ),
    TieBreak(
        acronym="BAUM",
        name=gettext_noop("Most wins (Baumbach)"),
        source=f"{SOURCE}, Most wins; Chess Scotland Rule Book, item 5",
        fide_type="B",
        evaluate=most_wins,
        null="skips group",
    ),
    TieBreak(
        acronym="FLOSS",
        name=gettext_noop("Time of first loss"),
        source=f"{SOURCE}, Time of loss",
        fide_type="B",
        evaluate=time_of_loss,
        null="skips group",
    ),
)
