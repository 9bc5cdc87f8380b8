"""One socket's writes: never awaited by whoever hands them over, the latest state kept behind
a write that waits, and a client that stays behind closed (test_slow_sockets.py: the same
against real uvicorn and sockets)."""

from __future__ import annotations

import asyncio
import zlib

from standings.live.outbox import TRY_AGAIN_LATER, Outbox


class Client:
    """An ASGI send to a client that reads only while `reading` is set: a write meanwhile
    waits, as uvicorn's does once its buffers for the client are full."""

    def __init__(self) -> None:
        self.written: list[dict] = []
        self.reading = asyncio.Event()
        self.reading.set()
        self.left_behind = 0

    async def send(self, event: dict) -> None:
        await self.reading.wait()
        self.written.append(event)

    def outbox(self, *, text: bool = False) -> Outbox:
        return Outbox(self.send, text=text, left_behind=self.leave)

    def leave(self) -> None:
        self.left_behind += 1


def packed(html: str) -> bytes:
    return zlib.compress(html.encode("ascii"))


async def test_a_write_to_a_client_that_reads_is_done_before_push_returns():
    client = Client()
    outbox = client.outbox(text=True)
    outbox.push(packed("<p>1</p>"))
    outbox.beat()
    assert client.written == [
        {"type": "websocket.send", "text": "<p>1</p>"},
        {"type": "websocket.send", "text": ""},
    ]
    assert outbox.waiting is None


async def test_behind_a_waiting_write_only_the_latest_state_is_kept_and_no_heartbeat(settings):
    settings.LIVE_SEND_TIMEOUT = 10
    client = Client()
    outbox = client.outbox()
    client.reading.clear()
    for n in range(1, 5):
        outbox.push(packed(str(n)))  # returns at once: the first write waits, 4 replaces 2, 3
        outbox.beat()
    assert client.written == [] and outbox.waiting is not None
    client.reading.set()
    await asyncio.sleep(0.05)
    assert [zlib.decompress(event["bytes"]) for event in client.written] == [b"1", b"4"]
    assert outbox.waiting is None and not client.left_behind


async def test_a_client_that_stays_behind_is_left_and_closed_when_it_reads_again(settings):
    settings.LIVE_SEND_TIMEOUT = 0.1
    client = Client()
    outbox = client.outbox()
    client.reading.clear()
    outbox.push(packed("1"))
    outbox.push(packed("2"))
    await asyncio.sleep(0.3)
    assert client.left_behind == 1
    outbox.push(packed("3"))  # out of its audience by now: nothing more is kept
    outbox.beat()
    client.reading.set()
    await asyncio.sleep(0.05)
    assert client.written == [{"type": "websocket.close", "code": TRY_AGAIN_LATER}]


async def test_a_close_replaces_a_waiting_write(settings):
    settings.LIVE_SEND_TIMEOUT = 10
    client = Client()
    outbox = client.outbox()
    client.reading.clear()
    outbox.push(packed("1"))
    outbox.push(packed("2"))
    outbox.close(1011)
    outbox.close(1011)
    client.reading.set()
    await asyncio.sleep(0.05)
    assert client.written == [{"type": "websocket.close", "code": 1011}]
    assert not client.left_behind
