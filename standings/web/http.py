"""Conditional GET for cached renders: ETag from the event version, 304 when unchanged."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.utils.http import parse_etags

HTML = "text/html; charset=utf-8"
# Anyone may store the page, but must ask again before each use: a refresh costs a 304.
CACHE_CONTROL = "public, max-age=0, must-revalidate"


def is_fresh(request: HttpRequest, etag: str) -> bool:
    """The client already holds this render."""
    wanted = parse_etags(request.headers.get("If-None-Match", ""))
    return etag in wanted or "*" in wanted


def not_modified(etag: str) -> HttpResponse:
    response = HttpResponseNotModified()
    response["ETag"] = etag
    response["Cache-Control"] = CACHE_CONTROL
    return response


def cached_response(
    request: HttpRequest, body: str, etag: str, content_type: str = HTML
) -> HttpResponse:
    """The render as a response, or 304 when the client already holds this ETag."""
    if is_fresh(request, etag):
        return not_modified(etag)
    response = HttpResponse(body, content_type=content_type)
    response["ETag"] = etag
    response["Cache-Control"] = CACHE_CONTROL
    return response
