"""Public pages: thin views serving the cached render of the event's current version."""

from __future__ import annotations

import hashlib
import io
from functools import lru_cache

import segno
from django.http import Http404, HttpRequest, HttpResponse
from django.urls import reverse
from django.views.decorators.http import require_safe

from . import render
from .http import cached_response
from .state import EventState


def _state(slug: str) -> EventState:
    state = render.current_state(slug)
    if state is None:
        raise Http404("No such event")
    return state


def _page(request: HttpRequest, state: EventState, name: str, **kwargs) -> HttpResponse:
    return cached_response(request, render.page(state, name), render.etag(state, name), **kwargs)


@require_safe
def index(request: HttpRequest) -> HttpResponse:
    html = render.index_page()
    etag = '"' + hashlib.sha256(html.encode()).hexdigest()[:20] + '"'
    return cached_response(request, html, etag)


@require_safe
def standings(request: HttpRequest, slug: str) -> HttpResponse:
    return _page(request, _state(slug), "standings")


@require_safe
def round_results(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    state = _state(slug)
    if state.round(number) is None:
        raise Http404("No such round")
    return _page(request, state, f"round-{number}")


@require_safe
def crosstable(request: HttpRequest, slug: str) -> HttpResponse:
    return _page(request, _state(slug), "crosstable")


@require_safe
def player(request: HttpRequest, slug: str, start_no: int) -> HttpResponse:
    state = _state(slug)
    if start_no not in state.people:
        raise Http404("No such player")
    return _page(request, state, f"player-{start_no}")


@require_safe
def standings_json(request: HttpRequest, slug: str) -> HttpResponse:
    return _page(request, _state(slug), "json", content_type="application/json")


@require_safe
def screen(request: HttpRequest, slug: str) -> HttpResponse:
    return _page(request, _state(slug), "screen")


@require_safe
def qr_code(request: HttpRequest, slug: str) -> HttpResponse:
    """The follower page's address as a QR code, for the spectator screen."""
    _state(slug)
    url = request.build_absolute_uri(reverse("web:standings", args=[slug]))
    etag = '"' + hashlib.sha256(url.encode()).hexdigest()[:20] + '"'
    return cached_response(request, _qr_svg(url), etag, content_type="image/svg+xml")


@lru_cache(maxsize=256)
def _qr_svg(url: str) -> str:
    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", scale=4, dark="#000", light="#fff", border=2)
    return out.getvalue().decode()
