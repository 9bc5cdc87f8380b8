"""The standings of an event as they stood after an earlier round (web/after.py's pages).

The same state as the live pages' (`build_state`), built with a round limit: the engine
reads rounds 1..n only, so values, ranks, types and provisional marks are those of round n
with its results as entered. A request never builds it (a 500-player event takes seconds of
CPU for a few rounds): it asks for the round (`state_after` records it and raises NotBuilt),
and the rounds asked for lately are built once per version right after the version is
published, off the request path (web/derived.py calls `build_after`), in the process that
renders their pages. The pages themselves are cached per version, round and language
(web/render.py), and the version moves with any correction.
"""

from __future__ import annotations

from django.conf import settings

from standings.events.models import Event

from .cache import Kept, NotBuilt, cache, key
from .event_state import EventState, build_state

ASKED_TTL = 3600  # seconds a round asked for is built again at every version


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
    `state`, once built; until then the round is asked for and NotBuilt raised."""
    found: EventState | None = _AFTER.get(_kept(state, number))
    if found is None:
        cache.set(_asked_key(state.slug, number), 1, ASKED_TTL)
        raise NotBuilt(state.slug, state.version, f"after-{number}")
    return found


def asked_rounds(state: EventState) -> list[int]:
    """The finished rounds whose standings someone asked for within ASKED_TTL."""
    numbers = finished_rounds(state)
    found = cache.get_many([_asked_key(state.slug, n) for n in numbers])
    return [n for n in numbers if _asked_key(state.slug, n) in found]


def build_after(state: EventState, number: int) -> None:
    """Build and keep the standings after round `number` for the state's version. The event
    is read again: when a write has moved it past that version meanwhile, the standings are
    the newer version's, never older than the page's."""
    kept = _kept(state, number)
    if _AFTER.get(kept) is None:
        event = Event.objects.get(pk=state.event_id)
        _AFTER.put(kept, build_state(event, through_round=number))


def _kept(state: EventState, number: int) -> tuple[object, ...]:
    return (settings.RELEASE, state.slug, state.version, number)


def _asked_key(slug: str, number: int) -> str:
    return key(slug, "after-asked", number)


# (release, slug, version, round) -> that state: one build serves every language and the
# JSON of a version (a page is rendered once per language, then read from the cache).
_AFTER = Kept(16)
