"""A socket that does not read must not hold up anybody else (issue 24).

A real uvicorn process, raw sockets with a tiny receive buffer that never read (the server's
writes to them fill their buffers, then wait), followers joined before and after them: every
push reaches every follower, each within a second of the first follower to get it (a push's
own time depends on the machine's load: bench/slow_socket_bench.py measures it), and the
heartbeats keep coming; the stalled sockets are closed (with 1013, on which the page's socket
connects again and gets the whole state). Before the fix the followers heard nothing more
once the stalled sockets' buffers were full.
"""

from __future__ import annotations

import asyncio
import re
import time
import uuid

import pytest
import websockets

from .arbiter_http import ArbiterClient
from .stalled import PASSWORD, SEED, StalledSocket

pytestmark = [pytest.mark.slow, pytest.mark.redis]

PLAYERS = 300  # a push of every fragment as text: far more than the server buffers
STALLED = 4
FOLLOWERS = 3
WRITES = 10
SPREAD = 1.0  # seconds from the first follower showing a push to the last
WAIT = 10  # seconds from the arbiter's tap: a push that takes longer never came
SEND_TIMEOUT = 2  # LIVE_SEND_TIMEOUT of the server: a write waiting longer closes the socket
HEARTBEAT = 1  # LIVE_HEARTBEAT of the server
VERSION = re.compile(r'id="last-update"[^>]*data-version="(\d+)"')  # not a parse of 300 rows


class Follower:
    """A page's socket that reads: when each version came, and the heartbeats."""

    def __init__(self, socket) -> None:
        self.socket = socket
        self.shown: dict[int, float] = {}  # version -> when it came
        self.beats: list[float] = []
        self.reading = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        async for message in self.socket:
            if message:
                self.shown[int(VERSION.search(message).group(1))] = time.monotonic()
            else:
                self.beats.append(time.monotonic())

    async def until_shown(self, version: int, seconds: float) -> float:
        deadline = time.monotonic() + seconds
        while version not in self.shown and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        return self.shown.get(version, float("inf"))


@pytest.mark.parametrize("layer", ["redis", "in-process"])
async def test_sockets_that_do_not_read_hold_up_no_follower_and_are_closed(
    server_database, asgi_servers, redis_url, layer
):
    slug = f"stalled-{uuid.uuid4().hex[:8]}"
    server_database.run_python(SEED.format(slug=slug, players=PLAYERS))
    server = asgi_servers(
        redis_url=redis_url if layer == "redis" else None,
        LIVE_SEND_TIMEOUT=str(SEND_TIMEOUT),
        LIVE_HEARTBEAT=str(HEARTBEAT),
    )
    arbiter = ArbiterClient(server.url)
    await asyncio.to_thread(arbiter.log_in, "arbiter", PASSWORD)
    followers, stalled = [], []

    async def follow() -> None:
        url = server.ws_url + f"/ws/e/{slug}/?view=standings"
        followers.append(Follower(await websockets.connect(url, origin=server.url)))

    # One follower before the stalled sockets, the others after (they are handed each push
    # in joining order); every fragment as text: what a socket with no query is sent.
    await follow()
    for _ in range(STALLED):
        url = server.ws_url + f"/ws/e/{slug}/"
        stalled.append(await asyncio.to_thread(StalledSocket, url, server.url))
    for _ in range(FOLLOWERS - 1):
        await follow()
    try:
        await asyncio.sleep(0.5)  # each follower's first state
        version = max(max(f.shown) for f in followers)
        late = []
        for board in range(1, WRITES + 1):
            page = await asyncio.to_thread(arbiter.round_page, slug, 4)
            tapped = time.monotonic()
            await asyncio.to_thread(arbiter.enter_result, slug, 4, board, "10", page)
            version += 1
            shown = [
                await f.until_shown(version, tapped + WAIT - time.monotonic()) for f in followers
            ]
            if max(shown) - tapped > WAIT or max(shown) - min(shown) > SPREAD:
                late.append((board, [round(at - tapped, 2) for at in shown]))
            await asyncio.sleep(0.3)  # longer than the push interval: a push per write
        assert not late, f"(write, seconds to each follower): {late}"

        quiet = time.monotonic()
        await asyncio.sleep(HEARTBEAT * 3.5)
        for follower in followers:
            assert len([beat for beat in follower.beats if beat > quiet]) >= 2

        # The stalled sockets were left behind long ago: once they read, they find the
        # server's close after what it had written (1013: live.js connects again).
        for each in stalled:
            messages, code = await asyncio.to_thread(each.read_until_closed, 30)
            assert code == 1013
            assert messages >= 1  # the first state at least
    finally:
        for each in stalled:
            each.close()
        for follower in followers:
            await follower.socket.close()
            follower.reading.cancel()
