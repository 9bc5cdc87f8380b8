"""The event socket: its view's current fragments on connect, then the event's group messages.

A page names its view in the socket's query string (`/ws/e/<slug>/?view=standings`, see
render.VIEWS); no or an unknown view gets every fragment.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from urllib.parse import parse_qs

from asgiref.sync import sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer

from standings.web import render

from . import push


class Batches:
    """Runs a blocking `fetch(key)` in a thread for every waiting caller at once.

    A caller joins the batch that has not started yet, so what it gets was read after
    it asked (after its socket joined the group); at most one batch per key runs while
    the next one gathers. A reconnect storm costs a couple of cache reads, not thousands.
    """

    def __init__(self, fetch: Callable[[str], dict[str, str] | None]) -> None:
        self.fetch = fetch
        self.gathering: dict[str, asyncio.Future] = {}
        self.running: dict[str, asyncio.Future] = {}

    async def get(self, key: str) -> dict[str, str] | None:
        batch = self.gathering.get(key)
        if batch is None or batch.get_loop() is not asyncio.get_running_loop():
            batch = asyncio.get_running_loop().create_future()
            self.gathering[key] = batch
            asyncio.ensure_future(self._run(key, batch))
        return await asyncio.shield(batch)

    async def _run(self, key: str, batch: asyncio.Future) -> None:
        before = self.running.get(key)
        if before is not None and before.get_loop() is batch.get_loop():
            await asyncio.wait([before])
        if self.gathering.get(key) is batch:
            del self.gathering[key]
        self.running[key] = batch
        try:
            batch.set_result(await sync_to_async(self.fetch, thread_sensitive=False)(key))
        except Exception as error:
            batch.set_exception(error)
        finally:
            if self.running.get(key) is batch:
                del self.running[key]


_current = Batches(push.current_fragments)


class EventSocket(AsyncWebsocketConsumer):
    """Read-only: no database, no rendering; what clients send is ignored."""

    async def connect(self) -> None:
        push.bind_loop(asyncio.get_running_loop())
        self.slug = self.scope["url_route"]["kwargs"]["slug"]
        self.group = push.group_name(self.slug)
        self.view = _view(self.scope.get("query_string", b""))
        self.shown = ""  # stamp of the state this socket shows
        # Join first: whatever is published after the read below reaches this socket.
        await self.channel_layer.group_add(self.group, self.channel_name)
        parts = await _current.get(self.slug)
        if parts is None:  # no such event
            await self.channel_layer.group_discard(self.group, self.channel_name)
            await self.close()
            return
        await self.accept()
        await self._show(parts)

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None) -> None:
        pass

    async def event_fragments(self, message: dict) -> None:
        await self._show(message["parts"])

    async def _show(self, parts: dict[str, str]) -> None:
        html = push.view_part(parts, self.view)
        # A publish read just before connecting arrives again as a group message: skip it.
        stamp = push.fragment_stamp(html)
        if stamp != self.shown:
            self.shown = stamp
            await self.send(text_data=html)


def _view(query_string: bytes) -> str:
    values = parse_qs(query_string.decode("latin-1")).get("view")
    return values[0] if values else render.ALL
