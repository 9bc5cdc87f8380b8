"""Conditional GET for cached renders: ETag from the event version, 304 when unchanged."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.utils.http import parse_etags

# Anyone may store the page, but must ask again before each use: a refresh costs a 304.
CACHE_CONTROL = "public, max-age=0, must-revalidate"


def cached_response(
    request: HttpRequest, body: str, etag: str, content_type: str = "text/html; charset=utf-8"
) -> HttpResponse:
    """The render as a response, or 304 when the client already holds this ETag."""
    wanted = parse_etags(request.headers.get("If-None-Match", ""))
    if etag in wanted or "*" in wanted:
        response: HttpResponse = HttpResponseNotModified()
    else:
        response = HttpResponse(body, content_type=content_type)
    response["ETag"] = etag
    response["Cache-Control"] = CACHE_CONTROL
    return response
