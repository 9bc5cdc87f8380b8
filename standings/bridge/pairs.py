"""Section 4: a pairs stage (README R19-R21).

Stage score = the sum of session scores. Ties: best single session, best two sessions,
then match points against the highest-ranked opponents every tied pair met. Whatever a
step leaves level starts the procedure again for those pairs only (R21).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from fractions import Fraction

from .model import PairsEvent
from .numbers import round2
from .ordering import Blocks, Group, Ordering, Step, then_each

SCORE = Step("", "score", decimals=2)
BEST_SESSION = Step("4", "best_session", decimals=2)
BEST_TWO = Step("4", "best_two_sessions", decimals=2)


class PairsTies:
    def __init__(self, event: PairsEvent, ordering: Ordering) -> None:
        self.ordering = ordering
        self.names = {pair.id: pair.name for pair in event.pairs}
        self.sessions: dict[int, list[Fraction]] = defaultdict(list)
        for session in event.sessions:
            for pair, score in session.scores.items():
                self.sessions[pair].append(score)
        self.score = {p.id: round2(sum(self.sessions[p.id], Fraction(0))) for p in event.pairs}
        self.against: dict[tuple[int, int], Fraction] = defaultdict(Fraction)
        for session in event.sessions:
            for met in session.encounters:
                self.against[met.ns, met.ew] += met.mps[0]
                self.against[met.ew, met.ns] += met.mps[1]
        self.opponents: dict[int, set[int]] = defaultdict(set)
        for one, other in self.against:
            self.opponents[one].add(other)

    def best(self, pair: int, sessions: int) -> Fraction:
        return round2(sum(sorted(self.sessions[pair], reverse=True)[:sessions], Fraction(0)))

    def level(self, group: Group) -> Blocks:
        parts = self.ordering.first_split(
            group,
            (
                (BEST_SESSION, lambda p: self.best(p, 1)),
                (BEST_TWO, lambda p: self.best(p, 2)),
            ),
        ) or self._common_opponents(group)
        return then_each(parts, self.level) if parts else [group]

    def _common_opponents(self, group: Group) -> Blocks | None:
        """The first level of common opponents (equal stage scores) on which match points differ."""
        common = set.intersection(*(self.opponents[pair] for pair in group))
        for score in sorted({self.score[o] for o in common}, reverse=True):
            level = sorted(o for o in common if self.score[o] == score)
            step = Step("4", "common_opponents", about=tuple(self.names[o] for o in level))
            parts = self.ordering.split(group, step, self._against(level))
            if parts:
                return parts
        return None

    def _against(self, opponents: list[int]) -> Callable[[int], Fraction]:
        """Match points a pair scored against these opponents over the whole stage."""
        return lambda pair: sum((self.against[pair, o] for o in opponents), Fraction(0))
