"""The event socket: its view's current fragments on connect, then each push of the event
(handed over by this process's audience of the event, audience.py).

A page names its view in the socket's query string (`/ws/e/<slug>/?view=standings`, see
render.VIEWS); no or an unknown view gets every fragment. `&enc=deflate` asks for each
state as one binary message compressed once for all sockets (wire.py), else it is text.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from asgiref.sync import sync_to_async
from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncWebsocketConsumer

from . import push, wire
from .audience import Audience, join


class Batches:
    """Runs a blocking `fetch(key)` in a thread for every waiting caller at once.

    A caller joins the batch that has not started yet, so what it gets was read after
    it asked (after its socket joined the group); at most one batch per key runs while
    the next one gathers. A reconnect storm costs a couple of cache reads, not thousands.
    """

    def __init__(self, fetch: Callable[[str], dict | None]) -> None:
        self.fetch = fetch
        self.gathering: dict[str, asyncio.Future] = {}
        self.running: dict[str, asyncio.Future] = {}

    async def get(self, key: str) -> dict | None:
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


_current = Batches(push.current_message)


class EventSocket(AsyncWebsocketConsumer):
    """Read-only: no database, no rendering; what clients send is ignored."""

    channel_layer_alias = None  # no channel per socket: its audience holds the group membership
    audience: Audience | None = None

    async def connect(self) -> None:
        push.bind_loop(asyncio.get_running_loop())
        self.slug = self.scope["url_route"]["kwargs"]["slug"]
        self.group = push.group_name(self.slug)
        self.view, self.deflate = wire.socket_options(self.scope.get("query_string", b""))
        self.shown = ""  # stamp of the state this socket shows
        self.started = False  # the first state is out: pushes go straight to the client
        self.waiting: dict | None = None  # the last push that came before that
        # Join first: whatever is published after the read below reaches this socket.
        self.audience = await join(self.group, self)
        try:
            first = await _current.get(self.slug)
        except BaseException:
            self.audience.leave(self)
            raise
        if first is None:  # no such event
            self.audience.leave(self)
            await self.close()
            return
        await self.accept()
        await self._send(first)
        self.started = True
        waiting, self.waiting = self.waiting, None
        if waiting is not None and waiting["version"] > first["version"]:
            await self._send(waiting)

    async def show(self, message: dict) -> None:
        """A group message, handed over by this process's audience of the event."""
        if self.started:
            await self._send(message)
        else:
            self.waiting = message

    async def beat(self) -> None:
        """No push for a while: an empty message, so the page knows the link is alive."""
        if self.started:
            await self.send(text_data="")

    async def dispatch(self, message: dict) -> None:
        # Channels' own dispatch first closes stale database connections in a thread, for
        # every message: a thread hop per socket in a reconnect storm. These handlers never
        # touch the database (Batches' fetch closes its own connections).
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def disconnect(self, code: int) -> None:
        if self.audience is not None:
            self.audience.leave(self)

    async def receive(self, text_data=None, bytes_data=None) -> None:
        pass

    async def _send(self, message: dict) -> None:
        # A publish read just before connecting arrives again as a group message: skip it.
        if message["stamp"] == self.shown:
            return
        self.shown = message["stamp"]
        body = wire.packed_part(message["packed"], self.view)
        if self.deflate:
            await self.send(bytes_data=body)
        else:
            await self.send(text_data=wire.inflate(body))
