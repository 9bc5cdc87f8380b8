"""Render the public pages of an event once per change, and cache them.

Contract with the live push (standings.live, which builds its socket messages on this):
- publish(event_id, send) -> EventState: recompute the standings once, hand the state to
  `send` (the push renders and sends its fragments), then cache the state and render the
  hot pages.

Cache layout (Django's cache: Redis when REDIS_URL is set, else per process):
- `version` pointer: the event's current version. Written by publish(); it lives
  VERSION_TTL seconds, after which one view re-reads Event.version (one indexed
  query), so a write that bypassed publish() (a shell, another process without a
  shared cache) shows within seconds.
- `state` per version: the engine's output and pairings as plain data (EventState).
- `page` per version, page and language: the rendered HTML, filled by publish() for the
  hot pages (in each language the event's readers use, web.languages) and by the first
  view of the others.

The cache is a convenience, never a dependency: when it fails (Redis gone), a read is a
miss and a write is skipped, so the pages render from the database (`cache` below).
"""

from __future__ import annotations

import hashlib
import logging
import time
from collections.abc import Callable

from django.conf import settings
from django.core.cache import cache as shared_cache
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from standings.events.models import Event
from standings.state import progress, sections
from standings.state.event_state import EventState, SectionLink, build_state, materialised

from . import languages, pages, search

log = logging.getLogger(__name__)

VERSION_TTL = 5
STATE_TTL = 6 * 3600
INDEX_TTL = 5
BUILD_LOCK_TTL = 30
BUILD_WAIT = 5.0
FAILURE_LOG_GAP = 10.0  # seconds between two warnings about an unreachable cache


class StateUnavailable(Exception):
    """The event's state could not be built (logged); its pages answer an error, no others."""


class MissingCache:
    """Django's cache, with a failure (Redis unreachable) read as a miss and a write skipped."""

    quiet_until = 0.0  # monotonic time before which a failure is not logged again

    def get(self, key: str, default=None):
        return self._call("get", key, default, failed=default)

    def set(self, key: str, value, timeout=None) -> None:
        self._call("set", key, value, timeout, failed=None)

    def add(self, key: str, value, timeout=None) -> bool:
        # Unreachable: nobody else can hold the lock either, so go ahead.
        return self._call("add", key, value, timeout, failed=True)

    def delete(self, key: str) -> None:
        self._call("delete", key, failed=None)

    def incr(self, key: str, delta: int) -> None:
        self._call("incr", key, delta, failed=None)

    def _call(self, name: str, *args, failed):
        try:
            return getattr(shared_cache, name)(*args)
        except Exception as error:
            now = time.monotonic()
            if now >= self.quiet_until:  # once a while, not on every read of every view
                log.warning("cache %s failed, rendering without it: %r", name, error)
                self.quiet_until = now + FAILURE_LOG_GAP
            return failed


cache = MissingCache()


def _key(slug: str, *parts: object) -> str:
    # The release first: after a deploy, the previous code's renders and states go unread.
    return ":".join(["web", settings.RELEASE, slug, *map(str, parts)])


def _index_key() -> str:
    return f"web:{settings.RELEASE}:index:{translation.get_language()}"


# --- the contract with the live push -------------------------------------------------


def publish(event_id: int, send: Callable[[EventState], None] | None = None) -> EventState:
    """Recompute once, cache the state and render the hot pages; raises Event.DoesNotExist
    for an event that is gone.

    The version pointer moves before `send(state)`, and the state is stored while this
    holds the version's build lock: a page asked for once a socket has the push is never
    the previous version's (its view waits for the state rather than building it again).
    The sockets do not wait for the state to be cached nor the pages (explaining and
    pickling the state take longer than rendering the fragments). Returns the state."""
    event = Event.objects.get(pk=event_id)
    state = build_state(event)
    lock = _key(state.slug, state.version, "building")
    cache.set(lock, 1, BUILD_LOCK_TTL)
    try:
        _point_at(state.slug, state.version)
        if send is not None:
            send(state)
        state = _store_state(state)
    finally:
        cache.delete(lock)
    hot = ["standings", "json"]  # what a refresh storm hits first
    if state.current_round:  # first: its page refetches itself on every push
        hot.insert(0, f"round-{state.current_round.number}")
    for language in languages.in_use(state.slug):
        with translation.override(language):
            for name in hot:
                _render_page(state, name)
    for language in languages.codes():
        with translation.override(language):
            cache.delete(_index_key())
    return state


# --- what the page views read -----------------------------------------------------


def current_version(slug: str) -> int | None:
    """The event's version from the cache pointer; one indexed query when it has lapsed."""
    version = cache.get(version_key(slug))
    if version is None:
        version = Event.objects.filter(slug=slug).values_list("version", flat=True).first()
        if version is None:
            return None
        # add, not set: a publish that moved the pointer meanwhile is not stepped back
        cache.add(version_key(slug), version, VERSION_TTL)
    return version


def version_key(slug: str) -> str:
    """The cache key of the event's version pointer (web.fast reads it too)."""
    return _key(slug, "version")


def etag(slug: str, version: int, name: str) -> str:
    """The ETag of a page in the active language."""
    return etag_of(slug, version, name, translation.get_language())


def etag_of(slug: str, version: int, name: str, language: str) -> str:
    return f'"{settings.RELEASE}-{slug}-{version}-{name}-{language}"'


def cached_page(slug: str, version: int, name: str) -> str | None:
    """A page rendered earlier for this version in the active language: one cache read, no
    state, no database."""
    return cache.get(_page_key(slug, version, name))


def state(slug: str, version: int) -> EventState | None:
    """The state behind the pages of this version (or a newer one): kept in this process,
    else read from the cache, else built once. Raises StateUnavailable (logged) when it
    cannot be built: that event's pages fail alone."""
    kept = (settings.RELEASE, slug, version)
    found = _STATES.get(kept)
    if found is None:
        found = cache.get(_key(slug, version, "state"))
        if found is None:
            found = _build_once(slug, version)
        if found is not None:
            _STATES.put(kept, found)
    return found


# (release, slug, version) -> its state, unpickled once per process: a 500-player state
# takes about 0.4 s to unpickle, which every player card and find page paid (a few MB each).
_STATES = search.Kept(8)


def page(state: EventState, name: str) -> str:
    """Page `name` of this state in the active language: "standings", "round-3", "player-12",
    "screen", "json"."""
    html = cached_page(state.slug, state.version, name)
    return html if html is not None else _render_page(state, name)


def index_page() -> str:
    """The list of events, live ones first; replaced on every publish and after INDEX_TTL."""
    html = cache.get(_index_key())
    if html is None:
        # "bridge": the bridge part, when there is one, links the event to its own pages
        events = list(Event.objects.select_related("bridge"))
        listed = progress.event_list(events, progress.progress_by_event())
        live = [item for item in listed if item.status.live]
        others = [item for item in listed if not item.status.live]
        html = render_to_string("web/index.html", {"live": live, "others": others})
        cache.set(_index_key(), html, INDEX_TTL)
    return html


def overview_state(slug: str, version: int) -> EventState | None:
    """The tournament's state when /e/<slug>/ is its overview (sections, no players of its
    own), else None; a flag per version spares other events' views the state read."""
    flag = overview_key(slug, version)
    if cache.get(flag) is False:
        return None
    found = state(slug, version)
    is_overview = found is not None and found.is_overview
    cache.set(flag, is_overview, STATE_TTL)
    return found if is_overview else None


def overview_key(slug: str, version: int) -> str:
    """The cache key of the flag saying whether the event's page is a tournament's overview
    (web.fast reads it too)."""
    return _key(slug, version, "overview")


def overview_page(tournament: EventState) -> str:
    """The overview of a tournament's sections with their leaders, cached under the
    sections' current versions: a result entered in one shows at the next view."""
    versions = [(link, current_version(link.slug)) for link in tournament.sections]
    tag = "-".join(f"{link.slug}.{version}" for link, version in versions)
    key = _key(
        tournament.slug,
        tournament.version,
        "overview",
        hashlib.sha256(tag.encode()).hexdigest()[:16],
        translation.get_language(),
    )
    html = cache.get(key)
    if html is None:
        summaries = [_section_summary(link, version) for link, version in versions]
        context = {
            "state": tournament,
            "oob": False,
            "live_view": "status",
            "page_url": reverse("web:standings", kwargs={"slug": tournament.slug}),
            "summaries": summaries,
        }
        html = render_to_string("web/tournament.html", context)
        cache.set(key, html, STATE_TTL)
    return html


def tournament_indexes(slug: str, version: int) -> list[search.Index] | None:
    """The search indexes of every event of the event's tournament that has players (the
    tournament, then its sections), or of the event alone; None for no such event. Built
    from the states once per version and process: a search then reads only versions."""
    scope = _SCOPES.get((slug, version))
    if scope is None:
        found = state(slug, version)
        if found is None:
            return None
        links = [found.tournament, *found.sections] if found.tournament else []
        scope = tuple(link.slug for link in links) or (slug,)
        _SCOPES.put((slug, version), scope)
    indexes = []
    for each in scope:
        each_version = version if each == slug else current_version(each)
        if each_version is None:
            continue
        kept = search.cached_index(each, each_version)
        if kept is None:
            each_state = _state_or_none(each, each_version)
            kept = None if each_state is None else search.index(each_state)
        if kept is not None and kept.names:  # a tournament that only groups has no one
            indexes.append(kept)
    return indexes


_SCOPES = search.Kept(256)  # (slug, version) -> the slugs a search of it reads


def _state_or_none(slug: str, version: int) -> EventState | None:
    try:
        return state(slug, version)
    except StateUnavailable:  # one broken section does not take the search down
        return None


# --- internals ------------------------------------------------------------------------


def _section_summary(link: SectionLink, version: int | None) -> sections.SectionSummary:
    """A section's leaders at its version: cached when its state was, else from its state
    (a 400-player state takes over 100 ms to unpickle; its summary next to nothing)."""
    if version is None:
        return sections.summary(link, None)
    found = cache.get(_key(link.slug, version, "summary"))
    if found is None:
        found = sections.summary(link, state(link.slug, version))
        cache.set(_key(link.slug, version, "summary"), found, STATE_TTL)
    return found


def _store_state(state: EventState) -> EventState:
    """Cache the state (explained) and point at its version; the state as cached."""
    state = materialised(state)
    cache.set(_key(state.slug, state.version, "state"), state, STATE_TTL)
    cache.set(overview_key(state.slug, state.version), state.is_overview, STATE_TTL)
    if state.tournament is not None and state.tournament.slug != state.slug:  # a section
        link = SectionLink(state.slug, state.name)
        summary = sections.summary(link, state)
        cache.set(_key(state.slug, state.version, "summary"), summary, STATE_TTL)
    _point_at(state.slug, state.version)
    _STATES.put((settings.RELEASE, state.slug, state.version), state)
    return state


def _point_at(slug: str, version: int) -> None:
    pointer = version_key(slug)
    known = cache.get(pointer)
    if known is None or known <= version:  # never step back to an older publish
        cache.set(pointer, version, VERSION_TTL)


def _build_once(slug: str, version: int) -> EventState | None:
    """On a miss one caller builds while the others wait for its result (no stampede)."""
    lock = _key(slug, version, "building")
    if not cache.add(lock, 1, BUILD_LOCK_TTL):
        deadline = time.monotonic() + BUILD_WAIT
        while time.monotonic() < deadline:
            time.sleep(0.05)
            state = cache.get(_key(slug, version, "state"))
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
        return _store_state(built)
    finally:
        cache.delete(lock)


def _render_page(state: EventState, name: str) -> str:
    page, params = pages.resolve(name)
    html = page.body(state, **params) if page.body else _template(state, page, params)
    cache.set(_page_key(state.slug, state.version, name), html, STATE_TTL)
    return html


def _page_key(slug: str, version: int, name: str) -> str:
    return page_key(slug, version, name, translation.get_language())


def page_key(slug: str, version: int, name: str, language: str) -> str:
    """The cache key of a page's render in a language (web.fast reads it too)."""
    return _key(slug, version, "page", name, language)


def _template(state: EventState, page: pages.Page, params: dict[str, object]) -> str:
    context = {
        "state": state,
        "oob": False,
        "live_view": page.live_view,
        "nav": pages.nav(state, current=page),
        "page_url": reverse(f"web:{page.name}", kwargs={"slug": state.slug, **params}),
        **page.context(state, **params),
    }
    return render_to_string(page.template, context)
