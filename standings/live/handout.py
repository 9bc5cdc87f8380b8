"""Which version each event's sockets on this event loop have all been handed, and a wait
for it: the publish waits (server_loop.until_handed_out) before its slower work, and the
audiences say what they handed out (audience.Audience.deliver). A module of its own so that
the publishing side does not import the audiences, which call back into the publish."""

from __future__ import annotations

import asyncio


class Handout:
    """The sockets of one event on one event loop: the newest version all were handed."""

    def __init__(self) -> None:
        self.version = 0  # of the last message every socket has been handed
        self.awaiting: list[tuple[int, asyncio.Future]] = []  # until(): (version, waiter)

    def handed(self, version: int) -> None:
        self.version = max(self.version, version)
        still = []
        for wanted, waiter in self.awaiting:
            if wanted > self.version:
                still.append((wanted, waiter))
            elif not waiter.done():
                waiter.set_result(None)
        self.awaiting = still

    async def until(self, version: int, timeout: float) -> None:
        """Returns once every socket has been handed `version` (or a newer one), or after
        `timeout` seconds."""
        if self.version >= version:
            return
        entry = (version, asyncio.get_running_loop().create_future())
        self.awaiting.append(entry)
        try:
            await asyncio.wait_for(entry[1], timeout)
        except TimeoutError:
            pass
        finally:
            if entry in self.awaiting:
                self.awaiting.remove(entry)


_handouts: dict[tuple[asyncio.AbstractEventLoop, str], Handout] = {}


def of(slug: str) -> Handout:
    """This event loop's handout of event `slug` (made on first use)."""
    loop = asyncio.get_running_loop()
    found = _handouts.get((loop, slug))
    if found is None:
        for closed in [key for key in _handouts if key[0].is_closed()]:  # tests' loops
            del _handouts[closed]
        found = _handouts[(loop, slug)] = Handout()
    return found


def forget(gone: Handout) -> None:
    """Its event has no sockets left on its loop."""
    for key in [key for key, each in _handouts.items() if each is gone]:
        del _handouts[key]


async def until(slug: str, version: int, timeout: float) -> None:
    """Returns once this event loop's sockets of event `slug` have all been handed
    `version` or a newer one (at once when it has none), or after `timeout` seconds."""
    found = _handouts.get((asyncio.get_running_loop(), slug))
    if found is not None:
        await found.until(version, timeout)
