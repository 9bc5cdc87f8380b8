"""What a socket shows first, and what the sockets that missed a push catch up with."""

from __future__ import annotations

import logging

from django.core.cache import cache

from standings.events.models import Event
from standings.state import cache as state_cache
from standings.state.event_state import build_state

from . import asked
from .messages import merged, message, message_key, pairs_of
from .schedule import publish_now

log = logging.getLogger(__name__)


def current_message(slug: str) -> dict | None:
    """The cached message when it is the event's current version, with any view or
    language the sockets ask for that it lacks rendered from the cached state; else ONE
    publish's; None if the event is unknown. Without Redis, a message rendered here from
    the database."""
    latest = state_cache.current_version(slug)  # the cache pointer, else the database
    if latest is None:
        return None
    try:
        cached = cache.get(message_key(slug))
    except Exception:
        cached = None
    if cached is not None and cached["version"] >= latest:
        missing = asked.wanted(slug) - pairs_of(cached)
        if not missing:
            return cached
        completed = _completed(cached, missing)
        if completed is not None:
            return completed
    event_id = Event.objects.filter(slug=slug).values_list("pk", flat=True).first()
    if event_id is None:
        return None
    try:
        return publish_now(event_id)
    except Exception as error:
        log.warning("publishing %s failed (%r): its sockets are sent a local render", slug, error)
        event = Event.objects.filter(pk=event_id).first()
        return None if event is None else message(build_state(event), asked.wanted(slug))


def _completed(cached: dict, missing: set[asked.Pair]) -> dict | None:
    """The cached message with the `missing` pairs rendered from its version's cached
    state (a socket asking for a view or language no socket had; no engine run), cached
    in its place; None when that state cannot be had."""
    try:
        state = state_cache.state(cached["slug"], cached["version"])
    except state_cache.StateUnavailable:
        return None
    if state is None or state.version != cached["version"]:
        return None
    whole = merged(cached, message(state, missing))
    try:
        cache.set(message_key(state.slug), whole, None)
    except Exception:  # the sockets asking have it; the next ones render it again
        pass
    return whole
