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


TEAM_SEED = """
from django.contrib.auth.models import User
from tests.factories import create_team_event
create_team_event(arbiters=[User.objects.create_user("arbiter", password="pw-arbiter-1")],
                  slug={slug!r})
"""


def team_cells(html: str, team: int) -> list[str]:
    row = select(html, f'#standings-table tr[data-key="{team}"]')[0]
    return [text(cell) for cell in row.select("td.num")]  # match points, game points


async def test_a_board_entered_on_one_server_reaches_a_team_event_s_socket_on_the_other(
    server_database, asgi_servers, redis_url
):
    slug = f"two-teams-{uuid.uuid4().hex[:8]}"
    server_database.run_python(TEAM_SEED.format(slug=slug))
    a = asgi_servers(redis_url=redis_url)
    b = asgi_servers(redis_url=redis_url)
    arbiter = ArbiterClient(b.url)
    await asyncio.to_thread(arbiter.log_in, "arbiter", "pw-arbiter-1")

    url = a.ws_url + f"/ws/e/{slug}/?view=round"
    async with websockets.connect(url, origin=a.url) as socket:
        first = await asyncio.wait_for(socket.recv(), WAIT)
        assert [text(h) for h in select(first, ".match-head")][0] == "1. Rooks 0–0 Knights"
        answer = await asyncio.to_thread(arbiter.enter_match_result, slug, 1, 1, 2, "01")
        assert text(select(answer, "#match-score .score")[0]) == "1–0"
        pushed = await asyncio.wait_for(socket.recv(), WAIT)
        assert [text(h) for h in select(pushed, ".match-head")][0] == "1. Rooks 1–0 Knights"
    async with websockets.connect(url.replace("round", "standings"), origin=a.url) as socket:
        current = await asyncio.wait_for(socket.recv(), WAIT)
        assert team_cells(current, 1) == ["0", "1"]  # the match is not decided yet
