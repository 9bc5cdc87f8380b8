"""Section 2: one knockout match (README R18). No extra boards are played."""

from __future__ import annotations

from fractions import Fraction

from .model import KnockoutEvent
from .ordering import Blocks, Ordering, Step

IMPS = Step("", "imps")
QUALIFICATION_RANK = Step("2", "qualification_rank", negated=True)
QUALIFICATION_MATCH = Step("2", "qualification_match")


def match_imps(event: KnockoutEvent) -> dict[int, Fraction]:
    """Carryover plus the IMPs of every segment."""
    imps = {team.id: team.carryover for team in event.teams}
    for segment in event.segments:
        imps[segment.home] += segment.imps[0]
        imps[segment.away] += segment.imps[1]
    return imps


def knockout_order(event: KnockoutEvent, ordering: Ordering) -> Blocks:
    imps = match_imps(event)
    qualification = {team.id: Fraction(0) for team in event.teams}
    for match in event.qualification_matches:
        qualification[match.home] += match.imps[0]
        if match.away is not None:
            qualification[match.away] += match.imps[1]
    unranked = max(event.qualification_ranks.values(), default=0) + 1
    ids = [team.id for team in event.teams]
    return ordering.first_split(
        ids,
        (
            (IMPS, imps.__getitem__),
            # A lower rank number is better; a team the file does not rank comes last.
            (QUALIFICATION_RANK, lambda t: -event.qualification_ranks.get(t, unranked)),
            (QUALIFICATION_MATCH, qualification.__getitem__),
        ),
    ) or [ids]
