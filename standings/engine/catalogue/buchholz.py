"""Buchholz and its relatives (Art. 8, 9.1): sums over the opponents' scores."""

from __future__ import annotations

from collections.abc import Callable
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from ..crosstable import Crosstable
from ..modifiers import Addend, Cut, cut_positions
from ..notation import Spec
from ..phrases import FORE_FINAL_ROUND_DRAW, OPPONENT_BUCHHOLZ, Phrase, said
from ..result import Contribution
from ..unplayed import score_view, virtual_opponent_score
from ..words import gettext_noop, pgettext
from .base import Evaluation, TieBreak


class OpponentRows:
    """Per participant, one term per round: the opponent's (or virtual opponent's) score,
    as plain values that every Buchholz-like tie-break of a crosstable shares (Addend
    objects are only made for an explanation).

    `scores` is each term's significance; `amounts` what it adds: the score itself (the
    same lists) or, with `weighted` (Sonneborn-Berger), the score times the points the
    participant was awarded in the round.
    """

    __slots__ = ("scores", "amounts", "rounds", "notes", "exceptional", "totals", "_orders")

    def __init__(self, table: Crosstable, fore: bool, weighted: bool) -> None:
        self.scores: list[list[float]] = []
        self.rounds: list[list[int]] = []  # 0-based round of each term
        self.notes: list[list[Phrase | None]] = []
        self.exceptional: list[list[int]] = []  # positions of Art. 16.5's terms
        if weighted:
            # The same terms as Buchholz's, each amount times the round's points.
            plain = opponent_rows(table, fore, False)
            self.scores, self.rounds = plain.scores, plain.rounds
            self.notes, self.exceptional = plain.notes, plain.exceptional
            self.amounts = [
                [score * pts[r] for score, r in zip(scores, rounds, strict=True)]
                for scores, rounds, pts in zip(self.scores, self.rounds, table.points, strict=True)
            ]
        else:
            self._terms(table, fore)
            self.amounts = self.scores
        self.totals = [sum(amounts) for amounts in self.amounts]
        self._orders: list[list[int]] | None = None

    def orders(self) -> list[list[int]]:
        """Per participant the positions of the terms sorted by (significance, amount),
        stably: shared by every cut of these terms."""
        if self._orders is None:
            if self.amounts is self.scores:  # the score alone orders them
                self._orders = [
                    sorted(range(len(scores)), key=scores.__getitem__) for scores in self.scores
                ]
            else:
                self._orders = []
                for scores, amounts in zip(self.scores, self.amounts, strict=True):
                    keys = list(zip(scores, amounts, strict=True))
                    self._orders.append(sorted(range(len(keys)), key=keys.__getitem__))
        return self._orders

    def _terms(self, table: Crosstable, fore: bool) -> None:
        view = score_view(table, fore)
        last = table.rounds - 1
        adjusted, predetermined = view.adjusted, table.predetermined
        fore_last = last if view.fore else -1
        for i in range(table.size):
            scores: list[float] = []
            rounds: list[int] = []
            notes: list[Phrase | None] = []
            exceptional: list[int] = []
            opps = table.opponents[i]
            games = table.as_game[i]
            for r in range(table.rounds):
                o = opps[r]
                if games[r] or (r == fore_last and o >= 0):
                    score = adjusted[o]
                    note = FORE_FINAL_ROUND_DRAW if r == fore_last else None
                elif predetermined:
                    continue  # free round of a round robin: contributes nothing
                else:
                    score, note = virtual_opponent_score(table, view, i, r)
                    if table.voluntarily_unplayed(i, r):
                        exceptional.append(len(scores))
                scores.append(score)
                rounds.append(r)
                notes.append(note)
            self.scores.append(scores)
            self.rounds.append(rounds)
            self.notes.append(notes)
            self.exceptional.append(exceptional)

    def addends(self, table: Crosstable, i: int) -> list[Addend]:
        exceptional = set(self.exceptional[i])
        opps, start_nos = table.opponents[i], table.start_nos
        return [
            Addend(
                r + 1,
                start_nos[opps[r]] if opps[r] >= 0 else None,
                score,
                amount,
                k in exceptional,
                note,
            )
            for k, (score, amount, r, note) in enumerate(
                zip(self.scores[i], self.amounts[i], self.rounds[i], self.notes[i], strict=True)
            )
        ]


def opponent_rows(table: Crosstable, fore: bool, weighted: bool) -> OpponentRows:
    return table.cached(("addends", fore, weighted), lambda: OpponentRows(table, fore, weighted))


def _summed(*, fore: bool, weighted: bool) -> Callable[[Crosstable, Spec], Evaluation]:
    def evaluate(table: Crosstable, spec: Spec) -> Evaluation:
        rows = opponent_rows(table, fore, weighted)
        if not spec.cut_low and not spec.cut_high:
            return Evaluation(rows.totals, lambda i: _explain(rows.addends(table, i), []))
        low, high, rounds = spec.cut_low, spec.cut_high, table.rounds
        orders = rows.orders()

        def cuts(i: int) -> list[tuple[int, Phrase]]:
            # Worked out again for an explanation rather than kept for every participant.
            return cut_positions(
                rows.scores[i], rows.amounts[i], rows.exceptional[i], low, high, rounds, orders[i]
            )

        values = []
        for i, kept in enumerate(rows.amounts):
            amounts = kept[:]
            for k, _ in cuts(i):
                amounts[k] = 0.0  # adds nothing: the same sum as the kept terms' in order
            values.append(sum(amounts))

        def explain(i: int) -> tuple[Contribution, ...]:
            addends = rows.addends(table, i)
            return _explain(addends, [Cut(addends[k], reason) for k, reason in cuts(i)])

        return Evaluation(values, explain)

    return evaluate


def _explain(addends: list[Addend], cuts: list[Cut]) -> tuple[Contribution, ...]:
    reasons = {id(c.addend): c.reason for c in cuts}
    out = []
    for a in addends:
        reason = reasons.get(id(a))
        notes = said(*(x for x in (a.note, reason) if x is not None))
        out.append(Contribution(a.round, a.opponent, a.amount, notes, reason is not None))
    return tuple(out)


def buchholz_values(table: Crosstable) -> list[float]:
    return opponent_rows(table, False, False).totals


def average_of_opponents_buchholz(table: Crosstable, spec: Spec) -> Evaluation:
    """AOB: mean Buchholz of the opponents met over the board, to two decimals."""
    bh = buchholz_values(table)
    values: list[float | None] = []
    for i in range(table.size):
        met = [bh[o] for o, otb in zip(table.opponents[i], table.otb[i], strict=True) if otb]
        values.append(mean_to_hundredths(sum(met), len(met)) if met else None)

    def explain(i: int) -> tuple[Contribution, ...]:
        return tuple(
            Contribution(
                r + 1,
                table.start_nos[table.opponents[i][r]],
                bh[table.opponents[i][r]],
                said(OPPONENT_BUCHHOLZ),
            )
            for r in range(table.rounds)
            if table.over_the_board(i, r)
        )

    return Evaluation(values, explain)


def mean_to_hundredths(total: float, count: int) -> float:
    """total / count to two decimals, halves up, exactly (total: a float sum of halves)."""
    num, den = total.as_integer_ratio()
    if num < 0:
        return round_half_up(Fraction(num, den) / count, "0.01")
    # floor(100 x + 1/2) in integers; int / 100 is the float nearest the decimal.
    return (200 * num + den * count) // (2 * den * count) / 100


def round_half_up(value: Fraction, step: str) -> float:
    """Round an exact value to `step` ("0.01", "1"), halves away from zero."""
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return float(exact.quantize(Decimal(step), rounding=ROUND_HALF_UP))


_CUTS = frozenset({"cut", "median"})
ENTRIES = (
    TieBreak(
        acronym="BH",
        name=pgettext("tie-break", "Buchholz"),
        article="8.1",
        fide_type="C",
        evaluate=_summed(fore=False, weighted=False),
        modifiers=_CUTS,
    ),
    TieBreak(
        acronym="AOB",
        name=gettext_noop("Average of opponents' Buchholz"),
        article="8.2",
        fide_type="C",
        evaluate=average_of_opponents_buchholz,
    ),
    TieBreak(
        acronym="FB",
        name=gettext_noop("Fore Buchholz"),
        article="8.3",
        fide_type="D",
        evaluate=_summed(fore=True, weighted=False),
        modifiers=_CUTS,
    ),
    TieBreak(
        acronym="SB",
        name=pgettext("tie-break", "Sonneborn-Berger"),
        article="9.1",
        fide_type="BC",
        evaluate=_summed(fore=False, weighted=True),
        modifiers=_CUTS,
    ),
)
