"""A bridge event in the database: the Swiss example, arbitrated by `arbiter`."""

from __future__ import annotations

import pytest

from standings.bridge_events.services import import_bridge
from tests.conftest import FIXTURES
from tests.factories import TEST_ACTOR

SW02 = FIXTURES / "bridge" / "example-sw02.json"


@pytest.fixture
def bridge_event(db, arbiter):
    event = import_bridge(SW02.read_bytes(), slug="swiss", boards=16, actor=TEST_ACTOR)
    event.arbiters.add(arbiter)
    return event
