"""The race of an event version (issue 29, sections 3 and 4): who can still finish first,
who can still reach the places that carry prizes, and each contender's places by the result
of their own game, as the engine works them out (engine/race.py).

The work can be expensive (up to RACE_BUDGET + 3 x PLACES_BUDGET CPU seconds on a large
Swiss), so it is done once per event version, right after the version is published and off
the request path (web/derived.py calls `build_race_of`), and kept in this process and in the
shared cache for the other processes. A request never works it out: until it is kept,
`race_of` raises NotBuilt and the page says it is being computed (issue 37, part 5).

The event is read again from the database, as state/after.py does: when a write has moved it
past the state's version meanwhile, the race is the newer version's, never older than the
page's.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from django.conf import settings

from standings.engine.race import Race, race
from standings.events.models import Event
from standings.events.prizes import prize_players, prize_rules
from standings.events.snapshot import engine_event, read_event, rule_edition
from standings.prizes.members import belongs

from .cache import STATE_TTL, Kept, NotBuilt, cache, key
from .event_state import EventState

log = logging.getLogger(__name__)

RACE_BUDGET = 2.0  # CPU seconds for the first place (the budget)
PLACES_BUDGET = 0.5  # CPU seconds for each of: the card's places, the prize places, sentences

# What a race page can say of the event's current round.
NO_ROUND = "no round"  # nothing paired yet
TEAMS = "teams"  # a team event: the engine's race is individual only
COMPLETE = "complete"  # every result of the current round is in
FINISHED = "finished"  # every planned round is complete
OPEN = "open"  # a current round with open games: the race


@dataclass(frozen=True, slots=True)
class PrizeCategory:
    """A prize category as the race reads it: its places that carry prizes."""

    key: str
    name: str
    places: tuple[int, ...]  # the places with a prize, in order


@dataclass(frozen=True, slots=True)
class RaceState:
    stage: str  # NO_ROUND, TEAMS, COMPLETE, FINISHED or OPEN
    round: int | None  # the current round
    race: Race | None  # for OPEN only
    categories: tuple[PrizeCategory, ...] = ()  # in the order of race.groups


def stage_of(state: EventState) -> str:
    """What the race page says of the state, without working the race out."""
    if state.teams is not None:
        return TEAMS
    current = state.current_round
    if current is None:
        return NO_ROUND
    if state.finished:
        return FINISHED
    return OPEN if current.pending else COMPLETE


def in_last_round(state: EventState) -> bool:
    """The race is on in the last planned round (the screen's view, the event's nav)."""
    current = state.current_round
    return (
        stage_of(state) == OPEN and current is not None and current.number >= state.rounds_planned
    )


def race_of(state: EventState) -> RaceState:
    """The race at the state's version; NotBuilt while it is being worked out (never works
    it out: see the module)."""
    stage = stage_of(state)
    if stage != OPEN:
        return RaceState(stage, state.current_round.number if state.current_round else None, None)
    found = known_race(state)
    if found is None:
        raise NotBuilt(state.slug, state.version, "race")
    return found


def known_race(state: EventState) -> RaceState | None:
    """The race at the state's version if it has been worked out already (this process or
    another), else None: never works it out, never reads the database (the player card
    asks this, so that a card stays one cache read however costly the race)."""
    kept = _kept(state)
    found: RaceState | None = _RACES.get(kept)
    if found is None:
        found = cache.get(key(state.slug, state.version, "race"))
        if found is not None:
            _RACES.put(kept, found)
    return found


def race_shown(state: EventState) -> bool:
    """Whatever race the state's pages show is kept: there is none, or it is worked out."""
    return stage_of(state) != OPEN or known_race(state) is not None


def build_race_of(state: EventState) -> None:
    """Work the race of the state's version out and keep it, unless there is none to work
    out or it is kept already (web/derived.py, off the request path)."""
    if stage_of(state) != OPEN or known_race(state) is not None:
        return
    found = build_race(Event.objects.get(pk=state.event_id))
    cache.set(key(state.slug, state.version, "race"), found, STATE_TTL)
    _RACES.put(_kept(state), found)


def _kept(state: EventState) -> tuple[object, ...]:
    # The time of the last change too: a version number alone repeats when an event is
    # made again under its slug (the tests do).
    return (settings.RELEASE, state.slug, state.version, state.updated_at)


def build_race(event: Event) -> RaceState:
    """The engine's race on the event as stored, with its prize categories' places."""
    read = read_event(event)
    described = engine_event(event, read)
    number = read.rounds[-1].number if read.rounds else None
    current = read.rounds[-1].pk if read.rounds else None
    boards = {
        read.start_no[white]: board + event.board_offset
        for round_id, _match, board, white, _black, _result in read.games
        if round_id == current
    }
    rules = prize_rules(event)
    categories: list[PrizeCategory] = []
    groups: dict[str, tuple[list[int], int]] = {}
    if not rules.empty:
        players = prize_players(event, described, rules)
        for category in rules.categories:
            places = tuple(sorted({p.place for p in rules.prizes if p.category == category.key}))
            if not places:
                continue
            members = [s for s, player in players.items() if belongs(player, category)]
            categories.append(PrizeCategory(category.key, category.name, places))
            groups[category.key] = (members, places[-1])
    try:
        found = race(
            described,
            event.tiebreak_list(),
            rules=rule_edition(event),
            boards=boards,
            budget=RACE_BUDGET,
            places_budget=PLACES_BUDGET,
            groups=groups,
            conditions=True,
        )
    except ValueError:  # a pending game against a side that is not (never stored so)
        log.exception("the race of event %s cannot be worked out", event.slug)
        return RaceState(COMPLETE, number, None)
    return RaceState(OPEN, number, found, tuple(categories))


# (release, slug, version, last change) -> its race: one build serves every language, page and card.
_RACES = Kept(8)
