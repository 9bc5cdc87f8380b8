"""The standings of an event as they stood after an earlier round (web/after.py's pages).

The same state as the live pages' (`build_state`), built with a round limit: the engine
reads rounds 1..n only, so values, ranks, types and provisional marks are those of round n
with its results as entered. Built once per version and round in a process; the pages
themselves are cached per version, round and language (web/render.py), and the version
moves with any correction, so a closed round's page changes only when one of its results
does.
"""

from __future__ import annotations

from django.conf import settings

from standings.events.models import Event

from .cache import Kept
from .event_state import EventState, build_state


def finished_rounds(state: EventState) -> tuple[int, ...]:
    """The rounds with standings after them to show: closed, or with every result in (a
    team event's matches' boards too)."""
    numbers = []
    for shown in state.rounds:
        team_round = state.teams.round(shown.number) if state.teams is not None else None
        pending = shown.pending + (team_round.pending if team_round is not None else 0)
        if shown.closed or not pending:
            numbers.append(shown.number)
    return tuple(numbers)


def state_after(state: EventState, number: int) -> EventState:
    """The event's state with its standings after round `number`, for the version of
    `state`. The event is read again: when a write has moved it past that version
    meanwhile, the standings are the newer version's, never older than the page's."""
    kept = (settings.RELEASE, state.slug, state.version, number)
    found = _AFTER.get(kept)
    if found is None:
        event = Event.objects.get(pk=state.event_id)
        found = build_state(event, through_round=number)
        _AFTER.put(kept, found)
    return found


# (release, slug, version, round) -> that state: one build serves every language and the
# JSON of a version (a page is rendered once per language, then read from the cache).
_AFTER = Kept(8)
