"""One publish of an event, in the order that keeps every reader consistent:

1. read the event once and run the engine once (state/event_state.build_state);
2. under the version's build lock (state/cache.building), move the version pointer: a page
   asked for from now on is this version's, and waits for its state rather than build it;
3. send the group messages, one per language (messages.py), each first cached whole, so a
   socket joining meanwhile starts from what its group has; wait (briefly) until this
   process's sockets have them (server_loop.until_handed_out);
4. store the state (explained and pickled: slower than the fragments, so after the send);
5. render the hot pages in the languages the event's readers use (web/render.warm), for
   the refresh storm that follows;
6. hand the version to the background builder of what it shows beyond its standings (the
   race, the tables after earlier rounds: web/derived.py), off every request's path.

Publishes of one event never overlap (a lock in the shared cache), so their messages
leave, and arrive, in the order their states were read. When they run is schedule.py's.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from django.core.cache import cache

from standings.events.models import Event
from standings.state import cache as state_cache
from standings.state.event_state import EventState, build_state
from standings.web import derived, render

from . import asked, server_loop
from .messages import envelope, group_name, merged, message_key, messages

PUBLISH_LOCK_TTL = 30  # seconds; longer than any publish, lapses if its holder died


@dataclass(frozen=True)
class Published:
    state: EventState  # as stored
    message: dict  # what the sockets were sent, whole
    parent_id: int | None  # a section's tournament, whose version its write moved too


def publish(event_id: int) -> Published | None:
    """Publish the event; None if the event no longer exists. Raises when the cache or the
    channel layer fails."""
    with _one_publisher(event_id):
        event = Event.objects.filter(pk=event_id).first()
        if event is None:
            return None
        state = build_state(event)
        with state_cache.building(state.slug, state.version):
            state_cache.point_at(state.slug, state.version)
            whole = _send(state)
            state = state_cache.store(state)
        render.warm(state)
    derived.after_publish(state)
    return Published(state, whole, event.parent_id)


def _send(state: EventState) -> dict:
    whole = envelope(state, {}, final=True)
    for each in messages(state, asked.wanted(state.slug)):
        whole = merged(whole, each)
        cache.set(message_key(state.slug), whole, None)
        server_loop.group_send(group_name(state.slug), each)
    server_loop.until_handed_out(state.slug, state.version)
    return whole


@contextmanager
def _one_publisher(event_id: int) -> Iterator[None]:
    key, token = f"live:publishing:{event_id}", uuid.uuid4().hex
    deadline = time.monotonic() + PUBLISH_LOCK_TTL
    while not cache.add(key, token, PUBLISH_LOCK_TTL) and time.monotonic() < deadline:
        time.sleep(0.01)
    try:
        yield
    finally:
        if cache.get(key) == token:
            cache.delete(key)
