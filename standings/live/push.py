"""After a write commits: recompute once, render once, send one group message per event.

The message (message()) carries the fragments of every view (render.VIEWS) at once,
each compressed once (wire.pack). Every process receives it once (audience.py) and
writes each of its sockets only its own view's part, in the encoding it asked for.

Bursts are throttled per event across every process through the shared cache:
- the first write after a quiet spell publishes at once (in a background thread,
  so the arbiter's request only pays one cache.add);
- a write while a push is pending does nothing: the pending push will read its state;
- pushes of one event start at least LIVE_PUSH_INTERVAL seconds apart, and the
  publisher clears the pending flag BEFORE reading the database, so a write that
  commits after that read schedules another push: the last push carries the last state.

LIVE_PUSH_INTERVAL = 0 publishes inline in the writer's thread (tests that want it
synchronous); so does a commit hook run inside an enclosing transaction.
"""

from __future__ import annotations

import asyncio
import logging
import re
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

from channels.layers import get_channel_layer
from django.conf import settings
from django.core.cache import cache
from django.db import close_old_connections, connections, transaction

from standings.events.models import Event
from standings.web import render

from . import wire

log = logging.getLogger(__name__)

RETRIES = 3  # attempts at a push whose publish raises, with back-off between them
UNKNOWN_TTL = 10  # seconds an unknown slug is remembered, so sockets to it skip the database
MESSAGE_TYPE = "event.fragments"  # read by each process's audience.Audience
PUBLISH_LOCK_TTL = 30  # seconds; longer than any publish, lapses if its holder died
_STAMP = re.compile(r'<p id="last-update"[^>]*>.*?</p>', re.S)
_VERSION = re.compile(r'data-version="(\d+)"')

_server_loop: asyncio.AbstractEventLoop | None = None


def group_name(slug: str) -> str:
    """The channel-layer group of an event's sockets (slugs are ascii, at most 50 chars)."""
    return f"event.{slug}"


def message(parts: dict[str, str]) -> dict:
    """The group message of a publish's parts (view -> HTML)."""
    stamp = fragment_stamp(parts["status"])
    version = int(_VERSION.search(stamp).group(1))
    return {"type": MESSAGE_TYPE, "stamp": stamp, "version": version, "packed": wire.pack(parts)}


def fragment_stamp(html: str) -> str:
    """What tells two publishes apart: their #last-update (event version and time)."""
    found = _STAMP.search(html)
    return found.group(0) if found else html


def interval() -> float:
    return float(settings.LIVE_PUSH_INTERVAL)


def event_changed(event_id: int) -> None:
    """Called once a write to the event has committed: schedule (or join) its next push."""
    gap = interval()
    if gap <= 0 or transaction.get_connection().in_atomic_block:
        # Inline when asked to, or when the write is still only visible to this connection
        # (on-commit hooks run inside a transaction: tests wrapping each test in one).
        publish_now(event_id)
        return
    # The flag outlives a pending push by far; it only lapses if its process died.
    if not cache.add(_pending_key(event_id), 1, gap + 5):
        return
    last = cache.get(_last_key(event_id))
    wait = 0.0 if last is None else max(0.0, last + gap - time.time())
    _start(wait, event_id, 0)


def publish_now(event_id: int) -> dict[str, str] | None:
    """Publish the event and send its parts (view -> HTML) to its group; None if it
    no longer exists.

    Publishes of one event never overlap (a lock in the shared cache), so their messages
    leave, and arrive, in the order their states were read.
    """
    with _one_publisher(event_id):
        try:
            return render.publish(event_id, send=_send_to_group)
        except Event.DoesNotExist:
            return None


def current_message(slug: str) -> dict | None:
    """What sockets show first, as a group message: of the cached parts, else of ONE
    publish; None if the event is unknown."""
    parts = current_fragments(slug)
    return None if parts is None else message(parts)


def current_fragments(slug: str) -> dict[str, str] | None:
    """The cached parts, else ONE publish's; None if the event is unknown."""
    parts = render.cached_fragments(slug)
    if parts is not None:
        return parts
    unknown = _unknown_key(slug)
    if cache.get(unknown):
        return None
    try:
        event_id = Event.objects.filter(slug=slug).values_list("pk", flat=True).first()
        if event_id is None:
            cache.set(unknown, 1, UNKNOWN_TTL)
            return None
        return publish_now(event_id)
    finally:
        close_old_connections()


def bind_loop(loop: asyncio.AbstractEventLoop) -> None:
    """Remember the event loop serving this process's sockets (the consumer calls this)."""
    global _server_loop
    _server_loop = loop


# --- internals ------------------------------------------------------------------------


def _pending_key(event_id: int) -> str:
    return f"live:pending:{event_id}"


def _last_key(event_id: int) -> str:
    return f"live:last:{event_id}"


def _unknown_key(slug: str) -> str:
    return f"live:unknown:{slug}"


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


def _start(wait: float, event_id: int, attempt: int) -> None:
    # Not a daemon: a script that writes and exits still sends its push first.
    timer = threading.Timer(wait, _push, args=(event_id, attempt))
    timer.name = f"live-push-{event_id}"
    timer.start()


def _push(event_id: int, attempt: int) -> None:
    gap = interval()
    cache.set(_last_key(event_id), time.time(), max(gap * 4, 1))
    cache.delete(_pending_key(event_id))  # before reading: later commits schedule another push
    try:
        publish_now(event_id)
    except Exception:
        log.exception("live push of event %s failed (attempt %s)", event_id, attempt + 1)
        if attempt + 1 < RETRIES:
            _start(max(gap, 0.5) * 2**attempt, event_id, attempt + 1)
    finally:
        connections.close_all()  # this thread ends here


def _send_to_group(slug: str, parts: dict[str, str]) -> None:
    _group_send(group_name(slug), message(parts))


def _group_send(group: str, message: dict) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    loop = _server_loop
    if loop is not None and loop.is_running() and not _runs_on(loop):
        # The serving loop owns the layer's connections (and the in-memory layer's queues).
        asyncio.run_coroutine_threadsafe(layer.group_send(group, message), loop).result(30)
    else:
        # A thread of our own, with no loop: run one here. (Not async_to_sync: its executor
        # refuses work once a script's main thread has ended, when its push may still run.)
        asyncio.run(layer.group_send(group, message))


def _runs_on(loop: asyncio.AbstractEventLoop) -> bool:
    try:
        return asyncio.get_running_loop() is loop
    except RuntimeError:
        return False
