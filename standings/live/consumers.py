"""The event socket: its view's current fragments on connect, then each push of the event
(handed over by this process's audience of the event, audience.py).

A page names its view in the socket's query string (`/ws/e/<slug>/?view=standings`, see
fragments.VIEWS); no or an unknown view gets every fragment; `&lang=` the language of its
page (the default language when none or unknown), in which the pushes render its view for
it (asked.py). `&enc=deflate` asks for each state as one binary message compressed once for
all sockets (wire.py), else it is text.

What the audience hands a socket is written without waiting for the client (outbox.py): a
client that stops reading holds up no other socket, and is closed once it falls behind.
"""

from __future__ import annotations

import asyncio

from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncWebsocketConsumer

from . import asked, server_loop, wire
from .audience import Audience, current, join
from .known import KnownEvents
from .outbox import Outbox

_known = KnownEvents()


class EventSocket(AsyncWebsocketConsumer):
    """Read-only: no database, no rendering; what clients send is ignored."""

    channel_layer_alias = None  # no channel per socket: its audience holds the group membership
    audience: Audience | None = None

    async def connect(self) -> None:
        server_loop.bind(asyncio.get_running_loop())
        self.slug = self.scope["url_route"]["kwargs"]["slug"]
        query = self.scope.get("query_string", b"")
        view, language, self.deflate = wire.socket_options(query)
        self.asks = asked.pair(view, language)
        self.shown = -1  # version of the state this socket shows
        self.started = False  # the first state is out: pushes go straight to the client
        self.waiting: dict | None = None  # the last push that came before that
        self.outbox = Outbox(self.base_send, text=not self.deflate, left_behind=self._leave)
        if not await _known.exists(self.slug):  # no membership, no query per socket
            await self.close()
            return
        # Join first: whatever is published after the read below reaches this socket.
        self.audience = await join(self.slug, self, self.asks)
        try:
            first = await current.get(self.slug)
        except BaseException:
            self._leave()
            raise
        if first is None:  # the event is gone
            self._leave()
            await self.close()
            return
        if self.outbox.closing:  # closed meanwhile (the layer failed: Station._receive)
            self._leave()
            return
        await self.accept()
        self._send(first)
        self.started = True
        waiting, self.waiting = self.waiting, None
        if waiting is not None:
            self._send(waiting)

    def show(self, message: dict) -> bool:
        """A message for the event's sockets, handed over by this process's audience of the
        event; whether it is news to this socket. Never waits."""
        if self.started:
            return self._send(message)
        if wire.part(message, *self.asks) is not None:  # not another language's message
            self.waiting = message
        return True

    def beat(self) -> None:
        """No push for a while: an empty message, so the page knows the link is alive."""
        if self.started:
            self.outbox.beat()

    def close_soon(self, code: int) -> None:
        """Close the socket without waiting for its client."""
        self.outbox.close(code)

    async def dispatch(self, message: dict) -> None:
        # Channels' own dispatch first closes stale database connections in a thread, for
        # every message: a thread hop per socket in a reconnect storm. These handlers never
        # touch the database (the audience's reads close their own connections).
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def disconnect(self, code: int) -> None:
        self._leave()

    async def receive(self, text_data=None, bytes_data=None) -> None:
        pass

    def _leave(self) -> None:
        # Once only: a socket refused after joining is disconnected again by Channels.
        if self.audience is not None:
            self.audience.leave(self)
            self.audience = None

    def _send(self, message: dict) -> bool:
        # Another language's message of a push; a state it shows already (a publish read
        # before connecting, arriving again as a group message; a resync after the push
        # came) or an older one: skip it.
        body = wire.part(message, *self.asks)
        if body is None or message["version"] <= self.shown:  # not for it, or not news
            return False
        self.shown = message["version"]
        self.outbox.push(body)
        return True
