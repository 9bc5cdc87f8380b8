"""The team crosstable: each team's matches round by round, read from its players' boards.

A team's game points in a round are its players' points on their boards; its opponent
is the one team its players met; the match is won, drawn or lost on those game points
and scores the event's match points (TRF record 362, by default TW 2 / TD 1 / TL 0).
A team bye (320, 240) scores its match points, and its game points unless the boards
already hold some.

A match in which no board was played over the board (every board forfeited) is an
unplayed match: `TeamRound.played` is False, and the team standings score it as a
forfeit won or lost.
"""

from __future__ import annotations

from dataclasses import dataclass

from .event import Event, Participant
from .result_codes import PENDING, PLAYED_CODES


@dataclass(frozen=True, slots=True)
class TeamRound:
    """One team's round: the team met (None: no match), game points both sides, match points."""

    round: int
    opponent: int | None
    game_points: float
    opponent_game_points: float
    match_points: float
    played: bool = True  # a board of the match was played over the board


def team_crosstable(event: Event, through_round: int) -> dict[int, tuple[TeamRound, ...]]:
    """Team number -> its rounds 1..through_round."""
    people = {p.start_no: p for p in event.participants}
    team_of = {m: t.number for t in event.teams for m in t.members}
    rows: dict[int, list[TeamRound]] = {t.number: [] for t in event.teams}
    byes = {(b.team, b.round): b for b in event.team_byes}
    for r in range(1, through_round + 1):
        points, met, over_the_board = _round(event, people, team_of, r)
        for number, row in rows.items():
            game = points.get(number, 0.0)
            opponent = met.get(number)
            if opponent is not None:
                theirs = points.get(opponent, 0.0)
                match = _match(game, theirs, event)
                played = number in over_the_board or opponent in over_the_board
                row.append(TeamRound(r, opponent, game, theirs, match, played))
            elif (number, r) in byes:
                bye = byes[number, r]
                row.append(TeamRound(r, None, game or bye.game_points, 0.0, bye.match_points))
            else:
                row.append(TeamRound(r, None, game, 0.0, 0.0))
    return {n: tuple(row) for n, row in rows.items()}


def totals(rounds: tuple[TeamRound, ...]) -> tuple[float, float]:
    """A team's match and game points over its rounds."""
    return sum(r.match_points for r in rounds), sum(r.game_points for r in rounds)


def _match(game: float, theirs: float, event: Event) -> float:
    win, draw, loss = event.match_points
    return win if game > theirs else draw if game == theirs else loss


def _round(
    event: Event, people: dict[int, Participant], team_of: dict[int, int], r: int
) -> tuple[dict[int, float], dict[int, int], set[int]]:
    """Each team's game points in round r, the team its players met (when exactly one),
    and the teams with a board played over the board."""
    points: dict[int, float] = {}
    met: dict[int, set[int]] = {}
    over_the_board: set[int] = set()
    for team in event.teams:
        for start_no in team.members:
            p = people.get(start_no)
            entry = p.entry(r) if p is not None else None
            if entry is None or entry.code == PENDING:
                continue
            points[team.number] = points.get(team.number, 0.0) + event.scoring.points(entry.code)
            if entry.code in PLAYED_CODES:
                over_the_board.add(team.number)
            if entry.opponent is not None and entry.opponent in team_of:
                met.setdefault(team.number, set()).add(team_of[entry.opponent])
    return points, {n: next(iter(m)) for n, m in met.items() if len(m) == 1}, over_the_board
