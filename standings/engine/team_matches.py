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

Beside it, each match's board points for the board tie-breaks (Art. 12): boards numbered
by the players' order in the team among those in the line-up, a forfeited board as
awarded, a pending one 0 so far, a bye a win on every board.
"""

from __future__ import annotations

from dataclasses import dataclass

from .event import Event, Participant, RoundEntry, Scoring, Team
from .result_codes import FULL_BYE, NOT_IN_LINEUP, PAIRING_BYE, PENDING, PLAYED_CODES, SCORED_AS


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


@dataclass(frozen=True, slots=True)
class TeamMatches:
    """The team crosstable, each match's board points and the boards of a match."""

    rounds: dict[int, tuple[TeamRound, ...]]  # team number -> its rounds 1..n
    # team number -> per round: the points of each board of its match (None: no board),
    # boards in the players' order in the team among those in the line-up
    boards: dict[int, list[tuple[float, ...] | None]]
    board_count: int


def team_crosstable(event: Event, through_round: int) -> dict[int, tuple[TeamRound, ...]]:
    """Team number -> its rounds 1..through_round."""
    return team_matches(event, through_round).rounds


def team_matches(event: Event, through_round: int) -> TeamMatches:
    """The teams' rounds and boards, read in one pass over the players' rounds."""
    rounds = range(1, through_round + 1)
    seen = _rounds_once(event, through_round)
    count = max([event.boards, *(len(b) for rd in seen for b in rd.boards.values())])
    full = count * event.scoring.win
    byes = {(b.team, b.round): b for b in event.team_byes}
    forfeits = forfeited_matches(event)
    win, _, loss = event.match_points
    rows: dict[int, list[TeamRound]] = {t.number: [] for t in event.teams}
    boards: dict[int, list[tuple[float, ...] | None]] = {t.number: [] for t in event.teams}
    for r, rd in zip(rounds, seen, strict=True):
        for number, row in rows.items():
            board = rd.boards.get(number)
            if (number, r) in forfeits:
                opponent, won, lost = forfeits[number, r]
                row.append(
                    TeamRound(r, opponent, full * won, full * lost, win if won else loss, False)
                )
                boards[number].append((event.scoring.win if won else 0.0,) * count)
                continue
            game = rd.points.get(number, 0.0)
            met = rd.met.get(number)
            if met is not None and len(met) == 1:
                opponent = next(iter(met))
                theirs = rd.points.get(opponent, 0.0)
                left = rd.pending.get(number, 0) * event.scoring.win
                decided = not left or abs(game - theirs) > left
                match = _match(game, theirs, event) if decided else 0.0
                played = number in rd.over_the_board or opponent in rd.over_the_board
                row.append(TeamRound(r, opponent, game, theirs, match, played, decided))
            elif (number, r) in byes:
                bye = byes[number, r]
                row.append(TeamRound(r, None, game or bye.game_points, 0.0, bye.match_points))
                board = board or (event.scoring.win,) * count
            else:
                row.append(TeamRound(r, None, game, 0.0, 0.0))
            boards[number].append(board or None)
    return TeamMatches({n: tuple(row) for n, row in rows.items()}, boards, count)


def forfeited_matches(event: Event) -> dict[tuple[int, int], tuple[int, bool, bool]]:
    """(team, round) -> (opponent, won, opponent won) for every match forfeited as a whole."""
    out = {}
    for f in event.match_forfeits:
        out[f.white, f.round] = (f.black, f.code == "+-", f.code == "-+")
        out[f.black, f.round] = (f.white, f.code == "-+", f.code == "+-")
    return out


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


# The last pass of _rounds and what it read: a publish asks twice for the same players
# (the line-up length while reading the event, then the standings), on events that share
# their participants and teams (dataclasses.replace keeps them).
_last_pass: (
    tuple[tuple[Participant, ...], tuple[Team, ...], tuple[Scoring, int], list[_Round]] | None
) = None


def _rounds_once(event: Event, through_round: int) -> list[_Round]:
    global _last_pass
    last = _last_pass
    if (
        last is not None
        and last[0] is event.participants
        and last[1] is event.teams
        and last[2] == (event.scoring, through_round)
    ):
        return last[3]
    entries = {p.start_no: p.entries for p in event.participants}
    team_of = {m: t.number for t in event.teams for m in t.members}
    points_of = {c: event.scoring.points(c) for c in SCORED_AS}
    seen = _rounds(event.teams, entries, team_of, points_of, through_round)
    _last_pass = (event.participants, event.teams, (event.scoring, through_round), seen)
    return seen


@dataclass(slots=True)
class _Round:
    points: dict[int, float]  # game points of each team
    met: dict[int, set[int]]  # the teams its players met
    over_the_board: set[int]  # the teams with a board played over the board
    pending: dict[int, int]  # boards still to come
    boards: dict[int, tuple[float, ...]]  # the points of its line-up's boards


def _rounds(
    teams: tuple[Team, ...],
    entries: dict[int, tuple[RoundEntry, ...]],
    team_of: dict[int, int],
    points_of: dict[str, float],
    through_round: int,
) -> list[_Round]:
    """What each team's players did in rounds 1..through_round, one pass over their rounds."""
    out = [_Round({}, {}, set(), {}, {}) for _ in range(through_round)]
    played = PLAYED_CODES
    board_won_by_default = (FULL_BYE, PAIRING_BYE)
    for team in teams:
        number = team.number
        boards: list[list[float]] = [[] for _ in range(through_round)]
        games = [0.0] * through_round
        for start_no in team.members:
            for k, entry in enumerate(entries.get(start_no, ())[:through_round]):
                code, opponent = entry.code, entry.opponent
                rd = out[k]
                if code == PENDING:
                    if opponent is not None:
                        boards[k].append(0.0)
                        if opponent in team_of:
                            rd.pending[number] = rd.pending.get(number, 0) + 1
                            rd.met.setdefault(number, set()).add(team_of[opponent])
                    continue
                scored = points_of.get(code, 0.0)
                games[k] += scored
                if code in played:
                    rd.over_the_board.add(number)
                if opponent is not None:
                    boards[k].append(scored)
                    if opponent in team_of:
                        rd.met.setdefault(number, set()).add(team_of[opponent])
                elif code in board_won_by_default:
                    boards[k].append(scored)
        for k, rd in enumerate(out):
            rd.points[number] = games[k]
            if boards[k]:
                rd.boards[number] = tuple(boards[k])
    return out
