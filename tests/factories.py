"""Small events built in the database for tests."""

from __future__ import annotations

import datetime

from django.utils import timezone

from standings.events.models import Event, Game, Participant, Round

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
