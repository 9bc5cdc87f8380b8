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
import threading
import time
from collections.abc import Callable, Iterator
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
    attempts: int  # tries so far
    endpoint: str
    p256dh: str
    auth: str
    payload: bytes  # the JSON, before encryption


class _Answers:
    """Answers handed from the event loop's thread to the worker's, in batches."""

    def __init__(self, total: int, batch: int) -> None:
        self.items: list[tuple[Push, Answer]] = []
        self.lock = threading.Lock()
        self.ready = threading.Event()
        self.left, self.batch = total, batch

    def put(self, item: tuple[Push, Answer]) -> None:
        with self.lock:
            self.items.append(item)
            self.left -= 1
            enough = len(self.items) >= self.batch or not self.left
        if enough:
            self.ready.set()

    def take(self, timeout: float) -> list[tuple[Push, Answer]]:
        self.ready.wait(timeout)
        with self.lock:
            items, self.items = self.items, []
            self.ready.clear()
        return items


def in_flight_default() -> int:
    return getattr(settings, "FOLLOW_PUSH_IN_FLIGHT", None) or IN_FLIGHT


class Sender:
    """Sends batches of pushes from an event loop in a thread of its own, at most
    `in_flight` requests at once per push service (origin), over pooled connections."""

    _tokens: dict[str, tuple[float, str]] = {}
    _tokens_lock = threading.Lock()

    def __init__(self, in_flight: int | None = None) -> None:
        self.in_flight = in_flight or in_flight_default()
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="push", daemon=True)
        self.thread.start()
        self._session: aiohttp.ClientSession | None = None
        self._limits: dict[str, asyncio.Semaphore] = {}

    def send_all(
        self, pushes: list[Push], *, batch: int, every: float
    ) -> Iterator[list[tuple[Push, Answer]]]:
        """The pushes with their answers, in the order the answers come, handed over
        `batch` at a time or every `every` seconds (one wake-up of the caller's thread per
        batch, not per push). Each push stands alone: whatever goes wrong with one is its
        answer, never the batch's. Closing the iterator early cancels what has not been
        answered."""
        answers = _Answers(len(pushes), batch)
        # Checked and signed here, in the caller's thread: the event loop never touches the
        # database (the generated VAPID key is read from it) nor settings' checks.
        ready = []
        for push in pushes:
            prepared = self._prepare(push)
            if isinstance(prepared, Answer):
                answers.put((push, prepared))
            else:
                ready.append((push, *prepared))
        job = asyncio.run_coroutine_threadsafe(self._send_all(ready, answers.put), self.loop)
        try:
            left = len(pushes)
            while left:
                got = answers.take(every)
                if got:
                    left -= len(got)
                    yield got
                elif job.done():
                    job.result()  # the loop's own failure, raised here
                    raise RuntimeError("the push loop ended early")
        finally:
            if not job.done():
                job.cancel()
                try:
                    job.result(timeout=settings.FOLLOW_PUSH_TIMEOUT + 5)
                except BaseException:  # cancelled, as asked
                    pass

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

    def close(self) -> None:
        async def end() -> None:
            if self._session is not None:
                await self._session.close()

        if self.loop.is_running():
            asyncio.run_coroutine_threadsafe(end(), self.loop).result(timeout=10)
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(timeout=10)
        self.loop.close()

    async def _send_all(
        self,
        ready: list[tuple[Push, Target, str]],
        answer: Callable[[tuple[Push, Answer]], None],
    ) -> None:
        if self._session is None:
            self._session = aiohttp.ClientSession(
                connector=aiohttp.TCPConnector(
                    limit=0, limit_per_host=self.in_flight, resolver=endpoints.PublicResolver()
                ),
                timeout=aiohttp.ClientTimeout(total=settings.FOLLOW_PUSH_TIMEOUT),
                trust_env=False,
            )

        async def one(push: Push, where: Target, authorization: str) -> None:
            try:
                got = await self._send(push, where, authorization)
            except Exception as fault:  # anything at all: this push's answer, not the batch's
                log.warning(
                    "follow worker: push to subscription %s failed: %r", push.subscription, fault
                )
                got = Answer(0)
            answer((push, got))

        await asyncio.gather(*(one(*each) for each in ready))

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
    """Retry-After in seconds; its HTTP-date form is read as "later" (None)."""
    try:
        return max(0.0, float(retry_after)) if retry_after else None
    except ValueError:
        return None
