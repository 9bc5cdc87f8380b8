"""This process's open sockets of each event, fed by ONE membership of the event's group.

With a channel per socket, Channels would queue, decode and dispatch each group message
once per socket, in a task per socket: with 1,000 sockets that cost more than the
writing. Here one listener per event and process receives the message once and hands
it to each of its sockets in one loop (EventSocket.show writes its part). When no
push has gone out for LIVE_HEARTBEAT seconds it sends them a heartbeat instead, by
which a page tells a silent link from a dead one.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Protocol

from channels.layers import get_channel_layer
from django.conf import settings

log = logging.getLogger(__name__)


class Socket(Protocol):
    async def show(self, message: dict) -> None: ...

    async def beat(self) -> None: ...


class Audience:
    """The sockets of one group on one event loop; listens while it has any."""

    def __init__(self, group: str) -> None:
        self.group = group
        self.sockets: dict[Socket, None] = {}  # a set in joining order
        self.listening: asyncio.Future | None = None  # done once the group reaches us
        self.listener: asyncio.Task | None = None
        self.heart: asyncio.Task | None = None
        self.quiet_since = 0.0  # loop time of the last push handed out

    async def join(self, socket: Socket) -> None:
        """Count `socket` in; returns once what is sent to the group reaches it."""
        self.sockets[socket] = None
        if self.listening is None:
            self.listening = asyncio.get_running_loop().create_future()
            self.listener = asyncio.ensure_future(self._listen(self.listening))
            self.heart = asyncio.ensure_future(self._beat())
        await asyncio.shield(self.listening)

    def leave(self, socket: Socket) -> bool:
        """Count `socket` out; True when none is left (the listener then stops)."""
        self.sockets.pop(socket, None)
        if self.sockets:
            return False
        for task in (self.listener, self.heart):
            if task is not None:
                task.cancel()
        return True

    async def _listen(self, listening: asyncio.Future) -> None:
        layer = get_channel_layer()
        channel = None
        try:
            channel = await layer.new_channel()
            await layer.group_add(self.group, channel)
            listening.set_result(None)
            while True:
                message = await layer.receive(channel)
                self.quiet_since = asyncio.get_running_loop().time()
                await self._each(lambda socket, message=message: socket.show(message))
        except BaseException as error:
            if not listening.done():
                if isinstance(error, asyncio.CancelledError):
                    listening.cancel()
                else:
                    listening.set_exception(error)
            raise
        finally:
            if channel is not None:
                await asyncio.shield(layer.group_discard(self.group, channel))

    async def _beat(self) -> None:
        loop = asyncio.get_running_loop()
        self.quiet_since = loop.time()
        while True:
            gap = float(settings.LIVE_HEARTBEAT)
            await asyncio.sleep(max(0.0, self.quiet_since + gap - loop.time()))
            if loop.time() - self.quiet_since >= gap:
                self.quiet_since = loop.time()
                await self._each(lambda socket: socket.beat())

    async def _each(self, call: Callable[[Socket], Awaitable[None]]) -> None:
        for socket in list(self.sockets):
            try:
                await call(socket)
            except Exception:  # a socket closing meanwhile: its disconnect follows
                log.debug("could not write to a socket", exc_info=True)


_audiences: dict[tuple[asyncio.AbstractEventLoop, str], Audience] = {}


async def join(group: str, socket: Socket) -> None:
    """Count `socket` among the audience of `group` on this event loop."""
    key = (asyncio.get_running_loop(), group)
    audience = _audiences.get(key)
    if audience is None:
        audience = _audiences[key] = Audience(group)
    await audience.join(socket)


def leave(group: str, socket: Socket) -> None:
    key = (asyncio.get_running_loop(), group)
    audience = _audiences.get(key)
    if audience is not None and audience.leave(socket):
        del _audiences[key]
