"""What the worker does with the push service's answers, and how bursts are merged."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from standings.events import services
from standings.follow.models import Followed, Subscription
from standings.follow.worker import expire
from tests.factories import TEST_ACTOR, create_swiss

pytestmark = pytest.mark.django_db


def enter(event, board, result, capture, reason=""):
    with capture(execute=True):
        services.enter_result(event, 3, board, result, actor=TEST_ACTOR, reason=reason)


@pytest.mark.parametrize("status", [404, 410])
def test_a_gone_subscription_is_deleted(
    status, push_service, follower, worker, django_capture_on_commit_callbacks
):
    event = create_swiss()
    push_service.status_for["/push/gone"] = status
    follower.post(event.slug, {"subscription": push_service.subscribe("gone"), "players": [7]})
    follower.post(event.slug, {"subscription": push_service.subscribe("kept"), "players": [7]})
    enter(event, 3, "10", django_capture_on_commit_callbacks)
    worker.run_once()
    assert sorted(r.path for r in push_service.received) == ["/push/gone", "/push/kept"]
    assert [s.endpoint.rsplit("/", 1)[1] for s in Subscription.objects.all()] == ["kept"]


def test_a_failure_is_retried_later(
    push_service, follower, worker, django_capture_on_commit_callbacks
):
    event = create_swiss()
    push_service.status_for["/push/busy"] = 503
    follower.post(event.slug, {"subscription": push_service.subscribe("busy"), "players": [7]})
    enter(event, 3, "10", django_capture_on_commit_callbacks)
    worker.run_once()
    row = Followed.objects.get()
    assert row.attempts == 1 and row.waiting is not None
    assert row.due_at > timezone.now() + timedelta(seconds=3)  # backed off
    worker.run_once()
    assert len(push_service.received) == 1  # not before it is due
    push_service.status_for.clear()
    Followed.objects.update(due_at=timezone.now())
    worker.run_once()
    assert len(push_service.received) == 2
    assert Followed.objects.get().waiting is None


def test_a_burst_is_one_notification_a_minute(
    push_service, follower, worker, django_capture_on_commit_callbacks
):
    event = create_swiss()
    follower.post(event.slug, {"subscription": push_service.subscribe("f"), "players": [7]})
    enter(event, 3, "10", django_capture_on_commit_callbacks)
    worker.run_once()
    enter(event, 3, "01", django_capture_on_commit_callbacks, reason="wrong button")
    worker.run_once()
    enter(event, 3, "==", django_capture_on_commit_callbacks, reason="wrong again")
    worker.run_once()
    assert len(push_service.received) == 1  # the minute is not over
    waiting = Followed.objects.get().waiting
    [line] = waiting["lines"].values()  # merged: the latest result of round 3
    assert line.startswith("Round 3: Player 07 ½–½ Player 04; Player 07 now 2, ")
    Followed.objects.update(sent_at=timezone.now() - timedelta(seconds=61))
    worker.run_once()
    assert len(push_service.received) == 2
    assert push_service.received[1].payload["body"].startswith("Round 3: Player 07 ½–½ Player 04")


def test_subscriptions_expire(push_service, follower):
    event = create_swiss()
    follower.post(event.slug, {"subscription": push_service.subscribe("old"), "players": [7]})
    assert expire() == 0
    Subscription.objects.update(expires_at=timezone.now() - timedelta(seconds=1))
    assert expire() == 1
    assert Followed.objects.count() == 0
