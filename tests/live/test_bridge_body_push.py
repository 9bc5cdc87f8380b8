"""A bridge event's push carries the standings page's and the screen's body at the latest
round (bridge_events/push.py), so those pages follow a scored match without a refetch; in
the socket's language; a page showing another round asks for the status view."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async as sync_to_async

from standings.bridge_events.models import BridgeEvent
from standings.bridge_events.push import standings_view
from standings.bridge_events.services import enter_match, import_bridge
from standings.live import schedule
from tests.conftest import FIXTURES
from tests.factories import TEST_ACTOR
from tests.html import one, select, text
from tests.live.test_consumers import WAIT, opened, until_version, version, version_of

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.redis]

SLUG = "bridge-body"


async def imported():
    source = (FIXTURES / "bridge" / "example-sw02.json").read_bytes()
    event = await sync_to_async(import_bridge)(source, slug=SLUG, actor=TEST_ACTOR)
    await sync_to_async(schedule.publish_now)(event.pk)
    return event


async def scored(event):
    await sync_to_async(enter_match)(
        event, round_number=10, home=1, away=2, imps=(40, 20), points=(0, 0), actor=TEST_ACTOR
    )
    return await version_of(event)


def row(html: str, home: int) -> str:
    return text(one(html, f'#page-body table.bridge-matches tr[data-key="10-{home}"]'))


async def test_a_scored_match_is_pushed_in_the_standings_body(live_redis):
    event = await imported()
    ws = await opened(SLUG, "?view=bridgestandings")
    first = await ws.receive_from(timeout=WAIT)
    assert one(first, "#page-body")["hx-swap-oob"] == "true"
    assert not select(first, "[data-refresh]")  # the page needs no refetch
    wanted = await scored(event)
    pushed = (await until_version(ws, wanted))[-1]
    assert version(pushed) == wanted
    assert "40–20" in row(pushed, 1)  # the scored match, in the latest round's list
    assert [el["id"] for el in select(pushed, "[hx-swap-oob]")] == ["last-update", "page-body"]
    page = await sync_to_async(_page)("/b/bridge-body/")
    standings = [text(r) for r in select(page, "#page-body table.bridge-standings tbody tr")]
    pushed_standings = [
        text(r) for r in select(pushed, "#page-body table.bridge-standings tbody tr")
    ]
    assert pushed_standings == standings  # the body the page itself now shows
    await ws.disconnect()


async def test_the_screen_and_a_french_page_get_their_own_body(live_redis):
    event = await imported()
    screen = await opened(SLUG, "?view=bridgescreen")
    french = await opened(SLUG, "?view=bridgestandings&lang=fr")
    await screen.receive_from(timeout=WAIT)
    await french.receive_from(timeout=WAIT)
    wanted = await scored(event)
    shown = (await until_version(screen, wanted))[-1]
    assert [el["id"] for el in select(shown, "[hx-swap-oob]")] == [
        "last-update",
        "screen-view-name",
        "page-body",
    ]
    assert one(shown, "#screen-standings") and "40–20" in text(one(shown, "#screen-pairings"))
    translated = (await until_version(french, wanted))[-1]
    assert text(one(translated, "#standings-heading")) == "Classement"
    await screen.disconnect()
    await french.disconnect()


def test_only_the_latest_round_follows_the_push(db):
    source = (FIXTURES / "bridge" / "example-sw02.json").read_bytes()
    event = import_bridge(source, slug=SLUG, actor=TEST_ACTOR)
    bridge = BridgeEvent.objects.get(event=event)
    assert standings_view(bridge, 9) == "bridgestandings"  # the latest round played
    assert standings_view(bridge, 10) == "status"  # the next, linked before it is played
    assert standings_view(bridge, 3) == "status"
    client_page = _page(f"/b/{SLUG}/?round=3")
    assert one(client_page, "#page-body")["data-refresh"] == "8"
    assert "view=status" in one(client_page, "main")["ws-connect"]
    latest = _page(f"/b/{SLUG}/")
    assert not select(latest, "#page-body[data-refresh]")
    assert "view=bridgestandings" in one(latest, "main")["ws-connect"]


def _page(path: str) -> str:
    from django.test import Client

    return Client().get(path).content.decode()
