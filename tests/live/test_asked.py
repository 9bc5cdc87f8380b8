"""What the sockets of an event ask for, counted per process and recorded for every process."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from standings.live import asked

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def empty_cache():
    cache.clear()
    yield
    cache.clear()


def test_a_socket_asks_for_a_known_view_in_a_known_language():
    assert asked.pair("standings", "fr") == ("standings", "fr")
    assert asked.pair("no-such-view", "") == ("all", "en")
    assert asked.pair("round", "xx") == ("round", "en")


def test_this_process_counts_its_own_sockets():
    asked.count_in("small-open", ("standings", "fr"))
    asked.count_in("small-open", ("standings", "fr"))
    asked.count_out("small-open", ("standings", "fr"))
    assert asked.wanted("small-open") == {("standings", "fr")}
    asked.count_out("small-open", ("standings", "fr"))
    assert asked.wanted("small-open") == set()


def test_what_other_processes_record_is_wanted_until_it_lapses():
    asked.record("small-open", [("round", "de"), ("status", "en")])
    asked.record("other-event", [("screen", "en")])
    assert asked.wanted("small-open") == {("round", "de"), ("status", "en")}
    cache.delete_many([asked._key("small-open", ("round", "de"))])  # as a lapse does
    assert asked.wanted("small-open") == {("status", "en")}


def test_without_the_cache_a_process_renders_what_its_own_sockets_ask_for(monkeypatch):
    asked.count_in("small-open", ("round", "es"))

    def unreachable(keys):
        raise ConnectionError("Redis went away")

    monkeypatch.setattr(cache, "get_many", unreachable)
    try:
        assert asked.wanted("small-open") == {("round", "es")}
    finally:
        asked.count_out("small-open", ("round", "es"))
