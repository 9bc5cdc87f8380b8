"""Which event slugs exist, known to each process without a query per socket.

A socket to an unknown event must cost no group membership and no query: a storm of
connects to made-up slugs would otherwise subscribe and unsubscribe Redis channels by
the thousand and queue a query each. The slugs are read in one query, again at most
every REFRESH seconds when a socket names one not seen yet: that socket waits for the
next read, so a screen opened on an event just created is let in, not refused.
"""

from __future__ import annotations

import asyncio
import time

from asgiref.sync import sync_to_async
from django.db import close_old_connections

from standings.events.models import Event

REFRESH = 1.0  # seconds; a new event's sockets wait at most this long to be let in


class KnownEvents:
    def __init__(self) -> None:
        self.slugs: frozenset[str] = frozenset()
        self.read_at = float("-inf")
        self.reading: asyncio.Future | None = None

    async def exists(self, slug: str) -> bool:
        """True once a read of the slugs started after this question finds the slug; a
        slug created since the last read waits for the next one (at most REFRESH) rather
        than being refused."""
        asked = time.monotonic()
        while slug not in self.slugs:
            if self.read_at >= asked:
                return False
            wait = self.read_at + REFRESH - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)
            else:
                await self._read()
        return True

    async def _read(self) -> None:
        loop = asyncio.get_running_loop()
        if self.reading is None or self.reading.get_loop() is not loop or self.reading.done():
            self.reading = asyncio.ensure_future(self._fetch())
        await asyncio.shield(self.reading)

    async def _fetch(self) -> None:
        started = time.monotonic()
        self.slugs = await sync_to_async(_all_slugs, thread_sensitive=False)()
        self.read_at = started


def _all_slugs() -> frozenset[str]:
    try:
        return frozenset(Event.objects.values_list("slug", flat=True))
    finally:
        close_old_connections()
