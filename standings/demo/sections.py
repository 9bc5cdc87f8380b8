"""The demo tournament with sections: the Demo Cup's Open A, Open B and U1600, each a small
Swiss of its own (rounds 1-3 closed, round 4 under way), boards numbered on from the section
before. Drawn from a fixed seed, so every load gives the same tournament."""

from __future__ import annotations

import datetime
import random
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from standings.engine import event as engine
from standings.events.actors import DEMO
from standings.events.changes import record_change
from standings.events.models import Event, Game, Participant, Round, UnplayedRound

from .accounts import create_demo_arbiter
from .event import NAMES, SCORING, draw_result
from .pairing import entrants, pair_round

DEMO_CUP_SLUG = "demo-cup"
SEED = 20261125
ROUNDS = 7
ROUNDS_PLAYED = 4  # rounds 1-3 closed, round 4 in progress
ENTERED_IN_OPEN_ROUND = 0.5
TIEBREAKS = "BH/C1 BH SB WIN"


@dataclass(frozen=True)
class SectionPlan:
    slug: str
    name: str
    players: int
    ratings: tuple[int, int]  # lowest and highest
    board_offset: int


SECTIONS = (
    SectionPlan("demo-cup-a", "Open A", 24, (1900, 2480), 0),
    SectionPlan("demo-cup-b", "Open B", 22, (1600, 1950), 100),
    SectionPlan("demo-cup-u1600", "U1600", 17, (1050, 1599), 200),
)
SECTION_SLUGS = tuple(plan.slug for plan in SECTIONS)


def load_cup_demo(seed: int = SEED) -> Event:
    """Delete and recreate the Demo Cup and its sections; the demo arbiter runs them all."""
    rng = random.Random(seed)
    with transaction.atomic():
        arbiter = create_demo_arbiter()
        versions = dict(
            Event.objects.filter(slug__in=[DEMO_CUP_SLUG, *SECTION_SLUGS]).values_list(
                "slug", "version"
            )
        )
        # Pages are cached by slug and version: the new events continue the old numbering.
        Event.objects.filter(parent__slug=DEMO_CUP_SLUG).delete()
        Event.objects.filter(slug__in=[DEMO_CUP_SLUG, *SECTION_SLUGS]).delete()
        start = timezone.localdate() - datetime.timedelta(days=1)
        cup = Event.objects.create(
            slug=DEMO_CUP_SLUG,
            name="Demo Cup",
            rounds_planned=ROUNDS,
            start_date=start,
            end_date=start + datetime.timedelta(days=3),
            location="Harbour Chess Centre",
            federation="SCO",
            version=versions.get(DEMO_CUP_SLUG, 0),
        )
        cup.arbiters.set([arbiter])
        taken: set[str] = set()  # one player per name across the sections
        for order, plan in enumerate(SECTIONS, start=1):
            section = _store_section(cup, plan, order, rng, taken, versions.get(plan.slug, 0))
            record_change(section, actor=DEMO, action="load_demo", target=plan.slug)
        record_change(
            cup, actor=DEMO, action="load_demo", target=DEMO_CUP_SLUG, after=SECTION_SLUGS
        )
    return cup


def _store_section(
    cup: Event, plan: SectionPlan, order: int, rng: random.Random, taken: set[str], version: int
) -> Event:
    event = Event.objects.create(
        slug=plan.slug,
        name=plan.name,
        parent=cup,
        section_order=order,
        board_offset=plan.board_offset,
        rounds_planned=ROUNDS,
        start_date=cup.start_date,
        end_date=cup.end_date,
        location=cup.location,
        federation=cup.federation,
        tiebreaks=TIEBREAKS,
        lots_seed=rng.randrange(100_000),
        version=version,
    )
    low, high = plan.ratings
    ratings = sorted((rng.randint(low, high) for _ in range(plan.players)), reverse=True)
    Participant.objects.bulk_create(
        Participant(
            event=event,
            start_no=n,
            name=_name(rng, taken),
            federation=rng.choice(sorted(NAMES)),
            rating=rating,
        )
        for n, rating in enumerate(ratings, start=1)
    )
    people = {p.start_no: p for p in event.participants.all()}
    entries: dict[int, list[engine.RoundEntry]] = {n: [] for n in people}
    now = timezone.now()
    for number in range(1, ROUNDS_PLAYED + 1):
        described = [
            engine.Participant(n, "", people[n].rating, entries=tuple(entries[n])) for n in people
        ]
        pairing = pair_round(entrants(described, SCORING))
        open_round = number == ROUNDS_PLAYED
        rnd = Round.objects.create(
            event=event,
            number=number,
            state=Round.State.IN_PROGRESS if open_round else Round.State.CLOSED,
            starts_at=now - datetime.timedelta(hours=2 + 5 * (ROUNDS_PLAYED - number)),
        )
        games = []
        for board, (white, black) in enumerate(pairing.games, start=1):
            result = ""
            if not open_round or rng.random() < ENTERED_IN_OPEN_ROUND:
                result = draw_result(rng, people[white].rating, people[black].rating)
            games.append(
                Game(
                    round=rnd,
                    board=board,
                    white=people[white],
                    black=people[black],
                    result=result,
                    entered_at=now if result else None,
                    version=1 if result else 0,
                )
            )
            codes = (result[0], result[1]) if result else (engine.PENDING, engine.PENDING)
            entries[white].append(engine.RoundEntry(number, black, "w", codes[0]))
            entries[black].append(engine.RoundEntry(number, white, "b", codes[1]))
        Game.objects.bulk_create(games)
        if pairing.bye is not None:
            UnplayedRound.objects.create(round=rnd, participant=people[pairing.bye], kind="U")
            entries[pairing.bye].append(engine.RoundEntry(number, None, None, "U"))
    return event


def _name(rng: random.Random, taken: set[str]) -> str:
    while True:
        men, women, surnames = NAMES[rng.choice(sorted(NAMES))]
        name = f"{rng.choice(surnames)}, {rng.choice(men + women)}"
        if name not in taken:
            taken.add(name)
            return name
