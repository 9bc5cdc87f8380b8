"""Web Push requests (RFC 8030): the payload encrypted for the browser (RFC 8291,
`Content-Encoding: aes128gcm`, ece.py), a VAPID `Authorization` (RFC 8292), a `TTL`; and
what the push service's answer means for the subscription.

Requests go out of the worker only, never out of a request of the site; redirects are not
followed (a push service does not redirect; an endpoint that does is not one).

Why it is built this way (measured, docs/follow.md): a push is a few hundred microseconds of
work on our side and tens of milliseconds of waiting on a real push service. So the
requests go out from one asyncio event loop (a thread of its own), with up to `in_flight`
requests waiting at once on each push service, over keep-alive connections that one
aiohttp session pools per push service (a new TLS handshake per push would cost more than
the push). The VAPID token is signed once per push service and reused for half a day
(RFC 8292 allows it); the encryption cannot be shared: each browser has its own keys.
"""

from __future__ import annotations

import asyncio
import logging
import math
import threading
import time
from collections import Counter
from dataclasses import dataclass

import aiohttp
from django.conf import settings
from py_vapid import VapidException
from yarl import URL

from . import ece, endpoints, keys
from .endpoints import Target

log = logging.getLogger(__name__)

VAPID_LIFETIME = 12 * 3600  # seconds a signed VAPID token is valid (RFC 8292: at most 24 h)
IN_FLIGHT = 50  # requests waiting at once on one push service, unless FOLLOW_PUSH_IN_FLIGHT
ANSWER_READ = 65536  # bytes of a push service's answer body read (it is small or empty)
NOT_SENT = -1  # the status of a push not sent: its endpoint or audience is refused here
MAX_RETRY_AFTER = 3600.0  # seconds: a push service's Retry-After is believed up to this


@dataclass(frozen=True, slots=True)
class Answer:
    """What became of one request: `status` the push service's HTTP status (0: no answer),
    `retry_after` its Retry-After in seconds when it gave one."""

    status: int
    retry_after: float | None = None

    @property
    def delivered(self) -> bool:
        return 200 <= self.status < 300

    @property
    def gone(self) -> bool:
        """The subscription no longer exists (the browser unsubscribed, or it expired)."""
        return self.status in (404, 410)

    @property
    def retry(self) -> bool:
        """Worth another try later: no answer, too many requests, the service's trouble."""
        return self.status == 0 or self.status == 429 or self.status >= 500


@dataclass(frozen=True, slots=True)
class Push:
    """One waiting notification on its way: the row it is kept in (worker.py records the
    answer there) and what goes to the browser."""

    row: int  # Followed's pk
    subscription: int
    origin: str  # its push service (Subscription.origin)
    attempts: int  # tries so far
    endpoint: str
    p256dh: str
    auth: str
    payload: bytes  # the JSON, before encryption


def in_flight_default() -> int:
    return getattr(settings, "FOLLOW_PUSH_IN_FLIGHT", None) or IN_FLIGHT


class Sender:
    """Sends pushes from an event loop in a thread of its own, at most `in_flight` requests
    at once per push service (origin), over pooled connections. Pushes are handed over with
    `submit` and leave at once; their answers are collected with `take`, whenever they come:
    nobody waits on a batch, so a push service that hangs delays only its own pushes.

    `pending` (the caller's thread only) holds the pushes handed over and not yet taken back
    with their answer, by subscription; `per_origin` counts them by push service."""

    _tokens: dict[str, tuple[float, str]] = {}
    _tokens_lock = threading.Lock()

    def __init__(self, in_flight: int | None = None) -> None:
        self.in_flight = in_flight or in_flight_default()
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="push", daemon=True)
        self.thread.start()
        self._session: aiohttp.ClientSession | None = None
        self._limits: dict[str, asyncio.Semaphore] = {}
        self.pending: dict[int, Push] = {}
        self.per_origin: Counter[str] = Counter()
        self._answers: list[tuple[Push, Answer]] = []
        self._lock = threading.Lock()
        self._ready = threading.Event()
        self._enough = 1  # answers that wake `wait`

    def submit(self, pushes: list[Push]) -> None:
        """Hand the pushes over (one per subscription not already pending); each leaves at
        once and stands alone: whatever goes wrong with one is its answer."""
        for push in pushes:
            assert push.subscription not in self.pending, "one push on its way per subscription"
            self.pending[push.subscription] = push
            self.per_origin[push.origin] += 1
            # Checked and signed here, in the caller's thread: the event loop never touches
            # the database (the generated VAPID key is read from it) nor settings' checks.
            prepared = self._checked(push)
            if isinstance(prepared, Answer):
                self._answered(push, prepared)
            else:
                asyncio.run_coroutine_threadsafe(self._one(push, *prepared), self.loop)

    def wait(self, timeout: float, *, enough: int) -> None:
        """Until `enough` answers (or all those pending) are there to take, or `timeout`."""
        with self._lock:
            self._enough = max(1, min(enough, len(self.pending)))
            if len(self._answers) >= self._enough:
                return
            self._ready.clear()
        self._ready.wait(timeout)

    def take(self) -> list[tuple[Push, Answer]]:
        """The answers come so far; their pushes are no longer pending."""
        with self._lock:
            answers, self._answers = self._answers, []
        for push, _answer in answers:
            del self.pending[push.subscription]
            self.per_origin[push.origin] -= 1
            if not self.per_origin[push.origin]:
                del self.per_origin[push.origin]
        return answers

    def _answered(self, push: Push, answer: Answer) -> None:
        with self._lock:
            self._answers.append((push, answer))
            if len(self._answers) >= self._enough:
                self._ready.set()

    def _prepare(self, push: Push) -> tuple[Target, str] | Answer:
        """The push's checked target and VAPID header, or the answer it gets unsent."""
        try:
            where = endpoints.target(push.endpoint)
        except endpoints.Unusable as why:
            log.warning("follow worker: subscription %s not sent to: %s", push.subscription, why)
            return Answer(NOT_SENT)
        try:
            return where, self.vapid(where.origin)
        except VapidException as why:
            log.warning("follow worker: subscription %s not signed for: %s", push.subscription, why)
            return Answer(NOT_SENT)

    def _checked(self, push: Push) -> tuple[Target, str] | Answer:
        """`_prepare`, whose unforeseen failure is this push's answer, no one else's."""
        try:
            return self._prepare(push)
        except Exception:
            log.exception("follow worker: subscription %s not prepared", push.subscription)
            return Answer(NOT_SENT)

    def close(self) -> None:
        """End the event loop; pushes still on their way are abandoned unanswered."""

        async def end() -> None:
            here = asyncio.current_task()
            for task in asyncio.all_tasks():
                if task is not here:
                    task.cancel()
            if self._session is not None:
                await self._session.close()

        if self.loop.is_running():
            asyncio.run_coroutine_threadsafe(end(), self.loop).result(timeout=10)
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(timeout=10)
        self.loop.close()

    async def _one(self, push: Push, where: Target, authorization: str) -> None:
        if self._session is None:
            self._session = aiohttp.ClientSession(
                connector=aiohttp.TCPConnector(
                    limit=0, limit_per_host=self.in_flight, resolver=endpoints.PublicResolver()
                ),
                timeout=aiohttp.ClientTimeout(total=settings.FOLLOW_PUSH_TIMEOUT),
                trust_env=False,
            )
        try:
            got = await self._send(push, where, authorization)
        except Exception as fault:  # anything at all: this push's answer, no one else's
            log.warning(
                "follow worker: push to subscription %s failed: %r", push.subscription, fault
            )
            got = Answer(0)
        self._answered(push, got)

    async def _send(self, push: Push, where: Target, authorization: str) -> Answer:
        limit = self._limits.setdefault(where.origin, asyncio.Semaphore(self.in_flight))
        async with limit:  # encrypted when its turn comes: nothing waits already sealed
            try:
                body = ece.encrypt(push.payload, push.p256dh, push.auth)
            except Exception:  # keys the encoder refuses: nothing will ever be delivered
                log.warning("follow worker: subscription %s's keys refused", push.subscription)
                return Answer(410)
            headers = {
                "Content-Encoding": "aes128gcm",
                "Content-Type": "application/octet-stream",
                "TTL": str(settings.FOLLOW_PUSH_TTL),
                "Urgency": "normal",
                "Authorization": authorization,
            }
            assert self._session is not None
            try:
                async with self._session.post(
                    # Checked by endpoints.target: taken as it is, not re-quoted.
                    URL(where.url, encoded=True),
                    data=body,
                    headers=headers,
                    allow_redirects=False,
                ) as response:
                    # Read the (small) answer so that its connection goes back to the pool.
                    await response.content.read(ANSWER_READ)
                    retry_after = _seconds(response.headers.get("Retry-After"))
                    return Answer(response.status, retry_after)
            except (aiohttp.ClientError, OSError, TimeoutError, ValueError):
                return Answer(0)

    @classmethod
    def vapid(cls, audience: str) -> str:
        """The `Authorization` header for the push service at `audience` (its origin):
        signed once, reused until half its lifetime is left."""
        now = time.time()
        with cls._tokens_lock:
            until, header = cls._tokens.get(audience, (0.0, ""))
            if until - now < VAPID_LIFETIME / 2:
                expires = int(now) + VAPID_LIFETIME
                claims = {"aud": audience, "exp": expires, "sub": settings.VAPID_SUBJECT}
                header = keys.signer().sign(claims)["Authorization"]
                cls._tokens[audience] = (float(expires), header)
        return header


def _seconds(retry_after: str | None) -> float | None:
    """Retry-After in seconds, at most MAX_RETRY_AFTER (a service's "never" or "inf" is no
    date a clock can hold); its HTTP-date form is read as "later" (None)."""
    try:
        seconds = float(retry_after) if retry_after else None
    except ValueError:
        return None
    if seconds is None or math.isnan(seconds):
        return None
    return min(max(0.0, seconds), MAX_RETRY_AFTER)
