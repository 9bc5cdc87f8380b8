"""The venue is heard: its pusher's heartbeat keeps the public pages from saying "live" through
a venue outage ("venue offline since 10:42; results may be behind"), and the venue's status
line says which it is: refused, publisher not running, unreachable (with what waits), or up
to date."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from standings.events.models import Event
from standings.events.services import enter_result
from standings.mirror import batch
from standings.mirror.models import MirroredEvent, MirrorPush
from standings.mirror.templatetags.mirror_status import mirror_status
from tests.factories import TEST_ACTOR, create_swiss

from .test_batches import MIRROR_SLUG, body_of, post, token_for

TEN_42 = timezone.make_aware(datetime.datetime(2026, 6, 1, 10, 42))


def beat(client, token: str, count: int, slug: str = MIRROR_SLUG):
    return post(client, batch.pack({"slug": slug, "beat": count}), token)


def test_a_signed_heartbeat_is_heard_once(client, db):
    token = token_for()
    answer = beat(client, token, 1000)
    assert answer.status_code == 200 and answer.json()["heard"] is True
    heard = MirroredEvent.objects.get().heard_at
    assert heard is not None
    assert beat(client, token, 1000).status_code == 409  # replayed
    assert beat(client, token, 999).status_code == 409
    assert beat(client, batch.new_token(), 2000).status_code == 403
    assert MirroredEvent.objects.get().heard_at == heard
    assert MirroredEvent.objects.get().last_beat == 1000
    for hostile in (-1, "1", 2**70, None, 1.5):
        assert beat(client, token, hostile).status_code == 400  # type: ignore[arg-type]


def test_the_public_pages_say_the_venue_is_offline_when_it_is_not_heard(client, db, venue_event):
    token = token_for()
    page = client.get(f"/e/{MIRROR_SLUG}/").content.decode()
    assert f'hx-get="/e/{MIRROR_SLUG}/venue/" hx-trigger="load, every 15s"' in page
    assert 'class="meta venue-offline"' not in client.get("/e/small-open/").content.decode()
    assert client.get(f"/e/{MIRROR_SLUG}/venue/").content == b""  # never heard: nothing said
    assert post(client, body_of("small-open", 1, 0), token).status_code == 200
    answer = client.get(f"/e/{MIRROR_SLUG}/venue/")
    assert answer.content == b""  # heard just now
    assert "max-age=5" in answer["Cache-Control"] and "public" in answer["Cache-Control"]
    MirroredEvent.objects.update(heard_at=TEN_42)
    answer = client.get(f"/e/{MIRROR_SLUG}/venue/")
    assert answer.content.decode() == "venue offline since 10:42; results may be behind"
    french = client.get(f"/e/{MIRROR_SLUG}/venue/", HTTP_ACCEPT_LANGUAGE="fr")
    assert "10:42" in french.content.decode() and "venue offline" not in french.content.decode()
    beat(client, token, 5)
    assert client.get(f"/e/{MIRROR_SLUG}/venue/").content == b""


@pytest.fixture
def venue_event(db):
    return create_swiss(slug="small-open")


def test_the_venues_line_says_which_of_the_states_it_is(db, venue_event, settings):
    push = MirrorPush.objects.create(
        slug="small-open", to_url="https://public.example", acked_version=venue_event.version
    )
    assert mirror_status(venue_event) == "public site: publisher not running (mirror_push)"
    push.alive_at = timezone.now() - datetime.timedelta(seconds=settings.MIRROR_OFFLINE_AFTER + 1)
    push.save()
    assert mirror_status(venue_event) == "public site: publisher not running (mirror_push)"
    settings.MIRROR_OFFLINE_AFTER = 10**6  # seen running, however slow this test
    assert mirror_status(venue_event) == "public site: up to date"
    push.failing_since = TEN_42
    push.save()
    assert mirror_status(venue_event) == "public site: unreachable since 10:42"
    enter_result(venue_event, 3, 3, "10", actor=TEST_ACTOR)
    enter_result(venue_event, 3, 4, "01", actor=TEST_ACTOR)
    venue_event.refresh_from_db()
    assert mirror_status(venue_event) == "public site: unreachable since 10:42; 2 changes waiting"
    push.refused_status = 403
    push.save()
    assert mirror_status(venue_event) == (
        "public site: refused the token (revoked or wrong); publishing stopped"
    )
    push.refused_status = 400
    push.save()
    assert "refused a batch" in mirror_status(Event.objects.get(slug="small-open"))
