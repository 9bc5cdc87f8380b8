"""The bridge demo plays itself (`make run`): demo-bridge's rounds drawn and its matches
scored board by board, through the scorer's own services, by the demo's system actor.

Each step does what a round in play needs next, as the chess feeder does (its thread runs
this one beside the others, standings/demo/feeder.py):

- every match of the round complete: wait `pair_after` steps with the round's standings
  up, then draw the next round (a Swiss draw by the current standings, no rematch where
  one can be avoided: demo_play.swiss_pairs), every table in one step;
- the round in play: each match moves on by one entry with a chance of
  PLAY_CHANCE: a board's two rooms at once, or one room, the other following at a later
  step (PAIRED_CHANCE). Its totals, the match's VPs included, are written by the service
  when its last board is in; followers meanwhile see the running IMPs and provisional VPs;
- the schedule's last round complete: wait `reload_after` steps, then reload the demo.

Nothing is kept between steps but the waits: what is drawn and entered is read from the
document, so a scorer trying the demo may draw a table or enter a board meanwhile (a
board entered by both is kept as they entered it). A board's rooms come from
demo_play.board_rooms, seeded by the feeder's seed, the round, the match and the board.
"""

from __future__ import annotations

import random
from typing import Any

from standings.bridge.standings import bridge_standings
from standings.events.actors import DEMO
from standings.events.models import Event
from standings.events.services import WriteRefused

from .board_entry import draw_table, enter_board
from .demo import BRIDGE_DEMO_SLUG, load_bridge_demo
from .demo_play import board_rooms, swiss_pairs
from .models import BridgeEvent
from .services import shown

SCHEDULE = 7  # rounds, when the document does not say
PLAY_CHANCE = 0.6  # a match's chance of an entry at each step: the tables keep their own pace
PAIRED_CHANCE = 0.7  # a board's two rooms entered together; else one room first
PAIR_AFTER_STEPS = 5  # a complete round's standings stay up this many steps
RELOAD_AFTER_STEPS = 30  # the finished event is shown this many steps before it reloads


class BridgeDemoFeeder:
    """A step of demo-bridge per `step()`; the state lives in the event's document."""

    def __init__(
        self,
        slug: str = BRIDGE_DEMO_SLUG,
        *,
        pair_after: int = PAIR_AFTER_STEPS,
        reload_after: int = RELOAD_AFTER_STEPS,
        seed: int = 7,
    ) -> None:
        self.slug = slug
        self.pair_after = pair_after
        self.reload_after = reload_after
        self.seed = seed
        self.rng = random.Random(seed)
        self.waited = 0

    @property
    def moves(self) -> str:
        return f"a board at some tables of /b/{self.slug}/ (or the next round's draw)"

    def step(self) -> str:
        """Make the demo's next move; returns what it did: "drawn", "boards" (with how
        many entries), "waiting", "finished", "reloaded", "no event"."""
        event = Event.objects.filter(slug=self.slug).first()
        bridge = BridgeEvent.objects.filter(event=event).first() if event else None
        if event is None or bridge is None:
            return "no event"
        document = bridge.document
        number = _held(document)
        drawn = _draw(document, number)
        if len(undrawn := _undrawn_teams(document, number)) > 1:  # a scorer drew part of it
            self._draw(event, bridge, number, undrawn)
            return "drawn"
        in_play = [d for d in drawn if _totals(document, d) is None]
        if in_play:
            return self._play(event, document, in_play, planned=bridge.boards_per_match)
        if number < (document.get("rounds") or SCHEDULE):
            # A round played here stays up a while; the loaded rounds (totals only) do not.
            if drawn and self._wait(self.pair_after):
                return "waiting"
            self._draw(event, bridge, number + 1, _team_ids(document))
            return "drawn"
        if self._wait(self.reload_after):
            return "finished"
        load_bridge_demo()
        return "reloaded"

    def _draw(self, event: Event, bridge: BridgeEvent, number: int, teams: list[int]) -> None:
        """Draw `teams` in round `number` by the standings, at the tables not taken yet."""
        document = bridge.document
        order = {place.id: i for i, place in enumerate(bridge_standings(bridge.data()))}
        ranked = sorted(teams, key=lambda team: (order.get(team, len(order)), team))
        met = {frozenset((m["home"], m["away"])) for m in document["matches"] if m["away"]}
        drawn = _draw(document, number)
        taken = {d["table"] for d in drawn}
        tables = (t for t in range(1, 2 * len(teams) + len(taken) + 1) if t not in taken)
        # A match a scorer entered as totals takes a table first: once a round has a draw,
        # its every match is in it.
        seated = {frozenset((d["home"], d["away"])) for d in drawn}
        scored = [
            (m["home"], m["away"])
            for m in document["matches"]
            if m["round"] == number
            and m["away"]
            and frozenset((m["home"], m["away"])) not in seated
        ]
        pairs = scored + swiss_pairs(ranked, met=met)
        for (home, away), table in zip(pairs, tables, strict=False):
            draw_table(event, round_number=number, table=table, home=home, away=away, actor=DEMO)

    def _play(
        self, event: Event, document: dict[str, Any], in_play: list[dict], *, planned: int
    ) -> str:
        """One entry for each match in play that moves on at this step."""
        entered = 0
        for match in in_play:
            if self.rng.random() >= PLAY_CHANCE:
                continue
            boards = {b["board"]: b for b in _boards(document, match)}
            half = [b for b in boards.values() if "open" not in b or "closed" not in b]
            before = half[0] if half else None
            number = before["board"] if before else _next_board(boards, planned)
            if number is None:
                continue
            seed = f"{self.seed}:{match['round']}:{match['home']}:{match['away']}"
            open_room, closed_room = board_rooms(seed, board=number)
            if before is not None:  # the other room comes in; a room entered is kept
                open_room = str(before.get("open", open_room))
                closed_room = str(before.get("closed", closed_room))
            elif self.rng.random() >= PAIRED_CHANCE:
                open_room, closed_room = (
                    (open_room, "") if self.rng.random() < 0.5 else ("", closed_room)
                )
            try:  # a scorer trying the demo may have entered this board meanwhile
                enter_board(
                    event,
                    round_number=match["round"],
                    table=match["table"],
                    board=number,
                    open_room=open_room,
                    closed_room=closed_room,
                    seen=shown(before),
                    actor=DEMO,
                )
            except WriteRefused:
                continue
            entered += 1
        return f"boards: {entered}"

    def _wait(self, steps: int) -> bool:
        """True while fewer than `steps` steps have been spent waiting; counts this one."""
        if self.waited < steps:
            self.waited += 1
            return True
        self.waited = 0
        return False


def _held(document: dict[str, Any]) -> int:
    """The last round drawn or scored (0 before the first)."""
    rounds = [m["round"] for m in document["matches"]]
    rounds += [d["round"] for d in document.get("draw", [])]
    return max(rounds, default=0)


def _team_ids(document: dict[str, Any]) -> list[int]:
    return [team["id"] for team in document["teams"]]


def _draw(document: dict[str, Any], number: int) -> list[dict[str, Any]]:
    return [d for d in document.get("draw", []) if d["round"] == number]


def _undrawn_teams(document: dict[str, Any], number: int) -> list[int]:
    """Teams with neither a table nor a match in round `number` while others have one (a
    scorer drew or scored part of the round)."""
    seated = {team for d in _draw(document, number) for team in (d["home"], d["away"])}
    seated |= {
        team for m in document["matches"] if m["round"] == number for team in (m["home"], m["away"])
    }
    return [team for team in _team_ids(document) if seated and team not in seated]


def _boards(document: dict[str, Any], match: dict[str, Any]) -> list[dict[str, Any]]:
    key = (match["round"], match["home"], match["away"])
    return [b for b in document.get("boards", []) if (b["round"], b["home"], b["away"]) == key]


def _totals(document: dict[str, Any], match: dict[str, Any]) -> dict[str, Any] | None:
    pair = {match["home"], match["away"]}
    return next(
        (
            m
            for m in document["matches"]
            if m["round"] == match["round"] and {m["home"], m["away"]} == pair
        ),
        None,
    )


def _next_board(boards: dict[int, Any], planned: int) -> int | None:
    """The first of the match's boards not entered yet, None when all are."""
    return min(set(range(1, planned + 1)) - set(boards), default=None)
