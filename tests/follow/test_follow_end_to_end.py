"""From the follow POST to a decrypted notification: a result entered through the real
service, the worker's pass, the push service's record."""

from __future__ import annotations

import pytest

from standings.events import services
from standings.events.models import Round
from standings.follow.models import Change, Followed, Subscription
from tests.factories import TEST_ACTOR, create_swiss

pytestmark = pytest.mark.django_db


def enter(event, board, result, django_capture_on_commit_callbacks, **kw):
    with django_capture_on_commit_callbacks(execute=True):
        services.enter_result(event, 3, board, result, actor=TEST_ACTOR, **kw)


def test_a_followed_players_result_reaches_the_push_service(
    push_service, follower, worker, django_capture_on_commit_callbacks, settings
):
    settings.LIVE_PUSH_INTERVAL = 0
    event = create_swiss()
    answer = follower.post(
        event.slug, {"subscription": push_service.subscribe("a"), "players": [7]}
    )
    assert answer.status_code == 201, answer.content
    assert answer.json() == {"players": [7]}

    enter(event, 3, "10", django_capture_on_commit_callbacks)  # board 3: 7 (White) against 4
    assert Change.objects.count() == 1
    worker.run_once()

    assert push_service.faults == []
    [got] = push_service.received
    assert got.path == "/push/a"
    assert got.headers["content-encoding"] == "aes128gcm"
    assert int(got.headers["ttl"]) > 0
    assert got.payload["title"] == "Player 07 · Small Open"
    assert got.payload["url"] == f"/e/{event.slug}/player/7/"
    assert got.payload["body"] == "Round 3: Player 07 1–0 Player 04; Player 07 now 2.5, 1st"
    assert Change.objects.count() == 0
    assert Followed.objects.get().waiting is None


def test_pairings_published_tell_each_follower_their_board(
    push_service, follower, worker, django_capture_on_commit_callbacks
):
    event = create_swiss()
    from standings.events.models import Game, Participant

    draft = Round.objects.create(event=event, number=4, state=Round.State.DRAFT)
    people = {p.start_no: p for p in Participant.objects.filter(event=event)}
    Game.objects.create(round=draft, board=2, white=people[5], black=people[1])
    follower.post(event.slug, {"subscription": push_service.subscribe("b"), "players": [1]})
    with django_capture_on_commit_callbacks(execute=True):
        services.publish_pairings(event, 4, actor=TEST_ACTOR)
    worker.run_once()
    [got] = push_service.received
    assert got.payload["body"] == "Round 4: board 2, Black against Player 05"


def test_in_the_followers_language(push_service, worker, django_capture_on_commit_callbacks):
    from tests.follow.conftest import Follower

    event = create_swiss()
    french = Follower()
    french.client.cookies["django_language"] = "fr"
    french.post(event.slug, {"subscription": push_service.subscribe("fr"), "players": [5]})
    assert Subscription.objects.get().language == "fr"
    enter(event, 4, "01", django_capture_on_commit_callbacks)  # board 4: 6 (White) against 5
    worker.run_once()
    [got] = push_service.received
    assert "7e" in got.payload["body"]  # the French ordinal: the rest awaits its translation


def test_nobody_following_queues_nothing(follower, django_capture_on_commit_callbacks):
    event = create_swiss()
    enter(event, 3, "10", django_capture_on_commit_callbacks)
    assert Change.objects.count() == 0


def test_unfollowed_numbers_are_not_told(
    push_service, follower, worker, django_capture_on_commit_callbacks
):
    event = create_swiss()
    follower.post(event.slug, {"subscription": push_service.subscribe("c"), "players": [1]})
    enter(event, 3, "10", django_capture_on_commit_callbacks)  # 7 against 4: not 1's
    worker.run_once()
    assert push_service.received == []


def test_an_empty_list_unsubscribes(push_service, follower):
    event = create_swiss()
    sub = push_service.subscribe("d")
    follower.post(event.slug, {"subscription": sub, "players": [1, 2]})
    assert Followed.objects.count() == 2
    answer = follower.post(event.slug, {"subscription": sub, "players": []})
    assert answer.status_code == 201
    assert Subscription.objects.count() == 0 and Followed.objects.count() == 0


def test_posting_again_replaces_the_numbers(push_service, follower):
    event = create_swiss()
    sub = push_service.subscribe("e")
    follower.post(event.slug, {"subscription": sub, "players": [1, 2]})
    follower.post(event.slug, {"subscription": sub, "players": [2, 3]})
    assert sorted(Followed.objects.values_list("number", flat=True)) == [2, 3]
    assert Subscription.objects.count() == 1
