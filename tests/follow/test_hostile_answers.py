"""A push service's answer is its own: a Retry-After no clock can hold, a signer that fails
in a way nobody foresaw, or answers that cannot be written down a moment (the database)
touch no other follower and block none."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import DatabaseError
from django.utils import timezone

from standings.events import services
from standings.follow import sender as sender_module
from standings.follow import worker as worker_module
from standings.follow.models import Followed
from tests.factories import TEST_ACTOR, create_swiss
from tests.follow.conftest import following

pytestmark = pytest.mark.django_db


def enter(event, result, capture, reason=""):
    with capture(execute=True):
        services.enter_result(event, 3, 3, result, actor=TEST_ACTOR, reason=reason)


def by_name(name: str) -> Followed:
    return Followed.objects.get(subscription__endpoint__endswith=f"/{name}")


@pytest.mark.parametrize("retry_after", ["1e300", "inf", "99999999999"])
def test_a_retry_after_no_clock_can_hold_is_bounded(
    retry_after, push_service, worker, django_capture_on_commit_callbacks
):
    event = create_swiss()
    following(event, push_service, 3)
    push_service.status_for["/push/s0"] = 503
    push_service.headers_for["/push/s0"] = {"Retry-After": retry_after}
    enter(event, "10", django_capture_on_commit_callbacks)
    worker.run_once()
    assert by_name("s1").sent_at and by_name("s2").sent_at  # the others written down
    row = by_name("s0")
    assert row.attempts == 1 and row.waiting is not None
    assert row.due_at <= timezone.now() + timedelta(seconds=sender_module.MAX_RETRY_AFTER)


def test_a_signer_failing_unforeseen_touches_one_push(
    push_service, worker, monkeypatch, django_capture_on_commit_callbacks
):
    event = create_swiss()
    following(event, push_service, 3)
    real = sender_module.endpoints.target

    def target(endpoint):
        if endpoint.endswith("/s0"):
            raise RuntimeError("nobody foresaw this")
        return real(endpoint)

    monkeypatch.setattr(sender_module.endpoints, "target", target)
    enter(event, "10", django_capture_on_commit_callbacks)
    worker.run_once()  # returns: nothing is left on its way for ever
    assert sorted(r.path for r in push_service.received) == ["/push/s1", "/push/s2"]
    assert not worker.sender.pending
    assert by_name("s0").sending is None


def test_answers_not_written_down_are_written_by_the_next_pass(
    push_service, worker, monkeypatch, django_capture_on_commit_callbacks
):
    """The database away a moment when answers come: they are written once it is back,
    and their subscriptions are not left for ever with a push "on its way"."""
    event = create_swiss()
    following(event, push_service, 2)
    enter(event, "10", django_capture_on_commit_callbacks)
    real = worker_module.Book.write
    failing = [True]

    def write(book):
        if failing and book.size:
            failing.clear()
            raise DatabaseError("the database is away")
        real(book)

    monkeypatch.setattr(worker_module.Book, "write", write)
    with pytest.raises(DatabaseError):
        worker.run_once()
    worker.run_once()
    assert Followed.objects.filter(sending__isnull=False).count() == 0
    assert Followed.objects.filter(sent_at__isnull=False).count() == 2
    enter(event, "01", django_capture_on_commit_callbacks, reason="the other way")
    Followed.objects.update(sent_at=timezone.now() - timedelta(hours=1))
    worker.run_once()
    assert len(push_service.received) == 4  # each subscription told again, once
