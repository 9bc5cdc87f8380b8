"""Refresh storms: page views serve the cached render, and 304 while nothing changed."""

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from standings.events.services import delete_section_in_admin
from standings.live.publish import publish
from standings.state import cache as state_cache
from tests.factories import TEST_ACTOR, create_swiss
from tests.html import one, select, text

from .writes import close_round, enter_result

pytestmark = pytest.mark.django_db

PAGES = [
    "/e/small-open/",
    "/e/small-open/round/3/",
    "/e/small-open/crosstable/",
    "/e/small-open/player/7/",
    "/e/small-open/screen/",
    "/e/small-open/standings.json",
]


def publish_after_commit(django_capture_on_commit_callbacks, write, *args):
    """Run a write and what the live push does after commit: publish() once."""
    with django_capture_on_commit_callbacks(execute=True):
        write(*args)
    publish(args[0].pk)


@pytest.mark.parametrize("url", PAGES)
def test_second_get_with_the_etag_is_304(client, event, url):
    publish(event.pk)  # as every version is: the card's race is built with it (web/derived.py)
    first = client.get(url)
    assert first.status_code == 200
    assert first["Cache-Control"] == "public, max-age=2, stale-while-revalidate=30"
    second = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert second.status_code == 304
    assert second["ETag"] == first["ETag"]
    assert second.content == b""


def test_after_a_result_the_etag_gets_the_new_standings(
    client, event, django_capture_on_commit_callbacks
):
    first = client.get("/e/small-open/round/3/")
    assert "2 results to come" in text(one(first.content, "#round-games-3 caption"))
    publish_after_commit(django_capture_on_commit_callbacks, enter_result, event, 3, 3, "10")
    again = client.get("/e/small-open/round/3/", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 200
    assert again["ETag"] != first["ETag"]
    assert "1 result to come" in text(one(again.content, "#round-games-3 caption"))
    standings = client.get("/e/small-open/standings.json").json()["standings"]
    assert next(r for r in standings if r["start_no"] == 7)["values"][0] == 2.5  # 1.5 + 1


def test_closing_the_round_makes_values_final(client, event, django_capture_on_commit_callbacks):
    publish_after_commit(django_capture_on_commit_callbacks, enter_result, event, 3, 3, "10")
    publish_after_commit(django_capture_on_commit_callbacks, enter_result, event, 3, 4, "01")
    assert select(client.get("/e/small-open/").content, "#standings-table td.num.prov")
    publish_after_commit(django_capture_on_commit_callbacks, close_round, event, 3)
    html = client.get("/e/small-open/").content.decode()
    assert not select(html, "#standings-table td.prov")  # no provisional cell left
    assert not [cell for cell in select(html, "#standings-table td") if "†" in text(cell)]
    data = client.get("/e/small-open/standings.json").json()
    assert not any(any(r["provisional"]) for r in data["standings"])


def test_cached_page_views_do_not_touch_the_database(client, event):
    publish(event.pk)
    with CaptureQueriesContext(connection) as queries:
        for url in PAGES:
            assert client.get(url).status_code == 200
    assert len(queries) == 0


def test_a_cache_miss_computes_once_and_stores(client, event):
    with CaptureQueriesContext(connection) as cold:
        client.get("/e/small-open/")
    with CaptureQueriesContext(connection) as warm:
        client.get("/e/small-open/player/2/")
        client.get("/e/small-open/")
    assert len(cold) > 0
    assert len(warm) == 0


def test_a_write_that_bypassed_publish_shows_once_the_version_pointer_expires(
    client, event, monkeypatch
):
    client.get("/e/small-open/")
    with_write = enter_result(event, 3, 3, "10")  # on_commit never runs inside the test
    assert with_write.result == "10"
    state_cache.cache.delete(state_cache.key("small-open", "version"))  # what VERSION_TTL does
    page = client.get("/e/small-open/round/3/").content
    assert "1 result to come" in text(one(page, "#round-games-3 caption"))


def test_an_event_created_under_a_deleted_events_slug_never_gets_its_pages(client, event):
    type(event).objects.filter(pk=event.pk).update(version=3, name="Old Open")
    event.refresh_from_db()
    old = client.get("/e/small-open/")
    delete_section_in_admin(event, actor=TEST_ACTOR)
    cache.delete(state_cache.version_key("small-open"))  # the pointer lapses (VERSION_TTL)
    assert client.get("/e/small-open/").status_code == 404
    again = create_swiss(slug="small-open")
    assert again.version == 4  # goes on from the deleted event's version
    new = client.get("/e/small-open/", HTTP_IF_NONE_MATCH=old["ETag"])
    assert new.status_code == 200 and new["ETag"] != old["ETag"]
    assert "Old Open" in old.content.decode() and "Old Open" not in new.content.decode()
