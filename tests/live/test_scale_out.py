"""Scale-out: three server processes on their own ports (standing in for three hosts), one
Redis, one database. A write on any of them reaches the sockets on all three, and each
one's public pages show it from then on (their fast path included)."""

from __future__ import annotations

import asyncio
import urllib.request
import uuid

import pytest
import websockets

from tests.html import select, text

from .arbiter_http import ArbiterClient
from .test_two_processes import SEED, WAIT, points_of_7

pytestmark = [pytest.mark.slow, pytest.mark.redis]


def page_version(base_url: str, path: str) -> tuple[int, str]:
    """The version a server's public page shows, and the page (plain, no compression)."""
    with urllib.request.urlopen(base_url + path, timeout=30) as response:
        html = response.read().decode()
        assert response.headers["Cache-Control"].startswith("public")
    return int(select(html, "#last-update")[0]["data-version"]), html


async def test_a_write_on_any_of_three_servers_reaches_the_sockets_of_all(
    server_database, asgi_servers, redis_url
):
    slug = f"three-servers-{uuid.uuid4().hex[:8]}"
    server_database.run_python(SEED.format(slug=slug))
    servers = [asgi_servers(redis_url=redis_url) for _ in range(3)]
    arbiters = [ArbiterClient(server.url) for server in servers]
    for arbiter in arbiters:
        await asyncio.to_thread(arbiter.log_in, "arbiter", "pw-arbiter-1")
    path = f"/e/{slug}/"
    for server in servers:  # each process remembers its page at the first version
        for _ in range(2):
            await asyncio.to_thread(page_version, server.url, path)

    sockets = [
        await websockets.connect(s.ws_url + f"/ws/e/{slug}/?view=standings", origin=s.url)
        for s in servers
    ]
    try:
        for socket in sockets:
            assert points_of_7(await asyncio.wait_for(socket.recv(), WAIT)) == "1.5"
        # Board 3 of round 3 (player 7's game) entered, then corrected, on each server in turn.
        for writer, (result, points, reason) in zip(
            arbiters,
            [("10", "2.5", ""), ("01", "1.5", "signed sheet"), ("10", "2.5", "appeal")],
            strict=True,
        ):
            await asyncio.to_thread(writer.enter_result, slug, 3, 3, result, None, reason)
            versions = []
            for socket in sockets:
                pushed = await asyncio.wait_for(socket.recv(), WAIT)
                assert points_of_7(pushed) == points
                versions.append(int(select(pushed, "#last-update")[0]["data-version"]))
            assert len(set(versions)) == 1
            for server in servers:  # once pushed, no server's page is older
                version, html = await asyncio.to_thread(page_version, server.url, path)
                assert version >= versions[0]
                row = select(html, '#standings-table tr[data-key="7"] td.num')[0]
                assert text(row) == points
    finally:
        for socket in sockets:
            await socket.close()
