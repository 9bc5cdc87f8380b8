"""The event loop that serves this process's sockets, as seen from the publishing threads:
group messages are sent on it (it owns the channel layer's connections, and the in-memory
layer's queues), and a publish waits on it until the sockets have its message."""

from __future__ import annotations

import asyncio

from channels.layers import get_channel_layer

from . import handout

FANOUT_WAIT = 1.0  # seconds a publish waits for its process's sockets before storing

_loop: asyncio.AbstractEventLoop | None = None


def bind(loop: asyncio.AbstractEventLoop) -> None:
    """Remember the event loop serving this process's sockets (a socket's connect calls
    this; a process serves them all on one loop)."""
    global _loop
    _loop = loop


def group_send(group: str, message: dict) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    loop = _loop
    if loop is not None and loop.is_running() and not _runs_on(loop):
        asyncio.run_coroutine_threadsafe(layer.group_send(group, message), loop).result(30)
    else:
        # A thread of our own, with no loop: run one here. (Not async_to_sync: its executor
        # refuses work once a script's main thread has ended, when its push may still run.)
        asyncio.run(layer.group_send(group, message))


def until_handed_out(slug: str, version: int) -> None:
    """Wait (at most FANOUT_WAIT) until this process's sockets of the event have been
    handed the message: what a publish does after sending (explaining, pickling and storing
    the state, rendering the hot pages) would otherwise hold the GIL in turns with the
    loop writing to them, and put off their push by as long."""
    loop = _loop
    if loop is None or not loop.is_running() or _runs_on(loop):
        return
    waiting = asyncio.run_coroutine_threadsafe(handout.until(slug, version, FANOUT_WAIT), loop)
    try:
        waiting.result(FANOUT_WAIT + 1)
    except Exception:  # too long: go on, the sockets are not waiting for this
        waiting.cancel()


def _runs_on(loop: asyncio.AbstractEventLoop) -> bool:
    try:
        return asyncio.get_running_loop() is loop
    except RuntimeError:
        return False
