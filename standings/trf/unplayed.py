"""TRF records 320, 330 and 240 into the database: team byes, forfeited matches, byes ahead.

What each record becomes:
- 320 (pairing-allocated team byes): a `TeamBye` of kind U per round, and its match
  and game points on the event (`team_bye_match_points`, `team_bye_game_points`);
- 330 (a team match forfeited as a whole): `Match.forfeit`, on the round's match
  between the two teams, or on a match without games created for it;
- 240 (F, H, Z byes) of a team: a `TeamBye` in a round the file pairs, a
  `ByeRequest` for a later round; of a player: in a round the file pairs it says
  what the player's 001 cell says (checked, nothing stored), for a later round a
  `ByeRequest`;
- a player's F, H or Z cell in a round after the last one the file pairs (JaVaFo's
  input before it pairs the next round): a `ByeRequest` too.
Requests for a round that is now paired are dropped: the pairings have the say.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal

from django.db import models
from django.utils.translation import gettext

from standings.engine.trf import TrfBye, TrfError, TrfFile
from standings.events.models import ByeRequest, Event, Match, Participant, Round, Team, TeamBye
from standings.wording.unplayed import BYE_NAMES, FORFEIT_NAMES

FLIPPED = {"+-": "-+", "-+": "+-", "--": "--"}


@dataclass
class PlannedTeamBye:
    round: int
    team: int
    kind: str  # a `TeamBye.Kind` value
    line: int  # of its record (320 or 240) in the file, for messages


@dataclass
class PlannedForfeit:
    round: int
    white: int  # team numbers
    black: int
    kind: str  # "+-", "-+" or "--", white's team first
    line: int  # of its record (330) in the file, for messages


@dataclass
class PlannedRequest:
    round: int
    number: int  # start number, or team number in a team event
    kind: str  # a `ByeRequest.Kind` value


@dataclass
class UnplayedPlan:
    team_event: bool = False
    bye_points: tuple[float, float] | None = None  # 320: match points, game points
    bye_points_line: int = 0
    team_byes: list[PlannedTeamBye] = field(default_factory=list)
    forfeits: list[PlannedForfeit] = field(default_factory=list)
    requests: list[PlannedRequest] = field(default_factory=list)


@dataclass
class UnplayedCounts:
    team_byes_added: int = 0
    forfeited_matches: int = 0
    bye_requests: int = 0


# Reading the records into a plan (no database)


def plan_unplayed(trf: TrfFile, byes_by_round: dict[int, dict[int, str]]) -> UnplayedPlan:
    """The records as a plan, checked against the file's pairings.

    `byes_by_round` is round -> start number -> `UnplayedRound.Kind`, as planned
    from the 001 cells.
    """
    header, paired = trf.header, trf.rounds_paired
    team_event = bool(trf.event.teams)
    met = _teams_met(trf)
    plan = UnplayedPlan(
        team_event=team_event,
        bye_points=header.team_bye_points,
        bye_points_line=header.team_byes_line,
    )
    for number, team in enumerate(header.team_byes, start=1):
        if team:
            plan.team_byes.append(
                PlannedTeamBye(number, team, TeamBye.Kind.PAIRING_BYE, header.team_byes_line)
            )
    if not team_event:
        plan.requests += _requests_in_cells(trf, paired)
    asked = {(r.round, r.number) for r in plan.requests}
    for bye in header.byes:
        for n in bye.numbers:
            if bye.round > paired:
                if (bye.round, n) not in asked:
                    plan.requests.append(PlannedRequest(bye.round, n, bye.kind))
            elif team_event:
                plan.team_byes.append(PlannedTeamBye(bye.round, n, bye.kind, bye.line))
            else:
                _check_player_bye(bye, n, byes_by_round.get(bye.round, {}))
    busy: dict[tuple[int, int], str] = {}  # (round, team) -> what it does, for messages
    for b in plan.team_byes:
        if b.round > paired:
            raise TrfError(
                gettext(
                    "record 320 gives team %(team)s a bye in round %(round)s, but the file"
                    " pairs rounds 1-%(paired)s only"
                )
                % {"team": b.team, "round": b.round, "paired": paired},
                b.line,
            )
        _claim(busy, b.round, b.team, gettext("a bye (%(kind)s)") % {"kind": b.kind}, b.line)
        played = met(b.round, b.team)
        if played:
            raise TrfError(
                gettext(
                    "round %(round)s: team %(team)s has a bye (%(kind)s) but its players have"
                    " games against team %(teams)s"
                )
                % {"round": b.round, "team": b.team, "kind": b.kind, "teams": _listed(played)},
                b.line,
            )
    for m in header.forfeited_matches:
        if m.round > paired:
            raise TrfError(
                gettext(
                    "record 330 forfeits team %(white)s - team %(black)s in round %(round)s,"
                    " but the file pairs rounds 1-%(paired)s only"
                )
                % {"white": m.white, "black": m.black, "round": m.round, "paired": paired},
                m.line,
            )
        if m.white == m.black:
            raise TrfError(
                gettext("record 330 pairs team %(team)s with itself in round %(round)s")
                % {"team": m.white, "round": m.round},
                m.line,
            )
        for team, other in ((m.white, m.black), (m.black, m.white)):
            doing = gettext("a forfeited match against team %(team)s") % {"team": other}
            _claim(busy, m.round, team, doing, m.line)
            others = met(m.round, team) - {other}
            if others:
                raise TrfError(
                    gettext(
                        "record 330 forfeits team %(white)s - team %(black)s in round"
                        " %(round)s, but team %(team)s's players have games against team"
                        " %(teams)s"
                    )
                    % {
                        "white": m.white,
                        "black": m.black,
                        "round": m.round,
                        "team": team,
                        "teams": _listed(others),
                    },
                    m.line,
                )
        plan.forfeits.append(PlannedForfeit(m.round, m.white, m.black, m.kind, m.line))
    return plan


def _requests_in_cells(trf: TrfFile, paired: int) -> list[PlannedRequest]:
    """The F, H and Z cells of the rounds after the last one the file pairs."""
    kinds = set(ByeRequest.Kind.values)
    return [
        PlannedRequest(e.round, p.start_no, e.code)
        for p in trf.event.participants
        for e in p.entries[paired:]
        if e.code in kinds
    ]


def _check_player_bye(bye: TrfBye, start_no: int, byes: dict[int, str]) -> None:
    """A player's 240 bye in a paired round must be what the 001 cell says."""
    has = byes.get(start_no)
    # A blank cell or a line that stops early are zero-point byes too.
    if has == bye.kind or (bye.kind == "Z" and has == "-"):
        return
    said = {"player": start_no, "kind": bye.kind, "round": bye.round, "has": has}
    if has:
        text = gettext(
            "record 240 gives player %(player)s a bye (%(kind)s) in round %(round)s, but the"
            " player's record (001) has a bye (%(has)s)"
        )
    else:
        text = gettext(
            "record 240 gives player %(player)s a bye (%(kind)s) in round %(round)s, but the"
            " player's record (001) has a game"
        )
    raise TrfError(text % said, bye.line)


def _teams_met(trf: TrfFile) -> Callable[[int, int], set[int]]:
    """(round, team) -> the teams its players meet in that round (0: a player of no team)."""
    team_of = {m: t.number for t in trf.event.teams for m in t.members}
    members = {t.number: t.members for t in trf.event.teams}
    opponents = {
        (e.round, p.start_no): e.opponent
        for p in trf.event.participants
        for e in p.entries
        if e.opponent is not None
    }

    def met(round_no: int, team_no: int) -> set[int]:
        return {
            team_of.get(opponents[(round_no, m)], 0)
            for m in members.get(team_no, ())
            if (round_no, m) in opponents
        }

    return met


def _claim(
    busy: dict[tuple[int, int], str], round_no: int, team: int, doing: str, line: int
) -> None:
    if (round_no, team) in busy:
        raise TrfError(
            gettext(
                "round %(round)s: team %(team)s has %(first)s and %(second)s (records 320,"
                " 330, 240)"
            )
            % {"round": round_no, "team": team, "first": busy[(round_no, team)], "second": doing},
            line,
        )
    busy[(round_no, team)] = doing


def _listed(numbers: set[int]) -> str:
    return ", ".join(str(n) for n in sorted(numbers))


# Writing the plan into the database (inside the import's transaction)


def store_unplayed(
    event: Event,
    plan: UnplayedPlan,
    people: dict[int, Participant],
    teams: dict[int, Team],
) -> UnplayedCounts:
    """Merge the plan into the event; a stored value the file contradicts is refused."""
    counts = UnplayedCounts()
    rounds = {r.number: r for r in event.round_set.all()}
    _store_bye_points(event, plan.bye_points, plan.bye_points_line)
    for b in plan.team_byes:
        if _store_team_bye(rounds[b.round], teams[b.team], b.kind, b.line):
            counts.team_byes_added += 1
    for m in plan.forfeits:
        if _store_forfeit(rounds[m.round], teams[m.white], teams[m.black], m.kind, m.line):
            counts.forfeited_matches += 1
    event.bye_requests.filter(round_number__in=list(rounds)).delete()
    for r in plan.requests:
        team = teams[r.number] if plan.team_event else None
        participant = None if plan.team_event else people[r.number]
        ByeRequest.objects.update_or_create(
            event=event,
            round_number=r.round,
            team=team,
            participant=participant,
            defaults={"kind": r.kind},
        )
        counts.bye_requests += 1
    return counts


def _store_bye_points(event: Event, points: tuple[float, float] | None, line: int) -> None:
    if points is None:
        return
    wanted = tuple(Decimal(str(p)).quantize(Decimal("0.1")) for p in points)
    stored = (event.team_bye_match_points, event.team_bye_game_points)
    if stored == (None, None):
        event.team_bye_match_points, event.team_bye_game_points = wanted
        event.save(update_fields=["team_bye_match_points", "team_bye_game_points"])
    elif stored != wanted:
        raise TrfError(
            gettext(
                "record 320 gives a team bye %(match)s match points and %(game)s game points,"
                " the event %(stored_match)s and %(stored_game)s"
            )
            % {
                "match": wanted[0],
                "game": wanted[1],
                "stored_match": stored[0],
                "stored_game": stored[1],
            },
            line,
        )


def _store_team_bye(rnd: Round, team: Team, kind: str, line: int) -> bool:
    """True when the bye is new; the same bye stored already is left alone."""
    stored = rnd.team_byes.filter(team=team).first()
    if stored is not None:
        if stored.kind != kind:
            raise TrfError(
                gettext(
                    "round %(round)s: the file gives team %(team)s a %(file)s, the event a"
                    " %(event)s"
                )
                % {
                    "round": rnd.number,
                    "team": team.number,
                    "file": BYE_NAMES[kind],
                    "event": BYE_NAMES[stored.kind],
                },
                line,
            )
        return False
    match = rnd.matches.filter(models.Q(home=team) | models.Q(away=team)).first()
    if (
        match is not None
        or rnd.games.filter(models.Q(white__team=team) | models.Q(black__team=team)).exists()
    ):
        said = {"round": rnd.number, "team": team.number, "match": str(match)}
        if match is not None:
            text = gettext(
                "round %(round)s: the file gives team %(team)s a bye, the event has the match"
                " %(match)s"
            )
        else:
            text = gettext(
                "round %(round)s: the file gives team %(team)s a bye, the event has games"
            )
        raise TrfError(text % said, line)
    if kind == TeamBye.Kind.PAIRING_BYE:
        other = rnd.team_byes.filter(kind=kind).first()
        if other is not None:
            raise TrfError(
                gettext(
                    "round %(round)s: the file gives team %(team)s the pairing-allocated bye,"
                    " the event gives it to team %(other)s"
                )
                % {"round": rnd.number, "team": team.number, "other": other.team.number},
                line,
            )
    TeamBye.objects.create(round=rnd, team=team, kind=kind)
    return True


def _store_forfeit(rnd: Round, white: Team, black: Team, kind: str, line: int) -> bool:
    """Mark the two teams' match forfeited, creating it without games if there is none."""
    match = rnd.matches.filter(
        models.Q(home=white, away=black) | models.Q(home=black, away=white)
    ).first()
    if match is None:
        taken = rnd.matches.filter(home__in=[white, black]) | rnd.matches.filter(
            away__in=[white, black]
        )
        if taken.exists() or rnd.team_byes.filter(team__in=[white, black]).exists():
            raise TrfError(
                gettext(
                    "round %(round)s: the file forfeits %(white)s - %(black)s, but the event"
                    " pairs one of them otherwise"
                )
                % {"round": rnd.number, "white": white, "black": black},
                line,
            )
        table = (rnd.matches.aggregate(models.Max("table"))["table__max"] or 0) + 1
        Match.objects.create(round=rnd, table=table, home=white, away=black, forfeit=kind)
        return True
    code = kind if match.home_id == white.pk else FLIPPED[kind]
    if match.forfeit == code:
        return False
    if match.forfeit:
        raise TrfError(
            gettext(
                "round %(round)s: the file forfeits %(match)s as %(file)s, the event as %(event)s"
            )
            % {
                "round": rnd.number,
                "match": match,
                "file": FORFEIT_NAMES[code],
                "event": FORFEIT_NAMES[match.forfeit],
            },
            line,
        )
    match.forfeit = code
    match.save(update_fields=["forfeit"])
    return True
