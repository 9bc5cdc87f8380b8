"""The arbiter's section switch: the other sections of the tournament this arbiter may
change, each one tap away on the same kind of page."""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import reverse

from standings.events.access import can_edit
from standings.events.models import Event
from standings.events.sections import events_of_tournament, tournament_of

# The page a switch lands on, by the page it is made from: the current round otherwise.
SAME_PAGE = {"audit": "arbiter:audit", "settings": "arbiter:settings"}


@dataclass(frozen=True, slots=True)
class SectionSwitch:
    name: str
    url: str
    current: bool


def section_switches(event: Event, user, url_name: str | None) -> list[SectionSwitch]:
    """The tournament's events this user arbitrates, in order; none when it is one or none."""
    target = SAME_PAGE.get(url_name or "", "arbiter:current")
    switches = [
        SectionSwitch(each.name, reverse(target, args=[each.slug]), current=each.pk == event.pk)
        for each in events_of_tournament(event)
        if each.pk == event.pk or can_edit(user, each)
    ]
    return switches if len(switches) > 1 else []


def new_section_url(event: Event, user) -> str:
    """Where the tournament's arbiters add a section from its TRF file; "" for others and
    for an event without sections."""
    tournament = tournament_of(event)
    if tournament.pk == event.pk and not tournament.sections.exists():
        return ""
    if not can_edit(user, tournament):
        return ""
    return reverse("arbiter:import_section", args=[tournament.slug])
