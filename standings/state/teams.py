"""What the public pages of a team event show besides the players: teams, their matches
round by round, team standings, each team's record and rosters, read once per version.

Team standings are the engine's team rows (`compute_standings` of the team event, on the
event's team tie-break list): rank, match and game points and each tie-break with its type
and provisional mark; the team page explains every value from the engine's contributions.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, replace

from django.utils.functional import Promise

from standings.engine.event import Scoring
from standings.engine.pickled import quick_pickle
from standings.engine.result import Contribution, Row, Standings
from standings.engine.result_codes import GAME_CODES, PENDING
from standings.events.match_score import half, match_points, match_score
from standings.events.models import RESULT_SHOWN, Event, TeamBye
from standings.events.snapshot import EventRead, scoring, team_bye_points
from standings.wording import terms

from .labels import Column, columns
from .parts import Board, Cell, Person, format_value
from .rounds import MatchView, RoundView, TeamByeView, TeamRef
from .ties import TieNote, tie_notes

# A team bye's kind in the reader's language (lazy: the state is shared by every language).
BYE_LABELS = {code: terms.BYE_KINDS.get(code, label) for code, label in TeamBye.Kind.choices}


@quick_pickle
@dataclass(frozen=True, slots=True)
class TeamLine:
    """One row of the team standings."""

    rank: int
    rank_provisional: bool
    team: TeamRef
    cells: tuple[Cell, ...]
    values: tuple[float | None, ...]  # what the cells show, as numbers

    @property
    def signature(self) -> str:
        values = "|".join(f"{c.text}{'p' if c.provisional else ''}" for c in self.cells)
        return f"{self.rank}{'p' if self.rank_provisional else ''}|{values}"


@quick_pickle
@dataclass(frozen=True, slots=True)
class TeamMatchLine:
    """One round of a team's record: its match (own score first) or its bye."""

    round: int
    opponent: TeamRef | None
    home: bool
    shown: str | Promise  # "2½–1½", "+/−", a bye's kind (translated when shown)
    mp: float | None  # None until the match is decided
    gp: float

    @property
    def match_points(self) -> str:
        return "" if self.mp is None else half(self.mp)

    @property
    def game_points(self) -> str:
        return half(self.gp)


@quick_pickle
@dataclass(frozen=True, slots=True)
class PlayerGame:
    round: int
    board: int
    colour: str  # "white" or "black"
    opponent: Person
    shown: str  # the player's own result: "1", "½", "0", "+", "−", "…"
    title: str | Promise  # "win" (translated when shown)
    points: float  # 0 while pending
    code: str  # the player's TRF result code, `PENDING` while pending
    over_the_board: bool  # played, not forfeited nor pending


@quick_pickle
@dataclass(frozen=True, slots=True)
class Member:
    """A roster entry of a team page: the player, board order, games and score."""

    person: Person
    board_order: int | None
    games: tuple[PlayerGame, ...]
    score: float  # points over the board and by forfeit

    @property
    def score_shown(self) -> str:
        return format_value(self.score)

    @property
    def entered(self) -> int:
        """Games with a result (a pending board is not counted yet)."""
        return sum(1 for g in self.games if g.code != PENDING)


@quick_pickle
@dataclass(frozen=True, slots=True)
class TeamExplained:
    """One team value with how it is made up, round by round."""

    column: Column
    value: str
    provisional: bool
    contributions: tuple[tuple[Contribution, TeamRef | None], ...]


@quick_pickle
@dataclass(frozen=True, slots=True)
class TeamState:
    teams: dict[int, TeamRef]
    columns: tuple[Column, ...]
    lines: tuple[TeamLine, ...]
    standings: Standings  # the engine's team rows, `start_no` the team number
    rounds: tuple[RoundView, ...]
    squads: dict[int, tuple[tuple[Person, int | None], ...]]  # members and their board order
    records: dict[int, tuple[TeamMatchLine, ...]]
    boards: int  # boards per match (the most any match has)
    min_games: int  # games a player needs to be ranked on a board
    scoring: Scoring  # game points of a board (TRF 162)
    # Teams equal on every column yet ranked apart, and what placed them (state.ties).
    tie_notes: tuple[TieNote, ...] = ()

    @property
    def provisional(self) -> bool:
        return any(c.provisional for line in self.lines for c in line.cells)

    def materialised(self) -> TeamState:
        """With the engine's explanations worked out (plain tuples), as the cache holds it."""
        rows = tuple(replace(r, explanations=tuple(r.explanations)) for r in self.standings.rows)
        return replace(self, standings=replace(self.standings, rows=rows))

    def rosters(self, team: int | None = None) -> dict[int, tuple[Member, ...]]:
        """Every team's members (or one team's) with their games, board by board: worked
        out when a page shows them, not on every push."""
        wanted = {
            p.start_no for n, squad in self.squads.items() if team in (None, n) for p, _ in squad
        }
        played: dict[int, list[PlayerGame]] = defaultdict(list)
        for rnd in self.rounds:
            for match in rnd.matches:
                for b in match.boards:
                    sides = ((b.white, b.black, "white", 0), (b.black, b.white, "black", 1))
                    for me, other, colour, index in sides:
                        if me.start_no not in wanted:
                            continue
                        own = GAME_CODES[b.result[index] if b.result else PENDING]
                        scored = self.scoring.points(own.code) if b.result else 0.0
                        played[me.start_no].append(
                            PlayerGame(
                                rnd.number,
                                b.number,
                                colour,
                                other,
                                own.shown,
                                terms.RESULT_TITLES.get(own.code, own.title),
                                scored,
                                own.code,
                                own.over_the_board,
                            )
                        )
        rosters = {}
        for number, squad in self.squads.items():
            if team in (None, number):
                rosters[number] = tuple(
                    Member(
                        p, order, games := tuple(played[p.start_no]), sum(g.points for g in games)
                    )
                    for p, order in squad
                )
        return rosters

    def to_json(self) -> dict[str, object]:
        """The team standings in the shape of the tie-break command (`start_no` is the team
        number)."""
        return self.standings.to_json()

    def team_of(self, start_no: int) -> tuple[TeamRef, int | None] | None:
        """A player's team and their place in its roster, None when in none."""
        for number, squad in self.squads.items():
            for person, order in squad:
                if person.start_no == start_no:
                    return self.teams[number], order
        return None

    def explained(self, number: int) -> tuple[TeamExplained, ...]:
        """How each value of the team's row is made up (on its page, not on a push)."""
        line = self.line(number)
        row = next((r for r in self.standings.rows if r.start_no == number), None)
        if line is None or row is None:
            return ()
        return tuple(
            TeamExplained(
                cell.column,
                cell.text,
                cell.provisional,
                tuple(
                    (c, self.teams.get(c.opponent) if c.opponent is not None else None)
                    for c in contributions
                ),
            )
            for cell, contributions in zip(line.cells, row.explanations, strict=True)
        )

    def round(self, number: int) -> RoundView | None:
        return next((r for r in self.rounds if r.number == number), None)

    def line(self, number: int) -> TeamLine | None:
        return next((li for li in self.lines if li.team.number == number), None)

    def crosstable(self) -> list[tuple[TeamLine, list[tuple[TeamMatchLine, int | None]]]]:
        """Each team in rank order with its rounds and each opponent's rank."""
        ranks = {line.team.number: line.rank for line in self.lines}
        return [
            (
                line,
                [
                    (m, ranks.get(m.opponent.number) if m.opponent else None)
                    for m in self.records[line.team.number]
                ],
            )
            for line in self.lines
        ]


def build_team_state(
    event: Event, people: dict[int, Person], standings: Standings, read: EventRead
) -> TeamState:
    """The teams, matches and team byes of the published rounds, from the read the engine's
    description was made of (`read`, snapshot.read_event); the team standings are the
    engine's (`standings`)."""
    teams = {t.pk: TeamRef(t.number, t.name) for t in read.teams}
    number, start_no = read.round_number, read.start_no
    team_of = {p["id"]: p["team_id"] for p in read.participants}
    game, points = scoring(event), match_points(event)
    boards_of: dict[int, list[Board]] = defaultdict(list)
    white_home: dict[int, list[tuple[str, bool]]] = defaultdict(list)
    home_of = {m[0]: m[3] for m in read.matches}
    in_matches: list[tuple[int, int, int, int, str]] = []
    for _round, match, board, white, black, result in read.games:
        if match is not None:
            in_matches.append((match, board, white, black, result))
    in_matches.sort(key=lambda g: (g[0], g[1]))  # each match's boards in order
    for match_id, board, white, black, result in in_matches:
        shown = RESULT_SHOWN[result] if result else ""
        seated = Board(board, people[start_no[white]], people[start_no[black]], result, shown)
        boards_of[match_id].append(seated)
        white_home[match_id].append((result, team_of[white] == home_of[match_id]))
    by_round: dict[int, list[MatchView]] = defaultdict(list)
    for match_id, round_id, table, home_id, away_id, forfeit in read.matches:
        score = match_score(white_home[match_id], forfeit=forfeit, game=game, points=points)
        view = MatchView(table, teams[home_id], teams[away_id], score, tuple(boards_of[match_id]))
        by_round[number[round_id]].append(view)
    byes: dict[int, list[TeamByeView]] = defaultdict(list)
    for round_id, team_id, kind in read.team_byes:
        byes[number[round_id]].append(TeamByeView(teams[team_id], kind, BYE_LABELS[kind]))
    team_rounds = tuple(
        RoundView(
            r.number,
            r.state,
            r.get_state_display(),
            matches=tuple(sorted(by_round[r.number], key=lambda m: m.table)),
            team_byes=tuple(sorted(byes[r.number], key=lambda b: b.team.number)),
        )
        for r in read.rounds
    )
    boards = max((len(b) for b in boards_of.values()), default=0)
    records = _records(teams.values(), team_rounds, event, boards)
    by_number = {t.number: t for t in teams.values()}
    cols = columns(standings.tiebreaks, standings.fide_types)
    lines = tuple(_line(row, by_number[row.start_no], cols) for row in standings.rows)
    return TeamState(
        teams=by_number,
        columns=cols,
        lines=lines,
        standings=standings,
        rounds=team_rounds,
        squads=_squads(read, teams, people),
        records=records,
        boards=boards,
        min_games=event.board_ranking_min_games,
        scoring=game,
        tie_notes=tie_notes(standings, [line.cells for line in lines], cols),
    )


def _records(
    teams: Iterable[TeamRef], rounds: Iterable[RoundView], event: Event, boards: int
) -> dict[int, tuple[TeamMatchLine, ...]]:
    """Each team's rounds: its match, seen from its side, or its bye."""
    records: dict[int, list[TeamMatchLine]] = {t.number: [] for t in teams}
    for rnd in rounds:
        for m in rnd.matches:
            s = m.score
            for own, other, home in ((m.home, m.away, True), (m.away, m.home, False)):
                mine, mp = (s.home, s.home_mp) if home else (s.away, s.away_mp)
                shown = s.seen_from(home=home)
                records[own.number].append(TeamMatchLine(rnd.number, other, home, shown, mp, mine))
        for bye in rnd.team_byes:
            mp, gp = team_bye_points(bye.code, event, boards)
            records[bye.team.number].append(TeamMatchLine(rnd.number, None, True, bye.kind, mp, gp))
    return {number: tuple(lines) for number, lines in records.items()}


def _line(row: Row, team: TeamRef, cols: tuple[Column, ...]) -> TeamLine:
    cells = tuple(
        Cell(format_value(v), p, c)
        for v, p, c in zip(row.values, row.provisional, cols, strict=True)
    )
    return TeamLine(row.rank, row.rank_provisional, team, cells, row.values)


def _squads(
    read: EventRead, teams: dict[int, TeamRef], people: dict[int, Person]
) -> dict[int, tuple[tuple[Person, int | None], ...]]:
    """Each team's members in board order (read.members is in that order), by team number."""
    squads: dict[int, list[tuple[Person, int | None]]] = defaultdict(list)
    for team_id, start_no, order in read.members:
        squads[teams[team_id].number].append((people[start_no], order))
    return {number: tuple(squads[number]) for number in sorted(squads)}
