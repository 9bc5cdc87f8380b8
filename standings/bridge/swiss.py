"""Section 3: Swiss teams level on VPs: Swiss points, then 3.1-3.3 (README R15-R17).

The printed order is kept: every Swiss section puts head-to-head before the IMP quotient.
Head-to-head steps use only matches played; teams that never met have no relation.
"""

from __future__ import annotations

from .ordering import Blocks, Group, Ordering, Step, then_each, unique_loser, unique_winner
from .team_results import TeamResults

SWISS_POINTS = Step("3", "swiss_points", decimals=2)
S31I = Step("3.1i", "match_imps")
S31II = Step("3.1ii", "imp_quotient", decimals=3)
S31III = Step("3.1iii", "match_points")
S31IV = Step("3.1iv", "point_quotient", decimals=3)
S32I = Step("3.2i", "beat_both", relation=True)
S32II = Step("3.2ii", "imp_quotient", decimals=3)
S32III = Step("3.2iii", "beat_one_tied_one", relation=True)
S32IV = Step("3.2iv", "beaten_by_both", relation=True)
S32V = Step("3.2", "net_imps")
S32VI = Step("3.2", "net_points")
S32VII = Step("3.2", "point_quotient", decimals=3)
S33I = Step("3.3i", "beat_all", relation=True)
S33I_TIED = Step("3.3i", "tied_one_beat_all", relation=True)
S33II = Step("3.3ii", "imp_quotient", decimals=3)
S33III = Step("3.3iii", "point_quotient", decimals=3)


class SwissTies:
    def __init__(self, results: TeamResults, ordering: Ordering) -> None:
        self.results = results
        self.ordering = ordering

    def level(self, group: Group) -> Blocks:
        """Teams level on VPs, in order: Swiss points first, "at any given time" (R16)."""
        parts = self.ordering.split(group, SWISS_POINTS, self.results.swiss_points)
        return then_each(parts, self._by_size) if parts else self._by_size(group)

    def _by_size(self, group: Group) -> Blocks:
        if len(group) == 2:
            return self.two(group)
        if len(group) == 3:
            return self.three(group)
        return self.four_or_more(group)

    def two(self, group: Group) -> Blocks:
        """3.1 i-iv; v (sudden death) is left to the players. i and iii: 0 if never met."""
        r = self.results
        return self.ordering.first_split(
            group,
            (
                (S31I, lambda t: r.imps_against(t, group)),
                (S31II, r.imp_quotient),
                (S31III, lambda t: r.points_against(t, group)),
                (S31IV, r.point_quotient),
            ),
        ) or [group]

    def three(self, group: Group) -> Blocks:
        r = self.results
        steps = (
            (S32I, unique_winner(group, lambda t: r.beat_all(t, group))),
            (S32II, r.imp_quotient),
            (S32III, unique_winner(group, lambda t: r.tied_one_beat_rest(t, group))),
            (S32IV, unique_loser(group, lambda t: r.beaten_by_all(t, group))),
            # "in all other cases"
            (S32V, lambda t: r.net_imps_among(t, group)),
            (S32VI, lambda t: r.net_points_among(t, group)),
            (S32VII, r.point_quotient),
        )
        parts = self.ordering.first_split(group, steps)
        return then_each(parts, self.two) if parts else [group]

    def four_or_more(self, group: Group) -> Blocks:
        r = self.results
        parts = self.ordering.first_split(
            group,
            (
                (S33I, unique_winner(group, lambda t: r.beat_all(t, group))),
                (S33I_TIED, unique_winner(group, lambda t: r.tied_one_beat_rest(t, group))),
            ),
        )
        if parts is None:
            return self._imp_quotient(group)
        winner, rest = parts
        # R12: three left go to 3.2, more go on to the IMP quotient.
        return [winner, *(self.three(rest) if len(rest) == 3 else self._imp_quotient(rest))]

    def _imp_quotient(self, group: Group) -> Blocks:
        parts = self.ordering.split(group, S33II, self.results.imp_quotient)
        if parts is None:
            return self._point_quotient(group)
        return then_each(
            parts, lambda g: self._by_size(g) if len(g) <= 3 else self._point_quotient(g)
        )

    def _point_quotient(self, group: Group) -> Blocks:
        parts = self.ordering.split(group, S33III, self.results.point_quotient)
        if parts is None:
            return [group]
        # Four or more still level go to sudden death (3.3iv).
        return then_each(parts, lambda g: self._by_size(g) if len(g) <= 3 else [g])
