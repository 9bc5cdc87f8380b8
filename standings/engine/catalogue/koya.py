"""Koya system (Art. 9.2) with the Limit modifier (Art. 14.5)."""

from __future__ import annotations

from ..crosstable import Crosstable
from ..notation import Spec
from ..phrases import phrase, said
from ..result import Contribution
from ..words import gettext_noop
from .base import Evaluation, TieBreak


def koya_limit(table: Crosstable, shift: float = 0.0) -> float:
    """Half the maximum score, the maximum reduced in round robins for free rounds.

    In an odd round robin every complete cycle gives each participant one free
    round, and a participant never paired removes one game from everybody's total.
    """
    games = table.rounds
    if table.predetermined:
        if table.size and table.rounds % table.size == 0:
            games -= table.rounds // table.size
        games -= sum(1 for i in range(table.size) if table.last_paired_round(i) == 0)
    return table.win * games / 2 + shift


def koya(table: Crosstable, spec: Spec) -> Evaluation:
    """KS: points scored in paired rounds against opponents at or above the limit."""
    limit = koya_limit(table, spec.limit_shift)
    scores = table.scores
    values = []
    for i in range(table.size):
        opps, pts = table.opponents[i], table.points[i]
        values.append(
            sum(pts[r] for r in range(table.rounds) if opps[r] >= 0 and scores[opps[r]] >= limit)
        )

    def explain(i: int) -> tuple[Contribution, ...]:
        out = []
        for r in range(table.rounds):
            o = table.opponents[i][r]
            if o < 0:
                continue
            below = scores[o] < limit
            notes = said(phrase("koya.below_limit" if below else "koya.limit", limit=float(limit)))
            out.append(Contribution(r + 1, table.start_nos[o], table.points[i][r], notes, below))
        return tuple(out)

    return Evaluation(values, explain)


ENTRIES = (
    TieBreak(
        acronym="KS",
        name=gettext_noop("Koya system"),
        article="9.2",
        fide_type="BC",
        evaluate=koya,
        modifiers=frozenset({"limit"}),
    ),
)
