"""The match and game points a TRF-2026 team record (310) claims, checked against its boards.

Each round, a team's game points are its players' points on the boards (a board won
by default included); its opponent is the team its players met; the match is won,
drawn or lost on those game points and scores record 362's TW, TD, TL. A round
without opponent scores its bye: record 320's points for the pairing-allocated bye;
a 240 bye TW, TD or TL in match points and a win, a draw or nothing on each board in
game points, unless the players' cells already hold points for that round.

A 310 total that differs is a warning naming the team: as with a player's points
column, the boards are the record and the totals a summary of it.

Not checked (no warning) when the file has forfeited matches (330) or abnormal points
(299): how those score a match is the team engine's to say (issue 10), not the reader's.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..event import Participant, Scoring, Team, TeamBye
from ..phrases import phrase
from ..result_codes import PENDING
from .records import (
    DEFAULT_MATCH_POINTS,
    TrfBye,
    TrfForfeitedMatch,
    TrfTeamLine,
    TrfWarning,
    warning,
)

_BYE_SHARE = {"F": 0, "H": 1, "Z": 2}  # which of (win, draw, loss) a 240 bye scores
_TOLERANCE = 0.001


@dataclass(frozen=True, slots=True)
class TeamRecords:
    """The team records of a file, as the reader read them."""

    teams: tuple[Team, ...]
    lines: tuple[TrfTeamLine, ...]  # 310 extras
    byes: tuple[TrfBye, ...]  # 240
    pairing_byes: tuple[int, ...]  # 320: the team with the bye in each round, 0 for none
    pairing_bye_points: tuple[float, float] | None  # 320: match points, game points
    forfeits: tuple[TrfForfeitedMatch, ...]  # 330
    match_points: tuple[float, float, float] | None  # 362
    abnormal_points: bool  # the file has 299 records
    boards: int  # boards per match (352's length, else the largest team)


def check_team_scores(
    records: TeamRecords,
    participants: Iterable[Participant],
    scoring: Scoring,
    rounds: int,
    line_of: dict[int, int],
) -> list[TrfWarning]:
    """One entry for each 310 record whose match or game points the boards do not give.

    `line_of` is the line of each team's 310 record, by team number.
    """
    claimed = [t for t in records.lines if t.match_points is not None or t.game_points is not None]
    if not claimed or records.forfeits or records.abnormal_points:
        return []
    read = _scores(records, {p.start_no: p for p in participants}, scoring, rounds)
    warnings = []
    for line in claimed:
        mp, gp = read.get(line.number, (0.0, 0.0))
        differs = {
            what: {"said": _shown(said), "counted": _shown(counted)}
            for what, said, counted in (
                ("match_points", line.match_points, mp),
                ("game_points", line.game_points, gp),
            )
            if said is not None and abs(said - counted) > _TOLERANCE
        }
        if differs:
            name = next((t.name for t in records.teams if t.number == line.number), "")
            if len(differs) == 2:
                game = differs["game_points"]
                differences = phrase(
                    "trf.team_scores.both",
                    **differs["match_points"],
                    said_gp=game["said"],
                    counted_gp=game["counted"],
                )
            else:
                ((what, values),) = differs.items()
                differences = phrase(f"trf.team_scores.{what}", **values)
            said = phrase("trf.team_scores", team=line.number, name=name, differences=differences)
            warnings.append(warning(line_of.get(line.number, 0), said))
    return warnings


def team_byes(records: TeamRecords, scoring: Scoring, rounds: int) -> tuple[TeamBye, ...]:
    """The byes of records 320 and 240, as the engine's event holds them."""
    kinds = {(b.round, n): b.kind for b in records.byes for n in b.numbers}
    # 320 wins over 240 for the same team and round, as in _byes_of_round
    kinds.update({(r, n): "U" for r, n in enumerate(records.pairing_byes, 1) if n})
    return tuple(
        TeamBye(r, number, match, game, kinds.get((r, number), "U"))
        for r in range(1, rounds + 1)
        for number, (match, game) in sorted(_byes_of_round(records, scoring, r).items())
    )


def _scores(
    records: TeamRecords, people: dict[int, Participant], scoring: Scoring, rounds: int
) -> dict[int, tuple[float, float]]:
    """Each team's match and game points over the rounds, as its boards give them."""
    win, draw, loss = records.match_points or DEFAULT_MATCH_POINTS
    team_of = {m: t.number for t in records.teams for m in t.members}
    totals = {t.number: [0.0, 0.0] for t in records.teams}
    for r in range(1, rounds + 1):
        points, opponents = _round(records.teams, people, team_of, scoring, r)
        byes = _byes_of_round(records, scoring, r)
        for number, total in totals.items():
            game = points.get(number, 0.0)
            opponent = opponents.get(number)
            if opponent is not None:
                theirs = points.get(opponent, 0.0)
                total[0] += win if game > theirs else draw if game == theirs else loss
                total[1] += game
            elif number in byes:
                match, board = byes[number]
                total[0] += match
                total[1] += game if game else board
            else:
                total[1] += game
    return {n: (mp, gp) for n, (mp, gp) in totals.items()}


def _round(
    teams: tuple[Team, ...],
    people: dict[int, Participant],
    team_of: dict[int, int],
    scoring: Scoring,
    r: int,
) -> tuple[dict[int, float], dict[int, int]]:
    """Each team's game points in round r, and the team its players met (when one)."""
    points: dict[int, float] = {}
    met: dict[int, set[int]] = {}
    for team in teams:
        for start_no in team.members:
            p = people.get(start_no)
            entry = p.entry(r) if p is not None else None
            if entry is None or entry.code == PENDING:
                continue
            points[team.number] = points.get(team.number, 0.0) + scoring.points(entry.code)
            if entry.opponent is not None and entry.opponent in team_of:
                met.setdefault(team.number, set()).add(team_of[entry.opponent])
    return points, {n: next(iter(m)) for n, m in met.items() if len(m) == 1}


def _byes_of_round(
    records: TeamRecords, scoring: Scoring, r: int
) -> dict[int, tuple[float, float]]:
    """Team number -> (match points, game points) of the byes of round r."""
    shares = records.match_points or DEFAULT_MATCH_POINTS
    board_points = (scoring.win, scoring.draw, scoring.loss)
    byes = {}
    for bye in records.byes:
        if bye.round == r:
            share = _BYE_SHARE[bye.kind]
            for n in bye.numbers:
                byes[n] = (shares[share], board_points[share] * records.boards)
    paired = records.pairing_byes
    if r <= len(paired) and paired[r - 1]:
        byes[paired[r - 1]] = records.pairing_bye_points or (shares[0], 0.0)
    return byes


def _shown(value: float) -> str:
    return f"{value:.1f}"
