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
- the pointer not naming the remembered version (a newer one, Redis away); when it has
  lapsed (a few seconds after the last publish), one request per process and event
  re-reads it through Django while the others wait for it.
"""

from __future__ import annotations

import asyncio
import weakref
from asyncio import AbstractEventLoop, get_running_loop
from collections import OrderedDict
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass, field
from typing import Any

import redis.asyncio
from django.conf import settings
from django.core.cache import cache as shared_cache
from django.utils.http import parse_etags

from . import languages, render
from .http import VERSION_HEADER, chosen_encoding

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
AsgiApp = Callable[..., Awaitable[None]]
Headers = list[tuple[bytes, bytes]]

REMEMBERED = 256  # responses per process: the hot pages of many events, in 3 encodings
# Seconds a request waits for another one re-reading a lapsed pointer before it follows
# it into Django (the pointer lapses every VERSION_TTL without a publish).
REFRESH_WAIT = 1.0
_VERSION = VERSION_HEADER.lower().encode()


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
        self._refreshing: dict[str, asyncio.Event] = {}  # slug -> its request in Django

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
        encoding = chosen_encoding(headers.get(b"accept-encoding", b"").decode("latin-1"))
        language = languages.from_headers(
            headers.get(b"cookie", b"").decode("latin-1"),
            headers.get(b"accept-language", b"").decode("latin-1"),
        )
        key = (
            scope["scheme"],
            headers.get(b"host"),
            scope["path"],
            scope["query_string"],
            encoding,
            language,
        )
        known = self.remembered.get(key)
        if known is None:
            await self.app(scope, receive, self._recording(key, send))
            return
        slug = scope["path"].split("/", 3)[2]
        version = await self._version(slug)
        if version is None:  # lapsed (VERSION_TTL): one request reads it again through Django
            refreshing = self._refreshing.get(slug)
            if refreshing is None:
                await self._refresh(slug, scope, receive, self._recording(key, send))
                return
            try:
                await asyncio.wait_for(refreshing.wait(), REFRESH_WAIT)
            except TimeoutError:
                pass
            version = await self._version(slug)
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
        await self.app(scope, receive, self._recording(key, send))

    async def _refresh(self, slug: str, scope: Scope, receive: Receive, send: Send) -> None:
        """Hand the request to Django (whose view puts the pointer back from the database),
        while the process's other requests for the event wait for it rather than follow."""
        self._refreshing[slug] = done = asyncio.Event()
        try:
            await self.app(scope, receive, send)
        finally:
            del self._refreshing[slug]
            done.set()

    def _recording(self, key: tuple, send: Send) -> Send:
        """`send`, remembering a storable 200 or 304 of an event page as it passes."""
        status = 0
        headers: Headers = []
        body: list[bytes] = []

        async def recording_send(message: Message) -> None:
            nonlocal status, headers
            await send(message)
            if message["type"] == "http.response.start":
                status, headers = message["status"], list(message.get("headers", ()))
            elif message["type"] == "http.response.body" and status in (200, 304):
                body.append(message.get("body", b""))
                if not message.get("more_body", False):
                    self._remember(key, status, headers, b"".join(body))

        return recording_send

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
        key = render.version_key(slug)
        if not settings.REDIS_URL:
            return render.cache.get(key)  # the process's own memory: no wait
        try:
            raw = await self._client().get(shared_cache.make_key(key))
            return None if raw is None else int(raw)  # Django stores an int as its digits
        except (redis.RedisError, OSError, ValueError):
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


async def _replay(send: Send, status: int, headers: Headers, body: bytes) -> None:
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
