"""Cache poisoning: no query string shapes a cached chess page or JSON answer. Each cached
page is the same whatever its query (the widget's and the screen's parameters are read in
the browser), so a stranger's `?round=-5` first to a cold cache changes nothing anyone
else is served."""

import pytest

from standings.state import cache as state_cache
from standings.web import derived, render
from tests.html import select

pytestmark = pytest.mark.django_db

# Every query parameter a page of ours reads somewhere (the widget, the screen, the find
# box, the live refetch, the bridge pages), with hostile values, and a few nobody reads.
HOSTILE = {
    "round": "-5",
    "n": "-1",
    "theme": '"><script>alert(1)</script>',
    "width": "99999999999999999999",
    "height": "-3",
    "rotate": "0",
    "views": "bogus,../../x",
    "sections": "other-event,<b>",
    "q": "<i>x</i>",
    "v": "-1",
    "lang": "xx",
    "page": "-2",
    "paper": "legal",
    "contrast": "high",
    "view": "admin",
    "format": "json",
}

CACHED = [
    "/e/small-open/",
    "/e/small-open/round/3/",
    "/e/small-open/round/1/",
    "/e/small-open/crosstable/",
    "/e/small-open/player/7/",
    "/e/small-open/screen/",
    "/e/small-open/federation/SCO/",
    "/e/small-open/print/",
    "/e/small-open/print/a4/round/3/pairings/",
    "/e/small-open/print/a4/round/3/names/",
    "/e/small-open/print/a4/round/2/results/",
    "/e/small-open/print/letter/standings/",
    "/e/small-open/print/a4/crosstable/",
    "/e/small-open/print/a4/players/",
    "/e/small-open/widget/standings/",
    "/e/small-open/widget/pairings/",
    "/e/small-open/standings.json",
    "/e/small-open/round/3.json",
    "/e/small-open/crosstable.json",
    "/e/small-open/player/7.json",
]


def fresh() -> None:
    from django.core.cache import cache

    cache.clear()
    state_cache._STATES.clear()


@pytest.fixture
def event(event):
    from standings.events.models import Participant

    Participant.objects.filter(event=event).update(federation="SCO")
    return event


@pytest.mark.parametrize("path", CACHED)
def test_a_hostile_query_first_to_a_cold_cache_poisons_nothing(client, event, path):
    derived.build("small-open", event.version)  # the card's race, as after every publish
    plain = client.get(path)
    assert plain.status_code == 200
    fresh()
    hostile = client.get(path, HOSTILE)  # the first view of this version: it renders
    assert hostile.status_code == 200
    assert hostile.content == plain.content  # the query shaped nothing
    after = client.get(path)  # what everyone else is served from now on
    assert after.content == plain.content
    assert after["ETag"] == plain["ETag"]
    for name in ("theme", "views", "sections", "q", "width"):
        assert HOSTILE[name].encode() not in after.content


@pytest.mark.parametrize("number", ["-5", "0", "99", "3abc", "9" * 30])
def test_a_round_that_is_not_one_of_the_event_s_is_refused_and_never_cached(client, event, number):
    for path in (f"/e/small-open/round/{number}/", f"/e/small-open/round/{number}.json"):
        assert client.get(path).status_code == 404
    assert client.get("/e/small-open/round/3/").status_code == 200
    assert render.cached_page("small-open", event.version, f"round-{number}") is None


@pytest.mark.parametrize(
    "path",
    [
        "/e/small-open/player/0/",
        "/e/small-open/player/99/",
        "/e/small-open/player/-1/",
        "/e/small-open/federation/XYZ/",
        "/e/small-open/print/legal/standings/",
        "/e/small-open/print/a4/round/7/pairings/",
        "/e/small-open/widget/crosstable/",
        "/e/small-open/team/1/",
        "/e/small-open/boards/",
        "/e/small-open/prizes.csv",
    ],
)
def test_a_page_that_does_not_exist_is_refused_and_never_cached(client, event, path):
    assert client.get(path).status_code == 404
    assert client.get(path).status_code == 404


def test_a_leading_zero_is_the_same_page_under_the_same_key(client, event):
    plain = client.get("/e/small-open/round/3/")
    padded = client.get("/e/small-open/round/003/")
    assert padded.content == plain.content
    assert padded["ETag"] == plain["ETag"]


def test_the_find_page_shows_the_query_escaped_and_is_not_cached_server_side(client, event):
    page = client.get("/e/small-open/find/", {"q": "<i>x</i>"})
    assert b"<i>x</i>" not in page.content
    assert select(page.content, "input[name=q]")[0]["value"] == "<i>x</i>"
    assert "HX-Request" in page["Vary"]  # a shared cache keeps fragment and page apart
    other = client.get("/e/small-open/find/", {"q": "7"})
    assert b"&lt;i&gt;" not in other.content
