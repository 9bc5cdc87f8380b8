"""The follow tests' setup: a push service of our own, plain HTTP to it allowed, and a
client that sends the CSRF token as the page does."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from standings.follow import keys
from standings.follow.worker import Worker
from tests.follow.push_service import PushService


@pytest.fixture
def push_service(db, settings):
    settings.FOLLOW_ALLOW_HTTP = True
    settings.FOLLOW_PUSH_HOSTS = []
    settings.FOLLOW_MIN_GAP = 60
    service = PushService(keys.public_key())
    yield service
    service.close()


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


@pytest.fixture
def follower(db):
    return Follower()


@pytest.fixture
def worker(db):
    """The worker with two requests in flight per push service; its event loop ended after."""
    each = Worker(in_flight=2)
    yield each
    each.close()
