"""The event socket against a real Redis pub/sub layer and cache, writes through the write path."""

from __future__ import annotations

import asyncio
import zlib

import pytest
from channels.db import database_sync_to_async as sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator

from standings.asgi import application
from standings.events.models import Event
from standings.live import asked, catchup, fragments, schedule, wire
from standings.live import messages as live_messages
from tests.html import one, select, text
from tests.web.writes import close_round, enter_result

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.redis]

WAIT = 20  # generous: a message that never comes fails, a slow one does not


def socket(slug: str = "small-open", query: str = "") -> WebsocketCommunicator:
    return WebsocketCommunicator(
        application, f"/ws/e/{slug}/{query}", headers=[(b"origin", b"http://testserver")]
    )


async def opened(slug: str = "small-open", query: str = "") -> WebsocketCommunicator:
    ws = socket(slug, query)
    connected, _ = await ws.connect(timeout=WAIT)
    assert connected
    return ws


async def version_of(event: Event) -> int:
    return await sync_to_async(lambda: Event.objects.get(pk=event.pk).version)()


async def until_version(ws: WebsocketCommunicator, wanted: int) -> list[str]:
    """Every message up to the one showing version `wanted` (which must come)."""
    received = []
    while True:
        html = await ws.receive_from(timeout=WAIT)
        received.append(html)
        if version(html) >= wanted:
            return received


def version(html: str) -> int:
    """The event version the fragments show (#last-update)."""
    return int(one(html, "#last-update")["data-version"])


def points(html: str, start_no: int) -> str:
    """The points of a player in the standings table (its first value column)."""
    return text(select(html, f'#standings-table tr[data-key="{start_no}"] td.num')[0])


def provisional(html: str, table: str = "#standings-table") -> bool:
    """A value or rank in the table's rows is marked provisional."""
    return bool(select(html, f"{table} tbody td.prov"))


FRAGMENT_IDS = (
    "last-update",
    "standings-table",
    "round-games-3",
    "screen-standings",
    "screen-pairings",
    "prize-lists",  # the prize page's (the screen's prize list only when there are prizes)
    "widget-standings",
    "widget-pairings",
)


def fragment_ids(html: str) -> set[str]:
    return {el["id"] for el in select(html, "[hx-swap-oob]")}


async def test_connect_sends_the_current_fragments_first(live_redis, event):
    await sync_to_async(schedule.publish_now)(event.pk)
    ws = await opened()
    html = await ws.receive_from(timeout=WAIT)
    assert version(html) == await version_of(event)
    assert fragment_ids(html) == set(FRAGMENT_IDS)
    assert points(html, 7) == "1.5"
    await ws.disconnect()


@pytest.mark.parametrize(
    "query, wanted",
    [
        ("?view=standings", {"last-update", "standings-table"}),
        ("?view=round", {"last-update", "round-games-3"}),
        ("?view=screen", {"last-update", "screen-standings", "screen-pairings"}),
        ("?view=status", {"last-update"}),
        ("", set(FRAGMENT_IDS)),
        ("?view=no-such-view", set(FRAGMENT_IDS)),
    ],
)
async def test_each_view_gets_only_its_fragments_on_connect_and_on_a_push(
    live_redis, event, query, wanted
):
    ws = await opened(query=query)
    assert fragment_ids(await ws.receive_from(timeout=WAIT)) == wanted
    await sync_to_async(enter_result)(event, 3, 3, "10")
    html = (await until_version(ws, await version_of(event)))[-1]
    assert fragment_ids(html) == wanted
    if "standings-table" in wanted:
        assert points(html, 7) == "2.5"
    await ws.disconnect()


async def test_sockets_of_several_views_share_one_group_message(live_redis, event):
    sockets = {q: await opened(query=q) for q in ("?view=standings", "?view=status", "")}
    for ws in sockets.values():
        await ws.receive_from(timeout=WAIT)
    layer = get_channel_layer()
    spy = await layer.new_channel()
    await layer.group_add(live_messages.group_name("small-open"), spy)
    await sync_to_async(enter_result)(event, 3, 3, "10")
    latest = await version_of(event)
    while True:  # past a publish the connects may have started
        message = await asyncio.wait_for(layer.receive(spy), WAIT)
        if message["version"] == latest:
            break
    assert set(message["parts"]) == {"en"}  # what they ask for, nothing else
    assert set(message["parts"]["en"]) == {"standings", "status", fragments.ALL}
    assert message == await sync_to_async(catchup.current_message)("small-open")
    for query, ws in sockets.items():
        view = query.partition("=")[2] or fragments.ALL
        html = (await until_version(ws, latest))[-1]
        assert html == wire.inflate(wire.part(message, view, "en"))
        await ws.disconnect()
    await layer.group_discard(live_messages.group_name("small-open"), spy)


async def test_each_language_comes_in_a_message_of_its_own_the_default_first(live_redis, event):
    english, french = (
        await opened(query="?view=standings"),
        await opened(query="?view=standings&lang=fr"),
    )
    for ws in (english, french):
        await ws.receive_from(timeout=WAIT)
    layer = get_channel_layer()
    spy = await layer.new_channel()
    await layer.group_add(live_messages.group_name("small-open"), spy)
    await sync_to_async(enter_result)(event, 3, 3, "10")
    latest = await version_of(event)
    sent = []
    while not sent or not sent[-1]["final"]:
        message = await asyncio.wait_for(layer.receive(spy), WAIT)
        if message["version"] == latest:
            sent.append(message)
    assert [list(message["parts"]) for message in sent] == [["en"], ["fr"]]
    html = (await until_version(french, latest))[-1]
    assert text(one(html, "#standings-table caption")).startswith("Classement après la ronde")
    html = (await until_version(english, latest))[-1]
    assert text(one(html, "#standings-table caption")).startswith("Standings after round")
    for ws in (english, french):
        await ws.disconnect()
    await layer.group_discard(live_messages.group_name("small-open"), spy)


async def test_a_socket_a_push_left_out_is_sent_its_view_at_once(
    live_redis, event, monkeypatch, settings
):
    """A view asked for too late for a push (or whose record lapsed) is made up at once, not
    at the next resync."""
    settings.LIVE_RESYNC = 60
    ws = await opened(query="?view=round&lang=de")
    await ws.receive_from(timeout=WAIT)
    real = asked.wanted
    calls = []

    def first_without_it(slug: str) -> set:
        calls.append(slug)
        return {("standings", "en")} if len(calls) == 1 else real(slug)

    monkeypatch.setattr(asked, "wanted", first_without_it)
    await sync_to_async(enter_result)(event, 3, 3, "10")
    latest = await version_of(event)
    html = (await until_version(ws, latest))[-1]
    assert text(one(html, "table.pairings caption")).startswith("Runde 3")
    assert len(calls) >= 2
    await ws.disconnect()


async def test_a_result_reaches_the_socket_provisional_until_the_round_closes(live_redis, event):
    ws = await opened()
    first = await ws.receive_from(timeout=WAIT)
    assert points(first, 7) == "1.5"
    assert provisional(first)  # round 3 open: BH, SB depend on opponents' results

    await sync_to_async(enter_result)(event, 3, 3, "10")  # Player 07 beats Player 04
    html = (await until_version(ws, await version_of(event)))[-1]
    assert points(html, 7) == "2.5"
    assert provisional(html)

    await sync_to_async(enter_result)(event, 3, 4, "01")
    await sync_to_async(close_round)(event, 3)
    html = (await until_version(ws, await version_of(event)))[-1]
    assert not provisional(html)
    assert not provisional(html, "#screen-standings")  # nor on the screen's table
    await ws.disconnect()


@pytest.mark.parametrize("view", ["standings", "screen", "no-such-view"])
async def test_a_deflate_socket_gets_the_same_html_compressed_once_for_all(live_redis, event, view):
    text, packed = (
        await opened(query=f"?view={view}"),
        await opened(query=f"?view={view}&enc=deflate"),
    )
    assert zlib.decompress(
        await packed.receive_from(timeout=WAIT)
    ).decode() == await text.receive_from(timeout=WAIT)
    await sync_to_async(enter_result)(event, 3, 3, "10")
    latest = await version_of(event)
    html = (await until_version(text, latest))[-1]
    while True:
        body = await packed.receive_from(timeout=WAIT)
        assert isinstance(body, bytes)
        if version(zlib.decompress(body).decode()) == latest:
            break
    assert zlib.decompress(body).decode() == html
    await text.disconnect()
    await packed.disconnect()


async def test_a_reconnecting_client_gets_the_whole_state_first(live_redis, event):
    ws = await opened()
    await ws.receive_from(timeout=WAIT)
    await ws.disconnect()
    await sync_to_async(enter_result)(event, 3, 3, "10")  # missed while away
    await sync_to_async(enter_result)(event, 3, 4, "01")
    latest = await version_of(event)
    # The push is on its way; once published, a new socket starts from it.
    listener = await opened()
    await until_version(listener, latest)
    again = await opened()
    html = await again.receive_from(timeout=WAIT)
    assert version(html) == latest
    assert points(html, 7) == "2.5"
    await listener.disconnect()
    await again.disconnect()


async def test_twenty_rapid_writes_give_few_messages_the_last_one_final(
    live_redis, event, settings
):
    settings.LIVE_PUSH_INTERVAL = 0.5
    ws = await opened()
    await ws.receive_from(timeout=WAIT)
    results = ["10", "01"] * 10
    for result in results:
        await sync_to_async(enter_result)(event, 3, 3, result)
    latest = await version_of(event)
    received = await until_version(ws, latest)
    assert len(received) < 10
    versions = [version(html) for html in received]
    assert versions == sorted(set(versions))  # in order, none twice
    assert version(received[-1]) == latest
    assert points(received[-1], 7) == "1.5"  # the last result: 0-1 for Player 07
    assert await ws.receive_nothing(timeout=1)  # nothing older trails behind
    await ws.disconnect()


async def test_sockets_of_a_cold_cache_share_one_publish(live_redis, event):
    current = await version_of(event)
    layer = get_channel_layer()
    spy = await layer.new_channel()
    await layer.group_add(live_messages.group_name("small-open"), spy)
    sockets = [socket() for _ in range(5)]
    assert all(c for c, _ in await asyncio.gather(*(ws.connect(timeout=WAIT) for ws in sockets)))
    pages = await asyncio.gather(*(ws.receive_from(timeout=WAIT) for ws in sockets))
    assert {version(html) for html in pages} == {current}
    message = await asyncio.wait_for(layer.receive(spy), WAIT)
    assert message["type"] == live_messages.MESSAGE_TYPE
    with pytest.raises(asyncio.TimeoutError):  # one publish, one group message
        await asyncio.wait_for(layer.receive(spy), 1)
    for ws in sockets:  # which they do not get twice
        assert await ws.receive_nothing(timeout=0.2)
        await ws.disconnect()
    await layer.group_discard(live_messages.group_name("small-open"), spy)


async def test_unknown_event_closes_the_socket(live_redis, event):
    connected, _ = await socket("no-such-event").connect(timeout=WAIT)
    assert not connected
    connected, _ = await socket("no-such-event").connect(timeout=WAIT)  # remembered
    assert not connected


async def test_a_socket_to_an_event_created_since_the_last_read_is_let_in(live_redis, event):
    connected, _ = await socket("side-event").connect(timeout=WAIT)  # read: it does not exist
    assert not connected
    await sync_to_async(Event.objects.create)(slug="side-event", name="Side event")
    ws = await opened("side-event")  # waits for the next read instead of being refused
    await ws.disconnect()


async def test_what_clients_send_is_ignored(live_redis, event):
    ws = await opened()
    await ws.receive_from(timeout=WAIT)
    await ws.send_to(text_data='{"result": "1-0"}')
    assert await ws.receive_nothing(timeout=0.5)
    await sync_to_async(enter_result)(event, 3, 3, "10")
    html = (await until_version(ws, await version_of(event)))[-1]
    assert points(html, 7) == "2.5"
    await ws.disconnect()


async def test_a_failed_push_is_logged_and_tried_again_until_it_goes_out(
    live_redis, event, monkeypatch, caplog
):
    real = schedule.publish
    calls = []

    def fails_three_times(event_id: int):
        calls.append(event_id)
        if len(calls) <= 3:
            raise ConnectionError("cache unreachable")
        return real(event_id)

    await sync_to_async(schedule.publish_now)(event.pk)
    ws = await opened()
    await ws.receive_from(timeout=WAIT)
    monkeypatch.setattr(schedule, "publish", fails_three_times)
    await sync_to_async(enter_result)(event, 3, 3, "10")
    html = (await until_version(ws, await version_of(event)))[-1]
    assert points(html, 7) == "2.5"  # by the backlog's retry, or the audience's resync
    for _ in range(WAIT * 10):  # the backlog empties once a retry goes through
        if not schedule._backlog:
            break
        await asyncio.sleep(0.1)
    assert not schedule._backlog and len(calls) >= 4
    assert "live push of event" in caplog.text
    await ws.disconnect()


async def test_inline_mode_pushes_before_the_write_returns(live_redis, event, settings):
    settings.LIVE_PUSH_INTERVAL = 0
    ws = await opened()
    await ws.receive_from(timeout=WAIT)
    await sync_to_async(enter_result)(event, 3, 3, "10")
    published = await sync_to_async(catchup.current_message)(event.slug)
    assert published["version"] == await version_of(event)  # published already
    html = (await until_version(ws, await version_of(event)))[-1]
    assert points(html, 7) == "2.5"
    await ws.disconnect()
