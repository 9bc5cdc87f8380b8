"""One subscription never stops or repeats anyone else's notifications: beside 100 good
followers, a push service that refuses connections, one that never answers, and poisoned
subscriptions (stored before the checks refused them: an endpoint the VAPID signer
chokes on, one on the server's own network, keys that are no key); each good follower
gets each notification exactly once."""

from __future__ import annotations

import socket
from collections import Counter
from datetime import timedelta

import pytest
from django.utils import timezone

from standings.events import services
from standings.follow.models import Followed, Subscription
from standings.follow.worker import Worker
from tests.factories import TEST_ACTOR, create_swiss
from tests.follow.conftest import following

pytestmark = pytest.mark.django_db


@pytest.fixture
def hanging_port():
    """A port that accepts connections (the kernel's backlog) and never answers."""
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(16)
        yield listener.getsockname()[1]


@pytest.fixture
def refusing_port():
    """A port nothing listens on: every connection refused."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def stored(event, endpoint: str, keys: dict, number: int = 7) -> Subscription:
    far = timezone.now() + timedelta(days=30)
    sub = Subscription.objects.create(event=event, endpoint=endpoint, expires_at=far, **keys)
    Followed.objects.create(subscription=sub, number=number)
    return sub


def enter(event, result, capture, reason=""):
    with capture(execute=True):
        services.enter_result(event, 3, 3, result, actor=TEST_ACTOR, reason=reason)


def test_one_bad_subscription_touches_no_other(
    push_service, settings, hanging_port, refusing_port, django_capture_on_commit_callbacks
):
    settings.FOLLOW_PUSH_TIMEOUT = 1.0  # the hanging service's requests end in time
    settings.FOLLOW_MIN_GAP = 0
    settings.FOLLOW_PUSH_LOCAL = [
        *settings.FOLLOW_PUSH_LOCAL,
        f"127.0.0.1:{hanging_port}",
        f"127.0.0.1:{refusing_port}",
    ]
    event = create_swiss()
    following(event, push_service, 100)
    keys = push_service.subscribe("spare")["keys"]
    poisoned = {
        "signer": stored(event, f"{push_service.origin}?x", keys),
        "own network": stored(event, "https://127.0.0.1:6379/", keys),
        "no key": stored(event, push_service.origin + "/push/nokey", {**keys, "p256dh": "BA"}),
        "hanging": stored(event, f"http://127.0.0.1:{hanging_port}/push/h", keys),
        "refusing": stored(event, f"http://127.0.0.1:{refusing_port}/push/r", keys),
    }
    worker = Worker(in_flight=10)
    try:
        enter(event, "10", django_capture_on_commit_callbacks)
        for _ in range(3):
            worker.run_once()
        enter(event, "01", django_capture_on_commit_callbacks, reason="the other way")
        for _ in range(3):
            worker.run_once()
    finally:
        worker.close()

    # The signer's poison is sent now (its audience is the service's origin): no browser
    # there decrypts it.
    assert all(fault.startswith("/?x:") for fault in push_service.faults)
    good = Counter(
        (r.path, r.payload["body"]) for r in push_service.received if r.path.startswith("/push/s")
    )
    assert len(good) == 200  # each of the 100, both results
    assert set(good.values()) == {1}  # each once
    # The unreachable ones wait for a retry; the others are gone or dropped, alone.
    rows = {name: Followed.objects.filter(subscription=s).first() for name, s in poisoned.items()}
    assert rows["hanging"].attempts >= 1 and rows["hanging"].waiting is not None
    assert rows["refusing"].attempts >= 1 and rows["refusing"].waiting is not None
    assert rows["own network"].waiting is None
    assert rows["no key"] is None  # keys that are no key: deleted with its subscription
    kept = Subscription.objects.filter(endpoint__startswith=push_service.origin + "/push/s")
    assert kept.count() == 100
