"""A bridge event rides the chess push: a scored match reaches the sockets of its pages
as a new #last-update version (the bridge pages then refetch their body, [data-refresh])."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async as sync_to_async

from standings.bridge_events.services import enter_match, import_bridge
from standings.live import schedule
from tests.conftest import FIXTURES
from tests.factories import TEST_ACTOR
from tests.live.test_consumers import WAIT, opened, until_version, version, version_of

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.redis]


async def test_a_scored_match_reaches_the_bridge_pages_socket(live_redis):
    text = (FIXTURES / "bridge" / "example-sw02.json").read_bytes()
    event = await sync_to_async(import_bridge)(text, slug="bridge-live", actor=TEST_ACTOR)
    await sync_to_async(schedule.publish_now)(event.pk)
    ws = await opened("bridge-live", "?view=status")
    assert version(await ws.receive_from(timeout=WAIT)) == 1
    await sync_to_async(enter_match)(
        event, round_number=10, home=1, away=2, imps=(40, 20), points=(0, 0), actor=TEST_ACTOR
    )
    wanted = await version_of(event)
    assert wanted == 2
    assert version((await until_version(ws, wanted))[-1]) == wanted
    await ws.disconnect()
