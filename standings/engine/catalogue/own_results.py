"""Type B tie-breaks computed from the participant's own record (Art. 4, 7)."""

from __future__ import annotations

from collections.abc import Callable

from ..crosstable import Crosstable
from ..modifiers import Addend, Cut, apply_cuts
from ..notation import Spec
from ..phrases import BOARDS_WON, CUT_FIRST_RUNNING_TOTAL, PENDING_RESULT, RUNNING_SCORE, said
from ..result import Contribution
from ..result_codes import PENDING, WON_CODES
from ..words import gettext_noop
from .base import Evaluation, TieBreak


def points(table: Crosstable, spec: Spec) -> Evaluation:
    """PTS: the score, every round as awarded; a pending game has scored nothing yet."""

    def explain(i: int) -> tuple[Contribution, ...]:
        return tuple(
            Contribution(
                r + 1,
                _opponent(table, i, r),
                table.points[i][r],
                said(PENDING_RESULT) if table.codes[i][r] == PENDING else said(),
            )
            for r in range(table.rounds)
        )

    return Evaluation(list(table.scores), explain)


def _round_counter(
    test: Callable[[Crosstable, int, int], bool],
) -> Callable[[Crosstable, Spec], Evaluation]:
    """An evaluator counting the rounds that pass `test`, each explained as +1."""

    def evaluate(table: Crosstable, spec: Spec) -> Evaluation:
        rng = range(table.rounds)
        values = [sum(1 for r in rng if test(table, i, r)) for i in range(table.size)]

        def explain(i: int) -> tuple[Contribution, ...]:
            return tuple(
                Contribution(r + 1, _opponent(table, i, r), 1) for r in rng if test(table, i, r)
            )

        return Evaluation(values, explain)

    return evaluate


def _win(t: Crosstable, i: int, r: int) -> bool:
    # As many points as a win, with or without playing (Art. 7.1).
    return t.codes[i][r] != PENDING and t.points[i][r] == t.win


def wins(table: Crosstable, spec: Spec) -> Evaluation:
    """WIN: rounds with win points; on game points (teams) the boards won, played or not,
    a bye's boards all won."""
    if table.basis != "GP":
        return _count_wins(table, spec)
    win = table.board_win

    def won(i: int, r: int) -> int:
        return sum(1 for p in table.boards[i][r] or () if p == win)

    values = [sum(won(i, r) for r in range(table.rounds)) for i in range(table.size)]

    def explain(i: int) -> tuple[Contribution, ...]:
        return tuple(
            Contribution(r + 1, _opponent(table, i, r), won(i, r), said(BOARDS_WON))
            for r in range(table.rounds)
            if won(i, r)
        )

    return Evaluation(values, explain)


def _won(t: Crosstable, i: int, r: int) -> bool:
    return t.codes[i][r] in WON_CODES and t.opponents[i][r] >= 0


_count_wins = _round_counter(_win)


def _black_game(t: Crosstable, i: int, r: int) -> bool:
    return t.black[i][r] and t.at_the_board(i, r)


def _won_with_black(t: Crosstable, i: int, r: int) -> bool:
    return t.black[i][r] and _won(t, i, r)


def _elected(t: Crosstable, i: int, r: int) -> bool:
    # Played, or won without playing; requested byes, forfeit losses and absences are not.
    return t.at_the_board(i, r) or _win(t, i, r)


def progressive_scores(table: Crosstable, spec: Spec) -> Evaluation:
    """PS: the sum of the running scores; a cut drops the earliest running totals."""

    def running(i: int) -> tuple[list[Addend], list[Cut]]:
        total = 0.0
        addends = []
        for r in range(table.rounds):
            total += table.points[i][r]
            addends.append(Addend(r + 1, None, r, total))
        kept, cuts = apply_cuts(addends, spec.cut_low, 0, table.rounds, unplayed_exception=False)
        return addends, cuts

    dropped = min(spec.cut_low, table.rounds)
    values: list[float] = []
    for pts in table.points:
        subtotal = total = 0.0
        for r, p in enumerate(pts):
            subtotal += p
            if r >= dropped:
                total += subtotal
        values.append(total)

    def explain(i: int) -> tuple[Contribution, ...]:
        addends, cuts = running(i)
        cut_rounds = {c.addend.round for c in cuts}
        return tuple(
            Contribution(
                a.round,
                None,
                a.amount,
                said(CUT_FIRST_RUNNING_TOTAL) if a.round in cut_rounds else said(RUNNING_SCORE),
                a.round in cut_rounds,
            )
            for a in addends
        )

    return Evaluation(values, explain)


def _opponent(table: Crosstable, i: int, r: int) -> int | None:
    o = table.opponents[i][r]
    return table.start_nos[o] if o >= 0 else None


ENTRIES = (
    TieBreak(
        acronym="PTS",
        name=gettext_noop("Points"),
        article="4",
        fide_type="B",
        evaluate=points,
    ),
    TieBreak(
        acronym="WIN",
        name=gettext_noop("Number of wins"),
        article="7.1",
        fide_type="B",
        evaluate=wins,
    ),
    TieBreak(
        acronym="WON",
        name=gettext_noop("Number of games won"),
        article="7.2",
        fide_type="B",
        evaluate=_round_counter(_won),
    ),
    TieBreak(
        acronym="BPG",
        name=gettext_noop("Number of games played with black"),
        article="7.3",
        fide_type="B",
        evaluate=_round_counter(_black_game),
    ),
    TieBreak(
        acronym="BWG",
        name=gettext_noop("Number of games won with black"),
        article="7.4",
        fide_type="B",
        evaluate=_round_counter(_won_with_black),
    ),
    TieBreak(
        acronym="PS",
        name=gettext_noop("Sum of progressive scores"),
        article="7.5",
        fide_type="B",
        evaluate=progressive_scores,
        modifiers=frozenset({"cut"}),
    ),
    TieBreak(
        acronym="GE",
        name=gettext_noop("Games one elected to play"),
        article="7.6",
        fide_type="B",
        evaluate=_round_counter(_elected),
    ),
)
