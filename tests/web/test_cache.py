"""Refresh storms: page views serve the cached render, and 304 while nothing changed."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from standings.web import render
from tests.html import one, parse, select, text

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
    render.publish(args[0].pk)


@pytest.mark.parametrize("url", PAGES)
def test_second_get_with_the_etag_is_304(client, event, url):
    first = client.get(url)
    assert first.status_code == 200
    assert first["Cache-Control"] == "public, max-age=0, must-revalidate"
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
    render.publish(event.pk)
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


def test_publish_returns_every_live_fragment_as_oob_swaps(event):
    html = render.every_fragment(render.publish(event.pk))
    for fragment_id in [
        "last-update",
        "standings-table",
        "round-games-3",
        "screen-standings",
        "screen-pairings",
    ]:
        assert one(html, f"#{fragment_id}")["hx-swap-oob"] == "true"
    assert len(select(html, '[hx-swap-oob="true"]')) == 5
    assert render.every_fragment(render.cached_fragments("small-open")) == html


@pytest.mark.parametrize(
    "view, wanted",
    [
        ("standings", ["standings-table"]),
        ("round", ["round-games-3"]),
        ("screen", ["screen-standings", "screen-pairings"]),
        ("status", []),
    ],
)
def test_publish_gives_each_view_last_update_and_only_its_fragments(event, view, wanted):
    parts = render.publish(event.pk)
    html = parts[view]
    assert parse(html).find()["id"] == "last-update"  # first
    swapped = [element["id"] for element in select(html, '[hx-swap-oob="true"]')]
    assert swapped == ["last-update", *wanted]
    for fragment_id in wanted:
        assert one(render.every_fragment(parts), f"#{fragment_id}")


def test_cached_fragments_need_no_database(event, django_assert_num_queries):
    render.publish(event.pk)
    with django_assert_num_queries(0):
        assert one(render.cached_fragments("small-open")["standings"], "#standings-table")
    assert render.cached_fragments("no-such-event") is None


def test_fragments_and_pages_come_from_the_same_partial(client, event):
    html = render.publish(event.pk)["standings"]
    assert html.isascii()  # every socket decodes it: kept cheap, see render._ascii
    fragment = one(html, "#standings-table")
    del fragment["hx-swap-oob"]
    assert fragment == one(client.get("/e/small-open/").content, "#standings-table")


def test_a_write_that_bypassed_publish_shows_once_the_version_pointer_expires(
    client, event, monkeypatch
):
    client.get("/e/small-open/")
    with_write = enter_result(event, 3, 3, "10")  # on_commit never runs inside the test
    assert with_write.result == "10"
    render.cache.delete(render._key("small-open", "version"))  # what VERSION_TTL does
    page = client.get("/e/small-open/round/3/").content
    assert "1 result to come" in text(one(page, "#round-games-3 caption"))
