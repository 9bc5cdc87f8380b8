"""A mirrored event's venue line ("venue offline since 10:42; results may be behind", or
nothing), and its answer to `GET /e/<slug>/venue/` given before Django.

Every open public page of a mirrored event asks for it every 15 s (templates/mirror/
_venue.html): 10,000 followers are about 667 requests/s. Through Django one process answered
111 a second (bench/mirror_venue_bench.py), each with a database query. So each process
keeps the last answer per event and language and replays it for REMEMBERED_FOR seconds;
then one thread of the process reads the database again, once for all the requests of that
moment. The line may be a second late: it speaks of half a minute without a word.

A time passing, not a change, makes the line, so no push can carry it: the pages ask.
"""

from __future__ import annotations

import asyncio
import re
import time
from asyncio import AbstractEventLoop, get_running_loop
from collections import OrderedDict
from collections.abc import Awaitable, Callable, MutableMapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from django.db import connections, models
from django.utils import formats, timezone, translation
from django.utils.html import escape
from django.utils.translation import gettext

from standings.events.models import Event
from standings.web import languages

from .models import MirroredEvent
from .public import offline_since

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
AsgiApp = Callable[..., Awaitable[None]]

REMEMBERED_FOR = 1.0  # seconds an answer is replayed before the database is read again
REMEMBERED = 4096  # (slug, language) pairs per process, the least recently asked dropped
PATH = re.compile(r"/e/([-a-zA-Z0-9_]{1,50})/venue/")
HEADERS = [
    (b"content-type", b"text/html; charset=utf-8"),
    (b"cache-control", b"max-age=5, public"),  # one answer for a crowd behind a proxy
    (b"vary", b"Accept-Language, Cookie"),
    (b"x-content-type-options", b"nosniff"),
]


def venue_line(event: Event) -> str:
    """What the event's public pages say of its venue, in the active language."""
    since = offline_since(event)
    if since is None:
        return ""
    return gettext("venue offline since %(time)s; results may be behind") % {
        "time": formats.time_format(timezone.localtime(since), "H:i")
    }


class VenueLines:
    """Wraps the HTTP app: answers a mirrored event's `GET /e/<slug>/venue/` from memory
    (read again every REMEMBERED_FOR seconds); anything else, and an event that is not
    mirrored here, goes to `app` (Django answers it as views.venue)."""

    def __init__(self, app: AsgiApp) -> None:
        self.app = app
        # (slug, language) -> (when read, time.monotonic(); the answer, None: not a mirror)
        self.remembered: OrderedDict[tuple[str, str], tuple[float, bytes | None]] = OrderedDict()
        self._reader = ThreadPoolExecutor(max_workers=1, thread_name_prefix="venue-line")
        self._reading: dict[tuple[AbstractEventLoop, str, str], asyncio.Future] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        found = PATH.fullmatch(scope["path"]) if scope["type"] == "http" else None
        if found is None or scope["method"] not in ("GET", "HEAD"):
            await self.app(scope, receive, send)
            return
        headers = dict(scope["headers"])
        language = languages.from_headers(
            headers.get(b"cookie", b"").decode("latin-1"),
            headers.get(b"accept-language", b"").decode("latin-1"),
        )
        body = await self._answer(found.group(1), language)
        if body is None:
            await self.app(scope, receive, send)
            return
        length = [(b"content-length", b"%d" % len(body)), (b"content-language", language.encode())]
        await send({"type": "http.response.start", "status": 200, "headers": HEADERS + length})
        await send(
            {"type": "http.response.body", "body": b"" if scope["method"] == "HEAD" else body}
        )

    async def _answer(self, slug: str, language: str) -> bytes | None:
        key = (slug, language)
        known = self.remembered.get(key)
        if known is not None and time.monotonic() - known[0] < REMEMBERED_FOR:
            self.remembered.move_to_end(key)
            return known[1]
        loop = get_running_loop()
        reading = self._reading.get((loop, slug, language))
        if reading is None:
            reading = loop.run_in_executor(self._reader, _read, slug, language)
            self._reading[loop, slug, language] = reading
            reading.add_done_callback(lambda _done: self._reading.pop((loop, slug, language)))
        try:
            body = await asyncio.shield(reading)
        except Exception:  # the database away: Django answers (and says so)
            return None
        self.remembered[key] = (time.monotonic(), body)
        self.remembered.move_to_end(key)
        while len(self.remembered) > REMEMBERED:
            self.remembered.popitem(last=False)
        return body


def _read(slug: str, language: str) -> bytes | None:
    """The line of the event `slug` in `language`, escaped; None when it is not mirrored."""
    try:
        event = (
            Event.objects.filter(slug=slug)
            .filter(
                models.Exists(
                    MirroredEvent.objects.filter(
                        models.Q(event_id=models.OuterRef("pk"))
                        | models.Q(event_id=models.OuterRef("parent_id"))
                    )
                )
            )
            .only("pk", "parent_id")
            .first()
        )
        if event is None:
            return None
        with translation.override(language):
            return escape(venue_line(event)).encode()
    finally:
        connections.close_all()  # the reader thread keeps no connection between two reads
