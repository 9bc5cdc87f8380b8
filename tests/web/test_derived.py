"""What a version shows beyond its standings (the race, the cards' places, the tables after
earlier rounds) is built once per version right after its publish, off the request path
(web/derived.py): a request before it is ready is told it is being computed and never works
it out, a card or screen without it is sent but not kept, and a version claimed by another
process is not built again (issue 37, part 5)."""

from __future__ import annotations

import time

import pytest

from standings.state import cache as state_cache
from standings.state import race as state_race
from standings.state.cache import key
from standings.web import derived, render
from tests.html import one, select, text

from .writes import enter_result

PATIENCE = 60  # seconds a background build is waited for (a loaded machine); not a timing


def test_a_request_before_the_race_is_built_is_told_and_never_works_it_out(client, event):
    answer = client.get("/e/small-open/race.json")
    assert answer.status_code == 503
    assert answer["Retry-After"] == str(derived.RETRY_AFTER)
    assert "no-store" in answer["Cache-Control"]
    assert answer.json()["error"].startswith("This page is being worked out")
    page = client.get("/e/small-open/race/", HTTP_ACCEPT_LANGUAGE="fr")
    assert page.status_code == 503
    assert one(page.content, 'meta[http-equiv="refresh"]').get("content") == "2"
    assert text(one(page.content, "p.computing")).startswith("Cette page est en cours")
    state = state_cache.state("small-open", event.version)
    assert state is not None and state_race.known_race(state) is None  # nobody worked it out


def test_being_computed_is_no_server_error_in_the_log(client, event, caplog):
    """A crowd meeting a page being built is the normal course of a round, not a fault: the
    log keeps its errors for faults."""
    with caplog.at_level("WARNING", logger="django.request"):
        assert client.get("/e/small-open/race.json").status_code == 503
        assert client.get("/e/small-open/after/2/").status_code == 503
    assert [r.getMessage() for r in caplog.records if r.name == "django.request"] == []


def test_a_request_for_a_table_after_a_round_never_builds_it(client, event):
    assert client.get("/e/small-open/after/2.json").status_code == 503
    assert client.get("/e/small-open/after/2/").status_code == 503
    derived.build("small-open", event.version)  # what the builder thread does: the round asked
    assert client.get("/e/small-open/after/2.json").json()["round"] == 2
    assert render.cached_page("small-open", event.version, "after-2") is not None
    assert render.cached_page("small-open", event.version, "after-1") is None  # not asked


def test_a_card_before_its_race_is_built_is_sent_but_not_kept(client, event):
    card = client.get("/e/small-open/player/7/")
    assert card.status_code == 200 and "no-store" in card["Cache-Control"]
    assert not select(card.content, "table.race-places")  # the race page's link only
    assert render.cached_page("small-open", event.version, "player-7") is None
    derived.build("small-open", event.version)
    card = client.get("/e/small-open/player/7/")
    assert "no-store" not in card["Cache-Control"]
    assert select(card.content, "table.race-places")  # its best and worst places
    assert render.cached_page("small-open", event.version, "player-7") is not None


def test_a_version_another_process_is_building_is_not_built_again(client, event):
    claim = key("small-open", event.version, "derived-building")
    state_cache.cache.add(claim, 1, 60)  # another process claimed it
    derived.build("small-open", event.version)
    state = state_cache.state("small-open", event.version)
    assert state is not None and state_race.known_race(state) is None
    assert client.get("/e/small-open/race.json").status_code == 503  # nor by a waiter
    state_cache.cache.delete(claim)  # its holder is done (or died and it lapsed)
    derived.build("small-open", event.version)
    assert client.get("/e/small-open/race.json").json()["stage"] == "open"


@pytest.mark.django_db(transaction=True)
def test_after_a_result_the_race_and_the_tables_asked_for_are_built_in_the_background(
    client, event, settings
):
    settings.LIVE_PUSH_INTERVAL = 0.25  # as served: the push and the build in the background
    assert client.get("/e/small-open/after/1/").status_code == 503  # asks for round 1's
    enter_result(event, 3, 3, "10")
    event.refresh_from_db()
    names = ["race", "racejson", "after-1", "afterjson-1"]
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        if all(render.cached_page("small-open", event.version, n) for n in names):
            break
        time.sleep(0.1)
    for name in names:
        assert render.cached_page("small-open", event.version, name) is not None, name
    assert client.get("/e/small-open/race.json").json()["open_games"] == 1
    assert client.get("/e/small-open/after/1.json").json()["round"] == 1
