"""Each participant's path through the event (the player card's and team page's chart), and
the estimated rating change of each player's rated games; built once per event version.

Rank and points after round n are the standings after round n (`after/<n>/`): the engine
ranks the event cut to rounds 1..n, as state/after.py's `build_state(event, through_round=n)`
does, for each round closed or complete (`after.finished_rounds`), the players on the
individual part of the list and a team event's teams on its team part. A result entered in
the current round leaves the earlier rounds' cuts unchanged, so each cut's ranking is
remembered in the process (`_RANKED`): the path of the next version reads them again and
runs the engine for nothing but a round that changed.

The path of a version is kept in this process and in the shared cache beside its state: a
card of that version reads it, never the database (docs/pages.md, "Each player's path").
"""

from __future__ import annotations

import dataclasses
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from operator import attrgetter

from django.conf import settings

from standings.engine import event as engine
from standings.engine.rating_change import RatingEstimate, estimate
from standings.engine.standings import compute_standings
from standings.events.models import Event, Participant
from standings.events.snapshot import (
    engine_event,
    individual_tiebreaks,
    read_event,
    rule_edition,
    team_tiebreaks,
)

from .after import finished_rounds
from .cache import STATE_TTL, Kept, cache, key
from .event_state import EventState


@dataclass(frozen=True, slots=True)
class Step:
    """Where a participant stood after a round: rank and first value (points; a team's
    match or game points, as its list puts first)."""

    round: int
    rank: int
    points: float | None


@dataclass(frozen=True, slots=True)
class EventPath:
    """Every participant's steps and rated games at one version of the event."""

    version: int
    rounds: tuple[int, ...]  # the rounds with standings after them
    players: Mapping[int, tuple[Step, ...]]  # start number -> steps, one per round above
    field: int  # players ranked: the lowest rank a step can have
    teams: Mapping[int, tuple[Step, ...]]  # team number -> steps; empty for an individual event
    team_field: int
    ratings: Mapping[int, RatingEstimate | None]  # start number -> estimate; None: unrated
    column: bool  # the organiser shows the estimated change as a standings column


def path_of(state: EventState) -> EventPath:
    """The path for the version of `state`: kept in this process, else from the shared
    cache, else built from the event (read again, as state_after does: a newer version's
    when a write moved it meanwhile, never an older one)."""
    kept = _kept(state)
    found: EventPath | None = _PATHS.get(kept)
    if found is None:
        found = cache.get(key(state.slug, state.version, "path"))
        if found is None:
            event = Event.objects.get(pk=state.event_id)
            found = build_path(event, finished_rounds(state))
            cache.set(key(state.slug, state.version, "path"), found, STATE_TTL)
        _PATHS.put(kept, found)
    return found


def column_shown(state: EventState) -> bool:
    """Whether the standings show the estimated rating change: the path's flag when the
    path of the version is at hand, else one small query, remembered per version (a push
    renders the standings of each version; they need no path when the column is off)."""
    kept = _kept(state)
    path: EventPath | None = _PATHS.get(kept)
    if path is not None:
        return path.column
    shown: bool | None = _COLUMN.get(kept)
    if shown is None:
        flag = Event.objects.filter(pk=state.event_id).values_list(
            "rating_change_column", flat=True
        )
        shown = bool(flag.first())
        _COLUMN.put(kept, shown)
    return shown


def _kept(state: EventState) -> tuple[object, ...]:
    # The event's id and last change beside its version: an event deleted and made again
    # under its slug (a test database, a reloaded demo) may reach the same version number.
    return (settings.RELEASE, state.slug, state.version, state.event_id, state.updated_at)


def build_path(event: Event, rounds: Sequence[int]) -> EventPath:
    """Each participant's steps through `rounds` and each player's estimated rating change,
    from one read of the event."""
    described = engine_event(event, read_event(event))
    rules = rule_edition(event)
    specs = event.tiebreak_list()
    players_described = described
    teams: dict[int, tuple[Step, ...]] = {}
    team_field = 0
    if event.kind == Event.Kind.TEAM:  # as build_state ranks a team event's teams and players
        teams, team_field = _steps(described, team_tiebreaks(specs), rules, rounds)
        specs = individual_tiebreaks(specs)
        players_described = dataclasses.replace(described, teams=())
    players, field = _steps(players_described, specs, rules, rounds)
    return EventPath(
        version=event.version,
        rounds=tuple(rounds),
        players=players,
        field=field,
        teams=teams,
        team_field=team_field,
        ratings=_estimates(event, described),
        column=event.rating_change_column,
    )


def _estimates(event: Event, described: engine.Event) -> dict[int, RatingEstimate | None]:
    """Each player's estimate; the age from the event's year (today's when it has no date)."""
    year = (event.start_date or date.today()).year
    k_set = dict(
        Participant.objects.filter(event=event, k_factor__isnull=False).values_list(
            "start_no", "k_factor"
        )
    )
    ratings = {p.start_no: p.rating for p in described.participants}
    return {
        p.start_no: estimate(p, ratings, year=year, k_set=k_set.get(p.start_no))
        for p in described.participants
    }


def _steps(
    described: engine.Event, specs: Sequence[str], rules: str, rounds: Sequence[int]
) -> tuple[dict[int, tuple[Step, ...]], int]:
    """Each participant's (a team event's teams when `described` holds teams) steps, and
    the most rows a round's standings had."""
    steps: dict[int, list[Step]] = {}
    field = 0
    plain = _plain(described)
    for number in rounds:
        ranked = _ranked(described, plain, tuple(specs), rules, number)
        field = max(field, len(ranked))
        for start_no, rank, points in ranked:
            steps.setdefault(start_no, []).append(Step(number, rank, points))
    return {no: tuple(each) for no, each in steps.items()}, field


Ranked = tuple[tuple[int, int, float | None], ...]  # (start or team number, rank, points)
# A participant as plain tuples: its fields but the entries, and each entry's fields.
_Plain = tuple[tuple[object, ...], tuple[tuple[object, ...], ...]]
_OWN = attrgetter(*(f.name for f in dataclasses.fields(engine.Participant) if f.name != "entries"))
_ENTRY = attrgetter(*(f.name for f in dataclasses.fields(engine.RoundEntry)))


def _plain(described: engine.Event) -> tuple[_Plain, ...]:
    """Every participant as plain tuples, which hash and compare in C: the key of a cut is
    built and looked up ten times a version (a dataclass's hash is Python code, and a cut
    of dataclasses costs 25 ms to build at 500 players)."""
    return tuple((_OWN(p), tuple(map(_ENTRY, p.entries))) for p in described.participants)


def _ranked(
    described: engine.Event,
    plain: tuple[_Plain, ...],
    specs: tuple[str, ...],
    rules: str,
    number: int,
) -> Ranked:
    """The standings after round `number` as (number, rank, points) rows, remembered per
    cut: the event cut to rounds 1..n is the key, compared whole, so a change to any of
    those rounds (a result, a player, the list) is a miss."""
    rest = dataclasses.replace(
        described,
        participants=(),
        closed_rounds=frozenset(n for n in described.closed_rounds if n <= number),
        team_byes=tuple(b for b in described.team_byes if b.round <= number),
        match_forfeits=tuple(f for f in described.match_forfeits if f.round <= number),
    )
    remembered = (rest, tuple((own, entries[:number]) for own, entries in plain), specs, rules)
    with _RANKED_LOCK:
        found = _RANKED.get(remembered)
        if found is not None:
            _RANKED.move_to_end(remembered)
            return found
    cut = dataclasses.replace(
        rest,
        participants=tuple(
            dataclasses.replace(p, entries=p.entries[:number]) for p in described.participants
        ),
    )
    standings = compute_standings(cut, list(specs), rules=rules, through_round=number)
    found = tuple(
        (row.start_no, row.rank, row.values[0] if row.values else None) for row in standings.rows
    )
    with _RANKED_LOCK:
        _RANKED[remembered] = found
        while len(_RANKED) > RANKED_KEPT:
            _RANKED.popitem(last=False)
    return found


# _kept(state) -> its path, and whether its standings show the column.
_PATHS = Kept(8)
_COLUMN = Kept(32)
# (the event cut to rounds 1..n as plain tuples, list, rules) -> its ranking; ~100 kB a key at
# 500 players and 11 rounds.
_RANKED: OrderedDict[tuple[object, ...], Ranked] = OrderedDict()
_RANKED_LOCK = threading.Lock()
RANKED_KEPT = 48
