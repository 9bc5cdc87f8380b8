"""Sign-in throttling: failed passwords counted per account and address, per address, and
per account across addresses.

- LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS failures for one username from one address, or
  LOGIN_FAILURES_PER_ADDRESS from one address, within LOGIN_FAILURE_WINDOW seconds of the
  first of them, pause sign-in for that account from that address (or for that address)
  until the window ends, the right password included.
- Failures for one username from everywhere never pause it, so a stranger elsewhere cannot
  keep the arbiter at the venue out: past LOGIN_DELAY_AFTER of them, each sign-in to that
  account waits first, 1 s, then 2, 4, ... up to LOGIN_DELAY_MAX.
- A success clears its account's counts, and says how many wrong passwords were tried on
  it since the last sign-in (kept for UNSEEN_TTL).

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
from django.utils.translation import ngettext

log = logging.getLogger(__name__)

_process_counts = LocMemCache("login-throttle", {"OPTIONS": {"MAX_ENTRIES": 100_000}})
CACHE_RETRY_AFTER = 30.0  # seconds in this process's memory after the cache failed
_cache_failed_at = -math.inf
UNSEEN_TTL = 30 * 24 * 3600  # failures told at the next sign-in, if it comes within this


@dataclass(frozen=True)
class Counter:
    """The failures of one account from one address, of one address, or of one account."""

    key: str
    limit: int | None  # failures that pause sign-in; None: never pauses (the account's)

    def count_key(self) -> str:
        return f"login-failures:{self.key}"

    def until_key(self) -> str:
        return f"login-failures-until:{self.key}"


def _account(username: str) -> str:
    return hashlib.sha256(username.strip().casefold().encode()).hexdigest()[:32]


def account_key(username: str) -> str:
    """What names an account in the counts: the same for every spelling the counts join."""
    return _account(username)


def pair_counter(username: str, address: str) -> Counter:
    key = f"account-address:{_account(username)}:{address}"
    return Counter(key, settings.LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS)


def address_counter(address: str) -> Counter:
    return Counter(f"address:{address}", settings.LOGIN_FAILURES_PER_ADDRESS)


def account_counter(username: str) -> Counter:
    return Counter(f"account:{_account(username)}", None)


def unseen_key(username: str) -> str:
    return f"login-failures-unseen:{_account(username)}"


def refusal(username: str, address: str) -> str | None:
    """Why sign-in is paused for this account from this address, or for this address, in
    the reader's language; None when it may be tried."""
    pair, by_address = pair_counter(username, address), address_counter(address)
    for counter in (pair, by_address):
        count, until = _read(counter)
        if counter.limit is not None and count >= counter.limit:
            minutes = max(1, math.ceil((until - time.time()) / 60))
            return _refusal(counter is pair, minutes)
    return None


def _refusal(for_account: bool, minutes: int) -> str:
    if for_account:
        return ngettext(
            "Too many wrong passwords for this account from here. Signing in to it from "
            "here is paused; try again in %(minutes)d minute.",
            "Too many wrong passwords for this account from here. Signing in to it from "
            "here is paused; try again in %(minutes)d minutes.",
            minutes,
        ) % {"minutes": minutes}
    return ngettext(
        "Too many wrong passwords from this network. Signing in from here is paused; "
        "try again in %(minutes)d minute.",
        "Too many wrong passwords from this network. Signing in from here is paused; "
        "try again in %(minutes)d minutes.",
        minutes,
    ) % {"minutes": minutes}


def delay(username: str) -> float:
    """Seconds a sign-in to this account waits before its password is checked: 0 until
    LOGIN_DELAY_AFTER failures from anywhere, then doubling from 1 up to LOGIN_DELAY_MAX."""
    failures, _until = _read(account_counter(username))
    if failures < settings.LOGIN_DELAY_AFTER:
        return 0.0
    return float(min(settings.LOGIN_DELAY_MAX, 2 ** (failures - settings.LOGIN_DELAY_AFTER)))


def record_failure(username: str, address: str) -> None:
    for counter in (pair_counter(username, address), address_counter(address)):
        _use(lambda store, c=counter: _count_failure(store, c))
    _use(lambda store: _count_failure(store, account_counter(username)))
    _use(lambda store: _increment(store, unseen_key(username), UNSEEN_TTL))


def succeeded(username: str, address: str) -> int:
    """Clear the account's counts after a right password; the failures since its last
    sign-in, to tell its owner."""
    keys = [unseen_key(username)]
    for counter in (pair_counter(username, address), account_counter(username)):
        keys += [counter.count_key(), counter.until_key()]
    unseen = _use(lambda store: store.get(keys[0], 0))
    _use(lambda store: store.delete_many(keys))
    return int(unseen)


def _count_failure(store: BaseCache, counter: Counter) -> None:
    window = settings.LOGIN_FAILURE_WINDOW
    store.add(counter.until_key(), time.time() + window, window)
    _increment(store, counter.count_key(), window)


def _increment(store: BaseCache, key: str, ttl: int) -> None:
    if store.add(key, 1, ttl):
        return
    try:
        store.incr(key)
    except ValueError:  # it lapsed between add and incr
        store.set(key, 1, ttl)


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
