"""Responses for cached renders: the ETag from the event version, 304 when unchanged, the
body compressed as the client accepts, and cache headers a CDN may use.

Public pages may be stored by anyone for PAGE_MAX_AGE seconds, and served stale for
PAGE_STALE_WHILE_REVALIDATE more while a cache asks again: the live socket brings a page
up to date anyway, and its refetches name the version they want (`?v=`), so a stored copy
never hides a push. Requests of signed-in people are never stored anywhere
(standings.security.headers marks their responses private, no-store); `Vary: Cookie`
keeps a shared cache from handing one person's copy to another, `Accept-Language` a
French reader the German page.
"""

from __future__ import annotations

import gzip
from functools import lru_cache

import brotli
from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.utils.http import parse_etags

HTML = "text/html; charset=utf-8"
VARY = "Accept-Encoding, Accept-Language, Cookie"
# The response header naming the event version a page shows (web.fast keys on it).
VERSION_HEADER = "X-Event-Version"
GZIP_LEVEL = 6
BROTLI_QUALITY = 5  # higher qualities cost tens of ms per page for a few % less


def cache_control() -> str:
    return (
        f"public, max-age={settings.PAGE_MAX_AGE}, "
        f"stale-while-revalidate={settings.PAGE_STALE_WHILE_REVALIDATE}"
    )


def is_fresh(request: HttpRequest, etag: str) -> bool:
    """The client already holds this render."""
    wanted = parse_etags(request.headers.get("If-None-Match", ""))
    return etag in wanted or "*" in wanted


def chosen_encoding(accept_encoding: str) -> str:
    """ "br", "gzip" or "identity": the smallest body the client accepts."""
    accepted = set()
    for item in accept_encoding.lower().split(","):
        name, _, params = item.partition(";")
        if params.replace(" ", "") in {"q=0", "q=0.0", "q=0.00", "q=0.000"}:
            continue
        accepted.add(name.strip())
    if "br" in accepted:
        return "br"
    if "gzip" in accepted:
        return "gzip"
    return "identity"


@lru_cache(maxsize=32)
def encoded(body: str, encoding: str) -> bytes:
    """The body in one encoding, compressed once per process for a page read many times."""
    data = body.encode()
    if encoding == "br":
        return brotli.compress(data, quality=BROTLI_QUALITY)
    if encoding == "gzip":
        return gzip.compress(data, compresslevel=GZIP_LEVEL, mtime=0)
    return data


def not_modified(etag: str) -> HttpResponse:
    response = HttpResponseNotModified()
    _cache_headers(response, etag)
    return response


def cached_response(
    request: HttpRequest, body: str, etag: str, content_type: str = HTML
) -> HttpResponse:
    """The render as a response, or 304 when the client already holds this ETag."""
    if is_fresh(request, etag):
        return not_modified(etag)
    encoding = chosen_encoding(request.headers.get("Accept-Encoding", ""))
    response = HttpResponse(encoded(body, encoding), content_type=content_type)
    if encoding != "identity":
        response["Content-Encoding"] = encoding
    _cache_headers(response, etag)
    return response


def _cache_headers(response: HttpResponse, etag: str) -> None:
    response["ETag"] = etag
    response["Cache-Control"] = cache_control()
    response["Vary"] = VARY
