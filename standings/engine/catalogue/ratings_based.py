"""Rating-based tie-breaks (Art. 10): ARO, TPR, PTP, APRO, APPO.

Only games played over the board count. When any participant is unrated the
values are dropped (null) for everybody, unless the spec rates unrated players
(/U1400). The FIDE conversion tables live in `standings.engine.ratings`.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from ..crosstable import Crosstable
from ..modifiers import cut_positions
from ..notation import Spec
from ..phrases import UNRATED_DROPPED, phrase, said
from ..result import Contribution
from ..result_codes import GAME_POINTS
from ..words import gettext_noop
from .base import Evaluation, TieBreak
from .buchholz import round_half_up

TYPE_CHECKING = False  # typing only for the type checker (see pickled.py)
if TYPE_CHECKING:
    from types import ModuleType


def _ratings_module() -> ModuleType:
    from .. import ratings  # written separately; imported late so the rest works without it

    return ratings


class RatedGames:
    """Per participant the games over the board with the opponent's rating, and which of
    them a spec's cut drops (positions), as plain values."""

    __slots__ = ("ratings", "rounds", "codes", "cuts", "_counted")

    def __init__(self, table: Crosstable, spec: Spec, uncut: RatedGames | None, fill: int) -> None:
        # Per game: the opponent's rating (the fill for an unrated one), which is both the
        # significance and the amount a cut reads, and the game's 0-based round.
        self.ratings: list[list[int]] = []
        self.rounds: list[list[int]] = []
        self.codes = table.codes
        self._counted: list[tuple[list[int], float]] | None = None
        if uncut is not None:  # the same games, other cuts
            self.ratings, self.rounds = uncut.ratings, uncut.rounds
        else:
            ratings = table.ratings
            for otb, opps in zip(table.otb, table.opponents, strict=True):
                games = [r for r in range(table.rounds) if otb[r]]
                self.ratings.append([ratings[opps[r]] or fill for r in games])
                self.rounds.append(games)
        low, high, rounds = spec.cut_low, spec.cut_high, table.rounds
        self.cuts = [cut_positions(rated, rated, [], low, high, rounds) for rated in self.ratings]

    def kept(self, i: int) -> list[int]:
        """Positions of participant i's games that count."""
        cut = self.cuts[i]
        if not cut:
            return list(range(len(self.ratings[i])))
        gone = {k for k, _ in cut}
        return [k for k in range(len(self.ratings[i])) if k not in gone]

    def counted(self) -> list[tuple[list[int], float]]:
        """Per participant the opponents' ratings and the points of the games that count
        (worked out once for ARO, TPR and PTP)."""
        if self._counted is None:
            self._counted = []
            for i, (ratings, rounds, codes) in enumerate(
                zip(self.ratings, self.rounds, self.codes, strict=True)
            ):
                if self.cuts[i]:
                    kept = self.kept(i)
                    ratings, rounds = [ratings[k] for k in kept], [rounds[k] for k in kept]
                self._counted.append((ratings, sum(GAME_POINTS[codes[r]] for r in rounds)))
        return self._counted


def _games(table: Crosstable, spec: Spec) -> RatedGames | None:
    """The rated games and the cuts of `spec`, or None when values are dropped."""
    key = ("rated games", spec.unrated_as, spec.cut_low, spec.cut_high)
    return table.cached(key, lambda: _rated_games(table, spec))


def _rated_games(table: Crosstable, spec: Spec) -> RatedGames | None:
    fill = spec.unrated_as
    if fill is None:
        if any(r is None for r in table.ratings):
            return None
        fill = 0  # never read: every participant is rated
    uncut = None
    if spec.cut_low or spec.cut_high:
        uncut = _games(table, Spec(spec.name, unrated_as=spec.unrated_as))
    return RatedGames(table, spec, uncut, fill)


def _rating_value(kind: str) -> Callable[[Crosstable, Spec], list[int | None]]:
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
    for opp_ratings, score in games.counted():
        if not opp_ratings:
            values.append(None)
        elif kind == "ARO":
            values.append(ratings.average_rating(opp_ratings))
        elif kind == "TPR":
            values.append(ratings.performance_rating(opp_ratings, score))
        else:
            values.append(ratings.perfect_performance(opp_ratings, score))
    return values


def _own_rating_tiebreak(kind: str) -> Callable[[Crosstable, Spec], Evaluation]:
    compute = _rating_value(kind)

    def evaluate(table: Crosstable, spec: Spec) -> Evaluation:
        values = compute(table, spec)
        games = _games(table, spec)

        def explain(i: int) -> tuple[Contribution, ...]:
            if games is None:
                return (Contribution(None, None, None, said(UNRATED_DROPPED)),)
            rated, rounds, codes = games.ratings[i], games.rounds[i], table.codes[i]
            opponents = [table.start_nos[table.opponents[i][r]] for r in rounds]
            out = [
                Contribution(
                    rounds[k] + 1,
                    opponents[k],
                    rated[k],
                    said(phrase("opponent.rating_scored", points=GAME_POINTS[codes[rounds[k]]])),
                )
                for k in games.kept(i)
            ]
            out += [
                Contribution(rounds[k] + 1, opponents[k], rated[k], said(reason), True)
                for k, reason in games.cuts[i]
            ]
            return tuple(sorted(out, key=lambda c: c.round or 0))

        return Evaluation(values, explain)

    return evaluate


def _mean_half_up(values: list[int]) -> int:
    """The mean of whole numbers to a whole number, halves away from zero."""
    total, count = sum(values), len(values)
    if total < 0:
        return int(round_half_up(Fraction(total, count), "1"))
    return (2 * total + count) // (2 * count)


def _average_of_opponents(kind: str) -> Callable[[Crosstable, Spec], Evaluation]:
    compute = _rating_value(kind)

    def evaluate(table: Crosstable, spec: Spec) -> Evaluation:
        base = Spec(kind, unrated_as=spec.unrated_as)
        theirs = compute(table, base)
        values: list[int | None] = []
        for i in range(table.size):
            met = [
                theirs[o] for o, otb in zip(table.opponents[i], table.otb[i], strict=True) if otb
            ]
            rated = [v for v in met if v is not None]
            values.append(_mean_half_up(rated) if rated else None)

        def explain(i: int) -> tuple[Contribution, ...]:
            return tuple(
                Contribution(
                    r + 1,
                    table.start_nos[table.opponents[i][r]],
                    theirs[table.opponents[i][r]],
                    said(phrase("opponent.performance", kind=kind)),
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
        name=gettext_noop("Average rating of opponents"),
        article="10.1",
        fide_type="D",
        evaluate=_own_rating_tiebreak("ARO"),
        modifiers=_CUTS,
    ),
    TieBreak(
        acronym="TPR",
        name=gettext_noop("Tournament performance rating"),
        article="10.2",
        fide_type="DB",
        evaluate=_own_rating_tiebreak("TPR"),
        modifiers=_CUTS,
    ),
    TieBreak(
        acronym="PTP",
        name=gettext_noop("Perfect tournament performance"),
        article="10.3",
        fide_type="DB",
        evaluate=_own_rating_tiebreak("PTP"),
        modifiers=_CUTS,
    ),
    TieBreak(
        acronym="APRO",
        name=gettext_noop("Average performance rating of opponents"),
        article="10.4",
        fide_type="DC",
        evaluate=_average_of_opponents("TPR"),
        modifiers=_UNRATED,
    ),
    TieBreak(
        acronym="APPO",
        name=gettext_noop("Average perfect performance of opponents"),
        article="10.5",
        fide_type="DC",
        evaluate=_average_of_opponents("PTP"),
        modifiers=_UNRATED,
    ),
)
