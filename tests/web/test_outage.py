"""Pages without their cache, and one event that cannot be rendered: the rest carries on."""

from __future__ import annotations

import logging

import pytest

from standings.events.models import Game
from standings.live import schedule
from standings.state import cache as state_cache
from tests.factories import create_swiss
from tests.html import one, select, text
from tests.servers import free_port

PAGES = [
    "/",
    "/e/small-open/",
    "/e/small-open/round/3/",
    "/e/small-open/crosstable/",
    "/e/small-open/player/7/",
    "/e/small-open/screen/",
    "/e/small-open/standings.json",
]


@pytest.fixture
def redis_gone(settings):
    """The cache on a Redis that does not answer (nothing listens on its port)."""
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": f"redis://127.0.0.1:{free_port()}/0",
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    }
    yield
    schedule._backlog.events.clear()  # its retries end with the test


@pytest.mark.django_db
@pytest.mark.parametrize("url", PAGES)
def test_pages_render_from_the_database_when_the_cache_fails(client, event, redis_gone, url):
    response = client.get(url)
    assert response.status_code == 200


@pytest.mark.django_db
def test_a_page_without_cache_shows_the_current_state(client, event, redis_gone):
    from tests.web.writes import enter_result

    enter_result(event, 3, 3, "10")
    html = client.get("/e/small-open/").content
    assert text(select(html, '#standings-table tr[data-key="7"] td.num')[0]) == "2.5"


@pytest.mark.django_db(transaction=True)
def test_a_result_is_saved_and_answered_with_a_notice_when_redis_is_gone(
    client, event, arbiter, redis_gone
):
    client.force_login(arbiter)
    page = client.get("/e/small-open/arbiter/round/3/")
    assert "Live updates delayed" in text(one(page.content, ".live-delayed"))
    game = Game.objects.get(round__event=event, round__number=3, board=3)
    answer = client.post(
        "/e/small-open/arbiter/round/3/board/3/",
        {"version": game.version, "result": "10"},
        HTTP_HX_REQUEST="true",
    )
    assert answer.status_code == 200
    assert one(answer.content, "#board-3 .shown").get_text() == "1–0"
    assert one(answer.content, "#round-controls[hx-swap-oob] .live-delayed")
    game.refresh_from_db()
    assert game.result == "10"
    assert schedule._backlog  # and its push waits for Redis


@pytest.mark.django_db
def test_no_notice_while_live_updates_flow(client, event, arbiter):
    client.force_login(arbiter)
    assert not select(client.get("/e/small-open/arbiter/round/3/").content, ".live-delayed")


@pytest.mark.django_db
def test_an_event_that_cannot_be_rendered_breaks_only_its_own_pages(
    client, event, monkeypatch, caplog
):
    create_swiss(slug="broken-open")
    real = state_cache.build_state

    def build_state(event):
        if event.slug == "broken-open":
            raise ValueError("a record the engine cannot read")
        return real(event)

    monkeypatch.setattr(state_cache, "build_state", build_state)
    client.raise_request_exception = False
    with caplog.at_level(logging.ERROR):
        broken = client.get("/e/broken-open/")
    assert broken.status_code == 500
    assert "cannot be built" in caplog.text
    assert client.get("/e/small-open/").status_code == 200
    index = client.get("/")
    assert index.status_code == 200
    assert len(select(index.content, 'a[href="/e/broken-open/"]')) == 1
