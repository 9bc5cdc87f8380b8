"""Teams ranked by the one engine: each score basis (match points, game points) is an
individual event of the teams, and the catalogue reads whichever basis a spec names.

Each team becomes a participant whose round is won, drawn or lost as its match was; on
match points it scores the event's TW/TD/TL, on game points its boards' points
(RoundEntry.points), a won match then being worth all boards. A match in which no board
was played over the board is a forfeit won or lost; a team bye keeps its kind (320:
pairing-allocated) and the points of the basis. So PTS on a basis is MPTS (or GPTS), and
BH, SB, PS, WIN, KS, DE, AOB, FB ... run on either basis with Art. 16 for unplayed
rounds (Art. 13). The team-only entries (catalogue/teams.py) read both bases and the
board points kept beside them (`Crosstable.boards`).

The primary score is the first of PTS, MPTS, GPTS in the list (PTS and none mean match
points); it ranks first and is the basis of every spec that names none.
"""

from __future__ import annotations

from collections.abc import Sequence

from .crosstable import Crosstable
from .event import Event, Participant, RoundEntry, Scoring, TeamBye
from .notation import SCORES, parse_spec
from .result_codes import PENDING
from .team_matches import TeamMatches, TeamRound, team_matches


def primary_basis(texts: Sequence[str]) -> str:
    """ "MP" or "GP": the basis of the first of PTS/MPTS/GPTS in the list (MP by default)."""
    for text in texts:
        name = parse_spec(text).name
        if name in SCORES:
            return SCORES[name] or "MP"
    return "MP"


def team_tables(event: Event, through_round: int, edition: str, primary: str) -> Crosstable:
    """The crosstable of the primary basis, holding both bases and the board points."""
    matches = team_matches(event, through_round)
    tables = {
        basis: Crosstable(team_event(event, through_round, basis, matches), through_round, edition)
        for basis in ("MP", "GP")
    }
    boards = [matches.boards[t.number] for t in event.teams]
    for basis, table in tables.items():
        table.bases = tables
        table.primary = primary
        table.boards = boards
        table.board_count = matches.board_count
        table.basis = basis
        table.board_win = event.scoring.win
    return tables[primary]


def team_event(
    event: Event, through_round: int, basis: str = "MP", matches: TeamMatches | None = None
) -> Event:
    """The teams as participants of an individual event scored in match or game points."""
    if matches is None:
        matches = team_matches(event, through_round)
    table = matches.rounds
    byes = {(b.team, b.round): b for b in event.team_byes}
    if basis == "GP":
        boards = matches.board_count
        win, draw, loss = boards * event.scoring.win, boards * event.scoring.draw, 0.0
        bye_points = {b.code: b.game_points for b in event.team_byes}
    else:
        win, draw, loss = event.match_points
        bye_points = {b.code: b.match_points for b in event.team_byes}
    teams = tuple(
        Participant(
            team.number,
            team.name,
            entries=tuple(
                _entry(r, byes.get((team.number, r.round)), event.match_points, basis)
                for r in table[team.number]
            ),
        )
        for team in event.teams
    )
    scoring = Scoring(
        win=win,
        draw=draw,
        loss=loss,
        pairing_bye=bye_points.get("U", win),
        full_bye=bye_points.get("F", win),
        half_bye=bye_points.get("H", draw),
        zero_bye=bye_points.get("Z", loss),
        forfeit_win=win,
        forfeit_loss=loss,
    )
    return Event(
        name=event.name,
        participants=teams,
        rounds=event.rounds,
        system=event.system,
        scoring=scoring,
        start_date=event.start_date,
        closed_rounds=event.closed_rounds,
        lots_seed=event.lots_seed,
        shared_places=event.shared_places,
    )


def _entry(
    r: TeamRound, bye: TeamBye | None, shares: tuple[float, float, float], basis: str
) -> RoundEntry:
    points = r.game_points if basis == "GP" else None
    if r.opponent is not None:
        if not r.decided:
            return RoundEntry(r.round, r.opponent, None, PENDING, points)
        if not r.played:
            code = "+" if r.game_points > r.opponent_game_points else "-"
        else:
            won, drawn = r.match_points == shares[0], r.match_points == shares[1]
            code = "1" if won else "=" if drawn else "0"
        return RoundEntry(r.round, r.opponent, None, code, points)
    if bye is not None:
        return RoundEntry(r.round, None, None, bye.code, points)
    return RoundEntry(r.round, None, None, "Z", points)
