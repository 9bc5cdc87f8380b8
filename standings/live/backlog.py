"""Pushes that could not go out (Redis gone), retried until they do.

One entry per event: a retry publishes the event's latest state, so any number of
missed writes of an event cost one push once it goes through. The retries run in one
daemon thread per process, every PAUSE seconds at first, then less often while they keep
failing (never more than PAUSE_MAX apart, so a push follows within seconds of Redis
coming back). Sockets do not depend on it: each process's audiences also catch up by
themselves (audience.py); this keeps the caches and the other processes' sockets fed.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

log = logging.getLogger(__name__)

PAUSE = 0.5
PAUSE_MAX = 2.0
LOG_EVERY = 30  # a failing push is logged in full once, then every this many attempts


class Backlog:
    def __init__(self, push: Callable[[int], None]) -> None:
        self.push = push
        self.events: dict[int, int] = {}  # event id -> failed attempts
        self.lock = threading.Lock()
        self.worker: threading.Thread | None = None

    def add(self, event_id: int) -> None:
        """The push of this event failed: retry it (once, however often it is added)."""
        with self.lock:
            self.events.setdefault(event_id, 0)
            if self.worker is None:
                self.worker = threading.Thread(target=self._run, name="live-backlog", daemon=True)
                self.worker.start()

    def discard(self, event_id: int) -> None:
        """The event's state went out by another way: no retry needed."""
        with self.lock:
            self.events.pop(event_id, None)

    def __bool__(self) -> bool:
        return bool(self.events)

    def _run(self) -> None:
        pause = PAUSE
        while True:
            time.sleep(pause)
            with self.lock:
                if not self.events:
                    self.worker = None
                    return
                due = list(self.events)
            failed = False
            for event_id in due:
                failed |= not self._try(event_id)
            pause = min(pause * 2, PAUSE_MAX) if failed else PAUSE

    def _try(self, event_id: int) -> bool:
        try:
            self.push(event_id)
        except Exception:
            with self.lock:
                attempts = self.events.get(event_id, 0) + 1
                if event_id in self.events:
                    self.events[event_id] = attempts
            if attempts % LOG_EVERY == 1:
                log.warning(
                    "live push of event %s still failing (attempt %s); retrying",
                    event_id,
                    attempts,
                    exc_info=attempts == 1,
                )
            return False
        with self.lock:
            attempts = self.events.pop(event_id, 0)
        if attempts:
            log.warning(
                "live push of event %s went out after %s failed attempts", event_id, attempts
            )
        return True
