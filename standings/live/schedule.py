"""When an event is published: after a write commits, throttled across all processes.

Bursts are throttled per event through the shared cache:
- the first write after a quiet spell publishes at once (in a background thread,
  so the arbiter's request only pays one cache.add);
- a write while a push is pending does nothing: the pending push will read its state;
- pushes of one event start at least LIVE_PUSH_INTERVAL seconds apart, and the
  publisher clears the pending flag BEFORE reading the database, so a write that
  commits after that read schedules another push: the last push carries the last state.

LIVE_PUSH_INTERVAL = 0 publishes inline in the writer's thread (tests that want it
synchronous); so does a commit hook run inside an enclosing transaction.

When Redis is unreachable the write still answers normally: its push joins the backlog
(backlog.py), retried until it goes out, and delayed() tells the arbiter's page so. Once a
section's push is out, its tournament is pushed too (_publish_and_tell).
"""

from __future__ import annotations

import logging
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from django.conf import settings
from django.core.cache import cache
from django.db import close_old_connections, connections, transaction

from .backlog import Backlog
from .publish import Published, publish

log = logging.getLogger(__name__)


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
        _publish_and_tell(event_id)
        return
    # The flag outlives a pending push by far; it only lapses if its process died.
    if not cache.add(_pending_key(event_id), 1, gap + 5):
        return
    last = cache.get(_last_key(event_id))
    wait = 0.0 if last is None else max(0.0, last + gap - time.time())
    _start(wait, event_id)


def publish_now(event_id: int) -> dict | None:
    """Publish the event now (publish.py): its message, or None if the event no longer
    exists. Raises when the cache or the channel layer fails."""
    published = _published(event_id)
    return None if published is None else published.message


def _published(event_id: int) -> Published | None:
    published = publish(event_id)
    _backlog.discard(event_id)  # it went out: a pending retry has nothing left to do
    return published


def _publish_and_tell(event_id: int) -> None:
    """Publish the event, then its tournament if it is a section (whose version its write
    moved): the overview's open pages fetch it again, and find the section's new state."""
    published = _published(event_id)
    if published is not None and published.parent_id is not None:
        event_changed(published.parent_id)


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


def _pending_key(event_id: int) -> str:
    return f"live:pending:{event_id}"


def _last_key(event_id: int) -> str:
    return f"live:last:{event_id}"


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
        _publish_and_tell(event_id)
    except Exception:
        log.exception("live push of event %s failed; it is retried until it goes out", event_id)
        _backlog.add(event_id)
    finally:
        close_old_connections()  # as after a request: this thread serves the next push


def _retry(event_id: int) -> None:
    try:
        _publish_and_tell(event_id)
    finally:
        connections.close_all()  # the backlog's thread sleeps seconds between attempts


_backlog = Backlog(_retry)
