"""Tournaments and their sections: which events one event page groups, in their order.

A section (Open A, U1600, a side event) is an ordinary event whose `parent` is the
tournament, itself an event; a tournament may hold players of its own (a main event with
side events) or none (a plain grouping). An event without either is its own only section.
"""

from __future__ import annotations

from .actors import Actor
from .changes import record_change
from .models import Event


def tournament_of(event: Event) -> Event:
    """The event that groups `event`: its parent, or itself."""
    return event.parent if event.parent is not None else event


def sections_of(tournament: Event) -> list[Event]:
    """The tournament's sections in their order (name breaks ties); none for a lone event."""
    return list(tournament.sections.order_by("section_order", "name", "pk"))


def events_of_tournament(event: Event) -> list[Event]:
    """Every event that holds play in `event`'s tournament, in order: the tournament first
    when it has players of its own, then its sections; a lone event gives itself.

    What a search across sections reads ("find my board")."""
    tournament = tournament_of(event)
    sections = sections_of(tournament)
    if not sections:
        return [tournament]
    if tournament.participants.exists() or tournament.teams.exists():
        return [tournament, *sections]
    return sections


def record_sections_change(tournament: Event, *, actor: Actor) -> None:
    """The tournament's sections changed (added, removed, renamed, reordered): every event of
    it shows the list, so each gets an audited new version and is pushed. Call inside the
    writing transaction, after the write has checked its actor."""
    listed = [section.slug for section in sections_of(tournament)]
    for each in [tournament, *Event.objects.filter(parent=tournament)]:
        record_change(each, actor=actor, action="sections", target=tournament.slug, after=listed)
