"""After a write commits: recompute once, render once, send one group message per event.

The message (message()) carries the event version as data and the fragments of every
view (fragments.VIEWS) at once, each compressed once (wire.pack). Every process receives
it once (audience.py) and writes each of its sockets only its own view's part, in the
encoding it asked for.

The publishing thread then waits (at most FANOUT_WAIT) until its own process's sockets
have been handed the message before storing the state and rendering the hot pages: that
work would otherwise take the GIL in turns with the loop writing to those sockets.

Bursts are throttled per event across every process through the shared cache:
- the first write after a quiet spell publishes at once (in a background thread,
  so the arbiter's request only pays one cache.add);
- a write while a push is pending does nothing: the pending push will read its state;
- pushes of one event start at least LIVE_PUSH_INTERVAL seconds apart, and the
  publisher clears the pending flag BEFORE reading the database, so a write that
  commits after that read schedules another push: the last push carries the last state.

LIVE_PUSH_INTERVAL = 0 publishes inline in the writer's thread (tests that want it
synchronous); so does a commit hook run inside an enclosing transaction.

When Redis is unreachable the write still answers normally: its push joins the backlog
(backlog.py), retried until it goes out, and delayed() tells the arbiter's page so.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager

from channels.layers import get_channel_layer
from django.conf import settings
from django.core.cache import cache
from django.db import close_old_connections, connections, transaction
from django.utils import translation

from standings.events.models import Event
from standings.web import languages, render
from standings.web.state import EventState, build_state

from . import fragments, wire
from .backlog import Backlog

log = logging.getLogger(__name__)

MESSAGE_TYPE = "event.fragments"  # read by each process's audience.Audience
PUBLISH_LOCK_TTL = 30  # seconds; longer than any publish, lapses if its holder died
FANOUT_WAIT = 1.0  # seconds a publish waits for its process's sockets before storing

_server_loop: asyncio.AbstractEventLoop | None = None


def group_name(slug: str) -> str:
    """The channel-layer group of an event's sockets (slugs are ascii, at most 50 chars)."""
    return f"event.{slug}"


def message(state: EventState) -> dict:
    """The group message of a state: its version, and each view's fragments packed, in the
    default language (`packed`) and in each other language the event's readers use lately
    (`translated`, web.languages), rendered once per language."""
    packed = {}
    for language in languages.in_use(state.slug):
        with translation.override(language):
            packed[language] = wire.pack(fragments.render_parts(state))
    default = packed.pop(settings.LANGUAGE_CODE)
    return {
        "type": MESSAGE_TYPE,
        "slug": state.slug,
        "version": state.version,
        "packed": default,
        "translated": packed,
    }


def interval() -> float:
    return float(settings.LIVE_PUSH_INTERVAL)


def on_event_committed(sender, event_id: int, **kwargs) -> None:
    """Receiver of events.changes.event_committed (connected in apps.py). Never raises:
    the write has committed and its request must answer normally."""
    try:
        event_changed(event_id)
    except Exception:
        log.exception("live push of event %s failed; it is retried until it goes out", event_id)
        _backlog.add(event_id)


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
    _start(wait, event_id)


def publish_now(event_id: int) -> dict | None:
    """Publish the event and send its message to its group; the message, or None if the
    event no longer exists. Raises when the cache or the channel layer fails.

    Publishes of one event never overlap (a lock in the shared cache), so their messages
    leave, and arrive, in the order their states were read.
    """
    sent = []

    def send(state: EventState) -> None:
        sent.append(message(state))
        cache.set(_message_key(state.slug), sent[0], None)
        _group_send(group_name(state.slug), sent[0])
        _until_handed_out(state.slug, state.version)

    with _one_publisher(event_id):
        try:
            render.publish(event_id, send=send)
        except Event.DoesNotExist:
            return None
    _backlog.discard(event_id)  # it went out: a pending retry has nothing left to do
    return sent[0]


def current_message(slug: str) -> dict | None:
    """What a socket shows first, or what sockets that missed a push catch up with: the
    cached message when it is the event's current version (in every language in use), else
    ONE publish's; None if
    the event is unknown. Without Redis, a message rendered here from the database."""
    latest = render.current_version(slug)  # the cache pointer, else the database
    if latest is None:
        return None
    try:
        cached = cache.get(_message_key(slug))
    except Exception:
        cached = None
    if (
        cached is not None
        and cached["version"] >= latest
        and set(languages.in_use(slug)) <= {settings.LANGUAGE_CODE, *cached["translated"]}
    ):
        return cached
    event_id = Event.objects.filter(slug=slug).values_list("pk", flat=True).first()
    if event_id is None:
        return None
    try:
        return publish_now(event_id)
    except Exception as error:
        log.warning("publishing %s failed (%r): its sockets are sent a local render", slug, error)
        event = Event.objects.filter(pk=event_id).first()
        return None if event is None else message(build_state(event))


def delayed() -> bool:
    """Live updates are behind: a push of this process waits for a retry, or the shared
    cache (Redis) is unreachable right now. Shown to arbiters (context_processors.py)."""
    if _backlog:
        return True
    try:
        cache.get("live:ping")
    except Exception:
        return True
    return False


def bind_loop(loop: asyncio.AbstractEventLoop) -> None:
    """Remember the event loop serving this process's sockets (the consumer calls this)."""
    global _server_loop
    _server_loop = loop


# --- internals ------------------------------------------------------------------------


def _message_key(slug: str) -> str:
    return f"live:{render.LAYOUT}:{slug}:message"


def _pending_key(event_id: int) -> str:
    return f"live:pending:{event_id}"


def _last_key(event_id: int) -> str:
    return f"live:last:{event_id}"


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


# Pushes run on a few long-lived threads: each thread keeps its own cache client (Django's
# caches are per thread), so a push does not open a new Redis connection every time.
_pushers = ThreadPoolExecutor(max_workers=4, thread_name_prefix="live-push")


def _start(wait: float, event_id: int) -> None:
    if wait <= 0:
        _hand_over(event_id)
        return
    # Not a daemon: a script that writes and exits still sends its push first.
    timer = threading.Timer(wait, _hand_over, args=(event_id,))
    timer.name = f"live-push-wait-{event_id}"
    timer.start()


def _hand_over(event_id: int) -> None:
    try:
        _pushers.submit(_push, event_id)
    except RuntimeError:  # the interpreter is shutting down: push from this thread
        _push(event_id)


def _push(event_id: int) -> None:
    try:
        gap = interval()
        cache.set(_last_key(event_id), time.time(), max(gap * 4, 1))
        cache.delete(_pending_key(event_id))  # before reading: later commits schedule another
        publish_now(event_id)
    except Exception:
        log.exception("live push of event %s failed; it is retried until it goes out", event_id)
        _backlog.add(event_id)
    finally:
        close_old_connections()  # as after a request: this thread serves the next push


def _retry(event_id: int) -> None:
    try:
        publish_now(event_id)
    finally:
        connections.close_all()  # the backlog's thread sleeps seconds between attempts


_backlog = Backlog(_retry)


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


def _until_handed_out(slug: str, version: int) -> None:
    """Wait (at most FANOUT_WAIT) until this process's sockets of the event have been
    handed the message: what a publish does after sending (explaining, pickling and storing
    the state, rendering the hot pages) would otherwise hold the GIL in turns with the
    loop writing to them, and put off their push by as long."""
    loop = _server_loop
    if loop is None or not loop.is_running() or _runs_on(loop):
        return
    from .audience import handed  # it imports this module

    waiting = asyncio.run_coroutine_threadsafe(handed(slug, version, FANOUT_WAIT), loop)
    try:
        waiting.result(FANOUT_WAIT + 1)
    except Exception:  # too long: go on, the sockets are not waiting for this
        waiting.cancel()


def _runs_on(loop: asyncio.AbstractEventLoop) -> bool:
    try:
        return asyncio.get_running_loop() is loop
    except RuntimeError:
        return False
