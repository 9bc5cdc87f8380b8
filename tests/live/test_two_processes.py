"""Two server processes sharing Redis and the database: a write on B reaches a socket on A."""

from __future__ import annotations

import asyncio
import uuid

import pytest
import websockets

from tests.html import select, text

from .arbiter_http import ArbiterClient

pytestmark = [pytest.mark.slow, pytest.mark.redis]

SEED = """
from django.contrib.auth.models import User
from tests.factories import create_swiss
create_swiss(arbiters=[User.objects.create_user("arbiter", password="pw-arbiter-1")],
             slug={slug!r})
"""
WAIT = 30


def points_of_7(html: str) -> str:
    return text(select(html, '#standings-table tr[data-key="7"] td.num')[0])  # points first


async def test_a_result_entered_on_one_server_reaches_a_socket_on_the_other(
    server_database, asgi_servers, redis_url
):
    slug = f"two-servers-{uuid.uuid4().hex[:8]}"  # the Redis may be shared: a slug of our own
    server_database.run_python(SEED.format(slug=slug))
    a = asgi_servers(redis_url=redis_url)
    b = asgi_servers(redis_url=redis_url)
    arbiter = ArbiterClient(b.url)
    await asyncio.to_thread(arbiter.log_in, "arbiter", "pw-arbiter-1")

    url = a.ws_url + f"/ws/e/{slug}/?view=standings"
    async with websockets.connect(url, origin=a.url) as socket:
        first = await asyncio.wait_for(socket.recv(), WAIT)
        assert points_of_7(first) == "1.5"
        await asyncio.to_thread(arbiter.enter_result, slug, 3, 3, "10")
        pushed = await asyncio.wait_for(socket.recv(), WAIT)
        assert points_of_7(pushed) == "2.5"
        assert select(pushed, "#standings-table td.num.prov")  # provisional values
