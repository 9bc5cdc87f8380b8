"""The follow worker (`manage.py follow_worker`): off every request's path, it turns queued
changes into waiting notifications and sends those that are due.

One pass:
1. take the queued changes (models.Change), each event once, compare its seating with what
   its followers were last told (seating.py) and put what changed into the waiting
   notifications of the numbers' followers (notify.py; the engine runs only when a followed
   number is concerned);
2. send what is due: waiting, not backed off, and the last notification of that follower
   for that number at least `FOLLOW_MIN_GAP` seconds ago (a burst is merged meanwhile);
   a 404 or 410 deletes the subscription, a failure backs off (5 s, 10 s, 20 s... at most
   `FOLLOW_MAX_ATTEMPTS` tries), a refusal (400, 403, 413) drops the notification;
3. now and then, delete the subscriptions whose time is up (a day after their event
   finished, else `FOLLOW_MAX_AGE` days after they were last posted).

Run one worker per site: two would tell the same change twice.
"""

from __future__ import annotations

import logging
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta

from django.conf import settings
from django.db import close_old_connections, transaction
from django.utils import timezone

from standings.events.models import Event
from standings.events.snapshot import read_event
from standings.state.event_state import build_state

from . import notify
from .models import Change, Followed, Seen, Subscription
from .seating import seating_from, told
from .sender import Answer, Sender

log = logging.getLogger(__name__)

SEND_BATCH = 2000
EXPIRY_CHECK = 60.0  # seconds between two looks for expired subscriptions
AFTER_FINISH = timedelta(days=1)


class Worker:
    def __init__(self, threads: int | None = None) -> None:
        self.threads = threads or settings.FOLLOW_SEND_THREADS
        self.pool = ThreadPoolExecutor(self.threads, thread_name_prefix="push")
        self.senders: dict[int, Sender] = {}
        self.last_expiry = 0.0

    def run(self, *, poll: float) -> None:
        while True:
            close_old_connections()
            try:
                busy = self.run_once()
            except Exception:  # the database away a moment: try again, never die
                log.exception("follow worker: pass failed")
                busy = False
            if not busy:
                time.sleep(poll)

    def run_once(self) -> bool:
        """One pass; True when it did something (the next pass follows at once)."""
        changed = self.take_changes()
        sent = self.send_due()
        if time.monotonic() - self.last_expiry > EXPIRY_CHECK:
            self.last_expiry = time.monotonic()
            expire()
        return bool(changed or sent)

    def take_changes(self) -> int:
        last = Change.objects.order_by("-pk").values_list("pk", flat=True).first()
        if last is None:
            return 0
        events = set(Change.objects.filter(pk__lte=last).values_list("event_id", flat=True))
        for event_id in sorted(events):
            try:
                tell(event_id)
            except Exception:
                log.exception("follow worker: event %s's change not told", event_id)
        Change.objects.filter(pk__lte=last).delete()
        return len(events)

    def send_due(self) -> int:
        now = timezone.now()
        rows = list(
            Followed.objects.filter(notify.due(now, gap=settings.FOLLOW_MIN_GAP))
            .select_related("subscription__event")
            .order_by("due_at")[:SEND_BATCH]
        )
        if not rows:
            return 0
        answers = list(self.pool.map(self._send, rows))
        _record(rows, answers, timezone.now())
        return len(rows)

    def _send(self, row: Followed) -> Answer:
        sender = self.senders.setdefault(threading.get_ident(), Sender())
        waiting = row.waiting or {}
        payload = {
            "title": waiting.get("title", ""),
            "body": notify.body(waiting),
            "url": waiting.get("url", "/"),
            "tag": f"{row.subscription.event.slug}-{row.number}",
        }
        try:
            return sender.send(row.subscription.info(), payload)
        except Exception:  # keys the encoder refuses: nothing will ever be delivered
            log.exception("follow worker: push to subscription %s failed", row.subscription_id)
            return Answer(410)


def tell(event_id: int) -> None:
    """Compare the event's seating with what was last told and queue what changed."""
    event = Event.objects.filter(pk=event_id).first()
    if event is None:
        return
    now_seating = seating_from(event, read_event(event))
    seen = Seen.objects.filter(event=event).first()
    if seen is None:  # no baseline (its follower subscribed before this worker's time)
        Seen.objects.create(event=event, seating=now_seating)
        return
    followed = notify.followed_numbers(event)
    news = [t for t in told(seen.seating, now_seating) if t.number in followed]
    if news:
        notify.wait_for_followers(event, build_state(event), news)
    seen.seating = now_seating
    seen.save(update_fields=["seating"])
    if now_seating["finished"]:
        Subscription.objects.filter(
            event=event, expires_at__gt=timezone.now() + AFTER_FINISH
        ).update(expires_at=timezone.now() + AFTER_FINISH)


def _record(rows: list[Followed], answers: list[Answer], now: datetime) -> None:
    gone = {row.subscription_id for row, answer in zip(rows, answers, strict=True) if answer.gone}
    changed = []
    for row, answer in zip(rows, answers, strict=True):
        if answer.gone:
            continue
        if answer.delivered:
            row.waiting, row.sent_at, row.attempts, row.due_at = None, now, 0, None
        elif answer.retry and row.attempts + 1 < settings.FOLLOW_MAX_ATTEMPTS:
            row.attempts += 1
            wait = answer.retry_after or min(5.0 * 2 ** (row.attempts - 1), 600.0)
            row.due_at = now + timedelta(seconds=wait)
        else:  # refused, or out of tries: this notification is dropped
            log.warning("follow worker: push dropped (status %s)", answer.status)
            row.waiting, row.attempts, row.due_at = None, 0, None
        changed.append(row)
    with transaction.atomic():
        Followed.objects.bulk_update(
            changed, ["waiting", "sent_at", "attempts", "due_at"], batch_size=500
        )
        if gone:
            Subscription.objects.filter(pk__in=gone).delete()


def expire() -> int:
    _, deleted = Subscription.objects.filter(expires_at__lte=timezone.now()).delete()
    return deleted.get(Subscription._meta.label, 0)
