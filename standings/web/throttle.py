"""Strangers' expensive requests, metered per client address (docs/deployment.md).

Expensive: a search (the find page or its htmx fragment), and the render of a page the
registry marks `costly` (a player or team card, a printout, the prize CSV, the race and
race.json, the standings after a round, the JSON of a player, a round or the crosstable)
when it is not in the cache yet. Never metered: a page
served from the cache, whatever page; the render of the pages followers and venue screens
read (standings, rounds, crosstable, screen, prizes, widget, standings.json), since many
of them share one address; anything a signed-in person asks.

Each address has EXPENSIVE_SECONDS_PER_ADDRESS seconds of the server's time (the view
thread's CPU time, so a busy machine does not shrink it) in every window of
EXPENSIVE_WINDOW_SECONDS, counted in the shared cache so every worker sees the same
count. Once spent, its expensive requests are refused (429, Retry-After: the seconds left
in the window) until the window ends. A cache that fails counts nothing: nobody is
refused then. Besides the time spent, the expensive requests an address has in flight are
bounded before Django (web/fast.py, EXPENSIVE_IN_FLIGHT_PER_ADDRESS).
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from contextlib import contextmanager

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.cache import add_never_cache_headers
from django.utils.translation import ngettext

from standings.state.cache import cache

from .http import HTML

MICROSECONDS = 1_000_000  # the count is kept in whole microseconds (Redis INCRBY)


def wait(request: HttpRequest) -> int | None:
    """The seconds the request's address must wait before its next expensive request, or
    None when it may go ahead."""
    if request.user.is_authenticated:
        return None
    window = settings.EXPENSIVE_WINDOW_SECONDS
    now = time.time()
    spent = cache.get(_key(request, now)) or 0
    if spent < settings.EXPENSIVE_SECONDS_PER_ADDRESS * MICROSECONDS:
        return None
    return max(1, math.ceil(window - now % window))


@contextmanager
def metered(request: HttpRequest) -> Iterator[None]:
    """Count the CPU time of the block against the request's address."""
    start = time.thread_time()
    try:
        yield
    finally:
        if not request.user.is_authenticated:
            used = round((time.thread_time() - start) * MICROSECONDS)
            key = _key(request, time.time())
            cache.add(key, 0, settings.EXPENSIVE_WINDOW_SECONDS + 1)
            cache.incr(key, used)


def _key(request: HttpRequest, now: float) -> str:
    window = int(now // settings.EXPENSIVE_WINDOW_SECONDS)
    return f"web:expensive:{request.META.get('REMOTE_ADDR', '')}:{window}"


def words(seconds: int) -> str:
    """Why an address is refused, in the active language (web.fast says it too)."""
    return ngettext(
        "Many pages that take time to make (player cards, printouts, searches) were asked "
        "for from your network. Try again in %(seconds)s second; the standings and "
        "pairings stay open.",
        "Many pages that take time to make (player cards, printouts, searches) were asked "
        "for from your network. Try again in %(seconds)s seconds; the standings and "
        "pairings stay open.",
        seconds,
    ) % {"seconds": seconds}


def refusal(request: HttpRequest, seconds: int, content_type: str) -> HttpResponse:
    """429 with Retry-After, said in the reader's language: an HTML page (the htmx search
    gets its words alone), or the words as JSON or text for a JSON or CSV address."""
    said = words(seconds)
    if content_type.startswith("application/json"):
        response: HttpResponse = JsonResponse({"error": said}, status=429)
    elif content_type.startswith(HTML.split(";")[0]):
        template = "web/busy.html#refusal" if request.headers.get("HX-Request") else "web/busy.html"
        response = render(request, template, {"said": said}, status=429)
    else:
        response = HttpResponse(said, content_type="text/plain; charset=utf-8", status=429)
    response["Retry-After"] = str(seconds)
    add_never_cache_headers(response)
    return response
