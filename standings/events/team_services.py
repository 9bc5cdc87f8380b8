"""The writes of a team event besides a board's result (`services.enter_result(table=...)`):
a round of matches, a match forfeited as a whole, a team bye, a line-up fixed before play.

Same contract as `services`: one transaction, row locks, one audited `record_change`,
refusals worded for the arbiter.
"""

from __future__ import annotations

from django.db import transaction

from .changes import record_change
from .models import Event, Forfeit, Game, Match, Participant, Round, Team, TeamBye
from .services import RoundClosed, WriteRefused, check_allowed, locked_round

TEAM_BYE_KINDS = {kind.value for kind in TeamBye.Kind}
FORFEITS = {kind.value for kind in Forfeit}


def home_colours(board_colors: str, boards: int) -> str:
    """The home team's colour on each board, "W" or "B": the event's board colour sequence
    (TRF 352) repeated, else white on the odd boards."""
    sequence = (board_colors or "WB").upper()
    return "".join(sequence[i % len(sequence)] for i in range(boards))


def create_team_round(
    event: Event,
    number: int,
    matches: list[tuple[int, int]],
    byes: dict[int, str] | None = None,
    *,
    boards: int,
    lineups: dict[int, list[int]] | None = None,
    user=None,
) -> Round:
    """A DRAFT round of matches (home, away team numbers) at tables 1..; each team's players
    from `lineups` (start numbers in board order), else its first members by board order;
    colours from the board colour sequence. `byes`: team number -> `TeamBye.Kind`."""
    check_allowed(user, event)
    byes = byes or {}
    lineups = lineups or {}
    playing = [no for pair in matches for no in pair] + list(byes)
    if len(set(playing)) != len(playing):
        raise WriteRefused(f"Round {number}: a team is paired twice")
    if any(home == away for home, away in matches):
        raise WriteRefused(f"Round {number}: a team is paired against itself")
    bad = sorted(no for no, kind in byes.items() if kind not in TEAM_BYE_KINDS)
    if bad:
        raise WriteRefused(f"Round {number}: unknown bye kind for team {bad}")
    with transaction.atomic():
        Event.objects.select_for_update().get(pk=event.pk)  # one new round at a time
        if event.round_set.filter(number=number).exists():
            raise WriteRefused(f"Round {number} exists already")
        teams = {t.number: t for t in event.teams.all()}
        unknown = sorted(no for no in playing if no not in teams)
        if unknown:
            raise WriteRefused(f"Round {number}: no team numbered {unknown}")
        rnd = Round.objects.create(event=event, number=number, state=Round.State.DRAFT)
        colours = home_colours(event.board_colors, boards)
        games = []
        for table, (home, away) in enumerate(matches, start=1):
            match = Match.objects.create(round=rnd, table=table, home=teams[home], away=teams[away])
            home_players = _lineup(teams[home], lineups.get(home), boards)
            away_players = _lineup(teams[away], lineups.get(away), boards)
            for board, (h, a, colour) in enumerate(
                zip(home_players, away_players, colours, strict=True), start=1
            ):
                white, black = (h, a) if colour == "W" else (a, h)
                games.append(Game(round=rnd, match=match, board=board, white=white, black=black))
        Game.objects.bulk_create(games)
        TeamBye.objects.bulk_create(
            TeamBye(round=rnd, team=teams[no], kind=kind) for no, kind in sorted(byes.items())
        )
        record_change(
            event,
            user=user,
            action="create_round",
            target=f"round {number}",
            after={
                "matches": [list(pair) for pair in matches],
                "team_byes": {str(no): kind for no, kind in sorted(byes.items())},
                "boards": boards,
            },
        )
    return rnd


def forfeit_match(
    event: Event, round_no: int, table: int, forfeit: str, *, user=None, reason: str = ""
) -> Match:
    """Forfeit match `table` as a whole (a `Forfeit` value, home side first; "" takes it back)."""
    check_allowed(user, event)
    if forfeit not in FORFEITS:
        raise WriteRefused(f"{forfeit!r} is not a way to forfeit a match")
    with transaction.atomic():
        rnd = _open_round(event, round_no, "forfeit a match")
        if rnd.state == Round.State.DRAFT:
            raise WriteRefused(f"Round {round_no}'s pairings are not published yet")
        match = _locked_match(rnd, table)
        before = match.forfeit
        if before == forfeit:
            return match
        match.forfeit = forfeit
        match.save(update_fields=["forfeit"])
        _start(rnd)
        record_change(
            event,
            user=user,
            action="forfeit_match",
            target=f"round {round_no} match {table}",
            before={"forfeit": before},
            after={"forfeit": forfeit},
            reason=reason,
        )
    return match


def set_team_bye(
    event: Event, round_no: int, team_no: int, kind: str, *, user=None, reason: str = ""
) -> TeamBye | None:
    """Give a team without a match in the round a bye of `kind` ("" removes it)."""
    check_allowed(user, event)
    if kind and kind not in TEAM_BYE_KINDS:
        raise WriteRefused(f"{kind!r} is not a kind of bye")
    with transaction.atomic():
        rnd = _open_round(event, round_no, "change a bye")
        team = Team.objects.filter(event=event, number=team_no).first()
        if team is None:
            raise WriteRefused(f"There is no team numbered {team_no}")
        if rnd.matches.filter(home=team).exists() or rnd.matches.filter(away=team).exists():
            raise WriteRefused(f"{team.name} has a match in round {round_no}")
        stored = TeamBye.objects.select_for_update().filter(round=rnd, team=team)
        bye = stored.first()
        before = bye.kind if bye else ""
        if before == kind:
            return bye
        if kind == TeamBye.Kind.PAIRING_BYE:
            taken = TeamBye.objects.filter(round=rnd, kind=kind).exclude(team=team).first()
            if taken is not None:
                raise WriteRefused(
                    f"{taken.team.name} has round {round_no}'s pairing-allocated bye already"
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
            user=user,
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
    user=None,
    reason: str = "",
) -> Match:
    """Replace a team's players in match `table`, board by board (start numbers in board
    order); only before the match's first result, and only with the team's own members."""
    check_allowed(user, event)
    with transaction.atomic():
        rnd = _open_round(event, round_no, "change a line-up")
        match = _locked_match(rnd, table)
        if team_no not in (match.home.number, match.away.number):
            raise WriteRefused(f"Team {team_no} does not play match {table}")
        team = match.home if match.home.number == team_no else match.away
        games = list(
            match.games.select_for_update(of=("self",))
            .select_related("white", "black")
            .order_by("board")
        )
        if match.forfeit or any(g.result for g in games):
            raise WriteRefused(
                f"Match {table} has a result already; correct its boards instead of its line-up"
            )
        if len(players) != len(games):
            raise WriteRefused(f"Name {len(games)} players, one a board ({len(players)} named)")
        if len(set(players)) != len(players):
            raise WriteRefused("A player is named on two boards")
        members = {p.start_no: p for p in Participant.objects.filter(event=event, team=team)}
        strangers = [no for no in players if no not in members]
        if strangers:
            raise WriteRefused(f"Not in {team.name}'s roster: start number {strangers}")
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
            user=user,
            action="lineup",
            target=f"round {round_no} match {table} team {team_no}",
            before={"players": before},
            after={"players": players},
            reason=reason,
        )
    return match


def _lineup(team: Team, chosen: list[int] | None, boards: int) -> list[Participant]:
    members = list(team.members.order_by("board_order", "start_no"))
    if chosen is None:
        players = members[:boards]
    else:
        by_no = {p.start_no: p for p in members}
        strangers = [no for no in chosen if no not in by_no]
        if strangers:
            raise WriteRefused(f"Not in {team.name}'s roster: start number {strangers}")
        if len(set(chosen)) != len(chosen):
            raise WriteRefused(f"{team.name}: a player is named on two boards")
        players = [by_no[no] for no in chosen]
    if len(players) != boards:
        raise WriteRefused(f"{team.name} fields {len(players)} players for {boards} boards")
    return players


def _side(game: Game, own: set[Participant]) -> Participant:
    return game.white if game.white in own else game.black


def _open_round(event: Event, round_no: int, doing: str) -> Round:
    rnd = locked_round(event, round_no)
    if rnd.state == Round.State.CLOSED:
        raise RoundClosed(f"Round {round_no} is closed; reopen it to {doing}")
    return rnd


def _locked_match(rnd: Round, table: int) -> Match:
    match = (
        Match.objects.select_for_update(of=("self",))
        .select_related("home", "away")
        .filter(round=rnd, table=table)
        .first()
    )
    if match is None:
        raise WriteRefused(f"Round {rnd.number} has no match {table}")
    return match


def _start(rnd: Round) -> None:
    """A published round with its first result is under way."""
    if rnd.state == Round.State.PAIRINGS:
        rnd.state = Round.State.IN_PROGRESS
        rnd.save(update_fields=["state"])
