"""Where an event's play stands, as the event list and the event's pages say it: live,
finished, and the dates it shows.

One rule for both: the list reads every event's rounds in one query (`progress_by_event`),
the event's state reads them from its own read (`state.event_state`).
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import Count, Q
from django.utils import timezone

from standings.events.models import Event, Round


@dataclass(frozen=True, slots=True)
class RoundProgress:
    number: int
    state: str  # a Round.State value
    pending: int  # boards without a result (a match forfeited as a whole has none)
    starts_at: datetime.datetime | None


def is_finished(rounds_planned: int, rounds: Iterable[RoundProgress]) -> bool:
    """Every planned round published and complete: closed by the arbiter, or with every
    result in. Pairings not yet published (DRAFT) are nobody's business."""
    published = [r for r in rounds if r.state != Round.State.DRAFT]
    if not published or len(published) < rounds_planned:
        return False
    return all(r.state == Round.State.CLOSED or not r.pending for r in published)


def is_live(finished: bool, rounds: Iterable[RoundProgress]) -> bool:
    """Play under way: a round not closed, in an event not finished."""
    return not finished and any(r.state != Round.State.CLOSED for r in rounds)


def shown_dates(
    start: datetime.date | None,
    end: datetime.date | None,
    rounds: Iterable[RoundProgress],
    *,
    finished: bool,
) -> tuple[datetime.date | None, datetime.date | None]:
    """The dates the event states (TRF 042/052, or as entered), else its rounds' (TRF 132,
    or as paired): the first round's day as the start, the last round's as the end once
    the event is finished (before, the end is not known). When results were entered says
    nothing of when the games were played (an import, a late entry): never used."""
    days = sorted(timezone.localdate(r.starts_at) for r in rounds if r.starts_at is not None)
    if start is None and days:
        start = days[0]
    if end is None and finished and days:
        end = days[-1]
    if start is not None and end is not None and end < start:
        end = None  # contradicting dates: show the one the event states, not a wrong span
    return start, end


@dataclass(frozen=True, slots=True)
class Status:
    """An event as the event list shows it."""

    live: bool
    finished: bool
    start: datetime.date | None
    end: datetime.date | None


def status(
    rounds_planned: int,
    start: datetime.date | None,
    end: datetime.date | None,
    rounds: list[RoundProgress],
) -> Status:
    finished = is_finished(rounds_planned, rounds)
    first, last = shown_dates(start, end, rounds, finished=finished)
    return Status(is_live(finished, rounds), finished, first, last)


def tournament_status(own: Status, has_rounds: bool, sections: list[Status]) -> Status:
    """A tournament is live while a section (or its own event) is, finished when every
    section and its own event, if it has rounds, are; without dates of its own it spans its
    sections'."""
    if not sections:
        return own
    everyone = [own, *sections] if has_rounds else sections
    finished = all(s.finished for s in everyone)
    starts = [s.start for s in everyone if s.start is not None]
    ends = [s.end for s in everyone if s.end is not None]
    start = own.start or (min(starts) if starts else None)
    end = own.end or (max(ends) if finished and len(ends) == len(everyone) else None)
    return Status(any(s.live for s in everyone), finished, start, end)


@dataclass(frozen=True, slots=True)
class Listed:
    """An event of the event list, with its sections (in their order) and where it stands."""

    event: Event
    status: Status
    sections: tuple[Listed, ...] = ()


def event_list(events: list[Event], rounds: dict[int, list[RoundProgress]]) -> list[Listed]:
    """The events without a parent, each with its sections, in the events' order."""
    own = {
        e.pk: status(e.rounds_planned, e.start_date, e.end_date, rounds.get(e.pk, []))
        for e in events
    }
    sections: dict[int, list[Listed]] = defaultdict(list)
    for e in sorted(events, key=lambda e: (e.section_order, e.name, e.pk)):
        if e.parent_id is not None:
            sections[e.parent_id].append(Listed(e, own[e.pk]))
    return [
        Listed(
            e,
            tournament_status(
                own[e.pk], e.pk in rounds, [s.status for s in sections.get(e.pk, [])]
            ),
            tuple(sections.get(e.pk, [])),
        )
        for e in events
        if e.parent_id is None
    ]


def progress_by_event() -> dict[int, list[RoundProgress]]:
    """Every event's rounds with their boards to come, in one query (the event list)."""
    pending = Count(
        "games",
        filter=Q(games__result="") & (Q(games__match__isnull=True) | Q(games__match__forfeit="")),
    )
    rows = Round.objects.annotate(pending=pending).values_list(
        "event_id", "number", "state", "starts_at", "pending"
    )
    found: dict[int, list[RoundProgress]] = defaultdict(list)
    for event_id, number, state, starts_at, count in rows:
        found[event_id].append(RoundProgress(number, state, count, starts_at))
    return found
