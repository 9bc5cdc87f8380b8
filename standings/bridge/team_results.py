"""What sections 1 and 3 compare, computed once from a team event's matches.

Readings: a team's VP total is the exact sum rounded (R1); teams that met more than once
are compared on all their matches summed (R2); quotients count every match of the team
(R3), byes none (R5); relations compare rounded head-to-head VPs of matches played (R7).

Sums are kept as integers in units of 1/`scale` (the common denominator of the file's
numbers, usually 1 or 100): exact like Fractions, and ten times faster to add up.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from .model import TeamsEvent
from .numbers import INFINITE, Quotient


@dataclass
class HeadToHead:
    """What one team scored against one opponent, all their matches summed (in 1/scale)."""

    imps: int = 0
    points: int = 0
    vps: int = 0


NEVER_MET = HeadToHead()


@dataclass
class TeamResults:
    scale: int
    vps: dict[int, Fraction] = field(default_factory=dict)
    imps_won: dict[int, int] = field(default_factory=lambda: defaultdict(int))
    imps_lost: dict[int, int] = field(default_factory=lambda: defaultdict(int))
    points_won: dict[int, int] = field(default_factory=lambda: defaultdict(int))
    points_lost: dict[int, int] = field(default_factory=lambda: defaultdict(int))
    opponents: dict[int, list[int]] = field(default_factory=lambda: defaultdict(list))
    against: dict[tuple[int, int], HeadToHead] = field(default_factory=dict)

    @classmethod
    def of(cls, event: TeamsEvent) -> TeamResults:
        numbers = [x for m in event.matches for x in (*m.imps, *m.vps, *m.points)]
        scale = math.lcm(1, *{x.denominator for x in numbers})
        results = cls(scale)
        exact = dict.fromkeys((team.id for team in event.teams), 0)

        def units(value: Fraction) -> int:
            return value.numerator * (scale // value.denominator)

        for match in event.matches:
            exact[match.home] += units(match.vps[0])
            if match.away is None:
                continue  # a bye: its VPs and nothing else (R5)
            exact[match.away] += units(match.vps[1])
            imps = (units(match.imps[0]), units(match.imps[1]))
            points = (units(match.points[0]), units(match.points[1]))
            vps = (units(match.vps[0]), units(match.vps[1]))
            for us, them, side in ((match.home, match.away, 0), (match.away, match.home, 1)):
                results.imps_won[us] += imps[side]
                results.imps_lost[us] += imps[1 - side]
                results.points_won[us] += points[side]
                results.points_lost[us] += points[1 - side]
                results.opponents[us].append(them)
                record = results.against.get((us, them))
                if record is None:
                    record = results.against[us, them] = HeadToHead()
                record.imps += imps[side]
                record.points += points[side]
                record.vps += vps[side]
        results.vps = {team: results.published(total) for team, total in exact.items()}
        return results

    def published(self, units: int) -> Fraction:
        """A sum of VPs as published: rounded half away from zero to 2 decimals (R1)."""
        hundredths = (2 * 100 * abs(units) + self.scale) // (2 * self.scale)
        return Fraction(hundredths if units >= 0 else -hundredths, 100)

    def imp_quotient(self, team: int) -> Quotient:
        lost = self.imps_lost[team]
        return INFINITE if lost == 0 else Fraction(self.imps_won[team], lost)

    def point_quotient(self, team: int) -> Quotient:
        lost = self.points_lost[team]
        return INFINITE if lost == 0 else Fraction(self.points_won[team], lost)

    def swiss_points(self, team: int) -> Fraction:
        """The published VP totals of every opponent met, one met twice counted twice (R16)."""
        return sum((self.vps[opponent] for opponent in self.opponents[team]), Fraction(0))

    def met(self, one: int, other: int) -> bool:
        return (one, other) in self.against

    def beat(self, one: int, other: int) -> bool:
        return self.met(one, other) and self.vps_against(one, other) > self.vps_against(other, one)

    def drew(self, one: int, other: int) -> bool:
        return self.met(one, other) and self.vps_against(one, other) == self.vps_against(other, one)

    def vps_against(self, one: int, other: int) -> Fraction:
        return self.published(self.against[one, other].vps)

    def imps_against(self, one: int, others: Sequence[int]) -> Fraction:
        return self._sum(self._record(one, o).imps for o in others if o != one)

    def points_against(self, one: int, others: Sequence[int]) -> Fraction:
        return self._sum(self._record(one, o).points for o in others if o != one)

    def net_imps_among(self, one: int, group: Sequence[int]) -> Fraction:
        """IMPs won minus IMPs lost in the matches against the others of the group."""
        return self._sum(
            self._record(one, o).imps - self._record(o, one).imps for o in group if o != one
        )

    def net_points_among(self, one: int, group: Sequence[int]) -> Fraction:
        return self._sum(
            self._record(one, o).points - self._record(o, one).points for o in group if o != one
        )

    def beat_all(self, one: int, group: Sequence[int]) -> bool:
        return all(self.beat(one, other) for other in group if other != one)

    def beaten_by_all(self, one: int, group: Sequence[int]) -> bool:
        return all(self.beat(other, one) for other in group if other != one)

    def tied_one_beat_rest(self, one: int, group: Sequence[int]) -> bool:
        """Drew with exactly one of the others and beat all the rest (1.2c, 1.3b, R11)."""
        others = [other for other in group if other != one]
        drawn = [other for other in others if self.drew(one, other)]
        return len(drawn) == 1 and all(self.beat(one, o) for o in others if o not in drawn)

    def _record(self, one: int, other: int) -> HeadToHead:
        return self.against.get((one, other), NEVER_MET)

    def _sum(self, units: Iterable[int]) -> Fraction:
        return Fraction(sum(units), self.scale)
