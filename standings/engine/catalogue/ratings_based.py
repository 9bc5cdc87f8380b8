"""Rating-based tie-breaks (Art. 10): ARO, TPR, PTP, APRO, APPO.

Only games played over the board count. When any participant is unrated the
values are dropped (null) for everybody, unless the spec rates unrated players
(/U1400). The FIDE conversion tables live in `standings.engine.ratings`.
"""

from __future__ import annotations

from fractions import Fraction

from ..crosstable import Crosstable
from ..modifiers import Addend, apply_cuts
from ..notation import Spec
from ..result import Contribution
from ..result_codes import GAME_POINTS
from .base import Evaluation, TieBreak
from .buchholz import round_half_up


def _ratings_module():
    from .. import ratings  # written separately; imported late so the rest works without it

    return ratings


def _games(table: Crosstable, spec: Spec) -> list[tuple[list[Addend], list]] | None:
    """Per participant the rated games kept after cuts, or None when values are dropped."""
    key = ("rated games", spec.unrated_as, spec.cut_low, spec.cut_high)
    return table.cached(key, lambda: _rated_games(table, spec))


def _rated_games(table: Crosstable, spec: Spec):
    fill = spec.unrated_as
    if fill is None and any(r is None for r in table.ratings):
        return None
    out = []
    for i in range(table.size):
        addends = []
        for r in range(table.rounds):
            if table.over_the_board(i, r):
                o = table.opponents[i][r]
                rating = table.ratings[o]
                if rating is None:
                    assert fill is not None  # without one, an unrated field returned above
                    rating = fill
                addends.append(
                    Addend(r + 1, table.start_nos[o], rating, rating, note=table.codes[i][r])
                )
        out.append(
            apply_cuts(addends, spec.cut_low, spec.cut_high, table.rounds, unplayed_exception=False)
        )
    return out


def _rating_value(kind: str):
    def compute(table: Crosstable, spec: Spec) -> list[int | None]:
        key = ("rating value", kind, spec.unrated_as, spec.cut_low, spec.cut_high)
        return table.cached(key, lambda: _compute(table, spec, kind))

    return compute


def _compute(table: Crosstable, spec: Spec, kind: str) -> list[int | None]:
    games = _games(table, spec)
    if games is None:
        return [None] * table.size
    ratings = _ratings_module()
    values: list[int | None] = []
    for kept, _ in games:
        if not kept:
            values.append(None)
            continue
        opp_ratings = [int(a.amount) for a in kept]
        score = sum(GAME_POINTS[a.note] for a in kept)
        if kind == "ARO":
            values.append(ratings.average_rating(opp_ratings))
        elif kind == "TPR":
            values.append(ratings.performance_rating(opp_ratings, score))
        else:
            values.append(ratings.perfect_performance(opp_ratings, score))
    return values


def _own_rating_tiebreak(kind: str):
    compute = _rating_value(kind)

    def evaluate(table: Crosstable, spec: Spec) -> Evaluation:
        values = compute(table, spec)
        games = _games(table, spec)

        def explain(i: int) -> tuple[Contribution, ...]:
            if games is None:
                return (Contribution(None, None, None, "dropped: unrated participants (Art. 10)"),)
            kept, cuts = games[i]
            out = [
                Contribution(
                    a.round,
                    a.opponent,
                    a.amount,
                    f"opponent's rating, scored {GAME_POINTS[a.note]:g}",
                )
                for a in kept
            ]
            out += [
                Contribution(c.addend.round, c.addend.opponent, c.addend.amount, c.reason, True)
                for c in cuts
            ]
            return tuple(sorted(out, key=lambda c: c.round or 0))

        return Evaluation(values, explain)

    return evaluate


def _average_of_opponents(kind: str):
    compute = _rating_value(kind)

    def evaluate(table: Crosstable, spec: Spec) -> Evaluation:
        base = Spec(kind, unrated_as=spec.unrated_as)
        theirs = compute(table, base)
        values: list[int | None] = []
        for i in range(table.size):
            met = [
                theirs[table.opponents[i][r]]
                for r in range(table.rounds)
                if table.over_the_board(i, r)
            ]
            met = [v for v in met if v is not None]
            values.append(int(round_half_up(Fraction(sum(met), len(met)), "1")) if met else None)

        def explain(i: int) -> tuple[Contribution, ...]:
            return tuple(
                Contribution(
                    r + 1,
                    table.start_nos[table.opponents[i][r]],
                    theirs[table.opponents[i][r]],
                    f"opponent's {kind}",
                )
                for r in range(table.rounds)
                if table.over_the_board(i, r)
            )

        return Evaluation(values, explain)

    return evaluate


_CUTS = frozenset({"cut", "median", "unrated"})
_UNRATED = frozenset({"unrated"})
ENTRIES = (
    TieBreak(
        acronym="ARO",
        name="Average rating of opponents",
        article="10.1",
        fide_type="D",
        evaluate=_own_rating_tiebreak("ARO"),
        modifiers=_CUTS,
    ),
    TieBreak(
        acronym="TPR",
        name="Tournament performance rating",
        article="10.2",
        fide_type="DB",
        evaluate=_own_rating_tiebreak("TPR"),
        modifiers=_CUTS,
    ),
    TieBreak(
        acronym="PTP",
        name="Perfect tournament performance",
        article="10.3",
        fide_type="DB",
        evaluate=_own_rating_tiebreak("PTP"),
        modifiers=_CUTS,
    ),
    TieBreak(
        acronym="APRO",
        name="Average performance rating of opponents",
        article="10.4",
        fide_type="DC",
        evaluate=_average_of_opponents("TPR"),
        modifiers=_UNRATED,
    ),
    TieBreak(
        acronym="APPO",
        name="Average perfect performance of opponents",
        article="10.5",
        fide_type="DC",
        evaluate=_average_of_opponents("PTP"),
        modifiers=_UNRATED,
    ),
)
