"""Section 5: a board-a-match stage (README R22-R26).

Stage score = carryover + BAM points of the stage. Ties: a) score without carryover,
b) average of the opponents' final scores, c) weighted average, d) direct matches when
all the tied teams met, e) net points on the boards they all played. Whatever a step
leaves level starts again for those teams only (R21).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from fractions import Fraction

from .model import BamEvent
from .numbers import mean, round2
from .ordering import Blocks, Group, Ordering, Step, then_each

SCORE = Step("", "score", decimals=2)
STAGE_ONLY = Step("5a", "score_without_carryover", decimals=2)
SWISS_POINTS = Step("5b", "opponents_average", decimals=3)
WEIGHTED = Step("5c", "weighted_average", decimals=3)
DIRECT = Step("5d", "direct_match")
COMMON_BOARDS = Step("5e", "common_boards")


class BamTies:
    def __init__(self, event: BamEvent, ordering: Ordering) -> None:
        self.ordering = ordering
        self.stage_only: dict[int, Fraction] = {team.id: Fraction(0) for team in event.teams}
        # per team: (opponent, BAM points won) for each match; (board -> net points)
        self.matches: dict[int, list[tuple[int, Fraction]]] = defaultdict(list)
        self.boards: dict[int, dict[int, Fraction]] = defaultdict(dict)
        self.direct: dict[tuple[int, int], Fraction] = defaultdict(Fraction)
        for match in event.matches:
            for us, them, side in ((match.home, match.away, 0), (match.away, match.home, 1)):
                self.stage_only[us] += match.bam[side]
                self.matches[us].append((them, match.bam[side]))
                self.direct[us, them] += match.bam[side]
                for board in match.boards:
                    self.boards[us][board.board] = board.points[side] - board.points[1 - side]
        self.score = {t.id: round2(t.carryover + self.stage_only[t.id]) for t in event.teams}

    def level(self, group: Group) -> Blocks:
        parts = self.ordering.first_split(
            group,
            (
                (STAGE_ONLY, lambda t: round2(self.stage_only[t])),
                (SWISS_POINTS, self._opponents_average),
                (WEIGHTED, self._weighted_average),
                (DIRECT, self._direct_key(group)),
                (COMMON_BOARDS, self._common_boards_key(group)),
            ),
        )
        return then_each(parts, self.level) if parts else [group]

    def _opponents_average(self, team: int) -> Fraction:
        return mean([self.score[opponent] for opponent, _ in self.matches[team]])

    def _weighted_average(self, team: int) -> Fraction:
        return mean([won * self.score[opponent] for opponent, won in self.matches[team]])

    def _direct_key(self, group: Group) -> Callable[[int], Fraction | int]:
        everyone_met = all((a, b) in self.direct for a in group for b in group if a != b)
        if not everyone_met:
            return lambda team: 0  # R25: skipped unless every two of them met
        return lambda team: sum((self.direct[team, o] for o in group if o != team), Fraction(0))

    def _common_boards_key(self, group: Group) -> Callable[[int], Fraction]:
        common = set.intersection(*(set(self.boards[team]) for team in group))
        return lambda team: sum((self.boards[team][b] for b in common), Fraction(0))
