"""What a version shows beyond its standings, built once per version off the request path
(issue 37, part 5): the race with the cards' best and worst places (state/race.py), the
standings after the rounds asked for lately (state/after.py), and their pages in the
languages in use (render.warm_derived).

- The publish hands each version to `after_publish` once its push is out; a request that
  finds a part missing (a build that has not run yet, another language, a round nobody
  asked for) calls `ask` and answers "being computed" (`being_computed`): no request ever
  builds, whatever the page.
- The builds run on one background thread per process (`make run`'s single process and each
  uvicorn worker alike), one version at a time; a version already superseded by a newer
  publish is skipped, and a version is claimed once across processes through the shared
  cache (a lock lapsing after CLAIM_TTL if its holder died), so nobody waits to build it
  again. The race's work is bounded by its CPU budgets (about 3.5 s).
"""

from __future__ import annotations

import logging
import threading
from concurrent.futures import ThreadPoolExecutor

from django.db import close_old_connections, transaction
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render as render_template
from django.utils.cache import add_never_cache_headers
from django.utils.translation import gettext

from standings.state import after, race
from standings.state import cache as state_cache
from standings.state.cache import cache, key
from standings.state.event_state import EventState

from . import render
from .http import HTML

log = logging.getLogger(__name__)

CLAIM_TTL = 120  # seconds; longer than any build, lapses if its holder died
RETRY_AFTER = 2  # seconds a client is told to wait before asking again


def after_publish(state: EventState) -> None:
    """Build what the version shows beyond its standings, in the background."""
    if transaction.get_connection().in_atomic_block:
        # The write is visible to this connection only (tests wrapping each in a
        # transaction): the builder's own connection could not read it.
        build(state.slug, state.version)
        return
    _submit(state.slug, state.version)


def ask(slug: str, version: int) -> None:
    """A request found a part of the version missing: have it built (never here)."""
    if not transaction.get_connection().in_atomic_block:  # else the builder could not read it
        _submit(slug, version)


def being_computed(request: HttpRequest, content_type: str) -> HttpResponse:
    """503 with Retry-After, in the reader's language: a page that reloads itself, or the
    words as JSON or text. Never stored, so the next request finds the finished page."""
    said = gettext(
        "This page is being worked out for the latest result; it appears here in a few seconds."
    )
    if content_type.startswith("application/json"):
        response: HttpResponse = JsonResponse(
            {"error": said, "retry_after": RETRY_AFTER}, status=503
        )
    elif content_type.startswith(HTML.split(";")[0]):
        context = {"said": said, "retry_after": RETRY_AFTER}
        response = render_template(request, "web/computing.html", context, status=503)
    else:
        response = HttpResponse(said, content_type="text/plain; charset=utf-8", status=503)
    response["Retry-After"] = str(RETRY_AFTER)
    add_never_cache_headers(response)
    # A crowd meeting a page being built is a round's normal course, not a fault: Django's
    # own mark of a response already logged keeps it out of the error log.
    response._has_been_logged = True  # type: ignore[attr-defined]
    return response


_builder = ThreadPoolExecutor(max_workers=1, thread_name_prefix="derived")
_queued: set[tuple[str, int]] = set()  # versions handed to the builder and not done yet
_queued_lock = threading.Lock()


def _submit(slug: str, version: int) -> None:
    with _queued_lock:
        if (slug, version) in _queued:
            return
        _queued.add((slug, version))
    try:
        _builder.submit(_run, slug, version)
    except RuntimeError:  # the interpreter is shutting down
        _done(slug, version)


def _run(slug: str, version: int) -> None:
    try:
        current = state_cache.current_version(slug)
        if current is not None and current > version:
            return  # superseded: the newer version's publish builds that one
        build(slug, version)
    except Exception:
        log.exception(
            "what version %s of event %s shows beyond its standings failed", version, slug
        )
    finally:
        _done(slug, version)
        close_old_connections()  # this thread serves the next build


def _done(slug: str, version: int) -> None:
    with _queued_lock:
        _queued.discard((slug, version))


def build(slug: str, version: int) -> None:
    """Build what the version shows beyond its standings and render its pages, unless another
    process is at it (the builder thread's work; tests wrapped in a transaction run it)."""
    claim = key(slug, version, "derived-building")
    if not cache.add(claim, 1, CLAIM_TTL):
        return  # another process builds it: its pages appear when it is done
    try:
        state = state_cache.state(slug, version)
        if state is None:
            return
        race.build_race_of(state)
        rounds = after.asked_rounds(state)
        for number in rounds:
            after.build_after(state, number)
        render.warm_derived(state, rounds)
    finally:
        cache.delete(claim)
