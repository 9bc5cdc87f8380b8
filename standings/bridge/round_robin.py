"""Section 1: teams level on VPs at the end of a round robin (README R8-R14).

1.1 two teams, 1.2 three (a-d, then "in all other cases"), 1.3 four or more; what a step
leaves level goes where the text sends it: two teams to 1.1, three to 1.2 (R10, R13).
"""

from __future__ import annotations

from .ordering import Blocks, Group, Ordering, Step, then_each, unique_loser, unique_winner
from .team_results import TeamResults

S11A = Step("1.1a", "imp_quotient", decimals=3)
S11B = Step("1.1b", "match_imps")
S11C = Step("1.1c", "match_points")
S11D = Step("1.1d", "point_quotient", decimals=3)
S12A = Step("1.2a", "imp_quotient", decimals=3)
S12B = Step("1.2b", "beat_both", relation=True)
S12C = Step("1.2c", "beat_one_tied_one", relation=True)
S12D = Step("1.2d", "beaten_by_both", relation=True)
S12E = Step("1.2", "net_imps")
S12F = Step("1.2", "net_points")
S12G = Step("1.2", "point_quotient", decimals=3)
S13A = Step("1.3a", "imp_quotient", decimals=3)
S13B = Step("1.3b", "beat_all", relation=True)
S13B_TIED = Step("1.3b", "tied_one_beat_all", relation=True)
S13C = Step("1.3c", "point_quotient", decimals=3)


class RoundRobinTies:
    def __init__(self, results: TeamResults, ordering: Ordering) -> None:
        self.results = results
        self.ordering = ordering

    def level(self, group: Group) -> Blocks:
        """Teams level on VPs, in order; a block of several is a play-off."""
        if len(group) == 2:
            return self.two(group)
        if len(group) == 3:
            return self.three(group)
        return self.four_or_more(group)

    def two(self, group: Group) -> Blocks:
        """1.1: a-d in turn; e (sudden death) is left to the players."""
        r = self.results
        one, other = group
        return self.ordering.first_split(
            group,
            (
                (S11A, r.imp_quotient),
                (S11B, lambda t: r.imps_against(t, group)),
                (S11C, lambda t: r.points_against(t, group)),
                (S11D, r.point_quotient),
            ),
        ) or [[one, other]]

    def three(self, group: Group) -> Blocks:
        """1.2: a, then b-d (each singles out one team, R8), then "in all other cases"."""
        r = self.results
        steps = (
            (S12A, r.imp_quotient),
            (S12B, unique_winner(group, lambda t: r.beat_all(t, group))),
            (S12C, unique_winner(group, lambda t: r.tied_one_beat_rest(t, group))),
            (S12D, unique_loser(group, lambda t: r.beaten_by_all(t, group))),
            (S12E, lambda t: r.net_imps_among(t, group)),
            (S12F, lambda t: r.net_points_among(t, group)),
            (S12G, r.point_quotient),
        )
        parts = self.ordering.first_split(group, steps)
        # Two left level go to 1.1 (R9, R10).
        return then_each(parts, self.two) if parts else [group]

    def four_or_more(self, group: Group) -> Blocks:
        parts = self.ordering.split(group, S13A, self.results.imp_quotient)
        if parts is None:
            return self._winner_then_quotient(group)
        return then_each(parts, self._after_imp_quotient)

    def _after_imp_quotient(self, group: Group) -> Blocks:
        if len(group) == 2:
            return self.two(group)
        if len(group) == 3:
            return self.three(group)
        return self._winner_then_quotient(group)  # R10: four or more go on to 1.3b

    def _winner_then_quotient(self, group: Group) -> Blocks:
        r = self.results
        parts = self.ordering.first_split(
            group,
            (
                (S13B, unique_winner(group, lambda t: r.beat_all(t, group))),
                (S13B_TIED, unique_winner(group, lambda t: r.tied_one_beat_rest(t, group))),
            ),
        )
        if parts is None:
            return self._point_quotient(group)
        winner, rest = parts
        # R12: three left go to 1.2, more go on to 1.3c (1.3b is not repeated).
        return [winner, *(self.three(rest) if len(rest) == 3 else self._point_quotient(rest))]

    def _point_quotient(self, group: Group) -> Blocks:
        parts = self.ordering.split(group, S13C, self.results.point_quotient)
        if parts is None:
            return [group]
        # Four or more still level go to sudden death (1.3d).
        return then_each(parts, lambda g: self.level(g) if len(g) <= 3 else [g])
