"""Cached public pages replayed before Django (web/fast.py): the same answer as Django's,
never an older version than the push a reader was told about."""

from __future__ import annotations

import asyncio
import gzip
import threading
import time

import brotli
import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.core.asgi import get_asgi_application
from django.db import connections
from django.db.models import F

from standings.events.models import Event
from standings.live import server_loop
from standings.live.publish import publish
from standings.state import cache as state_cache
from standings.web.fast import PublicPages

from .writes import enter_result

pytestmark = pytest.mark.django_db(transaction=True)

HOT = ["/e/small-open/", "/e/small-open/round/3/", "/e/small-open/standings.json"]


class CountingApp:
    """Django's ASGI app, counting the requests that reach it."""

    def __init__(self) -> None:
        self.app = get_asgi_application()
        self.calls = 0

    async def __call__(self, scope, receive, send):
        self.calls += 1
        await self.app(scope, receive, send)


async def get(
    app, path: str, query_string: bytes = b"", **headers: str
) -> tuple[int, dict[str, str], bytes]:
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": query_string,
        "root_path": "",
        "headers": [(b"host", b"testserver")]
        + [(k.replace("_", "-").lower().encode(), v.encode()) for k, v in headers.items()],
        "client": ("127.0.0.1", 1234),
        "server": ("testserver", 80),
    }
    sent = []
    requests = [{"type": "http.request", "body": b"", "more_body": False}]

    async def receive():
        if requests:
            return requests.pop()
        await asyncio.Event().wait()  # the client stays until the answer is sent

    async def send(message):
        sent.append(message)

    await app(scope, receive, send)
    start = sent[0]
    body = b"".join(m.get("body", b"") for m in sent[1:])
    return start["status"], {k.decode().lower(): v.decode() for k, v in start["headers"]}, body


@pytest.fixture
async def django_app():
    yield CountingApp()
    # The views ran in asgiref's worker thread: close its connection, or a later test
    # without database access finds it open there.
    await sync_to_async(connections.close_all)()


@pytest.mark.parametrize("path", HOT)
async def test_a_replay_is_django_s_own_answer(event, django_app, path):
    await _publish(event)
    fast = PublicPages(django_app)
    first = await get(fast, path, accept_encoding="gzip, br")
    assert django_app.calls == 1
    again = await get(fast, path, accept_encoding="gzip, br")
    assert django_app.calls == 1  # replayed
    assert again == first
    assert again == await get(django_app, path, accept_encoding="gzip, br")  # Django alone
    status, headers, body = again
    assert status == 200
    assert headers["content-encoding"] == "br"
    assert headers["cache-control"] == "public, max-age=2, stale-while-revalidate=30"
    assert headers["vary"] == "Accept-Encoding, Accept-Language, Cookie"
    assert headers["content-security-policy"].startswith("default-src 'self'")
    assert headers["x-frame-options"] == "DENY"
    assert brotli.decompress(body)


async def test_the_encoding_follows_accept_encoding(event, django_app):
    await _publish(event)
    fast = PublicPages(django_app)
    plain = await get(fast, "/e/small-open/")
    zipped = await get(fast, "/e/small-open/", accept_encoding="gzip;q=1, br;q=0")
    assert "content-encoding" not in plain[1]
    assert zipped[1]["content-encoding"] == "gzip"
    assert gzip.decompress(zipped[2]) == plain[2]
    assert len(zipped[2]) < len(plain[2]) / 3


async def test_a_304_is_replayed_with_django_s_headers(event, django_app):
    await _publish(event)
    fast = PublicPages(django_app)
    etag = (await get(fast, "/e/small-open/"))[1]["etag"]
    first = await get(fast, "/e/small-open/", if_none_match=etag)
    calls = django_app.calls
    again = await get(fast, "/e/small-open/", if_none_match=etag)
    assert django_app.calls == calls
    assert again == first
    assert again[0] == 304 and again[2] == b""
    assert again[1]["etag"] == etag


async def test_a_new_version_is_never_answered_from_memory(event, django_app, settings):
    settings.LIVE_PUSH_INTERVAL = 0  # the write publishes before it returns
    await _publish(event)
    fast = PublicPages(django_app)
    old = await get(fast, "/e/small-open/round/3/")
    await _write(event, 3, 3, "10")
    new = await get(fast, "/e/small-open/round/3/")
    assert int(new[1]["x-event-version"]) == int(old[1]["x-event-version"]) + 1
    assert new[1]["etag"] != old[1]["etag"]


async def test_a_signed_in_person_always_reaches_django(event, django_app, client, arbiter):
    await _publish(event)
    fast = PublicPages(django_app)
    await sync_to_async(client.force_login)(arbiter)
    cookie = f"sessionid={client.cookies['sessionid'].value}"
    for _ in range(2):
        status, headers, _body = await get(fast, "/e/small-open/", cookie=cookie)
        assert status == 200
        assert "no-store" in headers["cache-control"]
    assert django_app.calls == 2
    assert not fast.remembered


def test_a_reader_never_sees_an_older_version_than_the_push_it_was_told_of(
    event, django_app, monkeypatch, settings
):
    """Readers hammer the hot pages through the fast path while results are entered and
    pushed; each answer is at least the version pushed before the reader asked."""
    settings.LIVE_PUSH_INTERVAL = 0  # each write publishes inline, in this thread
    publish(event.pk)
    told = [0]
    monkeypatch.setattr(
        server_loop, "group_send", lambda group, message: told.append(message["version"])
    )
    fast = PublicPages(django_app)
    done = threading.Event()
    stale: list[tuple[str, int, int]] = []
    answers = [0]

    def reader(path: str) -> None:
        while not done.is_set():
            before = told[-1]
            status, headers, _body = async_to_sync(get)(fast, path)
            assert status == 200
            answers[0] += 1
            if int(headers["x-event-version"]) < before:
                stale.append((path, before, int(headers["x-event-version"])))

    readers = [threading.Thread(target=reader, args=(path,)) for path in HOT]
    for thread in readers:
        thread.start()
    try:
        for board, result in [(3, "10"), (4, "01"), (3, "01"), (4, "10")]:
            enter_result(event, 3, board, result)  # commits; the push publishes inline
    finally:
        done.set()
        for thread in readers:
            thread.join(30)
    assert len(told) == 5  # every write was pushed
    assert answers[0] > len(HOT)
    assert stale == []


async def _publish(event) -> None:
    await sync_to_async(publish)(event.pk)


async def _write(event, round_no: int, board: int, result: str) -> None:
    await sync_to_async(enter_result)(event, round_no, board, result)


async def test_a_lapsed_pointer_is_read_again_once_and_outside_django(event, django_app):
    await _publish(event)
    fast = PublicPages(django_app)
    await get(fast, "/e/small-open/")
    state_cache.cache.delete(state_cache.version_key("small-open"))  # VERSION_TTL went by
    answers = await asyncio.gather(*(get(fast, "/e/small-open/") for _ in range(8)))
    assert django_app.calls == 1  # the first view only: the version was read by the reader
    for _ in range(100):  # in the background: the answers did not wait for it
        if state_cache.cache.get(state_cache.version_key("small-open")) is not None:
            break
        await asyncio.sleep(0.05)
    assert state_cache.cache.get(state_cache.version_key("small-open")) == event.version  # put back
    assert {status for status, _headers, _body in answers} == {200}
    assert len({body for _status, _headers, body in answers}) == 1


class BusyApp(CountingApp):
    """Django busy with strangers' expensive requests: a request waits while `busy` is set."""

    def __init__(self) -> None:
        super().__init__()
        self.free = asyncio.Event()
        self.free.set()

    async def __call__(self, scope, receive, send):
        await self.free.wait()
        await super().__call__(scope, receive, send)


@pytest.fixture
async def busy_app():
    yield BusyApp()
    await sync_to_async(connections.close_all)()


async def test_a_follower_never_waits_for_a_busy_django_when_the_pointer_lapses(event, busy_app):
    await _publish(event)
    fast = PublicPages(busy_app)
    first = await get(fast, "/e/small-open/")
    busy_app.free.clear()
    state_cache.cache.delete(state_cache.version_key("small-open"))
    again = await asyncio.wait_for(get(fast, "/e/small-open/"), 5)
    assert again == first
    assert busy_app.calls == 1


async def test_after_a_change_a_follower_gets_the_new_page_without_django(event, busy_app):
    await _publish(event)
    fast = PublicPages(busy_app)
    for encoding in ("br", "identity"):
        await get(fast, "/e/small-open/", accept_encoding=encoding)
        await get(fast, "/e/small-open/round/3/", accept_encoding=encoding)
    busy_app.free.clear()
    await _write(event, 3, 3, "10")
    await _publish(event)  # what the push does: the hot pages rendered in the cache
    for path in ("/e/small-open/", "/e/small-open/round/3/"):
        for encoding in ("br", "identity"):
            status, headers, body = await asyncio.wait_for(
                get(fast, path, accept_encoding=encoding), 5
            )
            assert status == 200
            assert int(headers["x-event-version"]) == event.version  # the write's
            assert (status, headers, body) == await get(
                busy_app.app, path, accept_encoding=encoding
            )  # Django's own answer
    assert busy_app.calls == 4
    assert (
        "1 result to come"
        in brotli.decompress(
            (await get(fast, "/e/small-open/round/3/", accept_encoding="br"))[2]
        ).decode()
    )


async def test_a_page_not_rendered_for_the_new_version_is_made_by_django(event, django_app):
    await _publish(event)
    fast = PublicPages(django_app)
    await get(fast, "/e/small-open/player/7/")
    await _write(event, 3, 3, "10")
    await _publish(event)  # the hot pages only: no player card
    status, headers, _body = await get(fast, "/e/small-open/player/7/")
    assert status == 200
    assert int(headers["x-event-version"]) == event.version  # the write's
    assert django_app.calls == 2


async def test_the_query_string_neither_reaches_django_nor_changes_the_page(event, django_app):
    await _publish(event)
    fast = PublicPages(django_app)
    plain = await get(fast, "/e/small-open/")
    for query in (b"round=-5", b"v=3", b"n=-1&theme=%3Cscript%3E", b"x=" + b"9" * 500):
        answer = await get(fast, "/e/small-open/", query_string=query)
        assert answer == plain
    assert django_app.calls == 1
    assert len(fast.remembered) == 1


async def test_a_write_that_bypassed_publish_shows_once_the_pointer_lapsed(event, django_app):
    await _publish(event)
    fast = PublicPages(django_app)
    await get(fast, "/e/small-open/")
    await get(fast, "/e/small-open/")  # replayed: the pointer named its version
    await sync_to_async(Event.objects.filter(pk=event.pk).update)(version=F("version") + 1)
    state_cache.cache.delete(state_cache.version_key("small-open"))  # VERSION_TTL went by
    version, _seen = fast._named["small-open"]
    fast._named["small-open"] = (version, time.monotonic() - state_cache.VERSION_TTL)
    _status, headers, _body = await get(fast, "/e/small-open/")
    assert int(headers["x-event-version"]) == version + 1


async def test_a_refused_address_s_expensive_requests_wait_before_reaching_django(
    event, django_app, settings
):
    settings.EXPENSIVE_SECONDS_PER_ADDRESS = 1e-6  # the first card spends it
    settings.EXPENSIVE_WINDOW_SECONDS = 3600  # a minute's end between the cards resets it
    await _publish(event)
    fast = PublicPages(django_app)
    assert (await get(fast, "/e/small-open/player/1/"))[0] == 200
    refused = await get(fast, "/e/small-open/player/2/")
    assert refused[0] == 429
    calls = django_app.calls
    held = asyncio.create_task(get(fast, "/e/small-open/player/3/"))
    await asyncio.sleep(0.3)
    assert django_app.calls == calls  # it waits here, costing Django nothing
    assert (await get(fast, "/e/small-open/"))[0] == 200  # a follower's page never waits
    assert (await held)[0] == 429


async def test_an_address_has_few_expensive_requests_in_flight_and_the_rest_never_reach_django(
    event, busy_app, settings
):
    settings.EXPENSIVE_IN_FLIGHT_PER_ADDRESS = 2
    await _publish(event)
    fast = PublicPages(busy_app)
    busy_app.free.clear()  # Django is slow to answer them
    flying = [asyncio.create_task(get(fast, f"/e/small-open/player/{n}/")) for n in (1, 2)]
    while fast._in_flight.get("127.0.0.1", 0) < 2:
        await asyncio.sleep(0.01)
    status, headers, body = await get(fast, "/e/small-open/race.json", accept_language="de")
    assert status == 429 and headers["retry-after"] == "1"
    assert "no-store" in headers["cache-control"]
    assert body.decode().startswith("Aus Ihrem Netz wurden viele Seiten")
    assert busy_app.calls == 0  # neither the refused one nor, yet, the two in flight
    busy_app.free.set()
    assert [answer[0] for answer in await asyncio.gather(*flying)] == [200, 200]
    assert fast._in_flight == {}
