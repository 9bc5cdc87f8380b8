"""Pushes on their way, one pass never waiting for another's answers: one push at a time
per subscription, in order; a bounded number on their way, at most half of them to one
push service; what is told while a push is out waits for the next one, never lost."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from standings.events import services
from standings.follow import keys
from standings.follow.models import Followed, Subscription
from standings.follow.worker import Worker
from tests.factories import TEST_ACTOR, create_swiss
from tests.follow.conftest import allow, following
from tests.follow.push_service import PushService

pytestmark = pytest.mark.django_db

WAIT = 60.0  # seconds at most for a condition; the hangs below last until released


@pytest.fixture
def hanging(push_service, settings):
    settings.FOLLOW_MIN_GAP = 0
    service = PushService(keys.public_key(), hang=True)
    allow(settings, service)
    yield service
    service.close()


@pytest.fixture
def stepping():
    worker = Worker(in_flight=5)
    yield worker
    worker.close()


def until(worker: Worker, condition: Callable[[], bool]) -> None:
    """Run the worker's passes until `condition` holds."""
    deadline = time.monotonic() + WAIT
    while not condition():
        assert time.monotonic() < deadline, "the condition never held"
        worker.step()
        time.sleep(0.02)


def enter(event, result, capture, reason=""):
    with capture(execute=True):
        services.enter_result(event, 3, 3, result, actor=TEST_ACTOR, reason=reason)


def test_one_push_at_a_time_per_subscription_in_order(
    hanging, stepping, django_capture_on_commit_callbacks
):
    event = create_swiss()
    following(event, hanging, 1, number=7)
    Followed.objects.create(subscription=Subscription.objects.get(), number=4)
    enter(event, "10", django_capture_on_commit_callbacks)  # 7 beats 4: both numbers told
    until(stepping, lambda: len(hanging.received) == 1)
    for _ in range(5):
        stepping.step()
    assert len(hanging.received) == 1  # the other waits for the first's answer
    first = Followed.objects.get(sending__isnull=False)
    hanging.release()
    until(stepping, lambda: len(hanging.received) == 2)
    stepping.drain()
    titles = [r.payload["title"] for r in hanging.received]
    assert titles[0] == first.sending["title"] and titles[0] != titles[1]
    assert Followed.objects.filter(sent_at__isnull=False).count() == 2


def test_pushes_on_their_way_are_bounded_and_a_hanging_service_holds_half(
    push_service, hanging, stepping, settings, django_capture_on_commit_callbacks
):
    settings.FOLLOW_PUSH_PENDING = 4
    event = create_swiss()
    following(event, hanging, 6)
    following(event, push_service, 6)
    enter(event, "10", django_capture_on_commit_callbacks)
    good = Followed.objects.filter(subscription__origin=push_service.origin)
    until(stepping, lambda: good.filter(sent_at__isnull=False).count() == 6)
    assert len(push_service.received) == 6
    assert len(hanging.received) == 2  # half the bound, never more
    assert len(stepping.sender.pending) == 2
    hanging.release()
    until(stepping, lambda: len(hanging.received) == 6)
    stepping.drain()
    assert Followed.objects.filter(sent_at__isnull=True).count() == 0


@pytest.mark.parametrize("answer", [201, 503])
def test_what_is_told_while_a_push_is_out_is_not_lost(
    hanging, stepping, settings, answer, django_capture_on_commit_callbacks
):
    event = create_swiss()
    following(event, hanging, 1)
    hanging.status_for["/push/s0"] = answer
    enter(event, "10", django_capture_on_commit_callbacks)
    until(stepping, lambda: len(hanging.received) == 1)
    enter(event, "01", django_capture_on_commit_callbacks, reason="the other way")
    for _ in range(3):
        stepping.step()
    assert len(hanging.received) == 1  # told, waiting behind the push on its way
    row = Followed.objects.get()
    assert "0–1" in row.waiting["lines"]["003"] and "1–0" in row.sending["lines"]["003"]
    hanging.status_for["/push/s0"] = 201
    hanging.release()
    until(stepping, lambda: len(hanging.received) == 2)  # a 503's retry after its back-off
    stepping.drain()
    bodies = [r.payload["body"] for r in hanging.received]
    assert "1–0" in bodies[0] and "0–1" in bodies[1]
    assert Followed.objects.get().waiting is None
