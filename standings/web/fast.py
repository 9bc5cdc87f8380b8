"""Refresh storms answered before Django: a cached public page replayed from memory.

A profile of a cached page view showed Django's request path, not the page, as the cost:
in-process it took 13-14 ms a request on the loaded 2-core box, a 304 as much as a 200,
most of it handing the request to a thread and back (the sync middleware and the view,
16 executor hops a request), against 0.07-0.1 ms for a replay. So each process keeps, per
address and encoding, the last response Django sent for an event page (headers and
compressed body, exactly as its middleware made them) and language, and replays it while the event's
version pointer in the shared cache still names that version: one cache read per request,
no Django. Anything else goes to Django, which refills the memory on the way out:
- another method than GET, a path outside /e/, a request carrying a session cookie (a
  signed-in person's responses are never stored, security.headers);
- a response without the version header (not a cached event page), with a cookie, or
  that may not be stored publicly;
- the pointer not naming the remembered version (a newer one, Redis away).
When the pointer has lapsed (a few seconds after the last publish), one thread of the
process reads the version from the database again for every request of that event, never
through Django: the views' one thread may be busy with a stranger's expensive requests,
and a follower must not queue behind them. Meanwhile the version the pointer named less
than VERSION_TTL ago is replayed (a publish would have moved the pointer).

An address has at most EXPENSIVE_IN_FLIGHT_PER_ADDRESS expensive requests in flight in a
process (being answered, or waiting for Django's threads); past that, it is refused here
(429, Retry-After: 1) without reaching Django. An address that was just refused for its
spent time (a 429 of web/throttle.py) has its
next expensive requests held here up to REFUSED_HOLD before they go on: a client that
retries at once costs a timer, not a trip through Django.

The query string is not part of the address remembered: an event page is the same whatever
its query (render.py caches it by path; live.js's `?v=` only keeps other caches from
answering), so a stranger varying it neither reaches Django nor pushes followers' pages
out of the memory.
"""

from __future__ import annotations

import asyncio
import pickle
import time
import weakref
from asyncio import AbstractEventLoop, get_running_loop
from collections import OrderedDict
from collections.abc import Awaitable, Callable, MutableMapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, cast

import redis.asyncio
from django.conf import settings
from django.core.cache import cache as shared_cache
from django.db import connections
from django.urls import Resolver404, resolve
from django.utils import translation
from django.utils.http import parse_etags

from standings.state import cache as state_cache

from . import languages, pages, render, throttle
from .http import VERSION_HEADER, chosen_encoding, encoded

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
AsgiApp = Callable[..., Awaitable[None]]
Headers = list[tuple[bytes, bytes]]

REMEMBERED = 256  # responses per process: the hot pages of many events, in 3 encodings
# Seconds a request waits for the database's answer about a lapsed pointer (it lapses every
# VERSION_TTL without a publish) before it goes to Django.
REFRESH_WAIT = 1.0
_VERSION = VERSION_HEADER.lower().encode()
# Seconds at most an expensive request of a refused address waits before it goes on.
REFUSED_HOLD = 1.0
REMEMBERED_REFUSALS = 10_000  # addresses


@dataclass
class Remembered:
    """What Django answered for one address and encoding at one event version."""

    version: int
    etag: str
    ok: tuple[Headers, bytes] | None = None  # the 200
    not_modified: Headers | None = field(default=None)  # the 304


class PublicPages:
    """Wraps the HTTP app: replays remembered event pages, hands the rest to `app`."""

    def __init__(self, app: AsgiApp) -> None:
        self.app = app
        self.remembered: OrderedDict[tuple, Remembered] = OrderedDict()
        self._clients: weakref.WeakKeyDictionary[AbstractEventLoop, redis.asyncio.Redis] = (
            weakref.WeakKeyDictionary()
        )
        self._session_cookie = (settings.SESSION_COOKIE_NAME + "=").encode()
        self._reader = ThreadPoolExecutor(max_workers=1, thread_name_prefix="version-reader")
        self._refused: dict[str, float] = {}  # address -> refused until (time.monotonic())
        self._in_flight: dict[str, int] = {}  # address -> its expensive requests being answered
        # slug -> the version the pointer last named, and when (time.monotonic())
        self._named: dict[str, tuple[int, float]] = {}
        # (loop, slug) -> the read of its version in progress
        self._reading: dict[tuple[AbstractEventLoop, str], asyncio.Future] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] != "http"
            or scope["method"] != "GET"
            or not scope["path"].startswith("/e/")
        ):
            await self.app(scope, receive, send)
            return
        headers = dict(scope["headers"])  # the few we read are not repeated
        if self._session_cookie in headers.get(b"cookie", b""):
            await self.app(scope, receive, send)
            return
        address = (scope.get("client") or ("",))[0]
        language = languages.from_headers(
            headers.get(b"cookie", b"").decode("latin-1"),
            headers.get(b"accept-language", b"").decode("latin-1"),
        )
        if not _is_expensive(scope["path"]):
            await self._answer(scope, receive, send, headers, address, language)
            return
        refused_until = self._refused.get(address, 0.0)
        if refused_until > time.monotonic():
            # Refused a moment ago for its spent time (web/throttle.py): its next expensive
            # request waits here, costing nothing, before Django refuses it again (or serves
            # it from the cache), so a client retrying at once cannot keep Django busy.
            await asyncio.sleep(min(REFUSED_HOLD, refused_until - time.monotonic()))
        flying = self._in_flight.get(address, 0)
        if flying >= settings.EXPENSIVE_IN_FLIGHT_PER_ADDRESS:
            # Its other expensive requests are still being answered: refused before Django,
            # so one address cannot fill the server's threads however many it sends.
            self._refused_until(address, [(b"retry-after", b"1")])
            await _replay(send, 429, *_too_many(language))
            return
        self._in_flight[address] = flying + 1
        try:
            await self._answer(scope, receive, send, headers, address, language)
        finally:
            left = self._in_flight.pop(address) - 1
            if left:
                self._in_flight[address] = left

    async def _answer(
        self, scope: Scope, receive: Receive, send: Send, headers: dict, address: str, language: str
    ) -> None:
        encoding = chosen_encoding(headers.get(b"accept-encoding", b"").decode("latin-1"))
        key = (scope["scheme"], headers.get(b"host"), scope["path"], encoding, language)
        known = self.remembered.get(key)
        if known is None:
            await self.app(scope, receive, self._recording(key, send, address))
            return
        slug = scope["path"].split("/", 3)[2]
        version = await self._version(slug)
        if version is None:  # lapsed (VERSION_TTL)
            version = await self._read_again(slug)
        else:
            self._named[slug] = (version, time.monotonic())
        if version is not None and version > known.version:
            known = await self._renewed(key, known, slug, version) or known
        if version == known.version:
            self.remembered.move_to_end(key)
            wanted = parse_etags(headers.get(b"if-none-match", b"").decode("latin-1"))
            if known.etag in wanted or "*" in wanted:
                if known.not_modified is not None:
                    await _replay(send, 304, known.not_modified, b"")
                    return
            elif known.ok is not None:
                await _replay(send, 200, *known.ok)
                return
        await self.app(scope, receive, self._recording(key, send, address))

    async def _renewed(
        self, key: tuple, known: Remembered, slug: str, version: int
    ) -> Remembered | None:
        """The remembered page at a newer version, its render read from the shared cache
        (where publish() put the hot pages) and sent with the headers Django gave the
        previous one: after a change a follower does not wait in Django's queue. None when
        the render is not in the cache (Django makes it)."""
        if known.ok is None:
            return None
        _scheme, _host, path, encoding, language = key
        name = _page_name(path)
        if name is None:
            return None
        if name == "standings":
            flag = await self._get(state_cache.overview_key(slug, version))
            if flag is None or pickle.loads(flag) is not False:
                return None  # a tournament's overview, or not known yet: the view decides
        raw = await self._get(render.page_key(slug, version, name, language))
        if raw is None:
            return None
        html = pickle.loads(raw)  # our own cache, as render.py wrote it
        body = encoded(html, encoding)
        etag = render.etag_of(slug, version, name, language)
        renewed = Remembered(version=version, etag=etag)
        changes = {b"etag": etag.encode("latin-1"), _VERSION: str(version).encode()}
        renewed.ok = (
            _changed(known.ok[0], {**changes, b"content-length": b"%d" % len(body)}),
            body,
        )
        if known.not_modified is not None:
            renewed.not_modified = _changed(known.not_modified, changes)
        self.remembered[key] = renewed
        return renewed

    async def _read_again(self, slug: str) -> int | None:
        """The event's version from the database (state_cache.current_version, which puts the
        pointer back), read by the process's reader thread: one read per event at a time,
        shared by the requests that come meanwhile; None when it takes longer than
        REFRESH_WAIT or fails (Django answers then)."""
        loop = get_running_loop()
        reading = self._reading.get((loop, slug))
        if reading is None:
            reading = loop.run_in_executor(self._reader, _read_version, slug)
            self._reading[loop, slug] = reading

            def done(future: asyncio.Future) -> None:
                del self._reading[loop, slug]
                if not future.cancelled():
                    future.exception()  # a failure is Django's to answer, not the log's

            reading.add_done_callback(done)
        named = self._named.get(slug)
        if named is not None and time.monotonic() - named[1] < state_cache.VERSION_TTL:
            # The pointer named it a moment ago, and every publish moves the pointer: no
            # change since but a write that bypassed publish, which may show seconds late
            # anyway. The database is read on in the background.
            return named[0]
        try:
            return await asyncio.wait_for(asyncio.shield(reading), REFRESH_WAIT)
        except Exception:
            return None

    def _recording(self, key: tuple, send: Send, address: str) -> Send:
        """`send`, remembering a storable 200 or 304 of an event page as it passes, and
        until when an address is refused (a 429's Retry-After)."""
        status = 0
        headers: Headers = []
        body: list[bytes] = []

        async def recording_send(message: Message) -> None:
            nonlocal status, headers
            await send(message)
            if message["type"] == "http.response.start":
                status, headers = message["status"], list(message.get("headers", ()))
                if status == 429:
                    self._refused_until(address, headers)
            elif message["type"] == "http.response.body" and status in (200, 304):
                body.append(message.get("body", b""))
                if not message.get("more_body", False):
                    self._remember(key, status, headers, b"".join(body))

        return recording_send

    def _refused_until(self, address: str, headers: Headers) -> None:
        found = {name.lower(): value for name, value in headers}
        try:
            seconds = int(found.get(b"retry-after", b"1"))
        except ValueError:
            seconds = 1
        now = time.monotonic()
        if len(self._refused) >= REMEMBERED_REFUSALS:  # bounded: the lapsed ones go
            self._refused = {a: t for a, t in self._refused.items() if t > now}
        if len(self._refused) < REMEMBERED_REFUSALS:
            self._refused[address] = now + seconds

    def _remember(self, key: tuple, status: int, headers: Headers, body: bytes) -> None:
        found = {name.lower(): value for name, value in headers}  # Django keeps its case
        if (
            _VERSION not in found
            or b"set-cookie" in found
            or not found.get(b"cache-control", b"").startswith(b"public")
        ):
            return
        version = int(found[_VERSION])
        etag = found.get(b"etag", b"").decode("latin-1")
        known = self.remembered.get(key)
        if known is None or known.version != version or known.etag != etag:
            known = self.remembered[key] = Remembered(version=version, etag=etag)
        if status == 200:
            known.ok = (headers, body)
        else:
            known.not_modified = headers
        self.remembered.move_to_end(key)
        while len(self.remembered) > REMEMBERED:
            self.remembered.popitem(last=False)

    async def _version(self, slug: str) -> int | None:
        """The event's current version from the shared cache's pointer; None when it has
        lapsed or cannot be read (Django then answers, and reads the database)."""
        key = state_cache.version_key(slug)
        if not settings.REDIS_URL:
            return state_cache.cache.get(key)  # the process's own memory: no wait
        raw = await self._get(key)
        try:
            return None if raw is None else int(raw)  # Django stores an int as its digits
        except ValueError:
            return None

    async def _get(self, key: str) -> bytes | None:
        """A value of the shared cache as Django stored it (an int as its digits, anything
        else pickled); None when missing or unreadable. Without Redis, pickled again from
        the process's own cache."""
        if not settings.REDIS_URL:
            value = state_cache.cache.get(key)
            return None if value is None else pickle.dumps(value)
        try:
            # bytes: the client does not decode responses
            return cast("bytes | None", await self._client().get(shared_cache.make_key(key)))
        except (redis.RedisError, OSError):
            return None

    def _client(self) -> redis.asyncio.Redis:
        loop = get_running_loop()
        client = self._clients.get(loop)
        if client is None:
            client = redis.asyncio.Redis.from_url(
                settings.REDIS_URL, socket_connect_timeout=1, socket_timeout=2
            )
            self._clients[loop] = client
        return client


@lru_cache(maxsize=4096)
def _is_expensive(path: str) -> bool:
    """A search, or a page of the registry whose renders are metered (web/throttle.py)."""
    try:
        match = resolve(path)
    except Resolver404:
        return False
    entry = pages.PAGES.get(match.kwargs.get("page", ""))
    return match.url_name == "find" or (entry is not None and entry.costly)


def _page_name(path: str) -> str | None:
    """The cache name of the registry page at `path` ("player-12"), or None."""
    try:
        match = resolve(path)
    except Resolver404:
        return None
    params = dict(match.kwargs)
    entry = pages.PAGES.get(params.pop("page", None))
    if entry is None or params.pop("slug", None) is None:
        return None
    return entry.cache_name(params)


def _changed(headers: Headers, changes: dict[bytes, bytes]) -> Headers:
    """The headers with some values replaced (names compared in lower case)."""
    return [(name, changes.get(name.lower(), value)) for name, value in headers]


def _read_version(slug: str) -> int | None:
    try:
        return state_cache.current_version(slug)
    finally:
        connections.close_all()  # the reader thread keeps no connection between two reads


def _too_many(language: str) -> tuple[Headers, bytes]:
    """A 429 for an address with too many expensive requests in flight, in its language."""
    with translation.override(language):
        body = throttle.words(1).encode()
    headers = [
        (b"content-type", b"text/plain; charset=utf-8"),
        (b"content-length", b"%d" % len(body)),
        (b"retry-after", b"1"),
        (b"cache-control", b"no-store, private"),
    ]
    return headers, body


async def _replay(send: Send, status: int, headers: Headers, body: bytes) -> None:
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
