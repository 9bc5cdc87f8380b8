"""Rank any bridge event: the primary score, then the section's tie procedure.

Each place carries the step that fixed it (`decided_by`) and a sentence with the numbers
("ahead of Beta on IMP quotient 1.183 to 1.092 after both scored 121.40 VP").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from .bam import SCORE as BAM_SCORE
from .bam import BamTies
from .criteria import STEPS, and_list, criterion
from .knockout import IMPS, knockout_order, match_imps
from .model import BamEvent, BridgeEvent, Entrant, KnockoutEvent, PairsEvent, TeamsEvent
from .ordering import PLAYOFF, Blocks, Group, Ordering, Step, Term, then_each
from .pairs import SCORE as PAIRS_SCORE
from .pairs import PairsTies
from .round_robin import RoundRobinTies
from .swiss import SwissTies
from .team_results import TeamResults

VP = Step("", "vp", decimals=2)


@dataclass(frozen=True)
class Reason:
    """Why a place is where it is, as a shape and its values rather than a sentence, so that
    the pages can word it in another language; `Place.why` words it in English."""

    score: str  # the team's score as published ("121.40")
    unit: str  # the primary step's key: "vp", "imps" or "score"
    neighbour: str = ""  # the team it was told from; "" when its score alone says it
    ahead: bool = True
    step: Step | None = None  # the step that told the two apart
    better: str = ""  # the values compared, the better one first, as shown
    worse: str = ""
    singled_out: bool = False  # a yes/no step: this team is the one it singles out
    both_scored: bool = False  # told apart by a tie step: "after both scored"
    level_with: tuple[str, ...] = ()  # a shared place: the others in it
    level_on: tuple[tuple[Term, str], ...] = ()  # a shared place: the values still level


@dataclass(frozen=True)
class Place:
    rank: int
    id: int
    name: str
    score: Fraction
    decider: Step | None  # the step that fixed the place; None for a shared place
    reason: Reason
    playoff: bool = False
    # The values the procedure compared for this team, by criterion, as shown
    # ((("imp_quotient", ()), "1.183")): the columns a standings table adds.
    compared: tuple[tuple[Term, str], ...] = ()

    @property
    def decided_by(self) -> str:
        return PLAYOFF if self.decider is None else self.decider.label

    @property
    def why(self) -> str:
        """The reason in an English sentence, with the numbers."""
        return english(self.reason)

    @property
    def values(self) -> tuple[tuple[str, str], ...]:
        """The compared values by the criterion's English words ("IMP quotient": "1.183")."""
        return tuple((criterion(*term), shown) for term, shown in self.compared)


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


def _places(
    blocks: Blocks,
    score: Mapping[int, Fraction],
    entrants: Sequence[Entrant],
    ordering: Ordering,
    *,
    primary: Step,
) -> list[Place]:
    names = {entrant.id: entrant.name for entrant in entrants}
    order = [team for block in blocks for team in block]
    compared = _compared(ordering, primary)
    places = []
    rank = 1
    for block in blocks:
        for team in block:
            shared = len(block) > 1
            values = tuple(compared.get(team, {}).items())
            reason = _reason(team, block, order, names, score, ordering, primary)
            places.append(
                Place(
                    rank=rank,
                    id=team,
                    name=names[team],
                    score=score[team],
                    decider=None if shared else ordering.fixed_by[team],
                    reason=replace(reason, level_on=values) if shared else reason,
                    playoff=shared,
                    compared=values,
                )
            )
        rank += len(block)
    return places


def procedure_columns(places: list[Place]) -> list[Term]:
    """The criteria the procedures compared for any place, in the order first used."""
    columns: dict[Term, None] = {}
    for place in places:
        columns.update(dict.fromkeys(term for term, _ in place.compared))
    return list(columns)


def _compared(ordering: Ordering, primary: Step) -> dict[int, dict[Term, str]]:
    compared: dict[int, dict[Term, str]] = {}
    for split in ordering.compared:
        if split.step is primary or split.step.relation:
            continue
        for team, value in split.values.items():
            compared.setdefault(team, {})[split.step.term] = split.step.show(value)
    return compared


def _reason(
    team: int,
    block: Group,
    order: list[int],
    names: dict[int, str],
    score: Mapping[int, Fraction],
    ordering: Ordering,
    primary: Step,
) -> Reason:
    """How this team was told from its neighbour, with the values compared."""
    published = f"{float(score[team]):.2f}"
    unit = primary.key
    if len(block) > 1:
        others = tuple(names[t] for t in block if t != team)
        return Reason(published, unit, level_with=others)
    at = order.index(team)
    below = order[at + 1] if at + 1 < len(order) else None
    above = order[at - 1] if at > 0 else None
    # Prefer the neighbour this team was tied with: that comparison is the one players check.
    if below is None or (above is not None and score[below] != score[team] == score[above]):
        neighbour, ahead = above, False
    else:
        neighbour, ahead = below, True
    if neighbour is None:
        return Reason(published, unit)
    split = ordering.separation(team, neighbour)
    if split is None:  # two places apart were always split; kept for a readable message
        return Reason(published, unit)
    step, values = split.step, split.values
    better, worse = (team, neighbour) if ahead else (neighbour, team)
    return Reason(
        published,
        unit,
        neighbour=names[neighbour],
        ahead=ahead,
        step=step,
        better="" if step.relation else step.show(values[better]),
        worse="" if step.relation else step.show(values[worse]),
        singled_out=bool(step.relation and values[team]),
        both_scored=step is not primary and score[team] == score[neighbour],
    )


def english(reason: Reason) -> str:
    """The command's sentence: "ahead of Namur on IMP quotient 1.183 to 1.092 after both
    scored 120.00 VP"."""
    score = reason.score + ("" if reason.unit == "score" else f" {STEPS[reason.unit][1]}")
    if reason.level_with:
        sentence = (
            f"level with {and_list(reason.level_with)} after every step, on {score}:"
            " play-off needed"
        )
        if reason.level_on:
            values = ", ".join(f"{criterion(*term)} {value}" for term, value in reason.level_on)
            sentence += f" (level on {values})"
        return sentence
    step = reason.step
    if step is None:
        return score
    sentence = f"{'ahead of' if reason.ahead else 'behind'} {reason.neighbour}"
    if step.relation:  # the one team with a non-zero value is the one the step singles out
        sentence += f" as {step.criterion}" if reason.singled_out else f", {step.criterion}"
    else:
        sentence += f" on {step.criterion} {reason.better} to {reason.worse}"
    if reason.both_scored:
        sentence += f" after both scored {score}"
    return sentence
