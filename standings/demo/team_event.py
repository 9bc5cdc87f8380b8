"""The demo team event: 13 teams of four boards and a reserve, a 7-round team Swiss,
rounds 1-3 closed and round 4 under way.

Drawn from a fixed seed like the individual demo: invented club teams, each player
resting in turn so reserves play, board results drawn from rating differences, a
pairing-allocated team bye every round (13 teams), a forfeited board in round 2 and a
match forfeited as a whole in round 3.
"""

from __future__ import annotations

import datetime
import random
from dataclasses import dataclass, field
from decimal import Decimal
from itertools import product

from django.db import transaction
from django.utils import timezone

from standings.engine.presets import FIDE_TEAM_SWISS
from standings.events.actors import DEMO
from standings.events.changes import record_change
from standings.events.match_score import MatchPoints, match_score, stored_match_scores
from standings.events.models import Event, Game, Match, Participant, Round, Team, TeamBye
from standings.events.rounds import create_round, home_colours
from standings.events.services import publish_pairings

from .accounts import create_demo_arbiter
from .event import NAMES, SCORING, draw_result
from .pairing import Entrant, pair_round

DEMO_TEAM_SLUG = "demo-teams"
TEAM_SEED = 20260620
BOARDS = 4
SQUAD = 5  # four boards and a reserve
ROUNDS = 7
ROUNDS_PLAYED = 4  # rounds 1-3 closed, round 4 in progress
ENTERED_IN_OPEN_ROUND = 0.5
FORFEITED_BOARD = (2, 2, 4)  # round, table, board: the away player does not turn up
FORFEITED_MATCH = (3, 6)  # round, table: the away team does not turn up
MATCH_POINTS = MatchPoints()
BYE_MATCH_POINTS, BYE_GAME_POINTS = 1, 2  # what the pairing-allocated bye gives (TRF 320)

# One club per federation of the individual demo's names, strongest first.
CLUBS = [
    ("Freiburg Forest", "GER"),
    ("Kyiv Chestnuts", "UKR"),
    ("Hyderabad Pearls", "IND"),
    ("Delft Blue", "NED"),
    ("Gdansk Amber", "POL"),
    ("Lyon Silk", "FRA"),
    ("Ithaca Gorges", "USA"),
    ("Eger Castle", "HUN"),
    ("Bergen Fjord", "NOR"),
    ("Mantua Lakes", "ITA"),
    ("Cadiz Tide", "ESP"),
    ("Jujuy Condors", "ARG"),
    ("Aberdeen Granite", "SCO"),
]


@dataclass
class DemoTeam:
    number: int
    name: str
    players: list[tuple[int, str, int]]  # (start_no, name, rating), board order
    match_points: float = 0.0
    opponents: set[int] = field(default_factory=set)
    sides: str = ""  # "w" home, "b" away, round by round
    had_bye: bool = False


@dataclass(frozen=True)
class DemoMatch:
    home: int
    away: int
    boards: list[tuple[int, int, str]]  # white, black start numbers, result ("" pending)
    forfeit: str = ""


@dataclass(frozen=True)
class DemoTeamRound:
    number: int
    matches: list[DemoMatch]
    bye: int | None


def build_team_demo(seed: int = TEAM_SEED) -> tuple[list[DemoTeam], list[DemoTeamRound]]:
    """The demo team event in memory: teams and rounds 1-4, round 4 partly entered."""
    rng = random.Random(seed)
    teams = _teams(rng)
    rounds = []
    for number in range(1, ROUNDS_PLAYED + 1):
        pairing = pair_round([_entrant(t) for t in teams])
        matches = []
        for table, (home, away) in enumerate(pairing.games, start=1):
            match = _play(rng, teams[home - 1], teams[away - 1], number, table)
            matches.append(match)
            _score(teams, match)
        if pairing.bye is not None:
            teams[pairing.bye - 1].match_points += BYE_MATCH_POINTS
            teams[pairing.bye - 1].had_bye = True
        rounds.append(DemoTeamRound(number, matches, pairing.bye))
    return teams, rounds


def lineup(team: DemoTeam, number: int) -> list[int]:
    """Who plays round `number`, in board order: each player rests in turn."""
    return resting_in_turn(team.number, [no for no, _, _ in team.players], number)


def resting_in_turn(team_no: int, squad: list[int], number: int) -> list[int]:
    resting = (number + team_no) % len(squad)
    return [no for i, no in enumerate(squad) if i != resting]


def pair_next_team_round(event: Event, number: int) -> Round:
    """Pair round `number` by match points and publish it; the odd team out gets the bye."""
    pairing = pair_round(team_entrants(event))
    squads: dict[int, list[int]] = {}
    for team_no, start_no in event.participants.order_by("board_order").values_list(
        "team__number", "start_no"
    ):
        squads.setdefault(team_no, []).append(start_no)
    lineups = {no: resting_in_turn(no, squad, number) for no, squad in squads.items()}
    byes = {pairing.bye: TeamBye.Kind.PAIRING_BYE.value} if pairing.bye is not None else {}
    create_round(
        event, number, list(pairing.games), byes, boards=BOARDS, lineups=lineups, actor=DEMO
    )
    return publish_pairings(event, number, actor=DEMO)


def team_entrants(event: Event) -> list[Entrant]:
    """The stored teams as the pairer sees them: match points, opponents, home or away."""
    rounds = list(event.round_set.exclude(state=Round.State.DRAFT))
    scores = stored_match_scores(event, [r.pk for r in rounds])
    teams = {t.pk: DemoTeam(t.number, t.name, []) for t in event.teams.all()}
    for match in Match.objects.filter(round__in=rounds).order_by("round__number"):
        score = scores[match.pk]
        for own, other, side, mp in (
            (match.home_id, match.away_id, "w", score.home_mp),
            (match.away_id, match.home_id, "b", score.away_mp),
        ):
            teams[own].match_points += mp or 0.0
            teams[own].opponents.add(teams[other].number)
            teams[own].sides += side
    for bye in TeamBye.objects.filter(round__in=rounds):
        teams[bye.team_id].match_points += float(event.team_bye_match_points or 0)
        teams[bye.team_id].had_bye |= bye.kind == TeamBye.Kind.PAIRING_BYE
    return [_entrant(t) for t in teams.values()]


def load_team_demo(seed: int = TEAM_SEED) -> Event:
    """Delete and recreate the demo team event (and the demo arbiter)."""
    teams, rounds = build_team_demo(seed)
    with transaction.atomic():
        arbiter = create_demo_arbiter()
        old = Event.objects.filter(slug=DEMO_TEAM_SLUG).first()
        version = 0  # pages are cached by slug and version: continue the old numbering
        if old is not None:
            version = old.version
            old.delete()
        event = _store(teams, rounds, arbiter, version)
        record_change(
            event,
            actor=DEMO,
            action="load_demo",
            target=DEMO_TEAM_SLUG,
            after={"teams": len(teams), "rounds": len(rounds), "seed": seed},
        )
    return event


def _teams(rng: random.Random) -> list[DemoTeam]:
    teams = []
    start_no = 0
    for number, (club, federation) in enumerate(CLUBS, start=1):
        men, women, surnames = NAMES[federation]
        names = rng.sample(sorted(product(surnames, men + women)), SQUAD)
        base = 2480 - 45 * number
        ratings = sorted((base + rng.randint(-70, 70) for _ in range(SQUAD)), reverse=True)
        players = []
        for (surname, first), rating in zip(names, ratings, strict=True):
            start_no += 1
            players.append((start_no, f"{surname}, {first}", rating))
        teams.append(DemoTeam(number, club, players))
    return teams


def _entrant(team: DemoTeam) -> Entrant:
    return Entrant(
        team.number, team.match_points, frozenset(team.opponents), team.sides, team.had_bye
    )


def _play(rng: random.Random, home: DemoTeam, away: DemoTeam, number: int, table: int) -> DemoMatch:
    if (number, table) == FORFEITED_MATCH:
        pairs = _boards(home, away, number)
        return DemoMatch(home.number, away.number, [(w, b, "") for w, b in pairs], "+-")
    rating = {no: r for t in (home, away) for no, _, r in t.players}
    boards = []
    for board, (white, black) in enumerate(_boards(home, away, number), start=1):
        if number == ROUNDS_PLAYED and rng.random() > ENTERED_IN_OPEN_ROUND:
            result = ""
        elif (number, table, board) == FORFEITED_BOARD:
            result = "+-" if white in lineup(home, number) else "-+"
        else:
            result = draw_result(rng, rating[white], rating[black])
        boards.append((white, black, result))
    return DemoMatch(home.number, away.number, boards)


def _boards(home: DemoTeam, away: DemoTeam, number: int) -> list[tuple[int, int]]:
    """(white, black) board by board: the home team white where the colour sequence says."""
    colours = home_colours("", BOARDS)
    return [
        (h, a) if colour == "W" else (a, h)
        for h, a, colour in zip(lineup(home, number), lineup(away, number), colours, strict=True)
    ]


def _score(teams: list[DemoTeam], match: DemoMatch) -> None:
    home, away = teams[match.home - 1], teams[match.away - 1]
    members = {no for no, _, _ in home.players}
    boards = [(result, white in members) for white, _, result in match.boards]
    score = match_score(boards, forfeit=match.forfeit, game=SCORING, points=MATCH_POINTS)
    home.match_points += score.home_mp or 0.0
    away.match_points += score.away_mp or 0.0
    home.opponents.add(away.number)
    away.opponents.add(home.number)
    home.sides += "w"
    away.sides += "b"


def _store(teams: list[DemoTeam], rounds: list[DemoTeamRound], arbiter, version: int) -> Event:
    today = timezone.localdate()
    start = today - datetime.timedelta(days=2)
    event = Event.objects.create(
        slug=DEMO_TEAM_SLUG,
        name="Demo Team Championship",
        kind=Event.Kind.TEAM,
        rounds_planned=ROUNDS,
        start_date=start,
        end_date=start + datetime.timedelta(days=4),
        location="Riverside Conference Hall",
        federation="SCO",
        chief_arbiter="IA Demo Arbiter",
        team_bye_match_points=Decimal(BYE_MATCH_POINTS),
        team_bye_game_points=Decimal(BYE_GAME_POINTS),
        board_ranking_min_games=2,
        tiebreaks=" ".join(FIDE_TEAM_SWISS),  # ranked by the team engine, as arbiters would
        lots_seed=TEAM_SEED % 100_000,
        version=version,
    )
    event.arbiters.set([arbiter])
    stored_teams = {
        t.number: Team.objects.create(event=event, number=t.number, name=t.name) for t in teams
    }
    Participant.objects.bulk_create(
        Participant(
            event=event,
            start_no=no,
            name=name,
            rating=rating,
            federation=CLUBS[t.number - 1][1],
            team=stored_teams[t.number],
            board_order=order,
        )
        for t in teams
        for order, (no, name, rating) in enumerate(t.players, start=1)
    )
    people = {p.start_no: p for p in event.participants.all()}
    now = timezone.now()
    games = []
    for demo_round in rounds:
        open_round = demo_round.number == ROUNDS_PLAYED
        starts_at = now - datetime.timedelta(hours=2 if open_round else 30 - 6 * demo_round.number)
        rnd = Round.objects.create(
            event=event,
            number=demo_round.number,
            state=Round.State.IN_PROGRESS if open_round else Round.State.CLOSED,
            starts_at=starts_at,
            closed_at=None if open_round else starts_at + datetime.timedelta(hours=5),
        )
        for table, m in enumerate(demo_round.matches, start=1):
            match = Match.objects.create(
                round=rnd,
                table=table,
                home=stored_teams[m.home],
                away=stored_teams[m.away],
                forfeit=m.forfeit,
            )
            games += [
                Game(
                    round=rnd,
                    match=match,
                    board=board,
                    white=people[white],
                    black=people[black],
                    result=result,
                    entered_by=arbiter if result else None,
                    entered_at=starts_at + datetime.timedelta(minutes=40 + board)
                    if result
                    else None,
                    version=1 if result else 0,
                )
                for board, (white, black, result) in enumerate(m.boards, start=1)
            ]
        if demo_round.bye is not None:
            TeamBye.objects.create(
                round=rnd, team=stored_teams[demo_round.bye], kind=TeamBye.Kind.PAIRING_BYE
            )
    Game.objects.bulk_create(games)
    return event
