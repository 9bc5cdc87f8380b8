"""How many follow posts one client may make: FOLLOW_POSTS_PER_ADDRESS in ten minutes, counted
per address (per /64 for IPv6, the block one home or phone is given) in the shared cache, and
in this process while the cache is away, so that an outage of Redis opens no door."""

from __future__ import annotations

import ipaddress
import logging
import threading
import time

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest

log = logging.getLogger(__name__)

WINDOW = 600  # seconds
LOCAL_KEYS = 10000  # clients counted in this process at most; the oldest window goes first


def client(request: HttpRequest) -> str:
    """The address the count is kept under: an IPv6 address's /64."""
    address = request.META.get("REMOTE_ADDR", "")
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(parsed, ipaddress.IPv6Address):
        if parsed.ipv4_mapped is not None:
            return str(parsed.ipv4_mapped)
        return str(ipaddress.IPv6Network(f"{parsed}/64", strict=False))
    return str(parsed)


def too_many_posts(request: HttpRequest) -> bool:
    key = f"follow:posts:{client(request)}"
    try:
        cache.add(key, 0, WINDOW)
        count = cache.incr(key)
    except Exception as error:
        log.warning("follow: the shared cache is away (%s); counting in this process", error)
        count = _local.incr(key)
    return count > settings.FOLLOW_POSTS_PER_ADDRESS


class _LocalCounts:
    """Counts per key in fixed windows, in this process, bounded in size."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.counts: dict[str, tuple[float, int]] = {}

    def incr(self, key: str) -> int:
        now = time.monotonic()
        with self.lock:
            start, count = self.counts.get(key, (now, 0))
            if now - start >= WINDOW:
                start, count = now, 0
            self.counts[key] = (start, count + 1)
            if len(self.counts) > LOCAL_KEYS:
                oldest = min(self.counts, key=lambda k: self.counts[k][0])
                del self.counts[oldest]
            return count + 1


_local = _LocalCounts()
