"""Public pages: thin views serving the cached render of the event's current version."""

from __future__ import annotations

import hashlib
import io
from collections.abc import Callable
from functools import lru_cache

import segno
from django.http import Http404, HttpRequest, HttpResponse
from django.urls import reverse
from django.views.decorators.http import require_safe

from . import render
from .http import HTML, cached_response, is_fresh, not_modified
from .state import EventState


def _serve(
    request: HttpRequest,
    slug: str,
    name: str,
    exists: Callable[[EventState], bool] | None = None,
    content_type: str = HTML,
) -> HttpResponse:
    """The cached render of page `name`; a 304 costs one cache read, a hit two."""
    version = render.current_version(slug)
    if version is None:
        raise Http404("No such event")
    tag = render.etag(slug, version, name)
    if is_fresh(request, tag):
        return not_modified(tag)
    html = render.cached_page(slug, version, name)
    if html is None:  # first view of this page at this version: render from the state
        state = render.state(slug, version)
        if state is None or (exists is not None and not exists(state)):
            raise Http404("No such page")
        html = render.page(state, name)
        tag = render.etag(slug, state.version, name)
    return cached_response(request, html, tag, content_type)


@require_safe
def index(request: HttpRequest) -> HttpResponse:
    html = render.index_page()
    return cached_response(request, html, _hash_etag(html))


@require_safe
def standings(request: HttpRequest, slug: str) -> HttpResponse:
    return _serve(request, slug, "standings")


@require_safe
def round_results(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    return _serve(request, slug, f"round-{number}", lambda state: bool(state.round(number)))


@require_safe
def crosstable(request: HttpRequest, slug: str) -> HttpResponse:
    return _serve(request, slug, "crosstable")


@require_safe
def player(request: HttpRequest, slug: str, start_no: int) -> HttpResponse:
    return _serve(request, slug, f"player-{start_no}", lambda state: start_no in state.people)


@require_safe
def standings_json(request: HttpRequest, slug: str) -> HttpResponse:
    return _serve(request, slug, "json", content_type="application/json")


@require_safe
def screen(request: HttpRequest, slug: str) -> HttpResponse:
    return _serve(request, slug, "screen")


@require_safe
def qr_code(request: HttpRequest, slug: str) -> HttpResponse:
    """The follower page's address as a QR code, for the spectator screen."""
    if render.current_version(slug) is None:
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
