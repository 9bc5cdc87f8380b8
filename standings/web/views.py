"""Public pages: one thin view serves every page of the registry from the cached render."""

from __future__ import annotations

import hashlib
import io
import json
from contextlib import nullcontext
from functools import lru_cache

import segno
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.cache import add_never_cache_headers, patch_vary_headers
from django.utils.translation import get_language
from django.views.decorators.http import require_safe

from standings.events.models import Event
from standings.state import cache as state_cache
from standings.state.cache import NotBuilt

from . import api, derived, languages, openapi, pages, render, search, throttle
from .forms import FindForm
from .http import HTML, VARY, VERSION_HEADER, cache_control, cached_response, is_fresh, not_modified


@require_safe
def event_page(request: HttpRequest, slug: str, page: str, **params: object) -> HttpResponse:
    """Any page of the registry (pages.PAGES): the cached render of the event's current
    version in the reader's language; a 304 costs one cache read, a hit two."""
    entry = pages.PAGES[page]
    languages.record(slug, get_language())
    name = entry.cache_name(params)
    version = state_cache.current_version(slug)
    if version is None:
        raise Http404("No such event")
    if page == "standings":
        tournament = render.overview_state(slug, version)
        if tournament is not None:  # sections only: their overview (live: web/tournament.html)
            overview = render.overview_page(tournament)
            return cached_response(request, overview, _hash_etag(overview))
    tag = render.etag(slug, version, name)
    if is_fresh(request, tag):
        response = not_modified(tag)
    else:
        html = render.cached_page(slug, version, name)
        if html is None:  # first view of this page at this version: render from the state
            wait = throttle.wait(request) if entry.costly else None
            if wait is not None:
                return throttle.refusal(request, wait, entry.content_type)
            with throttle.metered(request) if entry.costly else nullcontext():
                state = state_cache.state(slug, version)
                if state is not None and state.is_empty and _is_bridge(slug):
                    # A bridge event has its own pages; its chess pages would stand empty.
                    return redirect(reverse("bridge_events:standings", args=[slug]))
                if state is None or not entry.exists(state, **params):
                    raise Http404("No such page")
                try:
                    complete = entry.complete(state, **params)
                    html = render.page(state, name) if complete else render.unkept_page(state, name)
                except NotBuilt:
                    complete = False
                    html = None
            if not complete:  # still being built off the request path: never here
                derived.ask(slug, state.version)
            if html is None:
                return derived.being_computed(request, entry.content_type)
            if not complete:
                return _unkept(HttpResponse(html, content_type=entry.content_type))
            version = state.version
            tag = render.etag(slug, version, name)
        response = cached_response(request, html, tag, entry.content_type)
    response[VERSION_HEADER] = str(version)
    return response


def _unkept(response: HttpResponse) -> HttpResponse:
    """A page lacking what is still being built: nobody keeps it (web.fast, a CDN)."""
    add_never_cache_headers(response)
    return response


def _is_bridge(slug: str) -> bool:
    return Event.objects.filter(slug=slug, bridge__isnull=False).exists()


@require_safe
def find(request: HttpRequest, slug: str) -> HttpResponse:
    """Find my board: players of the event's tournament by name or start number; the
    results alone for htmx (no state read), else the event page around them (a plain GET
    form). Metered per address (throttle.py)."""
    wait = throttle.wait(request)
    if wait is not None:
        return throttle.refusal(request, wait, HTML)
    with throttle.metered(request):
        return _find(request, slug)


def _find(request: HttpRequest, slug: str) -> HttpResponse:
    version = state_cache.current_version(slug)
    indexes = None if version is None else render.tournament_indexes(slug, version)
    if version is None or indexes is None:
        raise Http404("No such event")
    form = FindForm(request.GET)
    query = form.cleaned_data["q"] if form.is_valid() else ""
    found = search.search(indexes, query)
    context: dict[str, object] = {
        "query": query,
        "found": found,
        "limited": len(found) >= search.LIMIT,
        "sections_searched": len({hit.section.slug for hit in found}) > 1 or len(indexes) > 1,
    }
    if request.headers.get("HX-Request") == "true":
        template = "web/find.html#find-results"
    else:
        state = state_cache.state(slug, version)
        if state is None:
            raise Http404("No such event")
        template = "web/find.html"
        context |= {"state": state, "live_view": "status", "nav": pages.nav(state, None)}
    response = HttpResponse(render_to_string(template, context, request=request), HTML)
    response["Cache-Control"] = cache_control()
    # One address, two answers (fragment or page): a shared cache must keep them apart.
    patch_vary_headers(response, ["HX-Request", *VARY.split(", ")])
    return response


@require_safe
def index(request: HttpRequest) -> HttpResponse:
    html = render.index_page()
    return cached_response(request, html, _hash_etag(html))


@require_safe
def qr_code(request: HttpRequest, slug: str) -> HttpResponse:
    """The follower page's address as a QR code, for the spectator screen."""
    if state_cache.current_version(slug) is None:
        raise Http404("No such event")
    url = request.build_absolute_uri(reverse("web:standings", args=[slug]))
    return cached_response(request, _qr_svg(url), _hash_etag(url), content_type="image/svg+xml")


def _hash_etag(text: str) -> str:
    return '"' + hashlib.sha256(text.encode()).hexdigest()[:20] + '"'


@lru_cache(maxsize=256)
def _qr_svg(url: str) -> str:
    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", scale=4, dark="#000", light="#fff", border=2)
    return out.getvalue().decode()


@require_safe
def events_json(request: HttpRequest) -> HttpResponse:
    """The read API's event list (api.py)."""
    events = Event.objects.select_related("parent").prefetch_related("sections")
    body = json.dumps(api.events_json(list(events)), ensure_ascii=False)
    return cached_response(request, body, _hash_etag(body), content_type="application/json")


@require_safe
def openapi_json(request: HttpRequest) -> HttpResponse:
    """The OpenAPI description of the read API, at a stable address."""
    body = _openapi_body()
    return cached_response(request, body, _hash_etag(body), content_type="application/json")


@lru_cache(maxsize=1)
def _openapi_body() -> str:
    return json.dumps(openapi.document(), ensure_ascii=False, indent=1)
