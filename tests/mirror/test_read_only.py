"""A mirrored event is changed only by its venue's batches: every arbiter's or scorer's write
on the public side is refused by the one check with a sentence pointing to the venue."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

from standings.events import actors
from standings.events.models import AuditEntry, Event
from standings.events.services import enter_result
from tests.factories import TEST_ACTOR, create_swiss

SAID = "is published from the venue's server: enter and correct it there"


@pytest.fixture
def mirrored(db, arbiter) -> Event:
    """An event its arbiter could change, then mirrored here from a venue."""
    event = create_swiss(arbiters=[arbiter])
    call_command("mirror_token", event.slug, "--replace", stdout=StringIO())
    return Event.objects.get(pk=event.pk)


def written() -> tuple:
    return sorted(Event.objects.values_list("slug", "version")), AuditEntry.objects.count()


def test_the_arbiters_result_is_refused_with_a_sentence_pointing_to_the_venue(
    client, arbiter, mirrored
):
    client.force_login(arbiter)
    before = written()
    answer = client.post(
        f"/e/{mirrored.slug}/arbiter/round/3/board/3/", {"result": "10", "version": "0"}
    )
    assert answer.status_code == 403
    assert SAID in answer.content.decode().replace("&#x27;", "'")
    assert client.get(f"/e/{mirrored.slug}/arbiter/").status_code == 403
    assert written() == before


def test_the_service_refuses_a_user_and_lets_the_system_actors_write(arbiter, mirrored):
    with pytest.raises(actors.HeldAtVenue, match=SAID):
        enter_result(mirrored, 3, 3, "10", actor=arbiter)
    enter_result(mirrored, 3, 3, "10", actor=TEST_ACTOR)  # the mirror's import is one


def test_an_event_not_mirrored_is_the_arbiters_as_before(arbiter, db):
    event = create_swiss(arbiters=[arbiter])
    enter_result(event, 3, 3, "10", actor=arbiter)


# A pusher seen running: within MIRROR_OFFLINE_AFTER of its last pass, however slow the test.
RUNNING = {"MIRROR_OFFLINE_AFTER": 10**6}


def test_the_venues_arbiter_page_says_how_far_the_public_site_is(client, arbiter, db, settings):
    import datetime

    from django.utils import timezone

    from standings.mirror.models import MirrorPush

    event = create_swiss(arbiters=[arbiter])
    client.force_login(arbiter)
    assert "public site" not in client.get(f"/e/{event.slug}/arbiter/").content.decode()
    settings.MIRROR_OFFLINE_AFTER = RUNNING["MIRROR_OFFLINE_AFTER"]
    push = MirrorPush.objects.create(
        slug=event.slug,
        to_url="https://public.example",
        acked_version=event.version,
        alive_at=timezone.now(),
    )
    assert "public site: up to date" in client.get(f"/e/{event.slug}/arbiter/").content.decode()
    enter_result(event, 3, 3, "10", actor=arbiter)
    enter_result(event, 3, 4, "01", actor=arbiter)
    assert (
        "public site: 2 changes waiting" in client.get(f"/e/{event.slug}/arbiter/").content.decode()
    )
    push.failing_since = timezone.make_aware(datetime.datetime(2026, 6, 1, 10, 42))
    push.save()
    page = client.get(f"/e/{event.slug}/arbiter/").content.decode()
    assert "public site: unreachable since 10:42" in page


def test_the_line_is_asked_again_by_the_page_and_only_its_arbiters_get_it(
    client, arbiter, db, settings
):
    from django.contrib.auth.models import User
    from django.utils import timezone

    from standings.mirror.models import MirrorPush

    settings.MIRROR_OFFLINE_AFTER = RUNNING["MIRROR_OFFLINE_AFTER"]
    event = create_swiss(arbiters=[arbiter])
    MirrorPush.objects.create(
        slug=event.slug, to_url="https://public.example", acked_version=0, alive_at=timezone.now()
    )
    url = f"/e/{event.slug}/arbiter/mirror-status/"
    assert client.get(url).status_code == 302  # to the login page
    client.force_login(User.objects.create_user("someone-else"))
    assert client.get(url).status_code == 403
    client.force_login(arbiter)
    page = client.get(f"/e/{event.slug}/arbiter/").content.decode()
    assert f'hx-get="{url}" hx-trigger="every 5s"' in page
    assert client.get(url).content.decode() == "public site: up to date"
    enter_result(event, 3, 3, "10", actor=arbiter)
    answer = client.get(url)
    assert answer.content.decode() == "public site: 1 change waiting"
    assert "no-cache" in answer["Cache-Control"]
    assert client.post(url).status_code == 405
    assert client.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode() == (
        "site public : 1 modification en attente"
    )


def test_a_sections_page_says_how_far_its_tournament_is(client, arbiter, db, settings):
    from django.utils import timezone

    from standings.mirror.models import MirrorPush

    settings.MIRROR_OFFLINE_AFTER = RUNNING["MIRROR_OFFLINE_AFTER"]
    cup = Event.objects.create(slug="cup", name="Cup")
    section = create_swiss(arbiters=[arbiter], slug="cup-a")
    Event.objects.filter(pk=section.pk).update(parent=cup)
    section.refresh_from_db()
    MirrorPush.objects.create(
        slug="cup", to_url="https://public.example", acked_version=0, alive_at=timezone.now()
    )
    client.force_login(arbiter)
    enter_result(section, 3, 3, "10", actor=arbiter)  # the tournament's version moves with it
    answer = client.get(f"/e/{section.slug}/arbiter/mirror-status/")
    assert answer.content.decode() == "public site: 1 change waiting"
