"""Where the state of each event version is kept, shared by every process and language.

Django's cache (Redis when REDIS_URL is set, else per process) holds:
- `version` pointer: the event's current version. The publish moves it (live/publish.py);
  it lives VERSION_TTL seconds, after which one reader re-reads Event.version (one indexed
  query), so a write that bypassed a publish (a shell, another process without a shared
  cache) shows within seconds.
- `state` per version: the engine's output and pairings as plain data (EventState), and
  for a section its summary (the tournament's overview reads it) and for every event
  whether its page is a tournament's overview.
- the `building` lock per version: one process builds a version's state while the others
  wait for it (no stampede), and the publish holds it while it sends, so a page asked for
  once a socket has the push waits for that state rather than building it again.

The rendered pages are web's (web/render.py), under keys made here (`key`). The cache is
a convenience, never a dependency: when it fails (Redis gone), a read is a miss and a
write is skipped, so the pages render from the database (`cache` below).
"""

from __future__ import annotations

import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from django.conf import settings
from django.core.cache import cache as shared_cache

from standings.events.models import Event

from . import sections
from .event_state import EventState, SectionLink, build_state, materialised

log = logging.getLogger(__name__)

VERSION_TTL = 5
STATE_TTL = 6 * 3600
BUILD_LOCK_TTL = 30
BUILD_WAIT = 5.0
FAILURE_LOG_GAP = 10.0  # seconds between two warnings about an unreachable cache


class StateUnavailable(Exception):
    """The event's state could not be built (logged); its pages answer an error, no others."""


class NotBuilt(LookupError):
    """What a version shows beyond its standings (the race, a table after an earlier round)
    is still being built off the request path (web/derived.py): its page says so."""


class MissingCache:
    """Django's cache, with a failure (Redis unreachable) read as a miss and a write skipped."""

    quiet_until = 0.0  # monotonic time before which a failure is not logged again

    def get(self, key: str, default: Any = None) -> Any:
        return self._call("get", key, default, failed=default)

    def get_many(self, keys: list[str]) -> dict[str, Any]:
        found: dict[str, Any] = self._call("get_many", keys, failed={})
        return found

    def set(self, key: str, value: object, timeout: float | None = None) -> None:
        self._call("set", key, value, timeout, failed=None)

    def add(self, key: str, value: object, timeout: float | None = None) -> bool:
        # Unreachable: nobody else can hold the lock either, so go ahead.
        return bool(self._call("add", key, value, timeout, failed=True))

    def delete(self, key: str) -> None:
        self._call("delete", key, failed=None)

    def incr(self, key: str, delta: int) -> None:
        self._call("incr", key, delta, failed=None)

    def _call(self, name: str, *args: object, failed: Any) -> Any:
        try:
            return getattr(shared_cache, name)(*args)
        except Exception as error:
            now = time.monotonic()
            if now >= self.quiet_until:  # once a while, not on every read of every view
                log.warning("cache %s failed, rendering without it: %r", name, error)
                self.quiet_until = now + FAILURE_LOG_GAP
            return failed


cache = MissingCache()


class Kept(OrderedDict[object, Any]):
    """The last few entries put, in this process (least recently put dropped); a put from
    a publishing thread and one from the views' thread do not trip over each other."""

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size
        self.lock = threading.Lock()

    def put(self, key: object, value: object) -> None:
        with self.lock:
            self[key] = value
            self.move_to_end(key)
            while len(self) > self.size:
                self.popitem(last=False)


def key(slug: str, *parts: object) -> str:
    """A cache key of the event's (`parts`: its version, what is kept)."""
    # The release first: after a deploy, the previous code's renders and states go unread.
    return ":".join(["web", settings.RELEASE, slug, *map(str, parts)])


def current_version(slug: str) -> int | None:
    """The event's version from the cache pointer; one indexed query when it has lapsed."""
    version = cache.get(version_key(slug))
    if version is None:
        version = Event.objects.filter(slug=slug).values_list("version", flat=True).first()
        if version is None:
            return None
        # add, not set: a publish that moved the pointer meanwhile is not stepped back
        cache.add(version_key(slug), version, VERSION_TTL)
    return int(version)


def version_key(slug: str) -> str:
    """The cache key of the event's version pointer (web.fast reads it too)."""
    return key(slug, "version")


def point_at(slug: str, version: int) -> None:
    """Move the event's version pointer to `version`, never back to an older one."""
    pointer = version_key(slug)
    known = cache.get(pointer)
    if known is None or known <= version:
        cache.set(pointer, version, VERSION_TTL)


def state(slug: str, version: int) -> EventState | None:
    """The state behind the pages of this version (or a newer one): kept in this process,
    else read from the cache, else built once. Raises StateUnavailable (logged) when it
    cannot be built: that event's pages fail alone."""
    kept = (settings.RELEASE, slug, version)
    found = _STATES.get(kept)
    if found is None:
        found = cache.get(key(slug, version, "state"))
        if found is None:
            found = _build_once(slug, version)
        if found is not None:
            _STATES.put(kept, found)
    return found


# (release, slug, version) -> its state, unpickled once per process: a 500-player state
# takes about 0.4 s to unpickle, which every player card and find page paid (a few MB each).
_STATES = Kept(8)


@contextmanager
def building(slug: str, version: int) -> Iterator[None]:
    """Hold the version's build lock: readers of that version wait for its state meanwhile."""
    lock = key(slug, version, "building")
    cache.set(lock, 1, BUILD_LOCK_TTL)
    try:
        yield
    finally:
        cache.delete(lock)


def store(state: EventState) -> EventState:
    """Cache the state (explained) and point at its version; the state as cached."""
    state = materialised(state)
    cache.set(key(state.slug, state.version, "state"), state, STATE_TTL)
    cache.set(overview_key(state.slug, state.version), state.is_overview, STATE_TTL)
    if state.tournament is not None and state.tournament.slug != state.slug:  # a section
        link = SectionLink(state.slug, state.name)
        summary = sections.summary(link, state)
        cache.set(key(state.slug, state.version, "summary"), summary, STATE_TTL)
    point_at(state.slug, state.version)
    _STATES.put((settings.RELEASE, state.slug, state.version), state)
    return state


def overview_key(slug: str, version: int) -> str:
    """The cache key of the flag saying whether the event's page is a tournament's overview
    (web.fast reads it too)."""
    return key(slug, version, "overview")


def section_summary(link: SectionLink, version: int | None) -> sections.SectionSummary:
    """A section's leaders at its version: cached when its state was, else from its state
    (a 400-player state takes over 100 ms to unpickle; its summary next to nothing)."""
    if version is None:
        return sections.summary(link, None)
    found: sections.SectionSummary | None = cache.get(key(link.slug, version, "summary"))
    if found is None:
        found = sections.summary(link, state(link.slug, version))
        cache.set(key(link.slug, version, "summary"), found, STATE_TTL)
    return found


def _build_once(slug: str, version: int) -> EventState | None:
    """On a miss one caller builds while the others wait for its result (no stampede)."""
    lock = key(slug, version, "building")
    if not cache.add(lock, 1, BUILD_LOCK_TTL):
        deadline = time.monotonic() + BUILD_WAIT
        while time.monotonic() < deadline:
            time.sleep(0.05)
            state: EventState | None = cache.get(key(slug, version, "state"))
            if state is not None:
                return state
    try:
        event = Event.objects.filter(slug=slug).first()
        if event is None:
            return None
        try:
            built = build_state(event)
        except Exception as error:
            log.exception("the state of event %s cannot be built", slug)
            raise StateUnavailable(slug) from error
        return store(built)
    finally:
        cache.delete(lock)
