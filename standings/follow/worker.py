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
   `FOLLOW_MAX_ATTEMPTS` tries), a refusal (400, 403, 413) drops the notification. No pass
   waits for answers: pushes stay on their way across passes (one per subscription, at most
   `FOLLOW_PUSH_PENDING`), and each answer is written down by the pass after it came;
3. now and then, delete the subscriptions whose time is up (a day after their event
   finished, else `FOLLOW_MAX_AGE` days after they were last posted).

Run one worker per site: two would tell the same change twice.
"""

from __future__ import annotations

import json
import logging
import time
import traceback
from collections import Counter, defaultdict
from collections.abc import Collection, Iterator
from datetime import datetime, timedelta

from django.conf import settings
from django.db import close_old_connections, transaction
from django.db.models import Exists, F, OuterRef
from django.utils import timezone

from standings.events.models import Event
from standings.events.snapshot import read_event
from standings.state.event_state import build_state

from . import keys, notify
from .models import Change, Followed, Seen, Subscription
from .seating import seating_from, told
from .sender import Answer, Push, Sender

log = logging.getLogger(__name__)

SEND_BATCH = 2000  # due notifications read at once, at most
RECORD_EVERY = 250  # answers written down together...
RECORD_AFTER = 0.25  # ...or after this many seconds, whichever comes first
ID_CHUNK = 500
EXPIRY_CHECK = 60.0  # seconds between two looks for expired subscriptions
AFTER_FINISH = timedelta(days=1)
MAX_PAUSE = 60.0  # seconds between two failing passes, at most


class Worker:
    def __init__(self, in_flight: int | None = None) -> None:
        self.sender = Sender(in_flight)
        self.unwritten: list[tuple[Push, Answer]] = []  # answers a failed write left
        self.last_expiry = 0.0
        self.started = False

    @property
    def in_flight(self) -> int:
        return self.sender.in_flight

    def close(self) -> None:
        self.sender.close()

    def run(self, *, poll: float) -> None:
        failures = Failures(poll)
        while True:
            close_old_connections()
            try:
                busy = self.step()
            except Exception as error:  # the database away a moment: try again, never die
                time.sleep(failures.failed(error))
                continue
            failures.succeeded()
            if not busy:
                self.pause(poll)

    def pause(self, poll: float) -> None:
        """Wait for the next pass: `poll` seconds, less when answers come to be written."""
        self.sender.wait(RECORD_AFTER if self.sender.pending else poll, enough=RECORD_EVERY)

    def step(self) -> bool:
        """One pass, never waiting on a push service: write down the answers come so far,
        tell the queued changes, send what is due. True when it told or sent something (the
        next pass follows at once)."""
        if not self.started:
            forget_unknown()
            self.started = True
        self.record()
        changed = self.take_changes()
        sent = self.send_due()
        if time.monotonic() - self.last_expiry > EXPIRY_CHECK:
            self.last_expiry = time.monotonic()
            expire()
        return bool(changed or sent)

    def run_once(self) -> bool:
        """One pass, then wait for the answers of all that is on its way and write them
        down (`follow_worker --once`, and the tests)."""
        busy = self.step()
        self.drain()
        return busy

    def drain(self) -> None:
        while self.sender.pending:
            self.sender.wait(RECORD_AFTER, enough=RECORD_EVERY)
            self.record()

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
        """Claim and hand over the due notifications there is room for, without waiting for
        any answer: at most FOLLOW_PUSH_PENDING on their way at once, at most half of them
        to one push service (one that hangs leaves the other half to the rest), one at a
        time per subscription (its notifications arrive in order)."""
        room = settings.FOLLOW_PUSH_PENDING - len(self.sender.pending) - len(self.unwritten)
        per_service = max(1, settings.FOLLOW_PUSH_PENDING // 2)
        full = {origin for origin, n in self.sender.per_origin.items() if n >= per_service}
        if room <= 0:
            return 0
        # Rows read that the nearest-full service cannot take are read in vain; at least a
        # batch, so that one nearly full does not starve the others.
        nearest = min(
            (per_service - n for n in self.sender.per_origin.values() if n < per_service),
            default=per_service,
        )
        pushes = []
        taken = Counter(self.sender.per_origin)
        subscriptions = set()
        limit = min(room, SEND_BATCH, max(nearest, RECORD_EVERY))
        for push in due_pushes(timezone.now(), limit=limit, skip=full):
            if push.subscription in subscriptions or taken[push.origin] >= per_service:
                continue  # its turn comes when the one before is answered
            subscriptions.add(push.subscription)
            taken[push.origin] += 1
            pushes.append(push)
        if not pushes:
            return 0
        keys.signer()  # the key read (the database) before any row is claimed
        claim(pushes)
        self.sender.submit(pushes)
        return len(pushes)

    def record(self) -> int:
        """Write down the answers come so far, in a few statements; if that fails (the
        database away), the next pass writes them: none is left "on its way" for ever."""
        self.unwritten.extend(self.sender.take())
        book = Book()
        for push, answer in self.unwritten:
            book.add(push, answer)
        book.write()
        written, self.unwritten = len(self.unwritten), []
        return written


def due_pushes(now: datetime, *, limit: int, skip: Collection[str] = ()) -> list[Push]:
    """The due notifications, oldest first, as plain values (the columns a push needs);
    none of a subscription with one on its way, none to the push services in `skip`."""
    on_its_way = Followed.objects.filter(
        subscription_id=OuterRef("subscription_id"), sending__isnull=False
    )
    rows = (
        Followed.objects.filter(notify.due(now, gap=settings.FOLLOW_MIN_GAP))
        .exclude(Exists(on_its_way))
        .exclude(subscription__origin__in=skip)
        .order_by("due_at", "pk")
        .values_list(
            "pk",
            "number",
            "waiting",
            "attempts",
            "subscription_id",
            "subscription__origin",
            "subscription__endpoint",
            "subscription__p256dh",
            "subscription__auth",
            "subscription__event__slug",
        )[:limit]
    )
    pushes = []
    for pk, number, waiting, attempts, subscription, origin, endpoint, p256dh, auth, slug in rows:
        waiting = waiting or {}  # never empty here (due() asks for one)
        payload = {
            "title": waiting.get("title", ""),
            "body": notify.body(waiting),
            "url": waiting.get("url", "/"),
            "tag": f"{slug}-{number}",
        }
        data = json.dumps(payload, ensure_ascii=False).encode()
        pushes.append(Push(pk, subscription, origin, attempts, endpoint, p256dh, auth, data))
    return pushes


def claim(pushes: list[Push]) -> None:
    """Mark the notifications as on their way before any request leaves (moved from
    `waiting` to `sending`, kept there for a retry): whatever happens next, none goes
    twice, and what is told meanwhile waits for the next one."""
    with transaction.atomic():
        for chunk in _chunks([push.row for push in pushes]):
            Followed.objects.filter(pk__in=chunk).update(
                sending=F("waiting"), waiting=None, due_at=None
            )


def forget_unknown() -> int:
    """Notifications claimed by a worker that stopped before writing their answers down:
    whether they reached the phone is unknown, so they are not sent again (at most once)."""
    return Followed.objects.filter(sending__isnull=False).update(sending=None, attempts=0)


class Failures:
    """Passes that fail (the database away, a bug): one log line per distinct failure, not
    one per pass, and a pause that doubles up to MAX_PAUSE until a pass succeeds."""

    def __init__(self, poll: float) -> None:
        self.poll = poll
        self.count = 0
        self.last = ""

    def failed(self, error: BaseException) -> float:
        """Log the failure if it is new; the seconds to wait before the next pass."""
        self.count += 1
        frame = traceback.extract_tb(error.__traceback__)[-1:] if error.__traceback__ else []
        where = f" at {frame[0].filename}:{frame[0].lineno}" if frame else ""
        what = f"{type(error).__name__}: {error}{where}"
        if what != self.last:
            log.error("follow worker: pass failed (%d so far), backing off: %s", self.count, what)
            self.last = what
        return min(self.poll * 2 ** min(self.count, 16), MAX_PAUSE)

    def succeeded(self) -> None:
        if self.count:
            log.warning("follow worker: passes succeed again after %d failures", self.count)
        self.count, self.last = 0, ""


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


class Book:
    """The answers not written down yet, written in a few statements: one UPDATE for all
    the delivered, one per back-off for the retried, one for the dropped, one DELETE for the
    subscriptions gone; all in one transaction, so a crash leaves each row as sent or not."""

    delivered: list[int]  # Followed rows
    dropped: list[int]
    retried: dict[tuple[int, float], list[int]]  # (attempts, seconds to wait): rows
    gone: set[int]  # subscriptions

    def __init__(self) -> None:
        self.clear()

    def clear(self) -> None:
        self.delivered, self.dropped, self.gone = [], [], set()
        self.retried = defaultdict(list)
        self.size = 0

    def add(self, push: Push, answer: Answer) -> None:
        self.size += 1
        if answer.gone:
            self.gone.add(push.subscription)
        elif answer.delivered:
            self.delivered.append(push.row)
        elif answer.retry and push.attempts + 1 < settings.FOLLOW_MAX_ATTEMPTS:
            attempts = push.attempts + 1
            wait = answer.retry_after or min(5.0 * 2 ** (attempts - 1), 600.0)
            self.retried[attempts, wait].append(push.row)
        else:  # refused, or out of tries: this notification is dropped
            log.warning("follow worker: push dropped (status %s)", answer.status)
            self.dropped.append(push.row)

    def write(self) -> None:
        if not self.size:
            return
        now, rows = timezone.now(), Followed.objects
        with transaction.atomic():
            # What was told meanwhile stays in `waiting`, sent when its turn comes.
            for chunk in _chunks(self.delivered):
                rows.filter(pk__in=chunk).update(sending=None, sent_at=now, attempts=0)
            for (attempts, wait), retried in self.retried.items():
                due = now + timedelta(seconds=wait)
                for chunk in _chunks(retried):
                    rows.filter(pk__in=chunk, waiting__isnull=True).update(
                        waiting=F("sending"), sending=None, attempts=attempts, due_at=due
                    )
                    for row in rows.filter(pk__in=chunk, sending__isnull=False):
                        assert row.waiting is not None  # the first UPDATE took the others
                        row.waiting = notify.merged(row.sending, row.waiting)
                        row.sending, row.attempts, row.due_at = None, attempts, due
                        row.save(update_fields=["waiting", "sending", "attempts", "due_at"])
            for chunk in _chunks(self.dropped):
                rows.filter(pk__in=chunk).update(sending=None, attempts=0)
            for chunk in _chunks(sorted(self.gone)):
                Subscription.objects.filter(pk__in=chunk).delete()
        self.clear()


def _chunks(ids: list[int]) -> Iterator[list[int]]:
    """At most ID_CHUNK ids a statement (SQLite limits the parameters of one)."""
    for start in range(0, len(ids), ID_CHUNK):
        yield ids[start : start + ID_CHUNK]


def expire() -> int:
    _, deleted = Subscription.objects.filter(expires_at__lte=timezone.now()).delete()
    return deleted.get(Subscription._meta.label, 0)
