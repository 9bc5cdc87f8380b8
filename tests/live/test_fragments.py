"""The socket protocol: each view's fragments, rendered once per push from the page partials."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from standings.events.models import Event
from standings.live import asked, catchup, fragments, schedule, wire
from standings.live import messages as live_messages
from standings.state.event_state import build_state
from tests.html import one, parse, select, text

pytestmark = pytest.mark.django_db

FRAGMENT_IDS = [
    "last-update",
    "standings-table",
    "round-games-3",
    "screen-standings",
    "screen-pairings",
    "prize-lists",  # an event without prizes: the screen has no prize view
    "widget-standings",
    "widget-pairings",
]


@pytest.fixture(autouse=True)
def empty_cache():
    cache.clear()
    yield
    cache.clear()


def swapped_ids(html: str) -> list[str]:
    """The ids of the top-level elements swapped out of band, in order."""
    return [el["id"] for el in parse(html).find_all(recursive=False) if el.get("hx-swap-oob")]


def test_every_fragment_is_an_out_of_band_swap(event):
    html = fragments.every_fragment(fragments.render_parts(build_state(event)))
    assert swapped_ids(html) == FRAGMENT_IDS
    assert all(el["hx-swap-oob"] == "true" for el in select(html, "[hx-swap-oob]"))


@pytest.mark.parametrize(
    "view, wanted",
    [
        ("standings", ["standings-table"]),
        ("round", ["round-games-3"]),
        ("screen", ["screen-standings", "screen-pairings"]),
        ("prizes", ["prize-lists"]),
        ("widgetstandings", ["widget-standings"]),
        ("widgetpairings", ["widget-pairings"]),
        ("status", []),
    ],
)
def test_each_view_gets_last_update_first_and_only_its_fragments(event, view, wanted):
    parts = fragments.render_parts(build_state(event))
    assert swapped_ids(parts[view]) == ["last-update", *wanted]
    assert set(parts) == set(fragments.VIEWS)


def test_the_message_carries_the_version_as_data(event):
    asked.record("small-open", [("status", "en")])
    sent = schedule.publish_now(event.pk)
    version = Event.objects.get(pk=event.pk).version
    assert sent["version"] == version
    assert sent["slug"] == "small-open"
    shown = one(wire.inflate(wire.part(sent, "status", "en")), "#last-update")
    assert shown["data-version"] == str(version)


def test_a_push_renders_only_the_views_and_languages_sockets_ask_for(event):
    asked.record("small-open", [("standings", "en"), ("round", "fr")])
    sent = schedule.publish_now(event.pk)
    assert live_messages.pairs_of(sent) == {("standings", "en"), ("round", "fr")}
    french = wire.inflate(wire.part(sent, "round", "fr"))
    assert swapped_ids(french) == ["last-update", "round-games-3"]
    assert text(one(french, "table.pairings caption")).startswith("Ronde 3")
    assert wire.part(sent, "round", "en") is None


def test_a_push_with_no_socket_anywhere_renders_nothing(event):
    assert schedule.publish_now(event.pk)["parts"] == {}


def test_a_push_comes_one_language_after_the_other_the_default_first(event):
    wanted = {("standings", "de"), ("all", "en"), ("standings", "fr"), ("status", "en")}
    sent = list(live_messages.messages(build_state(event), wanted))
    assert [list(message["parts"]) for message in sent] == [["en"], ["fr"], ["de"]]
    assert [message["final"] for message in sent] == [False, False, True]
    assert set(sent[0]["parts"]["en"]) == {"all", "status"}
    assert swapped_ids(wire.inflate(sent[0]["parts"]["en"]["all"])) == FRAGMENT_IDS


def test_a_view_newly_asked_for_is_rendered_from_the_cached_state(event, django_assert_num_queries):
    asked.record("small-open", [("standings", "en")])
    sent = schedule.publish_now(event.pk)
    asked.record("small-open", [("screen", "de")])  # a German screen opens
    with django_assert_num_queries(0):  # no engine run, no database
        current = catchup.current_message("small-open")
    assert current["version"] == sent["version"]
    assert live_messages.pairs_of(current) == {("standings", "en"), ("screen", "de")}
    assert catchup.current_message("small-open") == current  # cached as it is


def test_the_current_message_of_a_published_event_needs_no_database(
    event, django_assert_num_queries
):
    sent = schedule.publish_now(event.pk)
    with django_assert_num_queries(0):
        assert catchup.current_message("small-open") == sent


def test_a_stale_cached_message_is_not_shown(event):
    sent = schedule.publish_now(event.pk)
    Event.objects.filter(pk=event.pk).update(version=sent["version"] + 1)  # a push went missing
    cache.clear()  # and the version pointer with it
    assert catchup.current_message("small-open")["version"] == sent["version"] + 1


def test_an_unknown_event_has_no_message(db):
    assert catchup.current_message("no-such-event") is None


def test_fragments_and_pages_come_from_the_same_partial(client, event):
    html = fragments.render_parts(build_state(event))["standings"]
    assert html.isascii()  # every socket decodes it: kept cheap, see fragments._ascii
    pushed = one(html, "#standings-table")
    del pushed["hx-swap-oob"]
    page = one(client.get("/e/small-open/").content, "#standings-table")
    assert pushed == page
