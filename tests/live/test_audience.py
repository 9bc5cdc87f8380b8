"""One group membership per event and process, whatever the number of its sockets."""

from __future__ import annotations

import asyncio
import time

import pytest
from channels.db import database_sync_to_async as sync_to_async
from channels.layers import get_channel_layer

from standings.live import audience, handout, server_loop
from standings.live import messages as live_messages
from tests.web.writes import enter_result

from .test_consumers import WAIT, opened, until_version, version, version_of
from .test_consumers import socket as event_socket

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.redis]
GROUP_CHANNEL = "__group__" + live_messages.group_name("small-open")


def members(layer) -> int:
    """How many channels of this process the layer holds in the event's group."""
    groups = layer._get_layer().groups
    return sum(len(channels) for name, channels in groups.items() if name.endswith(GROUP_CHANNEL))


class Collector:
    def __init__(self) -> None:
        self.messages: list[dict] = []

    def show(self, message: dict) -> bool:
        self.messages.append(message)
        return True

    def beat(self) -> None:
        pass

    def close_soon(self, code: int) -> None:
        self.closed = code


class Broken:
    def show(self, message: dict) -> bool:
        raise RuntimeError("socket went away")

    def beat(self) -> None:
        raise RuntimeError("socket went away")

    def close_soon(self, code: int) -> None:
        raise RuntimeError("socket went away")


async def until(condition, seconds: float = WAIT) -> None:
    for _ in range(int(seconds / 0.05)):
        if condition():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("it did not happen")


async def test_sockets_of_an_event_share_one_membership_and_leave_none(live_redis, event):
    layer = get_channel_layer()
    sockets = [await opened(query="?view=standings") for _ in range(4)]
    for ws in sockets:
        await ws.receive_from(timeout=WAIT)
    assert members(layer) == 1
    await sync_to_async(enter_result)(event, 3, 3, "10")
    latest = await version_of(event)
    for ws in sockets:
        assert version((await until_version(ws, latest))[-1]) == latest
        await ws.disconnect()
    await asyncio.sleep(0.1)  # the station discards its membership in a task of its own
    assert members(layer) == 0
    assert not audience.audiences()


def group_message(n: int, **extra) -> dict:
    return {"type": "test.message", "slug": "small-open", "version": n, "n": n, **extra}


async def test_one_socket_failing_does_not_stop_the_others(live_redis, event):
    good, broken, later = Collector(), Broken(), Collector()
    for socket in (good, broken, later):
        crowd = await audience.join("small-open", socket)
    await get_channel_layer().group_send(live_messages.group_name("small-open"), group_message(1))
    await until(lambda: later.messages)
    assert [m["n"] for m in good.messages] == [1]
    assert [m["n"] for m in later.messages] == [1]
    for socket in (good, broken, later):
        crowd.leave(socket)
    assert not audience.audiences()


async def test_a_receiver_that_fails_closes_its_sockets_and_the_next_join_starts_anew(
    live_redis, event, monkeypatch
):
    group = live_messages.group_name("small-open")
    layer = get_channel_layer()
    real = layer.receive
    failing = True

    async def receive(channel):
        message = await real(channel)
        if failing and message.get("fail"):
            raise ConnectionError("lost the channel layer")
        return message

    monkeypatch.setattr(layer, "receive", receive, raising=False)
    first, second = Collector(), Collector()
    crowd = await audience.join("small-open", first)
    await audience.join("small-open", second)
    await layer.group_send(group, group_message(1, fail=True))
    await until(lambda: getattr(second, "closed", None) == 1011)
    assert first.closed == 1011 and not first.messages
    assert not audience.audiences()
    crowd.leave(first)  # as their disconnects do
    crowd.leave(second)

    failing = False
    again = Collector()
    fresh = await audience.join("small-open", again)
    assert fresh is not crowd
    await layer.group_send(group, group_message(2))
    await until(lambda: again.messages)
    fresh.leave(again)


async def test_unknown_and_known_events_leave_no_membership_behind(live_redis, event):
    layer = get_channel_layer()
    sockets = [event_socket(slug) for slug in ["small-open", "no-such-event"] * 20]
    results = await asyncio.gather(*(ws.connect(timeout=WAIT) for ws in sockets))
    assert [connected for connected, _ in results] == [True, False] * 20
    assert members(layer) == 1
    assert not any("no-such-event" in name for name in layer._get_layer().groups)
    for ws, (connected, _) in zip(sockets, results, strict=True):
        if connected:
            await ws.disconnect()
    await until(lambda: members(layer) == 0)
    assert not audience.audiences()


async def test_a_missed_push_reaches_the_sockets_by_resync(live_redis, event, monkeypatch):
    """A push that never went out (Redis gone meanwhile): the audience catches up alone."""
    ws = await opened(query="?view=standings")
    await ws.receive_from(timeout=WAIT)
    monkeypatch.setattr(server_loop, "group_send", lambda group, message: None)  # lost on the way
    await sync_to_async(enter_result)(event, 3, 3, "10")
    started = time.monotonic()
    assert version((await until_version(ws, await version_of(event)))[-1]) == await version_of(
        event
    )
    assert time.monotonic() - started < 5
    await ws.disconnect()


async def test_a_push_during_the_first_read_follows_the_first_state(live_redis, event, monkeypatch):
    """A write published while a new socket reads its first state reaches it after it."""
    read = audience.current.fetch

    def read_then_write(slug: str) -> dict | None:
        first = read(slug)
        enter_result(event, 3, 3, "10")  # pushed inline (interval 0) to the joined socket,
        time.sleep(0.5)  # which gets it before its first state is out
        return first

    monkeypatch.setattr(audience.current, "fetch", read_then_write)
    from django.conf import settings

    monkeypatch.setattr(settings, "LIVE_PUSH_INTERVAL", 0)
    before = await version_of(event)
    ws = await opened()
    assert version(await ws.receive_from(timeout=WAIT)) == before
    assert version(await ws.receive_from(timeout=WAIT)) == await version_of(event) > before
    await ws.disconnect()


async def test_a_quiet_socket_gets_heartbeats_and_a_push_puts_them_off(live_redis, event, settings):
    settings.LIVE_HEARTBEAT = 1
    # Timed from the opening: the socket's quiet time starts when it joins, and its first
    # state, rendered meanwhile, may go out well into that second.
    started = time.monotonic()
    ws = await opened()
    first = await ws.receive_from(timeout=WAIT)
    assert version(first) == await version_of(event)
    assert await ws.receive_from(timeout=WAIT) == ""  # the page's sign of a live link
    assert 0.5 < time.monotonic() - started < 5
    await sync_to_async(enter_result)(event, 3, 3, "10")
    push = await ws.receive_from(timeout=WAIT)
    pushed = time.monotonic()  # before the database is asked, which may take long on a busy box
    assert version(push) == await version_of(event)
    assert await ws.receive_from(timeout=WAIT) == ""
    assert time.monotonic() - pushed > 0.5  # a full heartbeat after the push, not sooner
    await ws.disconnect()


async def test_a_publish_can_wait_until_its_sockets_have_been_handed_a_version(live_redis, event):
    """What a publish does after sending waits for this process's sockets (publish.py)."""
    await handout.until("small-open", 1, 0.01)  # no sockets here: at once
    first, second = Collector(), Collector()
    for socket in (first, second):
        crowd = await audience.join("small-open", socket)
    started = time.monotonic()
    await handout.until("small-open", 1, 0.2)  # nothing sent: it gives up
    assert time.monotonic() - started >= 0.2 and not crowd.handout.awaiting
    waiting = asyncio.ensure_future(handout.until("small-open", 2, WAIT))
    await get_channel_layer().group_send(live_messages.group_name("small-open"), group_message(2))
    await asyncio.wait_for(waiting, WAIT)
    assert [m["n"] for m in first.messages] == [2] == [m["n"] for m in second.messages]
    assert crowd.handout.version == 2 and not crowd.handout.awaiting
    for socket in (first, second):
        crowd.leave(socket)
