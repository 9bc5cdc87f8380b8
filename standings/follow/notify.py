"""From what changed to what waits for each follower: one waiting notification per followed
number and subscription, its lines merged by round until it is sent (a result replaces the
pairing of its round; a correction replaces the result), in the subscription's language."""

from __future__ import annotations

from collections import defaultdict
from datetime import datetime, timedelta

from django.db.models import Q
from django.utils import timezone, translation

from standings.events.models import Event
from standings.state.event_state import EventState

from . import words
from .models import Followed
from .seating import Told

MERGE_BATCH = 500


def followed_numbers(event: Event) -> set[int]:
    return set(Followed.objects.filter(subscription__event=event).values_list("number", flat=True))


def wait_for_followers(event: Event, state: EventState, told: list[Told]) -> int:
    """Put what was told into the waiting notifications of the numbers' followers; returns
    how many waiting notifications were written."""
    by_number: dict[int, list[Told]] = defaultdict(list)
    for each in told:
        by_number[each.number].append(each)
    languages = (
        Followed.objects.filter(subscription__event=event, number__in=by_number)
        .values_list("subscription__language", flat=True)
        .distinct()
    )
    now, written = timezone.now(), 0
    for language in languages:
        with translation.override(language):
            for number, items in by_number.items():
                waiting = _notification(state, number, items)
                if waiting is None:
                    continue
                rows = Followed.objects.filter(
                    subscription__event=event, subscription__language=language, number=number
                )
                written += _merge(rows.filter(waiting__isnull=False), waiting, now)
                # Nothing waiting yet: one UPDATE for all of them.
                written += rows.filter(waiting__isnull=True).update(
                    waiting=waiting, due_at=now, attempts=0
                )
    return written


def _notification(state: EventState, number: int, items: list[Told]) -> dict | None:
    lines = {}
    for each in items:  # in order: a round's result after its pairing replaces it
        text = words.line(state, each)
        if text:
            lines[_key(each)] = text
    if not lines:
        return None
    return {
        "title": words.title(state, number),
        "url": words.url(state, number),
        "lines": lines,
    }


def _merge(rows, waiting: dict, now: datetime) -> int:
    """A burst: the new lines join those still waiting (one notification, sent when the
    minute since the last is over)."""
    changed = []
    for row in rows.iterator(chunk_size=MERGE_BATCH):
        row.waiting = merged(row.waiting, waiting)
        row.attempts = 0
        row.due_at = now
        changed.append(row)
    Followed.objects.bulk_update(changed, ["waiting", "attempts", "due_at"], batch_size=MERGE_BATCH)
    return len(changed)


def merged(older: dict | None, newer: dict) -> dict:
    """One notification of both: the newer's title and url, each round's newest line."""
    lines = {**(older or {}).get("lines", {}), **newer["lines"]}
    return {**newer, "lines": dict(sorted(lines.items()))}


def _key(told: Told) -> str:
    """Lines sort by round; the final standings last."""
    return "z" if told.kind == "final" else f"{told.round:03d}"


def body(waiting: dict) -> str:
    return "\n".join(text for _key, text in sorted(waiting["lines"].items()))


def due(now: datetime, *, gap: float) -> Q:
    """Waiting, due, and the last notification for this number at least `gap` seconds ago."""
    since = now - timedelta(seconds=gap)
    return Q(waiting__isnull=False, due_at__lte=now) & (
        Q(sent_at__isnull=True) | Q(sent_at__lte=since)
    )
