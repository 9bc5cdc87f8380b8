"""After a write commits: recompute once, render once, send one group message per language.

A push renders only the views, in the languages, that the event's open sockets of any
process ask for (asked.py), each compressed once (wire.pack), and sends them as one group
message per language (messages()): the default language first, then each other one as it
is ready, so most sockets do not wait for the translations. Each message carries the event
version as data and whether more of the push follows (`final`). Every process receives
each message once (audience.py) and writes each of its sockets only its own view's part,
in its language and the encoding it asked for.

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
from standings.state.event_state import EventState, build_state
from standings.web import render

from . import asked, fragments, wire
from .backlog import Backlog

log = logging.getLogger(__name__)

MESSAGE_TYPE = "event.fragments"  # read by each process's audience.Audience
PUBLISH_LOCK_TTL = 30  # seconds; longer than any publish, lapses if its holder died
FANOUT_WAIT = 1.0  # seconds a publish waits for its process's sockets before storing

_server_loop: asyncio.AbstractEventLoop | None = None


def group_name(slug: str) -> str:
    """The channel-layer group of an event's sockets (slugs are ascii, at most 50 chars)."""
    return f"event.{slug}"


def messages(state: EventState, wanted: set[asked.Pair]) -> Iterator[dict]:
    """The group messages of a state, one per language of `wanted` (the default language
    first): its version, and each wanted view of that language rendered and packed once.
    No pair wanted (no socket anywhere): one message carrying nothing, for the cache."""
    views: dict[str, set[str]] = {}
    for view, language in wanted:
        views.setdefault(language, set()).add(view)
    order = [code for code, _ in settings.LANGUAGES if code in views]
    if settings.LANGUAGE_CODE in order:  # settings.LANGUAGES need not list it first
        order.remove(settings.LANGUAGE_CODE)
        order.insert(0, settings.LANGUAGE_CODE)
    if not order:
        yield _message(state, {}, final=True)
    for n, language in enumerate(order):
        with translation.override(language):
            parts = fragments.render_parts(state, views[language])
            packed = wire.pack(parts, views[language])
        yield _message(state, {language: packed}, final=n == len(order) - 1)


def message(state: EventState, wanted: set[asked.Pair]) -> dict:
    """The messages() of a state as one message (what the cache holds)."""
    whole = _message(state, {}, final=True)
    for each in messages(state, wanted):
        whole = merged(whole, each)
    return whole


def merged(message: dict, more: dict) -> dict:
    """`message` with the parts of `more` (of the same version) added."""
    parts = {language: dict(views) for language, views in message["parts"].items()}
    for language, views in more["parts"].items():
        parts.setdefault(language, {}).update(views)
    return {**message, "parts": parts}


def pairs_of(message: dict) -> set[asked.Pair]:
    """The (view, language) pairs a message carries."""
    return {(view, language) for language, views in message["parts"].items() for view in views}


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
        tell_its_tournament(event_id)
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
        whole = _message(state, {}, final=True)
        for each in messages(state, asked.wanted(state.slug)):
            whole = merged(whole, each)
            # Before the send: a socket joining meanwhile starts from what its group has.
            cache.set(_message_key(state.slug), whole, None)
            _group_send(group_name(state.slug), each)
        sent.append(whole)
        _until_handed_out(state.slug, state.version)

    with _one_publisher(event_id):
        try:
            render.publish(event_id, send=send)
        except Event.DoesNotExist:
            return None
    _backlog.discard(event_id)  # it went out: a pending retry has nothing left to do
    return sent[0]


def tell_its_tournament(event_id: int) -> None:
    """Once a section's push is out, push its tournament (whose version its write moved):
    the overview's open pages fetch it again, and find the section's new state there."""
    parent_id = Event.objects.filter(pk=event_id).values_list("parent_id", flat=True).first()
    if parent_id is not None:
        event_changed(parent_id)


def current_message(slug: str) -> dict | None:
    """What a socket shows first, or what sockets that missed a push catch up with: the
    cached message when it is the event's current version, with any view or language the
    sockets ask for that it lacks rendered from the cached state; else ONE publish's; None
    if the event is unknown. Without Redis, a message rendered here from the database."""
    latest = render.current_version(slug)  # the cache pointer, else the database
    if latest is None:
        return None
    try:
        cached = cache.get(_message_key(slug))
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


def _message(state: EventState, parts: dict[str, dict[str, bytes]], *, final: bool) -> dict:
    return {
        "type": MESSAGE_TYPE,
        "slug": state.slug,
        "version": state.version,
        "parts": parts,  # language -> view -> packed HTML
        "final": final,  # no more messages of this version follow
    }


def _completed(cached: dict, missing: set[asked.Pair]) -> dict | None:
    """The cached message with the `missing` pairs rendered from its version's cached
    state (a socket asking for a view or language no socket had; no engine run), cached
    in its place; None when that state cannot be had."""
    try:
        state = render.state(cached["slug"], cached["version"])
    except render.StateUnavailable:
        return None
    if state is None or state.version != cached["version"]:
        return None
    whole = merged(cached, message(state, missing))
    try:
        cache.set(_message_key(state.slug), whole, None)
    except Exception:  # the sockets asking have it; the next ones render it again
        pass
    return whole


def _message_key(slug: str) -> str:
    return f"live:{settings.RELEASE}:{slug}:parts"


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
        tell_its_tournament(event_id)
    except Exception:
        log.exception("live push of event %s failed; it is retried until it goes out", event_id)
        _backlog.add(event_id)
    finally:
        close_old_connections()  # as after a request: this thread serves the next push


def _retry(event_id: int) -> None:
    try:
        publish_now(event_id)
        tell_its_tournament(event_id)
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
