"""The live demo feeder (`make run`): results of the demo events arrive every few seconds.

Each step makes one write through the services, as an arbiter would: enter one
missing result; once the round is complete, wait a couple of steps and close it; leave
the round's final standings up for a while (DEMO_ROUND_PAUSE), then pair and publish the
next round. The pace (a result every DEMO_LIVE_INTERVAL seconds, 12 by default) is one a
visitor can follow. When the last round is closed it waits a
while and reloads the demo, so a long-running demo keeps moving. The team demo is fed
the same way, board by board (a match forfeited as a whole needs none), and each section
of the Demo Cup by a feeder of its own (the cup reloads once all are finished). The bridge
demo's feeder (bridge_events/demo_feed.py: its rounds drawn, its boards scored) takes its
steps in the same thread.

It runs in the serving process, because the in-memory channel layer only reaches
that process's sockets: with settings.DEMO_LIVE, `DemoConfig.ready` has the first
request the process serves start it (`start_with_first_request`).
"""

from __future__ import annotations

import logging
import math
import random
import sys
import threading
import time
from collections.abc import Callable
from typing import Protocol

from django.conf import settings
from django.db import close_old_connections
from django.db.models import F

from standings.bridge_events.demo_feed import BridgeDemoFeeder
from standings.events import services
from standings.events.actors import DEMO
from standings.events.models import Event, Round
from standings.events.snapshot import engine_event, scoring

from .event import DEMO_SLUG, draw_result, load_demo
from .pairing import entrants, pair_round
from .sections import SECTION_SLUGS, load_cup_demo
from .team_event import DEMO_TEAM_SLUG, load_team_demo, pair_next_team_round

log = logging.getLogger(__name__)

CLOSE_AFTER_STEPS = 2  # a complete round stays open this many steps before it is closed
RELOAD_AFTER_STEPS = 30  # a finished event is shown this many steps before the demo reloads

_started = threading.Lock()


class Feeder(Protocol):
    """What the feeder thread steps: a demo event's feeder (DemoFeeder, the bridge one)."""

    slug: str
    pair_after: int

    @property
    def moves(self) -> str: ...  # what a step does, as the start-up line says it

    def step(self) -> str: ...


class DemoFeeder:
    """One write per `step()`; the state lives in the database, only the waits are counted here."""

    def __init__(
        self,
        slug: str = DEMO_SLUG,
        *,
        close_after: int = CLOSE_AFTER_STEPS,
        pair_after: int = 0,
        reload_after: int = RELOAD_AFTER_STEPS,
        seed: int | None = None,
        reload: Callable[[], bool] | None = None,
    ):
        self.slug = slug
        self.reload = reload  # what reloads a finished event; by default its demo's loader
        self.close_after = close_after
        self.pair_after = pair_after  # steps a closed round's standings stay before the next
        self.reload_after = reload_after
        self.rng = random.Random(seed)
        self.waited = 0

    @property
    def moves(self) -> str:
        return f"one write to /e/{self.slug}/"

    def step(self) -> str:
        """Make the next move of the demo; returns what it did."""
        event = Event.objects.filter(slug=self.slug).first()
        if event is None:
            return "no event"
        team = event.kind == Event.Kind.TEAM
        last = event.round_set.order_by("-number").first()
        if last is None or last.state == Round.State.CLOSED:
            number = last.number + 1 if last else 1
            if number <= event.rounds_planned:
                if last is not None and self._wait(self.pair_after):
                    return "waiting"
                (pair_next_team_round if team else pair_next_round)(event, number)
                return "paired"
            if self._wait(self.reload_after):
                return "finished"
            if self.reload is not None:
                return "reloaded" if self.reload() else "finished"
            (load_team_demo if team else load_demo)()
            return "reloaded"
        if last.state == Round.State.DRAFT:
            services.publish_pairings(event, last.number, actor=DEMO)
            return "published"
        pending = list(
            last.games.filter(result="")
            .exclude(match__forfeit__gt="")  # a match forfeited as a whole needs no boards
            .select_related("white", "black", "match")
        )
        if pending:
            game = self.rng.choice(pending)
            result = draw_result(self.rng, game.white.rating, game.black.rating)
            self.waited = 0
            table = game.match.table if game.match else None
            try:  # an arbiter trying the demo may have entered this board meanwhile: keep theirs
                services.enter_result(
                    event,
                    last.number,
                    game.board,
                    result,
                    seen_version=game.version,
                    table=table,
                    actor=DEMO,
                )
            except services.WriteRefused as refused:
                return f"skipped: {refused.message}"
            return "result"
        if self._wait(self.close_after):
            return "waiting"
        services.close_round(event, last.number, actor=DEMO)
        return "closed"

    def _wait(self, steps: int) -> bool:
        """True while fewer than `steps` steps have been spent waiting; counts this one."""
        if self.waited < steps:
            self.waited += 1
            return True
        self.waited = 0
        return False


def cup_feeders() -> list[DemoFeeder]:
    """One feeder per section of the Demo Cup; the last to finish reloads the whole cup."""
    return [DemoFeeder(slug, reload=_reload_finished_cup) for slug in SECTION_SLUGS]


def _reload_finished_cup() -> bool:
    """Reload the cup once every section has closed its last round; False till then."""
    last_closed = Round.objects.filter(
        event__slug__in=SECTION_SLUGS,
        number=F("event__rounds_planned"),
        state=Round.State.CLOSED,
    )
    if last_closed.count() < len(SECTION_SLUGS):
        return False
    load_cup_demo()
    return True


def pair_next_round(event: Event, number: int) -> Round:
    """Pair round `number` from the current scores and publish it; withdrawn players get Z."""
    withdrawn = {
        p.start_no: "Z" for p in event.participants.filter(withdrawn_from_round__lte=number)
    }
    described = engine_event(event)
    playing = {p.start_no for p in described.participants} - set(withdrawn)
    pairing = pair_round(entrants(described.participants, scoring(event), playing))
    byes = dict(withdrawn)
    if pairing.bye is not None:
        byes[pairing.bye] = "U"
    services.create_round(event, number, list(pairing.games), byes, actor=DEMO)
    return services.publish_pairings(event, number, actor=DEMO)


def run_forever(feeders: list[Feeder], interval: float) -> None:
    """The feeder thread: one step of each feeder per interval; an error is logged and the
    next step follows."""
    while True:
        time.sleep(interval)
        for feeder in feeders:
            try:
                outcome = feeder.step()
                log.info("demo feeder %s: %s", feeder.slug, outcome)
            except services.WriteRefused as refused:  # e.g. an arbiter cleared a result
                log.warning("demo feeder %s: %s", feeder.slug, refused.message)
            except Exception:
                log.exception("demo feeder step failed")
            finally:
                close_old_connections()


def start_with_first_request(**_signal) -> threading.Thread | None:
    """request_started receiver: the first request a process serves starts its feeder.

    Only a serving process answers requests: not the runserver autoreloader's parent,
    nor `migrate` or `load_demo` run with DEMO_LIVE set.
    """
    return start()


def start(interval: float | None = None) -> threading.Thread | None:
    """Start the feeder thread once per process; None if it is running already."""
    if not _started.acquire(blocking=False):
        return None
    seconds = settings.DEMO_LIVE_INTERVAL if interval is None else interval
    feeders: list[Feeder] = [DemoFeeder(), DemoFeeder(DEMO_TEAM_SLUG), *cup_feeders()]
    feeders.append(BridgeDemoFeeder())
    for feeder in feeders:
        feeder.pair_after = math.ceil(settings.DEMO_ROUND_PAUSE / seconds) if seconds > 0 else 0
    thread = threading.Thread(
        target=run_forever, args=(feeders, seconds), name="demo-feeder", daemon=True
    )
    thread.start()
    for feeder in feeders:
        sys.stderr.write(f"Demo feeder: {feeder.moves} every {seconds:g}s\n")
    return thread
