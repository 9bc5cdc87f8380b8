"""Strangers' expensive requests metered per address (web/throttle.py): refused with 429,
Retry-After and words in the reader's language once the address has spent its time; the
pages followers and venue screens read never refused."""

import time

import pytest

from standings.state import cache as state_cache
from standings.web import derived, render
from tests.html import one, text

pytestmark = pytest.mark.django_db

# Pages a follower or a venue screen reads: never refused, even when they are not cached.
FOLLOWED = [
    "/e/small-open/",
    "/e/small-open/round/3/",
    "/e/small-open/round/1/",
    "/e/small-open/crosstable/",
    "/e/small-open/screen/",
    "/e/small-open/standings.json",
    "/e/small-open/widget/standings/",
]


@pytest.fixture
def spent(settings):
    """A budget the first expensive request of an address uses up."""
    settings.EXPENSIVE_SECONDS_PER_ADDRESS = 1e-6
    settings.EXPENSIVE_WINDOW_SECONDS = 3600  # a window's end within a test would reset it


def test_a_stranger_who_spent_the_address_s_time_is_refused_with_retry_after(client, event, spent):
    derived.build("small-open", event.version)  # the race: the cards are kept once it is
    assert client.get("/e/small-open/player/1/").status_code == 200
    refused = client.get("/e/small-open/player/2/")
    assert refused.status_code == 429
    assert 1 <= int(refused["Retry-After"]) <= 3600
    assert "no-store" in refused["Cache-Control"]
    said = text(one(refused.content, "p.refusal[role=alert]"))
    assert said.startswith("Many pages that take time to make")
    assert f"Try again in {refused['Retry-After']} second" in said
    assert render.cached_page("small-open", event.version, "player-2") is None  # not made
    assert client.get("/e/small-open/player/1/").status_code == 200  # cached: not metered
    other = client.get("/e/small-open/player/2/", REMOTE_ADDR="192.0.2.7")  # another address
    assert other.status_code == 200


def test_followers_and_screens_behind_the_same_address_are_never_refused(client, event, spent):
    client.get("/e/small-open/player/1/")
    assert client.get("/e/small-open/player/2/").status_code == 429
    for path in FOLLOWED:  # none cached yet: each is rendered now
        assert client.get(path).status_code == 200, path


@pytest.mark.parametrize(
    "path",
    [
        "/e/small-open/player/3/",
        "/e/small-open/player/3.json",
        "/e/small-open/round/2.json",
        "/e/small-open/crosstable.json",
        "/e/small-open/print/a4/round/3/pairings/",
        "/e/small-open/print/letter/crosstable/",
        "/e/small-open/player/99/",  # no such player: looking costs the same
        "/e/small-open/race.json",  # the race and the tables after a round too (issue 37)
        "/e/small-open/race/",
        "/e/small-open/after/2.json",
        "/e/small-open/after/2/",
    ],
)
def test_every_costly_page_is_metered(client, event, spent, path):
    client.get("/e/small-open/player/1/")
    assert client.get(path).status_code == 429


def test_a_json_address_is_refused_in_json(client, event, spent):
    client.get("/e/small-open/player/1/")
    refused = client.get("/e/small-open/player/3.json")
    assert refused.status_code == 429
    assert refused["Content-Type"] == "application/json"
    assert refused.json()["error"].startswith("Many pages that take time to make")


def test_the_refusal_is_in_the_reader_s_language(client, event, spent):
    client.get("/e/small-open/player/1/")
    for language, start in [
        ("fr", "Beaucoup de pages"),
        ("de", "Aus Ihrem Netz"),
        ("es", "Desde su red"),
    ]:
        refused = client.get("/e/small-open/player/2/", HTTP_ACCEPT_LANGUAGE=language)
        assert refused.status_code == 429
        assert text(one(refused.content, "p.refusal")).startswith(start), language


def test_searches_are_metered_the_htmx_one_gets_the_words_alone(client, event, spent):
    assert client.get("/e/small-open/find/", {"q": "1"}).status_code == 200
    fragment = client.get("/e/small-open/find/", {"q": "2"}, HTTP_HX_REQUEST="true")
    assert fragment.status_code == 429
    assert fragment.content.decode().startswith('<p class="refusal" role="alert">')
    page = client.get("/e/small-open/find/", {"q": "2"})
    assert page.status_code == 429
    assert text(one(page.content, "h1")) == "Too many requests"


def test_a_signed_in_arbiter_is_never_metered(client, event, arbiter, spent):
    client.force_login(arbiter)
    for number in range(1, 9):
        assert client.get(f"/e/small-open/player/{number}/").status_code == 200
    assert client.get("/e/small-open/find/", {"q": "3"}).status_code == 200


def test_the_time_is_counted_in_the_shared_cache(client, event, settings):
    settings.EXPENSIVE_SECONDS_PER_ADDRESS = 60
    settings.EXPENSIVE_WINDOW_SECONDS = 3600
    client.get("/e/small-open/player/1/")
    client.get("/e/small-open/find/", {"q": "1"})
    window = int(time.time() // 3600)
    # every worker reads the same count: microseconds of the two requests
    assert state_cache.cache.get(f"web:expensive:127.0.0.1:{window}") > 0
