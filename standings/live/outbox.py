"""What is on its way to one socket: writes that never keep another socket waiting.

A push is handed to every socket of an event in turn (audience.py), so a write that waited
for its client to read (a phone in a lift, or a client that never reads on purpose) would
hold up every socket after it, heartbeats included. Here a write is started, not awaited:
when the client keeps up (nearly always) the server takes the frame at once and nothing
waits; when the server's buffers for that client are full, the write goes on waiting in a
task of its own, and what comes meanwhile only replaces the one state kept behind it (each
push carries the whole view, so the latest is all the client needs). A write still waiting
after LIVE_SEND_TIMEOUT seconds leaves its client behind for good: the socket leaves its
audience and is closed with 1013 (try again later), on which live.js connects again and is
sent the whole state.

An ASGI application cannot make uvicorn drop a connection: the close frame waits behind what
uvicorn has buffered (its 64 KiB mark and the frame that crossed it) until the client reads
or the connection dies; nothing else is kept for such a socket meanwhile.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Coroutine, Generator
from typing import Any

from django.conf import settings

from . import wire

log = logging.getLogger(__name__)

TRY_AGAIN_LATER = 1013  # a close code on which the htmx ws extension connects again
Send = Callable[[dict], Coroutine[Any, Any, None]]  # the ASGI server's send


class Outbox:
    """One socket's writes: at most one waiting for the client, and one state behind it."""

    __slots__ = ("send", "text", "left_behind", "waiting", "next", "closing")

    def __init__(self, send: Send, *, text: bool, left_behind: Callable[[], None]) -> None:
        self.send = send
        self.text = text  # the client asked for text: packed parts are inflated for it
        self.left_behind = left_behind  # called once, when a write waited too long
        self.waiting: asyncio.Future | None = None  # the write waiting for the client
        self.next: bytes | None = None  # the packed part to write after it
        self.closing = False  # a close is sent or on its way: nothing more goes out

    def push(self, body: bytes) -> None:
        """Write a packed part (wire.pack) now, or after the write that is waiting."""
        if self.closing:
            return
        if self.waiting is not None:
            self.next = body  # a newer state: the one kept before is of no use any more
            return
        self._start(self._frame(body))

    def beat(self) -> None:
        """An empty message, unless a write is waiting (the client has enough to read)."""
        if self.waiting is None and not self.closing:
            self._start({"type": "websocket.send", "text": ""})

    def close(self, code: int) -> None:
        """Close the socket: instead of a write that is waiting (not written yet, of no use
        now), and of anything after it."""
        if self.closing:
            return
        self.closing, self.next = True, None
        if self.waiting is not None:
            self.waiting.cancel()
            self.waiting = None
        self._start({"type": "websocket.close", "code": code})

    def _frame(self, body: bytes) -> dict:
        if self.text:
            return {"type": "websocket.send", "text": wire.inflate(body)}
        return {"type": "websocket.send", "bytes": body}

    def _start(self, event: dict) -> None:
        try:
            rest = _started(self.send(event))
        except Exception:  # the client has gone: its disconnect follows
            log.debug("could not write to a socket", exc_info=True)
            self.closing = True
            return
        if rest is not None:
            self.waiting = asyncio.ensure_future(self._wait(rest))

    async def _wait(self, rest: Awaitable[None]) -> None:
        """Finish a write that had to wait (a close: for as long as it takes), then start
        the one kept behind it."""
        task = asyncio.current_task()
        try:
            if self.closing:
                await rest
                return
            async with asyncio.timeout(float(settings.LIVE_SEND_TIMEOUT)):
                await rest
        except TimeoutError:
            log.info("a socket read nothing for %s s: closed", settings.LIVE_SEND_TIMEOUT)
            self.waiting = None
            self.left_behind()
            self.close(TRY_AGAIN_LATER)  # written whenever the client reads again
            return
        except Exception:  # the client has gone meanwhile: its disconnect follows
            log.debug("could not write to a socket", exc_info=True)
            self.closing = True
            return
        finally:
            if self.waiting is task:
                self.waiting = None
        body, self.next = self.next, None
        if body is not None:
            self._start(self._frame(body))


def _started(coroutine: Coroutine[Any, Any, None]) -> Awaitable[None] | None:
    """Run `coroutine` up to its first wait: None when it finished without one (the usual
    write: the server took the frame), else what finishes it, to be awaited. Raises what the
    coroutine raised before waiting. (Python 3.12's eager tasks do this for any task.)"""
    try:
        waiting_on = coroutine.send(None)
    except StopIteration:
        return None
    return _Rest(coroutine, waiting_on)


class _Rest:
    """A started coroutine's remaining run: awaiting it hands what the coroutine waits on to
    the awaiting task, and runs the coroutine on as the task resumes (or is cancelled)."""

    __slots__ = ("coroutine", "waiting_on")

    def __init__(self, coroutine: Coroutine[Any, Any, None], waiting_on: Any) -> None:
        self.coroutine = coroutine
        self.waiting_on = waiting_on

    def __await__(self) -> Generator[Any, Any, None]:
        waiting_on = self.waiting_on
        while True:
            try:
                try:
                    sent = yield waiting_on
                except BaseException as error:  # thrown in by the task: cancelled
                    waiting_on = self.coroutine.throw(error)
                else:
                    waiting_on = self.coroutine.send(sent)
            except StopIteration:
                return
