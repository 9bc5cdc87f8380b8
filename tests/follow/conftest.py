"""The follow tests' setup: a push service of our own, plain HTTP to it allowed, and a
client that sends the CSRF token as the page does."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from standings.follow import keys
from standings.follow.models import Followed, Seen, Subscription
from standings.follow.seating import seating_of
from standings.follow.worker import Worker
from tests.follow.push_service import PushService


@pytest.fixture
def push_service(db, settings):
    settings.FOLLOW_ALLOW_HTTP = True
    settings.FOLLOW_PUSH_HOSTS = []
    settings.FOLLOW_MIN_GAP = 60
    service = PushService(keys.public_key())
    allow(settings, service)
    yield service
    service.close()


def allow(settings, service: PushService) -> None:
    """Let the worker push to `service` on this machine, as a developer would
    (FOLLOW_PUSH_LOCAL, docs/follow.md)."""
    settings.FOLLOW_PUSH_LOCAL = [*settings.FOLLOW_PUSH_LOCAL, f"127.0.0.1:{service.port}"]


class Follower:
    """A browser on the event's pages: the CSRF token from /push/key, then the POST."""

    def __init__(self) -> None:
        self.client = Client(enforce_csrf_checks=True)
        self.token = self.client.get("/push/key").json()["csrf"]

    def post(self, slug: str, body, **headers):
        data = body if isinstance(body, bytes | str) else json.dumps(body)
        return self.client.post(
            f"/e/{slug}/follow/",
            data=data,
            content_type="application/json",
            headers={"X-CSRFToken": self.token, **headers},
        )


def following(event, service, count, number=7):
    """`count` browsers following `number`, stored as the follow view stores them (the
    view's own tests post; this many posts would meet its limit per address)."""
    far = timezone.now() + timedelta(days=30)
    for n in range(count):
        info = service.subscribe(f"s{n}")
        subscription = Subscription.objects.create(
            event=event, endpoint=info["endpoint"], expires_at=far, **info["keys"]
        )
        Followed.objects.create(subscription=subscription, number=number)
    seen = seating_of(event)
    Seen.objects.get_or_create(event=event, defaults={"seating": seen})


@pytest.fixture
def follower(db):
    return Follower()


@pytest.fixture
def worker(db):
    """The worker with two requests in flight per push service; its event loop ended after."""
    each = Worker(in_flight=2)
    yield each
    each.close()
