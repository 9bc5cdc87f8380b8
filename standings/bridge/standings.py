"""Rank any bridge event: the primary score, then the section's tie procedure.

Each place carries the step that fixed it (`decided_by`) and a sentence with the numbers
("ahead of Beta on IMP quotient 1.183 to 1.092 after both scored 121.40 VP").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction

from .bam import SCORE as BAM_SCORE
from .bam import BamTies
from .knockout import IMPS, knockout_order, match_imps
from .model import BamEvent, BridgeEvent, KnockoutEvent, PairsEvent, TeamsEvent
from .ordering import PLAYOFF, Blocks, Group, Ordering, Step, then_each
from .pairs import SCORE as PAIRS_SCORE
from .pairs import PairsTies
from .round_robin import RoundRobinTies
from .swiss import SwissTies
from .team_results import TeamResults

VP = Step("VP", "VP", decimals=2)


@dataclass(frozen=True)
class Place:
    rank: int
    id: int
    name: str
    score: Fraction
    decided_by: str
    why: str
    playoff: bool = False
    # The values the procedure compared for this team, by criterion, as shown ("IMP
    # quotient": "1.183"): the columns a standings table adds for the places it explains.
    values: tuple[tuple[str, str], ...] = ()


class RoundError(ValueError):
    """A --round the file does not reach."""


def last_round(event: BridgeEvent) -> int:
    """The last round (segment, session) the file holds."""
    if isinstance(event, TeamsEvent | BamEvent):
        return max((m.round for m in event.matches), default=0)
    if isinstance(event, KnockoutEvent):
        return max((s.segment for s in event.segments), default=0)
    return max((s.number for s in event.sessions), default=0)


def through_round(event: BridgeEvent, number: int) -> BridgeEvent:
    """The event as it stood after round (segment, session) `number`."""
    if not 1 <= number <= last_round(event):
        raise RoundError(
            f"round {number} is out of range: the file holds rounds 1-{last_round(event)}"
        )
    if isinstance(event, TeamsEvent):
        return replace(event, matches=tuple(m for m in event.matches if m.round <= number))
    if isinstance(event, BamEvent):
        return replace(event, matches=tuple(m for m in event.matches if m.round <= number))
    if isinstance(event, KnockoutEvent):
        return replace(event, segments=tuple(s for s in event.segments if s.segment <= number))
    return replace(event, sessions=tuple(s for s in event.sessions if s.number <= number))


def bridge_standings(event: BridgeEvent) -> list[Place]:
    ordering = Ordering()
    level: Callable[[Group], Blocks]
    if isinstance(event, TeamsEvent):
        results = TeamResults.of(event)
        primary, score, entrants = VP, results.vps, event.teams
        ties = SwissTies if event.system == "swiss" else RoundRobinTies
        level = ties(results, ordering).level
    elif isinstance(event, KnockoutEvent):
        score, entrants = match_imps(event), event.teams
        blocks = knockout_order(event, ordering)
        return _places(blocks, score, entrants, ordering, primary=IMPS)
    elif isinstance(event, PairsEvent):
        pairs = PairsTies(event, ordering)
        primary, score, entrants, level = PAIRS_SCORE, pairs.score, event.pairs, pairs.level
    else:
        bam = BamTies(event, ordering)
        primary, score, entrants, level = BAM_SCORE, bam.score, event.teams, bam.level
    ids = [entrant.id for entrant in entrants]
    parts = ordering.split(ids, primary, score.__getitem__) or [ids]
    blocks = then_each(parts, level)
    return _places(blocks, score, entrants, ordering, primary=primary)


def _places(blocks, score, entrants, ordering: Ordering, *, primary: Step) -> list[Place]:
    names = {entrant.id: entrant.name for entrant in entrants}
    order = [team for block in blocks for team in block]
    compared = _compared(ordering, primary)
    places = []
    rank = 1
    for block in blocks:
        for team in block:
            shared = len(block) > 1
            places.append(
                Place(
                    rank=rank,
                    id=team,
                    name=names[team],
                    score=score[team],
                    decided_by=PLAYOFF if shared else ordering.fixed_by[team].label,
                    why=_why(team, block, order, names, score, ordering, primary)
                    + _level_on(compared.get(team, {}), shared),
                    playoff=shared,
                    values=tuple(compared.get(team, {}).items()),
                )
            )
        rank += len(block)
    return places


def procedure_columns(places: list[Place]) -> list[str]:
    """The criteria the procedures compared for any place, in the order first used."""
    columns: dict[str, None] = {}
    for place in places:
        columns.update(dict.fromkeys(name for name, _ in place.values))
    return list(columns)


def _compared(ordering: Ordering, primary: Step) -> dict[int, dict[str, str]]:
    compared: dict[int, dict[str, str]] = {}
    for split in ordering.compared:
        if split.step is primary or split.step.relation:
            continue
        for team, value in split.values.items():
            compared.setdefault(team, {})[split.step.criterion] = split.step.show(value)
    return compared


def _level_on(values: dict[str, str], shared: bool) -> str:
    """For a play-off: the values the teams were still level on, so players can check."""
    if not shared or not values:
        return ""
    return " (level on " + ", ".join(f"{name} {value}" for name, value in values.items()) + ")"


def _why(team, block, order, names, score, ordering: Ordering, primary: Step) -> str:
    """One sentence: how this team was told from its neighbour, with the values compared."""
    unit = primary.criterion
    if len(block) > 1:
        others = [names[t] for t in block if t != team]
        return (
            f"level with {_names(others)} after every step, on {_score(score[team], unit)}:"
            " play-off needed"
        )
    at = order.index(team)
    below = order[at + 1] if at + 1 < len(order) else None
    above = order[at - 1] if at > 0 else None
    # Prefer the neighbour this team was tied with: that comparison is the one players check.
    if below is None or (above is not None and score[below] != score[team] == score[above]):
        neighbour, ahead = above, False
    else:
        neighbour, ahead = below, True
    if neighbour is None:
        return _score(score[team], unit)
    split = ordering.separation(team, neighbour)
    if split is None:  # two places apart were always split; kept for a readable message
        return _score(score[team], unit)
    step, values = split.step, split.values
    sentence = f"{'ahead of' if ahead else 'behind'} {names[neighbour]}"
    if step.relation:  # the one team with a non-zero value is the one the step singles out
        sentence += f" as {step.criterion}" if values[team] else f", {step.criterion}"
    else:
        better, worse = (team, neighbour) if ahead else (neighbour, team)
        sentence += " " + step.compare(values[better], values[worse])
    if step is not primary and score[team] == score[neighbour]:
        sentence += f" after both scored {_score(score[team], unit)}"
    return sentence


def _score(value: Fraction, unit: str) -> str:
    return f"{float(value):.2f}" + ("" if unit == "score" else f" {unit}")


def _names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
