"""Everything the public pages of one event show, read and computed once per event version.

`build_state` runs the engine (current standings and those after the previous
round) and reads pairings, so that views and the live push only render. The
result, once materialised(), is plain, picklable data: it is what the cache holds
between changes.
"""

from __future__ import annotations

import dataclasses
import threading
from collections import OrderedDict
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import TYPE_CHECKING

from django.utils.functional import Promise

from standings.engine import event as engine
from standings.engine.pickled import quick_pickle
from standings.engine.result import Contribution, Row, Standings
from standings.engine.result_codes import GAME_CODES, UNPLAYED_CODES
from standings.engine.standings import compute_standings
from standings.events.actors import is_mirrored
from standings.events.changes import last_change_at
from standings.events.models import RESULT_SHOWN, Event, UnplayedRound
from standings.events.prizes import prize_list
from standings.events.sections import sections_of, tournament_of
from standings.events.snapshot import (
    EventRead,
    engine_event,
    individual_tiebreaks,
    read_event,
    rule_edition,
    team_tiebreaks,
)
from standings.wording import terms

from . import progress
from .labels import Column, columns
from .parts import Board, Cell, Person, format_value
from .rounds import Bye, RoundView
from .teams import TeamState, build_team_state
from .ties import TieNote, tie_notes

if TYPE_CHECKING:
    from standings.prizes.projection import PrizeList

# One participant's round, from the TRF code: short text and title (`engine.result_codes`),
# the title translated when shown (terms.py).
OWN_RESULT = {
    code: (r.shown, terms.RESULT_TITLES.get(code, r.title)) for code, r in GAME_CODES.items()
}
UNPLAYED = {
    code: (r.shown, terms.RESULT_TITLES.get(code, terms.NOT_PAIRED))
    for code, r in UNPLAYED_CODES.items()
}


@quick_pickle
@dataclass(frozen=True, slots=True)
class Line:
    """One standings row as the pages show it."""

    rank: int
    rank_provisional: bool
    person: Person
    cells: tuple[Cell, ...]
    movement: int | None  # places gained since the previous round; None when unknown

    @property
    def points(self) -> Cell:
        return self.cells[0]

    @property
    def places(self) -> int:
        return abs(self.movement or 0)

    @property
    def signature(self) -> str:
        """Changes whenever anything shown on the row changes (the screen highlights it)."""
        values = "|".join(f"{c.text}{'p' if c.provisional else ''}" for c in self.cells)
        return f"{self.rank}{'p' if self.rank_provisional else ''}|{values}"


@quick_pickle
@dataclass(frozen=True, slots=True)
class GameLine:
    """One round of a player card."""

    round: int
    colour: str | Promise  # "white", "black" (translated when shown) or ""
    opponent: Person | None
    opponent_rank: int | None
    result: str
    result_title: str | Promise
    points_after: float

    @property
    def points_shown(self) -> str:
        return format_value(self.points_after)


@quick_pickle
@dataclass(frozen=True, slots=True)
class Explained:
    """One tie-break value of a player card with how it is made up."""

    column: Column
    value: str
    provisional: bool
    contributions: tuple[tuple[Contribution, Person | None], ...]


@quick_pickle
@dataclass(frozen=True, slots=True)
class SectionLink:
    """An event of a tournament, as the section switcher links it."""

    slug: str
    name: str


@quick_pickle
@dataclass(frozen=True, slots=True)
class EventState:
    event_id: int
    slug: str
    name: str
    location: str
    start_date: date | None
    end_date: date | None
    rounds_planned: int
    version: int
    updated_at: datetime
    standings: Standings  # the data of standings.json; see materialised()
    columns: tuple[Column, ...]
    lines: tuple[Line, ...]
    rounds: tuple[RoundView, ...]
    people: dict[int, Person]
    records: Mapping[int, tuple[GameLine, ...]]  # lazy until materialised()
    teams: TeamState | None = None  # a team event's teams, matches and team standings
    prizes: PrizeList | None = None  # who is in line for each prize; None without prizes
    # The tournament this event belongs to (itself when it is one) and its sections, in
    # order; None and () for an event without sections (events/sections.py).
    tournament: SectionLink | None = None
    sections: tuple[SectionLink, ...] = ()
    finished: bool = False  # every planned round complete (web.progress)
    # Rows equal on every column yet ranked apart, and what placed them (state.ties).
    tie_notes: tuple[TieNote, ...] = ()
    # A venue's event published here by its mirror (the pages' venue line, mirror/).
    mirrored: bool = False

    @property
    def full_name(self) -> str:
        """The name with its tournament's for a section ("Rilton Cup · Open B"), as paper
        on a wall holding every section's sheets needs it."""
        if self.tournament is None or self.tournament.slug == self.slug:
            return self.name
        return f"{self.tournament.name} · {self.name}"

    @property
    def is_empty(self) -> bool:
        """No players, teams or sections: nothing for the chess pages to show."""
        return not self.people and self.teams is None and not self.sections

    @property
    def is_overview(self) -> bool:
        """A tournament that only groups its sections: no players of its own."""
        return bool(self.sections) and not self.people and self.teams is None

    @property
    def current_round(self) -> RoundView | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def provisional(self) -> bool:
        return any(c.provisional for line in self.lines for c in line.cells)

    def round(self, number: int) -> RoundView | None:
        return next((r for r in self.rounds if r.number == number), None)

    def line(self, start_no: int) -> Line | None:
        return next((li for li in self.lines if li.person.start_no == start_no), None)

    def explained(self, start_no: int) -> tuple[Explained, ...]:
        row = next((r for r in self.standings.rows if r.start_no == start_no), None)
        line = self.line(start_no)
        if row is None or line is None:
            return ()
        return tuple(
            Explained(
                cell.column,
                cell.text,
                cell.provisional,
                tuple(
                    (c, None if c.opponent is None else self.people.get(c.opponent))
                    for c in row.explanations[i]
                ),
            )
            for i, cell in enumerate(line.cells)
        )

    def crosstable(self) -> list[tuple[Line, tuple[GameLine, ...]]]:
        return [(line, self.records[line.person.start_no]) for line in self.lines]


def build_state(event: Event, *, through_round: int | None = None) -> EventState:
    """Read the event and run the engine: current standings, and after the previous round.

    `through_round` gives the standings as they stood after that round (the engine reads
    rounds 1..n only; web/after.py's pages); the pairings and records stay the event's."""
    read = read_event(event)  # once, for the engine and for the pages' rounds and teams
    described = engine_event(event, read)
    team_standings = None
    tiebreaks = event.tiebreak_list()
    if event.kind == Event.Kind.TEAM:
        # The engine ranks the teams on the event's list; the players of a team event, on
        # the individual part of it, as the player cards show them.
        team_standings = compute_standings(
            described,
            team_tiebreaks(tiebreaks),
            rules=rule_edition(event),
            through_round=through_round,
        )
        tiebreaks = individual_tiebreaks(tiebreaks)
        described = dataclasses.replace(described, teams=())

    def standings_after(through_round: int | None) -> Standings:
        # What event_standings() computes, on one read of the event for both runs.
        return compute_standings(
            described, tiebreaks, rules=rule_edition(event), through_round=through_round
        )

    standings = standings_after(through_round)
    previous = {}
    # A team event's pages show no player's movement: spare the push a second engine run.
    if standings.round >= 2 and event.kind != Event.Kind.TEAM:
        previous = _ranks_after(
            described, standings.round - 1, event.tiebreak_list(), rule_edition(event)
        )
    people = {
        p.start_no: Person(p.start_no, p.name, p.title, p.federation, p.rating)
        for p in described.participants
    }
    cols = columns(standings.tiebreaks, standings.fide_types)
    lines = tuple(_line(row, people[row.start_no], cols, previous) for row in standings.rows)
    ranks = {row.start_no: row.rank for row in standings.rows}
    records = Records(described, people, ranks)
    updated = last_change_at(event)
    tournament, sections = _sections(event)
    rounds = _rounds(event, people, read)
    teams = (
        None if team_standings is None else build_team_state(event, people, team_standings, read)
    )
    played = _progress(read, rounds, teams)
    finished = progress.is_finished(event.rounds_planned, played)
    start, end = progress.shown_dates(event.start_date, event.end_date, played, finished=finished)
    return EventState(
        event_id=event.pk,
        slug=event.slug,
        name=event.name,
        location=event.location,
        start_date=start,
        end_date=end,
        rounds_planned=event.rounds_planned,
        version=event.version,
        updated_at=updated,
        standings=standings,
        columns=cols,
        lines=lines,
        rounds=rounds,
        people=people,
        records=records,
        teams=teams,
        prizes=prize_list(event, described, standings),
        tournament=tournament,
        sections=sections,
        finished=finished,
        tie_notes=tie_notes(standings, [line.cells for line in lines], cols),
        mirrored=is_mirrored(event),
    )


def _progress(
    read: EventRead, rounds: tuple[RoundView, ...], teams: TeamState | None
) -> list[progress.RoundProgress]:
    """Each published round's state, boards to come (its matches' too) and start."""
    to_come = {r.number: r.pending for r in rounds}
    for team_round in teams.rounds if teams is not None else ():
        to_come[team_round.number] += team_round.pending
    return [
        progress.RoundProgress(r.number, r.state, to_come[r.number], r.starts_at)
        for r in read.rounds
    ]


_earlier_ranks: OrderedDict[tuple[object, ...], dict[int, int]] = OrderedDict()  # _ranks_after's
_earlier_lock = threading.Lock()
EARLIER_KEPT = 16  # remembered per process (each holds its event cut: ~1 MB at 500 x 11)


def _ranks_after(
    described: engine.Event, through_round: int, tiebreaks: Sequence[str], rules: str
) -> dict[int, int]:
    """Each participant's rank after `through_round` (the movement arrows), remembered:
    a result entered in the current round does not change it, so the push after each one
    computes it again only when an earlier round changed. The key is the event cut to
    those rounds, compared whole, so any change to them (a result, a player, the list)
    is a miss."""
    earlier = dataclasses.replace(
        described,
        participants=tuple(
            dataclasses.replace(p, entries=p.entries[:through_round])
            for p in described.participants
        ),
    )
    key = (earlier, tuple(tiebreaks), rules, through_round)
    with _earlier_lock:
        ranks = _earlier_ranks.get(key)
        if ranks is not None:
            _earlier_ranks.move_to_end(key)
            return ranks
    standings = compute_standings(earlier, tiebreaks, rules=rules, through_round=through_round)
    ranks = {row.start_no: row.rank for row in standings.rows}
    with _earlier_lock:
        _earlier_ranks[key] = ranks
        while len(_earlier_ranks) > EARLIER_KEPT:
            _earlier_ranks.popitem(last=False)
    return ranks


def _sections(event: Event) -> tuple[SectionLink | None, tuple[SectionLink, ...]]:
    """The event's tournament and its sections, or (None, ()) for an event without them."""
    tournament = tournament_of(event)
    listed = tuple(SectionLink(s.slug, s.name) for s in sections_of(tournament))
    if not listed:
        return None, ()
    return SectionLink(tournament.slug, tournament.name), listed


def materialised(state: EventState) -> EventState:
    """The state with its explanations and records worked out, as the cache needs them
    (plain tuples).

    build_state() leaves them to the engine's lazy rows: the live fragments do not show
    them, and a push sends those before the state is cached."""
    rows = tuple(
        dataclasses.replace(r, explanations=tuple(r.explanations)) for r in state.standings.rows
    )
    standings = dataclasses.replace(state.standings, rows=rows)
    teams = state.teams.materialised() if state.teams is not None else None
    return dataclasses.replace(state, standings=standings, records=dict(state.records), teams=teams)


class Records(Mapping[int, tuple[GameLine, ...]]):
    """Each participant's rounds (player cards, crosstable), worked out when first read:
    the live fragments do not show them, and a push sends those first (materialised())."""

    def __init__(self, described: engine.Event, people: dict[int, Person], ranks: dict[int, int]):
        self._participants = {p.start_no: p for p in described.participants}
        self._scoring = described.scoring
        self._people = people
        self._ranks = ranks
        self._done: dict[int, tuple[GameLine, ...]] = {}

    def __getitem__(self, start_no: int) -> tuple[GameLine, ...]:
        if start_no not in self._done:
            participant = self._participants[start_no]
            self._done[start_no] = _record(participant, self._scoring, self._people, self._ranks)
        return self._done[start_no]

    def __iter__(self) -> Iterator[int]:
        return iter(self._participants)

    def __len__(self) -> int:
        return len(self._participants)


def _line(row: Row, person: Person, cols: tuple[Column, ...], previous: dict[int, int]) -> Line:
    cells = tuple(
        Cell(format_value(v), p, c)
        for v, p, c in zip(row.values, row.provisional, cols, strict=True)
    )
    before = previous.get(row.start_no)
    return Line(
        rank=row.rank,
        rank_provisional=row.rank_provisional,
        person=person,
        cells=cells,
        movement=None if before is None else before - row.rank,
    )


def _record(
    participant: engine.Participant,
    scoring: engine.Scoring,
    people: dict[int, Person],
    ranks: dict[int, int],
) -> tuple[GameLine, ...]:
    lines = []
    total = 0.0
    for entry in participant.entries:
        title: str | Promise
        if entry.opponent is None:
            shown, title = UNPLAYED.get(entry.code, (entry.code, terms.UNPLAYED))
        else:
            shown, title = OWN_RESULT.get(entry.code, (entry.code, ""))
        if entry.code != engine.PENDING:
            total += scoring.points(entry.code)
        opponent = people.get(entry.opponent) if entry.opponent is not None else None
        lines.append(
            GameLine(
                round=entry.round,
                colour=terms.COLOURS.get(entry.color or "", ""),
                opponent=opponent,
                opponent_rank=ranks.get(entry.opponent) if entry.opponent is not None else None,
                result=shown,
                result_title=title,
                points_after=total,
            )
        )
    return tuple(lines)


def _rounds(event: Event, people: dict[int, Person], read: EventRead) -> tuple[RoundView, ...]:
    number, start_no = read.round_number, read.start_no
    boards: dict[int, list[Board]] = {}
    # A team event's boards are its matches' (team_state).
    for round_id, match, board, white, black, result in read.games:  # by round and board
        if match is None:
            shown = RESULT_SHOWN[result] if result else ""
            seated = Board(
                board + event.board_offset,
                people[start_no[white]],
                people[start_no[black]],
                result,
                shown,
            )
            boards.setdefault(number[round_id], []).append(seated)
    byes: dict[int, list[Bye]] = {}
    for round_id, participant, kind in sorted(read.byes, key=lambda b: start_no[b[1]]):
        bye = Bye(people[start_no[participant]], UnplayedRound.Kind(kind).label, kind)
        byes.setdefault(number[round_id], []).append(bye)
    return tuple(
        RoundView(
            number=r.number,
            state=r.state,
            state_label=r.get_state_display(),
            boards=tuple(boards.get(r.number, ())),
            byes=tuple(byes.get(r.number, ())),
        )
        for r in read.rounds
    )
