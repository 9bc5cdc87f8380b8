"""The demo bridge event: a 12-team Swiss of 16-board matches, four rounds played on the
WBF scale and the fifth left for the scorer; arbitrated by the demo's `arbiter` account
when `load_demo` has created it."""

from __future__ import annotations

import random
from fractions import Fraction

from django.contrib.auth import get_user_model
from django.db import transaction

from standings.bridge.model import Entrant, TeamMatch, TeamsEvent
from standings.bridge.vp_scale import victory_points
from standings.bridge.writer import write_bridge
from standings.events.actors import DEMO
from standings.events.models import Event

from .services import import_bridge

BRIDGE_DEMO_SLUG = "demo-bridge"
CITIES = "Aalborg Bergen Cadiz Dundee Faro Gdansk Haarlem Jena Lille Namur Riga Utrecht".split()
BOARDS, PLAYED = 16, 4


def demo_event(seed: int = 7) -> TeamsEvent:
    rng = random.Random(seed)
    strength = {i: rng.gauss(0, 1) for i in range(1, len(CITIES) + 1)}
    total = dict.fromkeys(strength, Fraction(0))
    met: set[frozenset[int]] = set()
    matches = []
    for rnd in range(1, PLAYED + 1):
        waiting = sorted(strength, key=lambda t: (-total[t], t))
        while waiting:  # top team against the next one it has not met
            home = waiting.pop(0)
            away = next((t for t in waiting if frozenset((home, t)) not in met), waiting[0])
            waiting.remove(away)
            met.add(frozenset((home, away)))
            edge = (strength[home] - strength[away]) * 10
            imps = (
                max(0, round(rng.gauss(30 + edge, 12))),
                max(0, round(rng.gauss(30 - edge, 12))),
            )
            vps = victory_points(imps[0], imps[1], BOARDS)
            points = tuple(Fraction(i * 50 + rng.randint(1500, 3000)) for i in imps)
            matches.append(
                TeamMatch(rnd, home, away, (Fraction(imps[0]), Fraction(imps[1])), vps, points)  # type: ignore[arg-type]
            )
            total[home] += vps[0]
            total[away] += vps[1]
    teams = tuple(Entrant(i, name) for i, name in zip(strength, CITIES, strict=True))
    return TeamsEvent("Demo Bridge Swiss Teams", "swiss", teams, tuple(matches), rounds=7)


@transaction.atomic
def load_bridge_demo() -> Event:
    Event.objects.filter(slug=BRIDGE_DEMO_SLUG).delete()
    event = import_bridge(
        write_bridge(demo_event()), slug=BRIDGE_DEMO_SLUG, boards=BOARDS, actor=DEMO
    )
    arbiter = get_user_model().objects.filter(username="arbiter").first()
    if arbiter is not None:
        event.arbiters.add(arbiter)
    return event
