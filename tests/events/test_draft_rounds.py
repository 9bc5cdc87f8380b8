"""DRAFT rounds (pairings prepared, not published) stay out of the standings and public pages."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from standings.events.services import close_round, create_round, enter_result, publish_pairings
from standings.events.snapshot import engine_event
from standings.state.event_state import build_state
from tests.factories import TEST_ACTOR


@pytest.fixture
def drafted(event):
    """Round 3 complete and closed, round 4 prepared but not published."""
    enter_result(event, 3, 3, "10", actor=TEST_ACTOR)
    enter_result(event, 3, 4, "01", actor=TEST_ACTOR)
    close_round(event, 3, actor=TEST_ACTOR)
    create_round(event, 4, [(1, 8), (2, 7), (3, 6), (4, 5)], actor=TEST_ACTOR)
    event.refresh_from_db()
    cache.clear()
    yield event
    cache.clear()


def test_the_engine_does_not_see_a_draft_round(drafted):
    described = engine_event(drafted)
    assert all(len(p.entries) == 3 for p in described.participants)
    assert all(e.code != "*" for p in described.participants for e in p.entries)
    assert described.closed_rounds == {1, 2, 3}


def test_followers_do_not_see_a_draft_round(drafted, client):
    state = build_state(drafted)
    assert [r.number for r in state.rounds] == [1, 2, 3]
    assert state.current_round.number == 3
    assert not any(c.provisional for line in state.lines for c in line.cells)
    assert client.get("/e/small-open/round/4/").status_code == 404
    assert "Round 4" not in client.get("/e/small-open/").content.decode()
    assert "Round 4" not in client.get("/e/small-open/screen/").content.decode()


def test_published_pairings_become_public(drafted, client):
    publish_pairings(drafted, 4, actor=TEST_ACTOR)
    drafted.refresh_from_db()
    state = build_state(drafted)
    assert state.current_round.number == 4
    assert state.current_round.pending == 4
    assert client.get("/e/small-open/round/4/").status_code == 200
    assert engine_event(drafted).participant(1).entries[3].code == "*"
