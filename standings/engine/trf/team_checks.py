"""What a team file must not say: a line-up longer than a match has boards, a board whose
two players are not of the two teams of a match. Each is a refusal naming the player's
line; the whole file is then refused, as for every malformed file.

(A player listed in two teams is refused where the teams are read, in the reader.)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from ..event import Participant, Team
from ..phrases import phrase
from .phrases import counted
from .records import TrfError


def check_lineups(
    teams: Iterable[Team],
    participants: Iterable[Participant],
    boards: int,
    line_of: dict[int, int],
    rounds: int,
) -> None:
    """Raise TrfError for the first line-up longer than `boards` (TRF 352; 0: not checked)
    and the first board paired across the wrong teams. `line_of`: start number -> 001 line."""
    teams = list(teams)
    if not teams:
        return
    from ..team_matches import in_lineup  # a team file's, not worth an individual one's start-up

    people = {p.start_no: p for p in participants}
    team_of = {m: t for t in teams for m in t.members}
    for r in range(1, rounds + 1):
        for team in teams:
            lineup = []
            for start_no in team.members:
                p = people.get(start_no)
                entry = p.entry(r) if p is not None else None
                if entry is not None and in_lineup(entry):
                    lineup.append((start_no, entry.opponent))
            if boards and len(lineup) > boards:
                extra = lineup[boards][0]
                said = counted(
                    "trf.lineup_too_long",
                    boards,
                    round=r,
                    team=team.number,
                    name=team.name,
                    count=len(lineup),
                    boards=boards,
                    player=extra,
                )
                raise TrfError(said, line_of.get(extra, 0))
            _check_opponents(team, lineup, team_of, line_of, r)


def _check_opponents(
    team: Team,
    lineup: list[tuple[int, int | None]],
    team_of: dict[int, Team],
    line_of: dict[int, int],
    r: int,
) -> None:
    met = [(me, opp, team_of.get(opp)) for me, opp in lineup if opp is not None]
    for me, opp, other in met:
        if other is team:
            said = phrase(
                "trf.own_team", round=r, player=me, opponent=opp, team=team.number, name=team.name
            )
            raise TrfError(said, line_of.get(me, 0))
    counted = Counter(other.number for _, _, other in met if other is not None)
    if len(counted) < 2:
        return
    (usual, _), *_ = counted.most_common()
    usual_name = next(o.name for _, _, o in met if o is not None and o.number == usual)
    for me, opp, other in met:
        if other is not None and other.number != usual:
            said = phrase(
                "trf.third_team",
                round=r,
                player=me,
                team=team.number,
                name=team.name,
                opponent=opp,
                other=other.number,
                other_name=other.name,
                usual=usual,
                usual_name=usual_name,
            )
            raise TrfError(said, line_of.get(me, 0))
