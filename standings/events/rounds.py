"""A new round, one path for individual and team events: the pairs are players (white,
black) or teams (home, away), the byes a player's or a team's; what differs is data (`Sides`:
what is paired, its bye kinds, its refusals, how the round is stored).

Same contract as every write: the actor's permission first, one transaction, the event row
locked (one new round at a time), one audited `record_change`, refusals worded for the
arbiter.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext, gettext_noop

from . import actors
from .actors import Actor
from .changes import record_change
from .models import Event, Game, Match, Participant, Round, Team, TeamBye, UnplayedRound
from .refusals import WriteRefused

Pairs = list[tuple[int, int]]
Byes = dict[int, str]


@dataclass(frozen=True)
class Sides:
    """What an event pairs, and the words and storage that go with it."""

    bye_kinds: frozenset[str]
    paired_twice: str
    against_itself: str
    unknown_bye: str  # with %(number)s and %(<numbers>)s
    unknown: str  # with %(number)s and %(<unknown_numbers>)s
    numbers: str  # the name of the list in unknown_bye
    unknown_numbers: str  # the name of the list in unknown
    known: Callable[[Event], dict[int, Any]]  # number -> the player or team


PLAYERS = Sides(
    bye_kinds=frozenset(kind.value for kind in UnplayedRound.Kind),
    paired_twice=gettext_noop("Round %(number)s: a player is paired twice"),
    against_itself=gettext_noop("Round %(number)s: a player is paired against themselves"),
    unknown_bye=gettext_noop("Round %(number)s: unknown bye kind for %(players)s"),
    unknown=gettext_noop("Round %(number)s: no player with start number %(start_no)s"),
    numbers="players",
    unknown_numbers="start_no",
    known=lambda event: {p.start_no: p for p in Participant.objects.filter(event=event)},
)
TEAMS = Sides(
    bye_kinds=frozenset(kind.value for kind in TeamBye.Kind),
    paired_twice=gettext_noop("Round %(number)s: a team is paired twice"),
    against_itself=gettext_noop("Round %(number)s: a team is paired against itself"),
    unknown_bye=gettext_noop("Round %(number)s: unknown bye kind for team %(teams)s"),
    unknown=gettext_noop("Round %(number)s: no team numbered %(teams)s"),
    numbers="teams",
    unknown_numbers="teams",
    known=lambda event: {t.number: t for t in event.teams.all()},
)


def sides_of(event: Event) -> Sides:
    return TEAMS if event.kind == Event.Kind.TEAM else PLAYERS


def create_round(
    event: Event,
    number: int,
    pairs: Pairs,
    byes: Byes | None = None,
    *,
    actor: Actor,
    boards: int | None = None,
    lineups: dict[int, list[int]] | None = None,
) -> Round:
    """A DRAFT round. An individual event: boards 1.. from (white, black) start numbers,
    byes by start number (`UnplayedRound.Kind`). A team event: matches (home, away team
    numbers) at tables 1.. of `boards` boards each, each team's players from `lineups`
    (start numbers in board order) else its first members by board order, colours from the
    board colour sequence; byes by team number (`TeamBye.Kind`)."""
    actors.check_may_change(actor, event)
    sides = sides_of(event)
    byes = byes or {}
    playing = [no for pair in pairs for no in pair] + list(byes)
    if len(set(playing)) != len(playing):
        raise WriteRefused(gettext(sides.paired_twice) % {"number": number})
    if any(first == second for first, second in pairs):
        raise WriteRefused(gettext(sides.against_itself) % {"number": number})
    bad = sorted(no for no, kind in byes.items() if kind not in sides.bye_kinds)
    if bad:
        raise WriteRefused(gettext(sides.unknown_bye) % {"number": number, sides.numbers: bad})
    if sides is TEAMS and boards is None:
        raise TypeError("a team event's round needs its number of boards (boards=)")
    with transaction.atomic():
        Event.objects.select_for_update().get(pk=event.pk)  # one new round at a time
        if event.round_set.filter(number=number).exists():
            raise WriteRefused(gettext("Round %(number)s exists already") % {"number": number})
        known = sides.known(event)
        unknown = sorted(no for no in playing if no not in known)
        if unknown:
            values = {"number": number, sides.unknown_numbers: unknown}
            raise WriteRefused(gettext(sides.unknown) % values)
        rnd = Round.objects.create(event=event, number=number, state=Round.State.DRAFT)
        if sides is TEAMS and boards is not None:  # (boards checked above)
            after = _store_matches(event, rnd, pairs, byes, known, boards, lineups or {})
        else:
            after = _store_games(rnd, pairs, byes, known)
        record_change(
            event, actor=actor, action="create_round", target=f"round {number}", after=after
        )
    return rnd


def home_colours(board_colors: str, boards: int) -> str:
    """The home team's colour on each board, "W" or "B": the event's board colour sequence
    (TRF 352) repeated, else white on the odd boards."""
    sequence = (board_colors or "WB").upper()
    return "".join(sequence[i % len(sequence)] for i in range(boards))


def _store_games(
    rnd: Round, games: Pairs, byes: Byes, people: dict[int, Participant]
) -> dict[str, object]:
    Game.objects.bulk_create(
        Game(round=rnd, board=board, white=people[white], black=people[black])
        for board, (white, black) in enumerate(games, start=1)
    )
    UnplayedRound.objects.bulk_create(
        UnplayedRound(round=rnd, participant=people[no], kind=kind)
        for no, kind in sorted(byes.items())
    )
    return {
        "games": [list(pair) for pair in games],
        "byes": {str(no): kind for no, kind in sorted(byes.items())},
    }


def _store_matches(
    event: Event,
    rnd: Round,
    matches: Pairs,
    byes: Byes,
    teams: dict[int, Team],
    boards: int,
    lineups: dict[int, list[int]],
) -> dict[str, object]:
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
    return {
        "matches": [list(pair) for pair in matches],
        "team_byes": {str(no): kind for no, kind in sorted(byes.items())},
        "boards": boards,
    }


def _lineup(team: Team, chosen: list[int] | None, boards: int) -> list[Participant]:
    members = list(team.members.order_by("board_order", "start_no"))
    if chosen is None:
        players = members[:boards]
    else:
        by_no = {p.start_no: p for p in members}
        strangers = [no for no in chosen if no not in by_no]
        if strangers:
            raise WriteRefused(
                gettext("Not in %(team)s's roster: start number %(players)s")
                % {"team": team.name, "players": strangers}
            )
        if len(set(chosen)) != len(chosen):
            raise WriteRefused(
                gettext("%(team)s: a player is named on two boards") % {"team": team.name}
            )
        players = [by_no[no] for no in chosen]
    if len(players) != boards:
        raise WriteRefused(
            gettext("%(team)s fields %(players)s players for %(boards)s boards")
            % {"team": team.name, "players": len(players), "boards": boards}
        )
    return players
