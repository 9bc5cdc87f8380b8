"""Render the public pages and live fragments of an event once per change, and cache them.

Contract with the live push:
- publish(event_id, send) -> dict view -> HTML: recompute the standings once, render
  every live fragment once (htmx out-of-band swaps), store them in the cache, hand
  them to `send`, then cache the page state and render the hot pages; return what each
  kind of page (VIEWS) is sent: #last-update plus only the fragments it shows.
  every_fragment(parts) joins them for a socket of no view.
- cached_fragments(slug) -> the last published dict, no database access; or None.

Cache layout (Django's cache: Redis when REDIS_URL is set, else per process):
- `version` pointer: the event's current version. Written by publish(); it lives
  VERSION_TTL seconds, after which one view re-reads Event.version (one indexed
  query), so a write that bypassed publish() (a shell, another process without a
  shared cache) shows within seconds.
- `state` per version: the engine's output and pairings as plain data (EventState).
- `page` per version and page: the rendered HTML, filled by publish() for the hot
  pages and by the first view of the others.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from django.core.cache import cache
from django.db.models import Count, Q
from django.template.loader import render_to_string

from standings.events.models import Event, Round

from . import pages
from .state import EventState, build_state, materialised

# Changes with the templates (and the code that shapes a render): after a deploy that
# changes them, old renders in a shared cache are no longer used.
LAYOUT = pages.layout_key(pages.shaping_files())
VERSION_TTL = 5
STATE_TTL = 6 * 3600
INDEX_TTL = 5
BUILD_LOCK_TTL = 30
BUILD_WAIT = 5.0


def _key(slug: str, *parts: object) -> str:
    return ":".join(["web", LAYOUT, slug, *map(str, parts)])


INDEX_KEY = "web:" + LAYOUT + ":index"


# --- the contract with the live push -------------------------------------------------


# What each page's socket (`?view=` of /ws/e/<slug>/) is sent besides #last-update.
# "status" pages refetch their own body when #last-update changes (they hold [data-refresh]).
VIEWS: dict[str, tuple[str, ...]] = {
    "standings": ("web/standings.html#standings-table",),
    "round": ("web/round.html#round-games",),  # the current round's
    "screen": ("web/screen.html#screen-standings", "web/screen.html#screen-pairings"),
    "status": (),
}
ALL = "all"  # no or an unknown view: every fragment (every_fragment)
LAST_UPDATE = "web/parts.html#last-update"


def publish(
    event_id: int, send: Callable[[str, dict[str, str]], None] | None = None
) -> dict[str, str]:
    """Recompute once, render the live fragments and hot pages once, cache them; raises
    Event.DoesNotExist for an event that is gone.

    `send(slug, parts)` runs as soon as the fragments are cached: the sockets do not wait for
    the state to be cached nor the pages. Returns the HTML each view of VIEWS is sent."""
    event = Event.objects.get(pk=event_id)
    state = build_state(event)
    parts = fragments(state)
    cache.set(_key(state.slug, "fragments"), parts, None)
    if send is not None:
        send(state.slug, parts)
    # After the send (explaining and pickling the state take longer than rendering the
    # fragments): a page fetched meanwhile is the previous version's, and refetches.
    state = _store_state(state)
    hot = ["standings", "json"]  # what a refresh storm hits first
    if state.current_round:  # first: its page refetches itself on every push
        hot.insert(0, f"round-{state.current_round.number}")
    for name in hot:
        _render_page(state, name)
    cache.delete(INDEX_KEY)
    return parts


def cached_fragments(slug: str) -> dict[str, str] | None:
    return cache.get(_key(slug, "fragments"))


def fragments(state: EventState) -> dict[str, str]:
    """Each live fragment rendered once as an out-of-band swap with the id it has on its
    page, grouped by view; every view's HTML starts with #last-update (all of "status")."""
    context = {"state": state, "oob": True, "round": state.current_round}
    stamp = _ascii(render_to_string(LAST_UPDATE, context))
    return {
        view: stamp + "".join(_ascii(render_to_string(name, context)) for name in names)
        for view, names in VIEWS.items()
    }


def _ascii(html: str) -> str:
    # A pure-ASCII str decodes about five times faster (so does the browser's UTF-8), and
    # wire.pack encodes it as is; † becomes &#8224; and so on.
    return html.encode("ascii", "xmlcharrefreplace").decode("ascii")


def every_fragment(parts: dict[str, str]) -> str:
    """#last-update and every view's fragments, from the parts of fragments()."""
    # Not stored: derived from the parts when needed (wire.pack sends it compressed).
    stamp = parts["status"]
    return stamp + "".join(html[len(stamp) :] for view, html in parts.items() if view != "status")


# --- what the page views read -----------------------------------------------------


def current_version(slug: str) -> int | None:
    """The event's version from the cache pointer; one indexed query when it has lapsed."""
    version = cache.get(_key(slug, "version"))
    if version is None:
        version = Event.objects.filter(slug=slug).values_list("version", flat=True).first()
        if version is None:
            return None
        cache.set(_key(slug, "version"), version, VERSION_TTL)
    return version


def etag(slug: str, version: int, name: str) -> str:
    return f'"{LAYOUT}-{slug}-{version}-{name}"'


def cached_page(slug: str, version: int, name: str) -> str | None:
    """A page rendered earlier for this version: one cache read, no state, no database."""
    return cache.get(_key(slug, version, "page", name))


def state(slug: str, version: int) -> EventState | None:
    """The state behind the pages of this version (or a newer one); built once on a miss."""
    found = cache.get(_key(slug, version, "state"))
    return found if found is not None else _build_once(slug, version)


def page(state: EventState, name: str) -> str:
    """Page `name` of this state: "standings", "round-3", "player-12", "screen", "json"."""
    html = cached_page(state.slug, state.version, name)
    return html if html is not None else _render_page(state, name)


def index_page() -> str:
    """The list of events, live ones first; replaced on every publish and after INDEX_TTL."""
    html = cache.get(INDEX_KEY)
    if html is None:
        open_rounds = Count("round_set", filter=~Q(round_set__state=Round.State.CLOSED))
        events = list(Event.objects.annotate(open_rounds=open_rounds))
        live = [e for e in events if e.open_rounds]
        others = [e for e in events if not e.open_rounds]
        html = render_to_string("web/index.html", {"live": live, "others": others})
        cache.set(INDEX_KEY, html, INDEX_TTL)
    return html


# --- internals ------------------------------------------------------------------------


def _store_state(state: EventState) -> EventState:
    """Cache the state (explained) and point at its version; the state as cached."""
    state = materialised(state)
    cache.set(_key(state.slug, state.version, "state"), state, STATE_TTL)
    pointer = _key(state.slug, "version")
    known = cache.get(pointer)
    if known is None or known <= state.version:  # never step back to an older publish
        cache.set(pointer, state.version, VERSION_TTL)
    return state


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
        return _store_state(build_state(event))
    finally:
        cache.delete(lock)


def _render_page(state: EventState, name: str) -> str:
    page, params = pages.resolve(name)
    html = page.body(state, **params) if page.body else _template(state, page, params)
    cache.set(_key(state.slug, state.version, "page", name), html, STATE_TTL)
    return html


def _template(state: EventState, page: pages.Page, params: dict[str, object]) -> str:
    context = {
        "state": state,
        "oob": False,
        "live_view": page.live_view,
        "nav": pages.nav(state, current=page),
        **page.context(state, **params),
    }
    return render_to_string(page.template, context)
