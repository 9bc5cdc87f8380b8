"""A mirrored event's venue line, asked by every open public page every 15 s, is answered
before Django from the process's memory: a crowd's requests cost one database read a second,
in each reader's language, and the line follows the venue within about a second."""

from __future__ import annotations

import asyncio
import datetime
import time

import pytest
from asgiref.sync import sync_to_async
from django.db import connections
from django.utils import timezone

from standings.events.models import Event
from standings.mirror import venue_line
from standings.mirror.models import MirroredEvent
from standings.mirror.public import grant_token
from standings.mirror.venue_line import VenueLines

TEN_42 = timezone.make_aware(datetime.datetime(2026, 6, 1, 10, 42))
OFFLINE = "venue offline since 10:42; results may be behind"


class Django:
    """Stands for the app behind: records what reached it."""

    def __init__(self) -> None:
        self.paths: list[str] = []

    async def __call__(self, scope, receive, send) -> None:
        self.paths.append(scope["path"])
        await send({"type": "http.response.start", "status": 204, "headers": []})
        await send({"type": "http.response.body", "body": b""})


async def get(app, path: str, language: str = "en", method: str = "GET") -> tuple[int, str, dict]:
    said: list[dict] = []

    async def receive() -> dict:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict) -> None:
        said.append(message)

    scope = {
        "type": "http",
        "method": method,
        "path": path,
        "scheme": "http",
        "query_string": b"",
        "headers": [(b"accept-language", language.encode())],
        "client": ("127.0.0.1", 5000),
    }
    await app(scope, receive, send)
    headers = {k.decode(): v.decode() for k, v in said[0].get("headers", [])}
    return said[0]["status"], said[1]["body"].decode(), headers


# The reader thread sees only what is committed.
pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def mirror() -> None:
    grant_token("cup")
    Event.objects.create(slug="cup-a", name="Cup A", parent=Event.objects.get(slug="cup"))
    Event.objects.create(slug="local", name="Local")
    MirroredEvent.objects.update(heard_at=TEN_42)


@pytest.fixture
def reads(monkeypatch) -> list[str]:
    """The database reads of the line (venue_line._read), counted."""
    counted: list[str] = []
    read = venue_line._read

    def counting(slug: str, language: str) -> bytes | None:
        counted.append(slug)
        return read(slug, language)

    monkeypatch.setattr(venue_line, "_read", counting)
    return counted


async def test_a_crowd_is_answered_from_memory_in_its_languages(mirror, reads):
    django = Django()
    app = VenueLines(django)
    answers = await asyncio.gather(*(get(app, "/e/cup/venue/") for _ in range(200)))
    assert {(status, body) for status, body, _ in answers} == {(200, OFFLINE)}
    assert reads == ["cup"] and django.paths == []  # one read for the crowd, no Django
    headers = answers[0][2]
    assert headers["content-type"] == "text/html; charset=utf-8"
    assert "public" in headers["cache-control"] and "Accept-Language" in headers["vary"]
    status, french, headers = await get(app, "/e/cup-a/venue/", "fr")  # a section's page
    assert status == 200 and "10:42" in french and french != OFFLINE
    assert headers["content-language"] == "fr"
    assert (await get(app, "/e/cup/venue/", method="HEAD"))[:2] == (200, "")


def heard_now() -> None:
    MirroredEvent.objects.update(heard_at=timezone.now())
    connections.close_all()  # this thread's: none left open when the test database goes


async def test_the_line_follows_the_venue_within_about_a_second(mirror, reads):
    app = VenueLines(Django())
    assert (await get(app, "/e/cup/venue/"))[1] == OFFLINE
    await sync_to_async(heard_now)()
    deadline = time.monotonic() + 30
    while (await get(app, "/e/cup/venue/"))[1] != "":
        assert time.monotonic() < deadline, "the venue heard again, still said offline"
        await asyncio.sleep(0.05)
    assert len(reads) >= 2


async def test_anything_else_goes_to_django(mirror, reads):
    django = Django()
    app = VenueLines(django)
    for path in ("/e/local/venue/", "/e/nothing/venue/", "/e/cup/", "/e/cup/venue/x"):
        assert (await get(app, path))[0] == 204
    assert (await get(app, "/e/cup/venue/", method="POST"))[0] == 204
    assert django.paths == [
        "/e/local/venue/",
        "/e/nothing/venue/",
        "/e/cup/",
        "/e/cup/venue/x",
        "/e/cup/venue/",
    ]
    assert reads == ["local", "nothing"]
    await get(app, "/e/local/venue/")  # not a mirror: remembered as such
    assert reads == ["local", "nothing"]
