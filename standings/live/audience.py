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

    async def close(self, code: int | None = None) -> None: ...


Key = tuple[asyncio.AbstractEventLoop, str]


class Audience:
    """The sockets of one group on one event loop; listens while it has any."""

    def __init__(self, key: Key) -> None:
        self.key = key
        self.group = key[1]
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
        try:
            await asyncio.shield(self.listening)
        except BaseException:
            self.leave(socket)
            raise

    def leave(self, socket: Socket) -> None:
        """Count `socket` out; with none left, stop listening."""
        self.sockets.pop(socket, None)
        if not self.sockets:
            for task in (self.listener, self.heart):
                if task is not None:
                    task.cancel()
            _forget(self)

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
        except asyncio.CancelledError:
            if not listening.done():
                listening.cancel()
            raise
        except Exception as error:
            if not listening.done():
                listening.set_exception(error)
                raise
            # Its sockets would hear heartbeats and no pushes: close them; their pages
            # connect again, to a new audience, and get the whole state first.
            log.exception("the sockets of %s stopped hearing pushes; closing them", self.group)
            _forget(self)
            self.heart.cancel()
            await self._each(lambda socket: socket.close(code=1011))
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


_audiences: dict[Key, Audience] = {}


async def join(group: str, socket: Socket) -> Audience:
    """Count `socket` among the audience of `group` on this event loop; that audience."""
    key = (asyncio.get_running_loop(), group)
    audience = _audiences.get(key)
    if audience is None:
        audience = _audiences[key] = Audience(key)
    await audience.join(socket)
    return audience


def _forget(audience: Audience) -> None:
    if _audiences.get(audience.key) is audience:
        del _audiences[audience.key]
