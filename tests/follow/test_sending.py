"""How the worker sends: a bounded number of requests at once per push service, over
connections it keeps and reuses, one VAPID token per service, the answers written down in
a few statements a batch, and a crash between two batches re-sending only what was not
written down (never losing a notification)."""

from __future__ import annotations

import base64
import os

import http_ece
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.db import connection
from django.test.utils import CaptureQueriesContext

from standings.events import services
from standings.follow import ece, keys
from standings.follow import worker as worker_module
from standings.follow.models import Followed, Subscription
from standings.follow.worker import Worker
from tests.factories import TEST_ACTOR, create_swiss
from tests.follow.conftest import allow, following
from tests.follow.push_service import PushService

pytestmark = pytest.mark.django_db


def enter(event, result, capture, reason=""):
    with capture(execute=True):
        services.enter_result(event, 3, 3, result, actor=TEST_ACTOR, reason=reason)


POINT = serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint


@pytest.fixture
def slow_service(push_service, settings):
    """A push service holding each answer 50 ms, so that requests overlap (the
    push_service fixture's settings: plain HTTP to 127.0.0.1 allowed)."""
    slow = PushService(keys.public_key(), delay=0.05)
    allow(settings, slow)
    yield slow
    slow.close()


def test_requests_at_once_are_bounded_and_connections_reused(
    slow_service, django_capture_on_commit_callbacks
):
    event = create_swiss()
    following(event, slow_service, 12)
    worker = Worker(in_flight=3)
    try:
        enter(event, "10", django_capture_on_commit_callbacks)
        worker.run_once()
        assert len(slow_service.received) == 12 and slow_service.faults == []
        assert slow_service.max_in_flight == 3  # the bound, and reached
        assert slow_service.connections <= 3  # kept alive: not one per push
        # One signed token for the service, not one per push.
        assert len({r.headers["authorization"] for r in slow_service.received}) == 1
        # The next change goes over the same connections.
        Followed.objects.update(sent_at=None)
        enter(event, "01", django_capture_on_commit_callbacks, reason="the other way")
        worker.run_once()
        assert len(slow_service.received) == 24
        assert slow_service.connections <= 3
    finally:
        worker.close()


def test_answers_are_written_in_a_few_statements(
    push_service, worker, django_capture_on_commit_callbacks
):
    event = create_swiss()
    following(event, push_service, 20)
    push_service.status_for.update({"/push/s0": 410, "/push/s1": 404, "/push/s2": 503})
    push_service.status_for.update({"/push/s3": 503, "/push/s4": 400})
    enter(event, "10", django_capture_on_commit_callbacks)
    worker.take_changes()
    with CaptureQueriesContext(connection) as queries:
        assert worker.send_due() == 20
        worker.drain()
    updates = [q["sql"] for q in queries if q["sql"].startswith('UPDATE "follow_followed"')]
    # The claim, then delivered, backed off, dropped: one UPDATE each, whatever the number
    # of rows.
    assert len(updates) == 4, updates
    assert Subscription.objects.count() == 18  # the two gone deleted
    rows = {r.subscription.endpoint.rsplit("/", 1)[1]: r for r in Followed.objects.all()}
    assert rows["s2"].attempts == rows["s3"].attempts == 1 and rows["s2"].waiting
    assert rows["s4"].waiting is None and rows["s4"].sent_at is None  # refused: dropped
    assert all(rows[f"s{n}"].sent_at and rows[f"s{n}"].waiting is None for n in range(5, 20))


def test_a_crash_between_batches_sends_nothing_twice(
    push_service, monkeypatch, django_capture_on_commit_callbacks
):
    """The guarantee: every notification goes at most once; after a crash, those whose
    answer was not written down are not sent again (whether they arrived is unknown)."""
    event = create_swiss()
    following(event, push_service, 12)
    enter(event, "10", django_capture_on_commit_callbacks)
    monkeypatch.setattr(worker_module, "RECORD_EVERY", 4)
    monkeypatch.setattr(worker_module, "RECORD_AFTER", 60.0)
    written = []
    real_write = worker_module.Book.write

    def write_then_crash(book):
        if written:
            raise SystemExit("the worker dies")
        written.extend(sorted(book.delivered))
        real_write(book)

    monkeypatch.setattr(worker_module.Book, "write", write_then_crash)
    crashing = Worker(in_flight=1)
    with pytest.raises(SystemExit):
        crashing.run_once()
    crashing.close()
    assert len(written) >= 4  # the first batch's answers were written
    monkeypatch.setattr(worker_module.Book, "write", real_write)
    before = [r.path for r in push_service.received]

    restarted = Worker(in_flight=2)
    try:
        restarted.run_once()
        restarted.run_once()
    finally:
        restarted.close()
    paths = [r.path for r in push_service.received]
    assert paths == before  # nothing again
    assert len(set(paths)) == len(paths)
    assert Followed.objects.filter(waiting__isnull=False).count() == 0


@pytest.mark.parametrize("size", [1, 120, 4079, 4080, 6000])
def test_the_payload_decrypts_as_rfc_8291_says(size):
    """One record up to 4096 bytes (ours); longer ones split into records by http_ece."""
    browser = ec.generate_private_key(ec.SECP256R1())
    auth = os.urandom(16)
    point = browser.public_key().public_bytes(*POINT)
    plain = os.urandom(size)
    body = ece.encrypt(plain, ece_b64(point), ece_b64(auth))
    got = http_ece.decrypt(body, private_key=browser, auth_secret=auth, version="aes128gcm")
    assert got == plain
    assert body[16:20] == (4096).to_bytes(4, "big") and body[20] == 65


def test_a_key_that_is_no_point_deletes_the_subscription(
    push_service, worker, django_capture_on_commit_callbacks
):
    event = create_swiss()
    following(event, push_service, 2)
    Subscription.objects.filter(endpoint__endswith="/s0").update(p256dh=ece_b64(b"\x04" * 65))
    enter(event, "10", django_capture_on_commit_callbacks)
    worker.run_once()
    assert [r.path for r in push_service.received] == ["/push/s1"]
    assert [s.endpoint.rsplit("/", 1)[1] for s in Subscription.objects.all()] == ["s1"]


def ece_b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")
