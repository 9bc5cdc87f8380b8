"""Buchholz and its relatives (Art. 8, 9.1): sums over the opponents' scores."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from ..crosstable import Crosstable
from ..modifiers import Addend, Cut, apply_cuts
from ..notation import Spec
from ..result import Contribution
from ..unplayed import FORE_NOTE, score_view, virtual_opponent_score
from .base import Evaluation, TieBreak


def opponent_addends(table: Crosstable, fore: bool, weighted: bool) -> list[list[Addend]]:
    """Per participant, one addend per round: the opponent's (or virtual opponent's) score.

    With `weighted` (Sonneborn-Berger) the amount is that score times the points
    the participant was awarded in the round.
    """
    return table.cached(
        ("addends", fore, weighted), lambda: _opponent_addends(table, fore, weighted)
    )


def _opponent_addends(table: Crosstable, fore: bool, weighted: bool) -> list[list[Addend]]:
    view = score_view(table, fore)
    last = table.rounds - 1
    out: list[list[Addend]] = []
    for i in range(table.size):
        row: list[Addend] = []
        opps = table.opponents[i]
        pts = table.points[i]
        games = table.as_game[i]
        for r in range(table.rounds):
            o = opps[r]
            as_game = games[r] or (view.fore and r == last and o >= 0)
            if as_game:
                score = view.adjusted[o]
                note = FORE_NOTE if view.fore and r == last else ""
                exceptional = False
            elif table.predetermined:
                continue  # free round of a round robin: contributes nothing
            else:
                score, note = virtual_opponent_score(table, view, i, r)
                exceptional = table.voluntarily_unplayed(i, r)
            amount = score * pts[r] if weighted else score
            row.append(
                Addend(
                    r + 1, table.start_nos[o] if o >= 0 else None, score, amount, exceptional, note
                )
            )
        out.append(row)
    return out


def _summed(*, fore: bool, weighted: bool):
    def evaluate(table: Crosstable, spec: Spec) -> Evaluation:
        per_participant = opponent_addends(table, fore, weighted)
        if not spec.cut_low and not spec.cut_high:
            values = [sum(a.amount for a in row) for row in per_participant]
            return Evaluation(values, lambda i: _explain(per_participant[i], []))
        results = [
            apply_cuts(row, spec.cut_low, spec.cut_high, table.rounds) for row in per_participant
        ]
        values = [sum(a.amount for a in kept) for kept, _ in results]
        return Evaluation(values, lambda i: _explain(per_participant[i], results[i][1]))

    return evaluate


def _explain(addends: list[Addend], cuts: list[Cut]) -> tuple[Contribution, ...]:
    reasons = {id(c.addend): c.reason for c in cuts}
    out = []
    for a in addends:
        reason = reasons.get(id(a))
        note = "; ".join(x for x in (a.note, reason) if x)
        out.append(Contribution(a.round, a.opponent, a.amount, note, reason is not None))
    return tuple(out)


def buchholz_values(table: Crosstable) -> list[float]:
    return table.cached(
        "bh", lambda: [sum(a.amount for a in row) for row in opponent_addends(table, False, False)]
    )


def average_of_opponents_buchholz(table: Crosstable, spec: Spec) -> Evaluation:
    """AOB: mean Buchholz of the opponents met over the board, to two decimals."""
    bh = buchholz_values(table)
    values: list[float | None] = []
    for i in range(table.size):
        met = [bh[table.opponents[i][r]] for r in range(table.rounds) if table.over_the_board(i, r)]
        values.append(
            round_half_up(Fraction(sum(met)) / len(met), "0.01")  # halves: exact float sum
            if met
            else None
        )

    def explain(i: int) -> tuple[Contribution, ...]:
        return tuple(
            Contribution(
                r + 1,
                table.start_nos[table.opponents[i][r]],
                bh[table.opponents[i][r]],
                "opponent's Buchholz",
            )
            for r in range(table.rounds)
            if table.over_the_board(i, r)
        )

    return Evaluation(values, explain)


def round_half_up(value: Fraction, step: str) -> float:
    """Round an exact value to `step` ("0.01", "1"), halves away from zero."""
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return float(exact.quantize(Decimal(step), rounding=ROUND_HALF_UP))


_CUTS = frozenset({"cut", "median"})
ENTRIES = (
    TieBreak(
        acronym="BH",
        name="Buchholz",
        article="8.1",
        fide_type="C",
        evaluate=_summed(fore=False, weighted=False),
        modifiers=_CUTS,
    ),
    TieBreak(
        acronym="AOB",
        name="Average of opponents' Buchholz",
        article="8.2",
        fide_type="C",
        evaluate=average_of_opponents_buchholz,
    ),
    TieBreak(
        acronym="FB",
        name="Fore Buchholz",
        article="8.3",
        fide_type="D",
        evaluate=_summed(fore=True, weighted=False),
        modifiers=_CUTS,
    ),
    TieBreak(
        acronym="SB",
        name="Sonneborn-Berger",
        article="9.1",
        fide_type="BC",
        evaluate=_summed(fore=False, weighted=True),
        modifiers=_CUTS,
    ),
)
