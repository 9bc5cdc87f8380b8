"""Blocking reads shared by every socket that waits for them at the same moment."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Generic, TypeVar

from asgiref.sync import sync_to_async
from django.db import close_old_connections

T = TypeVar("T")


class Batches(Generic[T]):
    """Runs a blocking `fetch(key)` in a thread for every waiting caller at once.

    A caller joins the batch that has not started yet, so what it gets was read after
    it asked (after its socket joined the group); at most one batch per key runs while
    the next one gathers. A reconnect storm costs a couple of reads, not thousands.
    """

    def __init__(self, fetch: Callable[[str], T]) -> None:
        self.fetch = fetch
        self.gathering: dict[str, asyncio.Future] = {}
        self.running: dict[str, asyncio.Future] = {}

    async def get(self, key: str) -> T:
        batch = self.gathering.get(key)
        if batch is None or batch.get_loop() is not asyncio.get_running_loop():
            batch = asyncio.get_running_loop().create_future()
            self.gathering[key] = batch
            asyncio.ensure_future(self._run(key, batch))
        return await asyncio.shield(batch)

    async def _run(self, key: str, batch: asyncio.Future) -> None:
        before = self.running.get(key)
        if before is not None and before.get_loop() is batch.get_loop():
            await asyncio.wait([before])
        if self.gathering.get(key) is batch:
            del self.gathering[key]
        self.running[key] = batch
        try:
            batch.set_result(await sync_to_async(self._fetch, thread_sensitive=False)(key))
        except Exception as error:
            batch.set_exception(error)
        finally:
            if self.running.get(key) is batch:
                del self.running[key]

    def _fetch(self, key: str) -> T:
        try:
            return self.fetch(key)
        finally:
            close_old_connections()  # a worker thread of our own: no request closes them
