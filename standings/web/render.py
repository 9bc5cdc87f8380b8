"""The public pages of an event version, rendered once per page and language, and cached.

Each page's render is kept per version, page and language (Django's cache, under the
state's keys: state/cache.py); the hot pages are rendered as soon as a version is
published (`warm`, called by the push), the others at their first view. ETags and the
replay before Django (web/fast.py) name the same version and language.
"""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from standings.events.models import Event
from standings.state import progress
from standings.state.cache import (
    STATE_TTL,
    Kept,
    StateUnavailable,
    cache,
    current_version,
    key,
    overview_key,
    section_summary,
    state,
)
from standings.state.event_state import EventState

from . import languages, pages, search

INDEX_TTL = 5


def _index_key() -> str:
    return f"web:{settings.RELEASE}:index:{translation.get_language()}"


def warm(state: EventState) -> None:
    """Render the hot pages of a state just published, in each language its readers use,
    and forget the list of events: the refresh storm that follows a push is served from
    the cache (live/publish.py calls this once the sockets have the push)."""
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


def warm_derived(state: EventState, rounds: list[int]) -> None:
    """Render the pages of what web/derived.py has just built for the state's version (the
    race, its view on the screen, the standings after `rounds`) in each language its
    readers use, so that nobody waits for them in Django."""
    names = []
    if state.teams is None and not state.is_overview:
        names += ["race", "racejson", "screen"]
    names += [f"{page}-{number}" for number in rounds for page in ("after", "afterjson")]
    for language in languages.in_use(state.slug):
        with translation.override(language):
            for name in names:
                if cached_page(state.slug, state.version, name) is None:
                    _render_page(state, name)


def etag(slug: str, version: int, name: str) -> str:
    """The ETag of a page in the active language."""
    return etag_of(slug, version, name, translation.get_language())


def etag_of(slug: str, version: int, name: str, language: str) -> str:
    return f'"{settings.RELEASE}-{slug}-{version}-{name}-{language}"'


def cached_page(slug: str, version: int, name: str) -> str | None:
    """A page rendered earlier for this version in the active language: one cache read, no
    state, no database."""
    return cache.get(_page_key(slug, version, name))


def page(state: EventState, name: str) -> str:
    """Page `name` of this state in the active language: "standings", "round-3", "player-12",
    "screen", "json"."""
    html = cached_page(state.slug, state.version, name)
    return html if html is not None else _render_page(state, name)


def unkept_page(state: EventState, name: str) -> str:
    """Page `name` of this state rendered and not kept: it lacks what is still being built
    for the version (pages.Page.complete), and the next view renders it again."""
    return _render(state, name)


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


def overview_page(tournament: EventState) -> str:
    """The overview of a tournament's sections with their leaders, cached under the
    sections' current versions: a result entered in one shows at the next view."""
    versions = [(link, current_version(link.slug)) for link in tournament.sections]
    tag = "-".join(f"{link.slug}.{version}" for link, version in versions)
    kept = key(
        tournament.slug,
        tournament.version,
        "overview",
        hashlib.sha256(tag.encode()).hexdigest()[:16],
        translation.get_language(),
    )
    html = cache.get(kept)
    if html is None:
        summaries = [section_summary(link, version) for link, version in versions]
        context = {
            "state": tournament,
            "oob": False,
            "live_view": "status",
            "page_url": reverse("web:standings", kwargs={"slug": tournament.slug}),
            "summaries": summaries,
        }
        html = render_to_string("web/tournament.html", context)
        cache.set(kept, html, STATE_TTL)
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


_SCOPES = Kept(256)  # (slug, version) -> the slugs a search of it reads


def _state_or_none(slug: str, version: int) -> EventState | None:
    try:
        return state(slug, version)
    except StateUnavailable:  # one broken section does not take the search down
        return None


def _render_page(state: EventState, name: str) -> str:
    html = _render(state, name)
    cache.set(_page_key(state.slug, state.version, name), html, STATE_TTL)
    return html


def _render(state: EventState, name: str) -> str:
    page, params = pages.resolve(name)
    return page.body(state, **params) if page.body else _template(state, page, params)


def _page_key(slug: str, version: int, name: str) -> str:
    return page_key(slug, version, name, translation.get_language())


def page_key(slug: str, version: int, name: str, language: str) -> str:
    """The cache key of a page's render in a language (web.fast reads it too)."""
    return key(slug, version, "page", name, language)


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
