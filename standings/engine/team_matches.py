"""The team crosstable: each team's matches round by round, read from its players' boards.

A team's game points in a round are its players' points on their boards; its opponent
is the one team its players met; the match is won, drawn or lost on those game points
and scores the event's match points (TRF record 362, by default TW 2 / TD 1 / TL 0).
A team bye (320, 240) scores its match points, and its game points unless the boards
already hold some.

A match in which no board was played over the board (every board forfeited) is an
unplayed match: `TeamRound.played` is False, and the team standings score it as a
forfeit won or lost. A match whose boards still to come could change it is not decided
yet: no match points, and a pending round in the team standings (its game points so far
count). A match forfeited as a whole (TRF 330, `Event.match_forfeits`) gives the winner
every board and the match points of a win, whatever its boards hold.
"""

from __future__ import annotations

from dataclasses import dataclass

from .event import Event, Participant, RoundEntry
from .result_codes import FULL_BYE, NOT_IN_LINEUP, PAIRING_BYE, PENDING, PLAYED_CODES


@dataclass(frozen=True, slots=True)
class TeamRound:
    """One team's round: the team met (None: no match), game points both sides, match points."""

    round: int
    opponent: int | None
    game_points: float
    opponent_game_points: float
    match_points: float
    played: bool = True  # a board of the match was played over the board
    decided: bool = True  # False while boards to come could still change the match


def team_crosstable(event: Event, through_round: int) -> dict[int, tuple[TeamRound, ...]]:
    """Team number -> its rounds 1..through_round."""
    people = {p.start_no: p for p in event.participants}
    team_of = {m: t.number for t in event.teams for m in t.members}
    rows: dict[int, list[TeamRound]] = {t.number: [] for t in event.teams}
    byes = {(b.team, b.round): b for b in event.team_byes}
    forfeits = forfeited_matches(event)
    full = match_boards(event, through_round) * event.scoring.win
    for r in range(1, through_round + 1):
        points, met, over_the_board, pending = _round(event, people, team_of, r)
        for number, row in rows.items():
            if (number, r) in forfeits:
                opponent, won, lost = forfeits[number, r]
                mp = event.match_points[0] if won else event.match_points[2]
                row.append(TeamRound(r, opponent, full * won, full * lost, mp, False))
                continue
            game = points.get(number, 0.0)
            met_team = met.get(number)
            if met_team is not None:
                opponent = met_team
                theirs = points.get(opponent, 0.0)
                left = pending.get(number, 0) * event.scoring.win
                decided = not left or abs(game - theirs) > left
                match = _match(game, theirs, event) if decided else 0.0
                played = number in over_the_board or opponent in over_the_board
                row.append(TeamRound(r, opponent, game, theirs, match, played, decided))
            elif (number, r) in byes:
                bye = byes[number, r]
                row.append(TeamRound(r, None, game or bye.game_points, 0.0, bye.match_points))
            else:
                row.append(TeamRound(r, None, game, 0.0, 0.0))
    return {n: tuple(row) for n, row in rows.items()}


def forfeited_matches(event: Event) -> dict[tuple[int, int], tuple[int, bool, bool]]:
    """(team, round) -> (opponent, won, opponent won) for every match forfeited as a whole."""
    out = {}
    for f in event.match_forfeits:
        out[f.white, f.round] = (f.black, f.code == "+-", f.code == "-+")
        out[f.black, f.round] = (f.white, f.code == "-+", f.code == "+-")
    return out


def match_boards(event: Event, through_round: int) -> int:
    """Boards of a match: the event's (TRF 352), or the longest line-up of any round when
    that is longer."""
    people = {p.start_no: p for p in event.participants}
    longest = event.boards
    for team in event.teams:
        for r in range(1, through_round + 1):
            lineup = 0
            for start_no in team.members:
                p = people.get(start_no)
                entry = p.entry(r) if p is not None else None
                if entry is not None and in_lineup(entry):
                    lineup += 1
            longest = max(longest, lineup)
    return longest


def in_lineup(entry: RoundEntry) -> bool:
    """The player took a board of the team's match: paired (played, forfeited or pending)
    or won by default without an opponent."""
    if entry.code in (NOT_IN_LINEUP, PENDING):
        return entry.code == PENDING and entry.opponent is not None
    return entry.opponent is not None or entry.code in (FULL_BYE, PAIRING_BYE)


def totals(rounds: tuple[TeamRound, ...]) -> tuple[float, float]:
    """A team's match and game points over its rounds."""
    return sum(r.match_points for r in rounds), sum(r.game_points for r in rounds)


def _match(game: float, theirs: float, event: Event) -> float:
    win, draw, loss = event.match_points
    return win if game > theirs else draw if game == theirs else loss


def _round(
    event: Event, people: dict[int, Participant], team_of: dict[int, int], r: int
) -> tuple[dict[int, float], dict[int, int], set[int], dict[int, int]]:
    """Each team's game points in round r, the team its players met (when exactly one),
    the teams with a board played over the board, and each team's boards still pending."""
    points: dict[int, float] = {}
    met: dict[int, set[int]] = {}
    over_the_board: set[int] = set()
    pending: dict[int, int] = {}
    for team in event.teams:
        for start_no in team.members:
            p = people.get(start_no)
            entry = p.entry(r) if p is not None else None
            if entry is None:
                continue
            if entry.code == PENDING:
                if entry.opponent is not None and entry.opponent in team_of:
                    pending[team.number] = pending.get(team.number, 0) + 1
                    met.setdefault(team.number, set()).add(team_of[entry.opponent])
                continue
            points[team.number] = points.get(team.number, 0.0) + event.scoring.points(entry.code)
            if entry.code in PLAYED_CODES:
                over_the_board.add(team.number)
            if entry.opponent is not None and entry.opponent in team_of:
                met.setdefault(team.number, set()).add(team_of[entry.opponent])
    met_one = {n: next(iter(m)) for n, m in met.items() if len(m) == 1}
    return points, met_one, over_the_board, pending
