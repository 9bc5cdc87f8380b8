"""Small events built in the database for tests."""

from __future__ import annotations

import datetime

from django.utils import timezone

from standings.events.actors import SystemActor
from standings.events.models import Event, Game, Participant, Round

# Who writes in a test that is not about who may write: a system actor of the tests' own,
# which relays results as the demo and the commands do (a test of permission passes a user).
TEST_ACTOR = SystemActor("tests", relays_results=True)

# Round r pairs start numbers (a, b) with a as white; 8 players, no rematches.
PAIRINGS = [
    [(1, 5), (6, 2), (3, 7), (8, 4)],
    [(1, 3), (4, 2), (5, 7), (8, 6)],
    [(2, 1), (3, 8), (7, 4), (6, 5)],
]
RESULTS = [
    ["10", "01", "==", "01"],
    ["==", "10", "01", "+-"],
    ["10", "==", "", ""],  # round 3 in progress: two results missing
]


def create_swiss(arbiters=(), slug="small-open", players=8) -> Event:
    event = Event.objects.create(
        slug=slug,
        name="Small Open",
        rounds_planned=5,
        start_date=datetime.date(2026, 6, 1),
        tiebreaks="BH/C1 BH SB DE",
    )
    event.arbiters.set(arbiters)
    people = {
        n: Participant.objects.create(
            event=event,
            start_no=n,
            name=f"Player {n:02d}",
            rating=2400 - 25 * n,
            federation="SCO",
            title="FM" if n < 3 else "",
        )
        for n in range(1, players + 1)
    }
    now = timezone.now()
    for r, (pairs, results) in enumerate(zip(PAIRINGS, RESULTS, strict=True), start=1):
        state = Round.State.CLOSED if r < 3 else Round.State.IN_PROGRESS
        rnd = Round.objects.create(event=event, number=r, state=state)
        for board, ((w, b), result) in enumerate(zip(pairs, results, strict=True), start=1):
            Game.objects.create(
                round=rnd,
                board=board,
                white=people[w],
                black=people[b],
                result=result,
                entered_at=now if result else None,
            )
    return event


TEAM_NAMES = ["Rooks", "Knights", "Bishops", "Pawns", "Queens", "Kings"]


def create_team_event(arbiters=(), slug="small-teams", teams=4, boards=4, reserves=1) -> Event:
    """Teams of `boards` players plus reserves, round 1 published: 1-2 and 3-4 (and so on)."""
    from standings.events.models import Team
    from standings.events.rounds import create_round
    from standings.events.services import publish_pairings

    event = Event.objects.create(
        slug=slug,
        name="Small Teams",
        kind=Event.Kind.TEAM,
        rounds_planned=5,
        start_date=datetime.date(2026, 6, 1),
        tiebreaks="",
    )
    event.arbiters.set(arbiters)
    start_no = 0
    for number in range(1, teams + 1):
        team = Team.objects.create(event=event, number=number, name=TEAM_NAMES[number - 1])
        for order in range(1, boards + reserves + 1):
            start_no += 1
            Participant.objects.create(
                event=event,
                start_no=start_no,
                name=f"{team.name[:-1]} {order}",
                rating=2300 - 10 * start_no,
                team=team,
                board_order=order,
            )
    pairs = [(n, n + 1) for n in range(1, teams, 2)]
    create_round(event, 1, pairs, boards=boards, actor=TEST_ACTOR)
    publish_pairings(event, 1, actor=TEST_ACTOR)
    event.refresh_from_db()
    return event
