"""Team standings on a score basis, match or game points: the team crosstable as an
individual event, ranked by the individual engine unchanged.

Each team becomes a participant whose round is won, drawn or lost as its match was;
on match points it scores the event's TW/TD/TL, on game points its boards' points
(RoundEntry.points), a won match then being worth all boards. A team bye keeps its kind
(320: pairing-allocated) and the points of the basis. So PTS is MPTS (or GPTS), and BH,
SB, PS, WIN, KS, DE, AOB, FB ... run on that basis with Art. 16 for unplayed rounds.

Partial (issue 10): one basis per call (a list mixing `:MP` and `:GP` is refused), and
the team-only entries (MPVGP, BC, TBR, BBE, EDE, SSSC, the ESB family) are not yet in
the catalogue.
"""

from __future__ import annotations

from collections.abc import Sequence

from .event import Event, Participant, RoundEntry, Scoring, TeamBye
from .notation import SpecError, parse_spec
from .result import Standings
from .standings import compute_standings
from .team_matches import TeamRound, team_crosstable

_TEAM_ONLY = {"MPTS", "GPTS", "MPVGP", "BC", "TBR", "BBE", "EDE", "SSSC"}
_TEAM_ONLY |= {"EMMSB", "EMGSB", "EGMSB", "EGGSB"}


def compute_team_standings(
    event: Event,
    tiebreaks: Sequence[str],
    *,
    rules: str | None = None,
    through_round: int | None = None,
    basis: str = "MP",
) -> Standings:
    """Standings of the event's teams (`start_no` is the team number) on match points,
    or on game points with basis "GP"."""
    played = max((len(p.entries) for p in event.participants), default=0)
    last = played if through_round is None else through_round
    return compute_standings(
        team_event(event, last, basis),
        [_on_basis(text, basis) for text in tiebreaks],
        rules=rules,
        through_round=last,
    )


def team_event(event: Event, through_round: int, basis: str = "MP") -> Event:
    """The teams as participants of an individual event scored in match or game points."""
    table = team_crosstable(event, through_round)
    byes = {(b.team, b.round): b for b in event.team_byes}
    if basis == "GP":
        boards = max(
            (r.game_points + r.opponent_game_points for rs in table.values() for r in rs),
            default=0.0,
        )
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
        code = "1" if r.match_points == shares[0] else "=" if r.match_points == shares[1] else "0"
        return RoundEntry(r.round, r.opponent, None, code, points)
    if bye is not None:
        return RoundEntry(r.round, None, None, bye.code, points)
    return RoundEntry(r.round, None, None, "Z", points)


def _on_basis(text: str, basis: str) -> str:
    """The spec as the individual catalogue knows it: the basis's total is PTS, and the
    basis suffix is the default."""
    spec = parse_spec(text)
    other = "GP" if basis == "MP" else "MP"
    if spec.name in _TEAM_ONLY - {f"{basis}TS"} or spec.basis == other:
        raise SpecError(f"{text}: not yet computed for teams (issue 10)")
    if spec.name == f"{basis}TS":
        return "PTS"
    return text.replace(f":{basis}", "")
