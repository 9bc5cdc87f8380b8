"""A tournament's overview page: each section with its leaders and where its play stands.

Built from each section's cached state (cache.state), so a section's change shows here
without touching the tournament: the overview is cached under its sections' versions."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise

from standings.wording import terms

from .event_state import EventState, SectionLink

LEADERS = 3


@dataclass(frozen=True, slots=True)
class Leader:
    rank: int
    rank_provisional: bool
    name: str
    points: str
    url_no: int | None  # start number of the player card; None for a team


@dataclass(frozen=True, slots=True)
class SectionSummary:
    link: SectionLink
    leaders: tuple[Leader, ...]
    entrants: int  # players, or teams in a team event
    round: int | None  # the current round, None before the first pairings
    round_state: str | Promise  # "in progress", translated when shown (cached for every language)


def summary(link: SectionLink, state: EventState | None) -> SectionSummary:
    """One section as the overview lists it; a section whose state is gone lists no one."""
    if state is None:
        return SectionSummary(link, (), 0, None, "")
    current = state.current_round
    round_no, round_state = (
        (current.number, terms.ROUND_STATES.get(current.state, current.state_label))
        if current
        else (None, "")
    )
    if state.teams is not None:
        team_leaders = tuple(
            Leader(t.rank, t.rank_provisional, t.team.name, t.cells[0].text, None)
            for t in state.teams.lines[:LEADERS]
        )
        return SectionSummary(link, team_leaders, len(state.teams.teams), round_no, round_state)
    leaders = tuple(
        Leader(li.rank, li.rank_provisional, li.person.name, li.points.text, li.person.start_no)
        for li in state.lines[:LEADERS]
    )
    return SectionSummary(link, leaders, len(state.people), round_no, round_state)
