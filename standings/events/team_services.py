"""The writes of a team event besides a board's result (`services.enter_result(table=...)`):
a round of matches, a match forfeited as a whole, a team bye, a line-up fixed before play.

Same contract as `services`: one transaction, row locks, one audited `record_change`,
refusals worded for the arbiter.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext

from . import actors
from .actors import Actor
from .changes import record_change
from .models import Event, Forfeit, Game, Match, Participant, Round, Team, TeamBye
from .rounds import TEAMS
from .services import RoundClosed, WriteRefused, locked_round

FORFEITS = {kind.value for kind in Forfeit}


def forfeit_match(
    event: Event, round_no: int, table: int, forfeit: str, *, actor: Actor, reason: str = ""
) -> Match:
    """Forfeit match `table` as a whole (a `Forfeit` value, home side first; "" takes it back)."""
    actors.check_may_change(actor, event)
    if forfeit not in FORFEITS:
        raise WriteRefused(
            gettext("%(value)s is not a way to forfeit a match") % {"value": repr(forfeit)}
        )
    with transaction.atomic():
        closed = gettext("Round %(number)s is closed; reopen it to forfeit a match")
        rnd = _open_round(event, round_no, closed)
        if rnd.state == Round.State.DRAFT:
            raise WriteRefused(
                gettext("Round %(number)s's pairings are not published yet") % {"number": round_no}
            )
        match = _locked_match(rnd, table)
        before = match.forfeit
        if before == forfeit:
            return match
        match.forfeit = forfeit
        match.save(update_fields=["forfeit"])
        _start(rnd)
        record_change(
            event,
            actor=actor,
            action="forfeit_match",
            target=f"round {round_no} match {table}",
            before={"forfeit": before},
            after={"forfeit": forfeit},
            reason=reason,
        )
    return match


def set_team_bye(
    event: Event, round_no: int, team_no: int, kind: str, *, actor: Actor, reason: str = ""
) -> TeamBye | None:
    """Give a team without a match in the round a bye of `kind` ("" removes it)."""
    actors.check_may_change(actor, event)
    if kind and kind not in TEAMS.bye_kinds:
        raise WriteRefused(gettext("'%(kind)s' is not a kind of bye") % {"kind": kind})
    with transaction.atomic():
        closed = gettext("Round %(number)s is closed; reopen it to change a bye")
        rnd = _open_round(event, round_no, closed)
        team = Team.objects.filter(event=event, number=team_no).first()
        if team is None:
            raise WriteRefused(gettext("There is no team numbered %(team)s") % {"team": team_no})
        if rnd.matches.filter(home=team).exists() or rnd.matches.filter(away=team).exists():
            raise WriteRefused(
                gettext("%(team)s has a match in round %(number)s")
                % {"team": team.name, "number": round_no}
            )
        stored = TeamBye.objects.select_for_update().filter(round=rnd, team=team)
        bye = stored.first()
        before = bye.kind if bye else ""
        if before == kind:
            return bye
        if kind == TeamBye.Kind.PAIRING_BYE:
            taken = TeamBye.objects.filter(round=rnd, kind=kind).exclude(team=team).first()
            if taken is not None:
                raise WriteRefused(
                    gettext("%(team)s has round %(number)s's pairing-allocated bye already")
                    % {"team": taken.team.name, "number": round_no}
                )
        if not kind:
            stored.delete()
            bye = None
        elif bye is None:
            bye = TeamBye.objects.create(round=rnd, team=team, kind=kind)
        else:
            bye.kind = kind
            bye.save(update_fields=["kind"])
        record_change(
            event,
            actor=actor,
            action="team_bye",
            target=f"round {round_no} team {team_no}",
            before={"bye": before},
            after={"bye": kind},
            reason=reason,
        )
    return bye


def set_lineup(
    event: Event,
    round_no: int,
    table: int,
    team_no: int,
    players: list[int],
    *,
    actor: Actor,
    reason: str = "",
) -> Match:
    """Replace a team's players in match `table`, board by board (start numbers in board
    order); only before the match's first result, and only with the team's own members."""
    actors.check_may_change(actor, event)
    with transaction.atomic():
        closed = gettext("Round %(number)s is closed; reopen it to change a line-up")
        rnd = _open_round(event, round_no, closed)
        match = _locked_match(rnd, table)
        if team_no not in (match.home.number, match.away.number):
            raise WriteRefused(
                gettext("Team %(team)s does not play match %(match)s")
                % {"team": team_no, "match": table}
            )
        team = match.home if match.home.number == team_no else match.away
        games = list(
            match.games.select_for_update(of=("self",))
            .select_related("white", "black")
            .order_by("board")
        )
        if match.forfeit or any(g.result for g in games):
            raise WriteRefused(
                gettext(
                    "Match %(match)s has a result already; correct its boards instead of its"
                    " line-up"
                )
                % {"match": table}
            )
        if len(players) != len(games):
            raise WriteRefused(
                gettext("Name %(boards)s players, one a board (%(named)s named)")
                % {"boards": len(games), "named": len(players)}
            )
        if len(set(players)) != len(players):
            raise WriteRefused(gettext("A player is named on two boards"))
        members = {p.start_no: p for p in Participant.objects.filter(event=event, team=team)}
        strangers = [no for no in players if no not in members]
        if strangers:
            raise WriteRefused(
                gettext("Not in %(team)s's roster: start number %(players)s")
                % {"team": team.name, "players": strangers}
            )
        own = set(members.values())
        before = [_side(g, own).start_no for g in games]
        if before == players:
            return match
        for game, no in zip(games, players, strict=True):
            if game.white in own:
                game.white = members[no]
            else:
                game.black = members[no]
            game.version += 1  # a tap made on the old line-up is stale
        Game.objects.bulk_update(games, ["white", "black", "version"])
        record_change(
            event,
            actor=actor,
            action="lineup",
            target=f"round {round_no} match {table} team {team_no}",
            before={"players": before},
            after={"players": players},
            reason=reason,
        )
    return match


def _side(game: Game, own: set[Participant]) -> Participant:
    return game.white if game.white in own else game.black


def _open_round(event: Event, round_no: int, closed: str) -> Round:
    """The round, locked; `closed` is the refusal when it is closed ("%(number)s": its number)."""
    rnd = locked_round(event, round_no)
    if rnd.state == Round.State.CLOSED:
        raise RoundClosed(closed % {"number": round_no})
    return rnd


def _locked_match(rnd: Round, table: int) -> Match:
    match = (
        Match.objects.select_for_update(of=("self",))
        .select_related("home", "away")
        .filter(round=rnd, table=table)
        .first()
    )
    if match is None:
        raise WriteRefused(
            gettext("Round %(number)s has no match %(match)s")
            % {"number": rnd.number, "match": table}
        )
    return match


def _start(rnd: Round) -> None:
    """A published round with its first result is under way."""
    if rnd.state == Round.State.PAIRINGS:
        rnd.state = Round.State.IN_PROGRESS
        rnd.save(update_fields=["state"])
