"""This process's open sockets of each event, fed by ONE membership of the event's group.

With a channel per socket, Channels would queue, decode and dispatch each group message
once per socket, in a task per socket: with 1,000 sockets that cost more than the
writing. Here each event loop holds ONE channel of the layer (its Station), which joins
the group of every event that has sockets on this loop; a group message is received once
and handed to each of the event's sockets in one loop (EventSocket.show writes its part).
Nothing in that loop waits for a client: a socket whose client does not read keeps its
writes to itself (outbox.py), so it holds up no other socket, heartbeats included.

Group membership changes run as tasks of their own and are never cancelled half-way, so
what the layer believes and what Redis holds cannot drift apart: a socket that goes
away while its audience is joining only leaves once the joining is done. A socket to an
unknown event never gets here (consumers.py checks first).

Each audience counts what its sockets ask for (a view in a language, asked.py) and records
each pair it has in the shared cache before its first socket of that pair reads its first
state, so that every push renders it. A push comes as one message per language; once the
last has come, a pair none of them carried (recorded too late for that push, or lapsed) is
made up at once from the current message (Audience._repair).

Each audience also watches its event (Audience._watch):
- when no message has gone out for LIVE_HEARTBEAT seconds it sends its sockets a
  heartbeat, by which a page tells a silent link from a dead one;
- every LIVE_RESYNC seconds it reads the event's current version (one cache read, one
  indexed query when the pointer has lapsed) and, when the version it read the time
  before has still not reached its sockets, hands them the current state. A push lost
  to a Redis outage (or any other way) is so made up within two checks, without a new
  entry, at the cost of one read per event and process, whatever the number of sockets;
  while the layer is unreachable the sockets keep following the database this way;
- every asked.ASKED_REFRESH seconds it records its pairs again.
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from collections.abc import Callable
from typing import Protocol

from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from django.conf import settings

from standings.state import cache as state_cache

from . import asked, handout
from .batches import Batches
from .catchup import current_message
from .messages import group_name, pairs_of

log = logging.getLogger(__name__)

# Blocking reads in a thread, shared by every caller waiting at that moment.
current = Batches(current_message)  # a socket's first state, an audience's catch-up
latest_version = Batches(state_cache.current_version)


class Socket(Protocol):
    """What an audience hands its sockets; none of it waits for the client (outbox.py), so
    a client that does not read holds up no other socket."""

    def show(self, message: dict) -> bool: ...  # whether it is news to this socket

    def beat(self) -> None: ...

    def close_soon(self, code: int) -> None: ...


class Station:
    """What one event loop shares: one channel of the layer, receiving for every audience."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.audiences: dict[str, Audience] = {}  # by group
        self.layer = get_channel_layer()
        self.opening: asyncio.Future[str] | None = None  # the channel's creation
        # Held for as long as the station: the loop keeps only a weak reference to a task.
        self.receiver = asyncio.ensure_future(self._receive())

    def change(self, group: str, *, member: bool) -> asyncio.Future:
        """Join or leave `group`, in a task no caller can cancel; changes run in call order."""
        return asyncio.ensure_future(self._change(group, member))

    async def _change(self, group: str, member: bool) -> None:
        channel = await self._channel()
        if member:
            await self.layer.group_add(group, channel)
        else:
            await self.layer.group_discard(group, channel)

    async def _channel(self) -> str:
        """The station's channel, created once (again only if creating it failed)."""
        if self.opening is None or (self.opening.done() and self.opening.exception()):
            self.opening = asyncio.ensure_future(self.layer.new_channel())
        return await asyncio.shield(self.opening)

    async def _receive(self) -> None:
        while True:
            try:
                channel = await self._channel()
                break
            except Exception as error:  # the layer is unreachable: the watches resync
                log.warning("no channel for this process's sockets yet: %r", error)
                await asyncio.sleep(1)
        while True:
            try:
                message = await self.layer.receive(channel)
            except Exception:
                # Its sockets would hear heartbeats and no pushes: close them; their pages
                # connect again, to a new station, and get the whole state first.
                log.exception("this process's sockets stopped hearing pushes; closing them")
                self._stop()
                for audience in list(self.audiences.values()):
                    audience.stop()
                    audience.each(lambda socket: socket.close_soon(1011))
                return
            listening = self.audiences.get(group_name(message.get("slug", "")))
            if listening is not None:
                listening.deliver(message)

    def _stop(self) -> None:
        if _stations.get(self.loop) is self:
            del _stations[self.loop]


class Audience:
    """The sockets of one event on one event loop."""

    def __init__(self, station: Station, slug: str) -> None:
        self.station = station
        self.slug = slug
        self.group = group_name(slug)
        self.sockets: dict[Socket, asked.Pair | None] = {}  # in joining order: what each asks
        self.asks: dict[asked.Pair, asyncio.Future] = {}  # each pair asked: its recording
        self.askers: Counter[asked.Pair] = Counter()  # how many sockets ask for each
        self.arrived: tuple[int, set[asked.Pair]] = (0, set())  # a version, its pairs so far
        self.repaired = 0  # the last version made up by _repair
        self.version = 0  # of the last message handed to every socket
        self.quiet_since = asyncio.get_running_loop().time()  # of the last message handed out
        self.membership = station.change(self.group, member=True)
        self.handout = handout.of(slug)  # the version every socket has been handed
        self.watcher = asyncio.ensure_future(self._watch())

    async def join(self, socket: Socket, asks: asked.Pair | None) -> None:
        """Count `socket` in, asking for `asks` (None: whatever comes); returns once what is
        sent to the group reaches it and the pushes render what it asks for (or, when the
        layer or cache is unreachable, at once: the watch keeps it up to date meanwhile)."""
        self.sockets[socket] = asks
        recording = None
        if asks is not None:
            self.askers[asks] += 1
            if asks not in self.asks:
                asked.count_in(self.slug, asks)
                self.asks[asks] = asyncio.ensure_future(self._record([asks]))
            recording = self.asks[asks]
        try:
            await asyncio.shield(self.membership)
            if recording is not None:
                await asyncio.shield(recording)
        except Exception as error:
            log.warning("joining %s failed (%r): its sockets follow by resync", self.group, error)
        except BaseException:
            self.leave(socket)
            raise

    def leave(self, socket: Socket) -> None:
        """Count `socket` out; with none left, leave the group (once joining is done)."""
        asks = self.sockets.pop(socket, None)
        if asks is not None:
            self.askers[asks] -= 1
            if not self.askers[asks]:
                del self.askers[asks], self.asks[asks]
                asked.count_out(self.slug, asks)  # its record lapses unless another process has it
        if not self.sockets and self.station.audiences.get(self.group) is self:
            del self.station.audiences[self.group]
            self.stop()
            self.station.change(self.group, member=False)

    def stop(self) -> None:
        self.watcher.cancel()
        handout.forget(self.handout)

    def deliver(self, message: dict) -> None:
        """Hand `message` to every socket (each writes it, or keeps it, without waiting)."""
        version = message["version"]
        complete = self._complete(message)
        if complete:
            self.version = max(self.version, version)
        try:
            news = self.each(lambda socket: socket.show(message))
        finally:
            if complete:
                self.handout.handed(version)
        if any(news):  # a resync that only confirmed what they show does not put off heartbeats
            self.quiet_since = asyncio.get_running_loop().time()
        if not complete and message.get("final", True) and self.repaired < version:
            self.repaired = version
            asyncio.ensure_future(self._repair())

    def _complete(self, message: dict) -> bool:
        """Whether, with `message`, its version has reached every pair asked here (a push's
        messages of one version come one language after the other)."""
        version = message["version"]
        seen = self.arrived[1] if self.arrived[0] == version else set()
        seen = seen | pairs_of(message) if "parts" in message else set(self.asks)
        self.arrived = (version, seen)
        return set(self.asks) <= seen

    async def _repair(self) -> None:
        """A push came without a pair asked here: record this audience's pairs again (they
        may have lapsed) and hand over the current message, which renders what it lacks."""
        try:
            await self._record(list(self.asks))
            message = await current.get(self.slug)
        except Exception:
            log.warning("making up a push of %s failed", self.slug, exc_info=True)
            return  # the watch's resync tries again
        if message is not None:
            self.deliver(message)

    async def _record(self, pairs: list[asked.Pair]) -> None:
        try:
            await sync_to_async(asked.record, thread_sensitive=False)(self.slug, pairs)
        except Exception as error:  # this process's own pairs are rendered all the same
            log.warning("recording what the sockets of %s ask for failed: %r", self.slug, error)

    def each(self, call: Callable[[Socket], object]) -> list[object]:
        """`call` on every socket in turn; what each returned (None where it failed)."""
        results: list[object] = []
        for socket in list(self.sockets):
            try:
                results.append(call(socket))
            except Exception:  # a socket closing meanwhile: its disconnect follows
                log.debug("could not write to a socket", exc_info=True)
                results.append(None)
        return results

    async def _watch(self) -> None:
        loop = asyncio.get_running_loop()
        next_check = loop.time() + float(settings.LIVE_RESYNC)
        next_record = loop.time() + asked.ASKED_REFRESH
        seen: int | None = None  # the event's version at the previous check
        while True:
            heartbeat = float(settings.LIVE_HEARTBEAT)
            await asyncio.sleep(
                max(0.0, min(self.quiet_since + heartbeat, next_check) - loop.time())
            )
            if loop.time() - self.quiet_since >= heartbeat:
                self.quiet_since = loop.time()
                self.each(lambda socket: socket.beat())
            if loop.time() >= next_check:
                next_check = loop.time() + float(settings.LIVE_RESYNC)
                try:
                    seen = await self._check(seen)
                except Exception:
                    log.warning("checking the version of %s failed", self.slug, exc_info=True)
            if loop.time() >= next_record:
                next_record = loop.time() + asked.ASKED_REFRESH
                await self._record(list(self.asks))

    async def _check(self, seen: int | None) -> int | None:
        """Catch up when the version seen at the last check has not reached the sockets
        (a push normally arrives well within one check); the version now."""
        if self.membership.done() and self.membership.exception() is not None:
            self.membership = self.station.change(self.group, member=True)  # try again
        now = await latest_version.get(self.slug)
        if seen is not None and self.version < seen:
            message = await current.get(self.slug)
            if message is not None and message["version"] > self.version:
                log.info("%s missed version %s: resynchronised", self.group, message["version"])
                self.deliver(message)
        return now


_stations: dict[asyncio.AbstractEventLoop, Station] = {}  # one loop per server process


async def join(slug: str, socket: Socket, asks: asked.Pair | None = None) -> Audience:
    """Count `socket`, asking for `asks` (asked.pair; None: whatever comes), among the
    audience of event `slug` on this event loop; that audience."""
    loop = asyncio.get_running_loop()
    station = _stations.get(loop)
    if station is None:
        for closed in [old for old in _stations if old.is_closed()]:  # tests' loops
            del _stations[closed]
        station = _stations[loop] = Station(loop)
    group = group_name(slug)
    audience = station.audiences.get(group)
    if audience is None:
        audience = station.audiences[group] = Audience(station, slug)
    await audience.join(socket, asks)
    return audience


def audiences() -> dict[str, Audience]:
    """This event loop's audiences, by group (for tests and diagnostics)."""
    station = _stations.get(asyncio.get_running_loop())
    return {} if station is None else dict(station.audiences)
