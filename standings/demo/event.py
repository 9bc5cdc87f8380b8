"""The demo event: a 45-player, 9-round Swiss, five rounds closed and the sixth under way.

Everything is drawn from a fixed seed, so every load gives the same event: invented
players from many federations, results drawn from rating differences, and the
unplayed rounds an arbiter meets (half-point, zero-point and pairing-allocated byes,
a forfeit, a withdrawal).
"""

from __future__ import annotations

import datetime
import random
from dataclasses import dataclass, field

from django.db import transaction
from django.utils import timezone

from standings.engine import event as engine
from standings.events.actors import DEMO
from standings.events.changes import record_change
from standings.events.models import Event, Game, Participant, Round, UnplayedRound

from .accounts import create_demo_arbiter
from .pairing import entrants, pair_round

DEMO_SLUG = "demo-open"
SEED = 20260619
PLAYERS = 45
ROUNDS = 9
ROUNDS_PLAYED = 6  # rounds 1-5 closed, round 6 in progress
ENTERED_IN_OPEN_ROUND = 0.55  # share of round 6 results already entered
TIEBREAKS = "BH/C1 BH SB DE WIN BPG"
UNRATED = 4  # the lowest start numbers, as in a FIDE initial ranking

# The unplayed rounds every arbiter meets, by start number.
WITHDRAWN = {31: 5}  # start_no -> withdrawn from this round on
REQUESTED_BYES = {3: {12: "H"}, 4: {19: "Z"}, 5: {8: "H", 27: "H"}}  # round -> start_no -> kind
FORFEIT_LOSERS = {2: 36, 4: 22}  # round -> start_no who does not turn up

# Invented names, surname first as in the FIDE rating list: (men, women, surnames).
NAMES = {
    "ENG": (
        ["Oliver", "Harry", "Jack", "Thomas"],
        ["Eleanor", "Grace"],
        ["Whitlock", "Ashcombe", "Pennington", "Mallory", "Fairbrook"],
    ),
    "SCO": (
        ["Callum", "Euan", "Fraser"],
        ["Isla", "Morag"],
        ["MacArdle", "Drummondson", "Kinloch", "Strachan"],
    ),
    "GER": (
        ["Lukas", "Jonas", "Matthias", "Felix"],
        ["Lena", "Katrin"],
        ["Brenninger", "Hollmann", "Ostermeier", "Kranzler", "Weidlich"],
    ),
    "FRA": (
        ["Etienne", "Mathieu", "Antoine"],
        ["Camille", "Margaux"],
        ["Delacourt", "Fontenelle", "Marchetaud", "Rivolier"],
    ),
    "ESP": (
        ["Javier", "Alvaro", "Iker"],
        ["Lucia", "Nerea"],
        ["Casaldoria", "Montilla", "Errazquin", "Valdeperas"],
    ),
    "NED": (
        ["Sander", "Joris", "Bram"],
        ["Femke", "Roos"],
        ["van Dijkhorst", "Hoogeveld", "de Strijker", "Molenkamp"],
    ),
    "NOR": (
        ["Eirik", "Sindre", "Magne"],
        ["Ingrid", "Solveig"],
        ["Haugrud", "Brekkestad", "Nordvik", "Lysaker"],
    ),
    "POL": (
        ["Bartosz", "Kacper", "Wojciech"],
        ["Zofia", "Agnieszka"],
        ["Wierzbicki", "Kaczmarczyk", "Sobolewski", "Dabrowny"],
    ),
    "IND": (
        ["Arjun", "Pranav", "Vikram", "Raghav"],
        ["Ananya", "Divya"],
        ["Raghunathan", "Subramaniam", "Kulkarni", "Venkatesh", "Iyengar"],
    ),
    "USA": (
        ["Ethan", "Marcus", "Tyler"],
        ["Madison", "Abigail"],
        ["Hollister", "Brandtley", "Okafor", "Castellano"],
    ),
    "ARG": (
        ["Facundo", "Santiago", "Tomas"],
        ["Milagros", "Florencia"],
        ["Irigoyen", "Bustamante", "Echeverry", "Quiroga"],
    ),
    "UKR": (
        ["Oleksandr", "Bohdan", "Taras"],
        ["Oksana", "Yaryna"],
        ["Kovalchuk", "Melnychenko", "Bondarets", "Shevchuk"],
    ),
    "HUN": (
        ["Bence", "Levente", "Zoltan"],
        ["Reka", "Boglarka"],
        ["Szabolcsi", "Vargha", "Kertesz", "Horvathy"],
    ),
    "ITA": (
        ["Lorenzo", "Matteo", "Davide"],
        ["Chiara", "Giulia"],
        ["Bellandi", "Ferracuti", "Marinozzi", "Castelvetri"],
    ),
}


@dataclass
class DemoPlayer:
    start_no: int
    name: str
    sex: str
    federation: str
    rating: int | None
    title: str
    fide_id: str
    birth: str
    entries: list[engine.RoundEntry] = field(default_factory=list)

    def as_engine(self) -> engine.Participant:
        return engine.Participant(
            self.start_no, self.name, self.rating, entries=tuple(self.entries)
        )


@dataclass(frozen=True)
class DemoRound:
    number: int
    games: list[tuple[int, int, str]]  # white, black, result ("" while pending)
    byes: dict[int, str]  # start_no -> UnplayedRound kind


@dataclass(frozen=True)
class DemoEvent:
    players: list[DemoPlayer]
    rounds: list[DemoRound]


SCORING = engine.Scoring()


def build_demo(seed: int = SEED) -> DemoEvent:
    """The demo event in memory: players and rounds 1-6, round 6 partly entered."""
    rng = random.Random(seed)
    players = _players(rng)
    by_no = {p.start_no: p for p in players}
    rounds = []
    for number in range(1, ROUNDS_PLAYED + 1):
        byes = dict(REQUESTED_BYES.get(number, {}))
        byes.update({n: "Z" for n, r in WITHDRAWN.items() if number >= r})
        playing = {p.start_no for p in players} - set(byes)
        pairing = pair_round(entrants([p.as_engine() for p in players], SCORING, playing))
        if pairing.bye is not None:
            byes[pairing.bye] = "U"
        open_round = number == ROUNDS_PLAYED
        games = []
        for white, black in pairing.games:
            if open_round and rng.random() > ENTERED_IN_OPEN_ROUND:
                result = ""
            elif FORFEIT_LOSERS.get(number) in (white, black):
                result = "-+" if FORFEIT_LOSERS[number] == white else "+-"
            else:
                result = draw_result(rng, by_no[white].rating, by_no[black].rating)
            games.append((white, black, result))
            codes = (result[0], result[1]) if result else (engine.PENDING, engine.PENDING)
            by_no[white].entries.append(engine.RoundEntry(number, black, "w", codes[0]))
            by_no[black].entries.append(engine.RoundEntry(number, white, "b", codes[1]))
        for start_no, kind in byes.items():
            by_no[start_no].entries.append(engine.RoundEntry(number, None, None, kind))
        rounds.append(DemoRound(number, games, byes))
    return DemoEvent(players, rounds)


def draw_result(rng: random.Random, white: int | None, black: int | None) -> str:
    """A result for the rating difference: the stronger side wins more, draws are common."""
    advantage = (white or 1500) - (black or 1500) + 35  # white's first move is worth a little
    expected = 1 / (1 + 10 ** (-advantage / 400))
    draw = max(0.15, 0.45 - 0.7 * abs(expected - 0.5))
    white_wins = max(0.01, expected - draw / 2)
    roll = rng.random()
    if roll < white_wins:
        return "10"
    if roll < white_wins + draw:
        return "=="
    return "01"


def _players(rng: random.Random) -> list[DemoPlayer]:
    rated = PLAYERS - UNRATED
    top = [2650, 2588, 2541, 2502, 2467, 2431, 2396]
    ratings = (
        top
        + sorted(
            (round(rng.triangular(1400, 2420, 1900)) for _ in range(rated - len(top) - 1)),
            reverse=True,
        )
        + [1400]
    )
    taken: set[str] = set()  # one player per surname
    players = []
    fide_ids = rng.sample(range(1_000_000, 45_000_000), PLAYERS)
    for start_no in range(1, PLAYERS + 1):
        rating = ratings[start_no - 1] if start_no <= rated else None
        federation = rng.choice([f for f, names in sorted(NAMES.items()) if set(names[2]) - taken])
        men, women, surnames = NAMES[federation]
        sex = "w" if rng.random() < 0.22 else "m"
        surname = rng.choice(sorted(set(surnames) - taken))
        taken.add(surname)
        name = f"{surname}, {rng.choice(women if sex == 'w' else men)}"
        players.append(
            DemoPlayer(
                start_no=start_no,
                name=name,
                sex=sex,
                federation=federation,
                rating=rating,
                title=_title(rng, rating, sex),
                fide_id="" if rating is None and start_no % 2 else str(fide_ids[start_no - 1]),
                birth=str(rng.randint(1962, 2013)),
            )
        )
    return players


def _title(rng: random.Random, rating: int | None, sex: str) -> str:
    if rating is None:
        return ""
    if rating >= 2500:
        return "GM"
    if rating >= 2400:
        return "IM" if rng.random() < 0.8 else "FM"
    if rating >= 2300:
        return ("WGM" if sex == "w" else "FM") if rng.random() < 0.8 else ""
    if rating >= 2150:
        return ("WIM" if sex == "w" else "CM") if rng.random() < 0.6 else ""
    return ""


# The demo's prizes (docs/prizes.md): overall places, rating classes, women, juniors,
# seniors and the unrated; tied players share equally, one prize a player.
PRIZES = {
    "version": 1,
    "ties": "equal",
    "stacking": False,
    "currency": "€",
    "categories": [
        {"key": "overall", "name": "Overall"},
        {"key": "u2000", "name": "U2000", "rating": {"field": "rating", "max": 1999}},
        {"key": "u1800", "name": "U1800", "rating": {"field": "rating", "max": 1799}},
        {"key": "women", "name": "Women", "sex": ["W"]},
        {"key": "junior", "name": "Junior", "born_from": "2008-01-01"},
        {"key": "senior", "name": "Senior", "born_before": "1967-01-01"},
        {"key": "unrated", "name": "Unrated", "unrated": True},
    ],
    "prizes": [
        *(
            {"category": "overall", "place": n, "amount": a}
            for n, a in enumerate(["500", "300", "200", "120", "80"], start=1)
        ),
        {"category": "u2000", "place": 1, "amount": "120"},
        {"category": "u2000", "place": 2, "amount": "60"},
        {"category": "u1800", "place": 1, "amount": "100"},
        {"category": "u1800", "place": 2, "amount": "50"},
        {"category": "women", "place": 1, "amount": "150"},
        {"category": "women", "place": 2, "amount": "75"},
        {"category": "junior", "place": 1, "item": "Trophy", "worth": "60"},
        {"category": "senior", "place": 1, "amount": "80"},
        {"category": "unrated", "place": 1, "item": "Chess book"},
    ],
}


def load_demo(seed: int = SEED) -> Event:
    """Delete and recreate the demo event, its arbiter and (when none) a superuser."""
    demo = build_demo(seed)
    with transaction.atomic():
        arbiter = create_demo_arbiter()
        old = Event.objects.filter(slug=DEMO_SLUG).first()
        # Pages are cached by slug and version: the new event continues the old numbering.
        version = 0
        if old is not None:
            version = old.version
            old.delete()
        event = _store(demo, arbiter, version)
        record_change(
            event,
            actor=DEMO,
            action="load_demo",
            target=DEMO_SLUG,
            after={"players": len(demo.players), "rounds": len(demo.rounds), "seed": seed},
        )
    return event


def _store(demo: DemoEvent, arbiter, version: int) -> Event:
    today = timezone.localdate()
    start = today - datetime.timedelta(days=3)
    event = Event.objects.create(
        slug=DEMO_SLUG,
        name="Demo Open",
        rounds_planned=ROUNDS,
        start_date=start,
        end_date=start + datetime.timedelta(days=4),
        location="Riverside Conference Hall",
        federation="SCO",
        chief_arbiter="IA Demo Arbiter",
        tiebreaks=TIEBREAKS,
        lots_seed=SEED % 100_000,
        prize_rules=PRIZES,
        version=version,
    )
    event.arbiters.set([arbiter])
    people = {
        p.start_no: Participant(
            event=event,
            start_no=p.start_no,
            name=p.name,
            title=p.title,
            sex=p.sex,
            federation=p.federation,
            fide_id=p.fide_id,
            birth=p.birth,
            rating=p.rating,
            withdrawn_from_round=WITHDRAWN.get(p.start_no),
        )
        for p in demo.players
    }
    Participant.objects.bulk_create(people.values())
    people = {p.start_no: p for p in event.participants.all()}
    now = timezone.now()
    games, unplayed = [], []
    for demo_round in demo.rounds:
        open_round = demo_round.number == ROUNDS_PLAYED
        starts_at = (
            now - datetime.timedelta(hours=2)
            if open_round
            else _round_start(start, demo_round.number)
        )
        rnd = Round.objects.create(
            event=event,
            number=demo_round.number,
            state=Round.State.IN_PROGRESS if open_round else Round.State.CLOSED,
            starts_at=starts_at,
            closed_at=None if open_round else starts_at + datetime.timedelta(hours=5),
        )
        for board, (white, black, result) in enumerate(demo_round.games, start=1):
            entered = starts_at + datetime.timedelta(minutes=25 + 3 * board) if result else None
            games.append(
                Game(
                    round=rnd,
                    board=board,
                    white=people[white],
                    black=people[black],
                    result=result,
                    entered_by=arbiter if result else None,
                    entered_at=entered,
                    version=1 if result else 0,
                )
            )
        unplayed += [
            UnplayedRound(round=rnd, participant=people[n], kind=kind)
            for n, kind in sorted(demo_round.byes.items())
        ]
    Game.objects.bulk_create(games)
    UnplayedRound.objects.bulk_create(unplayed)
    return event


def _round_start(start: datetime.date, number: int) -> datetime.datetime:
    """Two rounds a day, at 10:00 and 16:00."""
    day = start + datetime.timedelta(days=(number - 1) // 2)
    hour = 10 if number % 2 else 16
    return timezone.make_aware(datetime.datetime.combine(day, datetime.time(hour)))
