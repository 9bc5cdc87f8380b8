"""Sign-in throttling: failed passwords counted per account and per client address.

After LOGIN_FAILURES_PER_ACCOUNT failures for one username, or LOGIN_FAILURES_PER_ADDRESS
from one address, within LOGIN_FAILURE_WINDOW seconds of the first of them, every sign-in
for that account (or from that address) is refused, the right password included, until
the window ends. A success clears its account's count.

The counts live in the shared cache (Redis in production), so every worker sees them. If
the cache fails, counting goes on in this process's memory and sign-in keeps working:
throttled per worker instead of per deployment, and logged.
"""

from __future__ import annotations

import hashlib
import logging
import math
import time
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.core.cache.backends.base import BaseCache
from django.core.cache.backends.locmem import LocMemCache

log = logging.getLogger(__name__)

_process_counts = LocMemCache("login-throttle", {"OPTIONS": {"MAX_ENTRIES": 100_000}})
CACHE_RETRY_AFTER = 30.0  # seconds in this process's memory after the cache failed
_cache_failed_at = -math.inf


@dataclass(frozen=True)
class Counter:
    """The failures of one account or one address."""

    key: str
    limit: int
    refusal: str  # with {minutes}

    def count_key(self) -> str:
        return f"login-failures:{self.key}"

    def until_key(self) -> str:
        return f"login-failures-until:{self.key}"


def counters(username: str, address: str) -> list[Counter]:
    account = hashlib.sha256(username.strip().casefold().encode()).hexdigest()[:32]
    return [
        Counter(
            f"account:{account}",
            settings.LOGIN_FAILURES_PER_ACCOUNT,
            "Too many wrong passwords for this account. "
            "Sign-in is paused for it; try again in {minutes}.",
        ),
        Counter(
            f"address:{address}",
            settings.LOGIN_FAILURES_PER_ADDRESS,
            "Too many wrong passwords from this network. "
            "Sign-in is paused here; try again in {minutes}.",
        ),
    ]


def refusal(username: str, address: str) -> str | None:
    """Why sign-in is paused for this account or address; None when it may be tried."""
    for counter in counters(username, address):
        count, until = _read(counter)
        if count >= counter.limit:
            minutes = max(1, math.ceil((until - time.time()) / 60))
            return counter.refusal.format(minutes=f"{minutes} minute{'s' if minutes > 1 else ''}")
    return None


def record_failure(username: str, address: str) -> None:
    for counter in counters(username, address):
        _use(lambda store, c=counter: _count_failure(store, c))


def clear_account(username: str) -> None:
    account = counters(username, "")[0]
    _use(lambda store: store.delete_many([account.count_key(), account.until_key()]))


def _count_failure(store: BaseCache, counter: Counter) -> None:
    window = settings.LOGIN_FAILURE_WINDOW
    store.add(counter.until_key(), time.time() + window, window)
    if store.add(counter.count_key(), 1, window):
        return
    try:
        store.incr(counter.count_key())
    except ValueError:  # the window ended between add and incr
        store.set(counter.count_key(), 1, window)


def _read(counter: Counter) -> tuple[int, float]:
    found = _use(lambda store: store.get_many([counter.count_key(), counter.until_key()]))
    return int(found.get(counter.count_key(), 0)), float(found.get(counter.until_key(), 0))


def _use(operation):
    """Run `operation` on the shared cache; on this process's memory if the cache failed
    (then for CACHE_RETRY_AFTER seconds, so a dead cache does not slow every sign-in)."""
    global _cache_failed_at
    if time.monotonic() - _cache_failed_at > CACHE_RETRY_AFTER:
        try:
            return operation(cache)
        except Exception:
            _cache_failed_at = time.monotonic()
            log.warning(
                "login throttle: the cache failed; counting in this process for %ds",
                CACHE_RETRY_AFTER,
                exc_info=True,
            )
    return operation(_process_counts)
