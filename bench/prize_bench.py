"""Prize projection benchmark: a 500-player, 11-round Swiss (engine_bench's event) with 12
categories and 60 prizes. Prints the standings' time and, on top of it, the projection's
under each tie rule (the push runs both on every change), then reading and projecting a
document at the limits (docs/prizes.md). Figures only; not a timed test.

    .venv/bin/python bench/prize_bench.py
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine_bench import PLAYERS, TIEBREAKS, build_event, report, timed  # noqa: E402

from standings.engine.standings import compute_standings  # noqa: E402
from standings.prizes.members import Player  # noqa: E402
from standings.prizes.projection import project  # noqa: E402
from standings.prizes.rules import read_rules  # noqa: E402
from standings.prizes.status import RoundsState  # noqa: E402

OPEN = RoundsState(planned=11, closed=frozenset())  # the last round still open

CLASSES = (2400, 2200, 2000, 1800, 1600)


def players(seed: int = 3) -> dict[int, Player]:
    """What categories read: ratings 1200-2600 (5% unrated), sex, birth, federation, club."""
    rng = random.Random(seed)
    return {
        n: Player(
            start_no=n,
            rating=None if rng.random() < 0.05 else round(rng.triangular(1200, 2600, 1800)),
            birth=f"{rng.randint(1950, 2015)}/{rng.randint(1, 12):02d}/{rng.randint(1, 28):02d}",
            sex="w" if rng.random() < 0.2 else "m",
            federation=rng.choice(["GER", "FRA", "ENG", "SCO", "ESP"]),
            club=rng.choice(["SK Nord", "SC Süd", "Schach 1900", ""]),
        )
        for n in range(1, PLAYERS + 1)
    }


def document(ties: str) -> dict:
    """12 categories, 60 prizes: 15 overall, 5 in each of 5 rating classes, 5 women,
    3 each for juniors, seniors, two federations and a club."""
    categories = [{"key": "overall", "name": "Overall"}]
    prizes = [{"category": "overall", "place": k, "amount": 1500 - 90 * k} for k in range(1, 16)]
    for high in CLASSES:
        categories.append({"key": f"u{high}", "name": f"U{high}", "rating": {"max": high - 1}})
        prizes += [
            {"category": f"u{high}", "place": k, "amount": high // 20 - 10 * k} for k in range(1, 6)
        ]
    categories += [
        {"key": "women", "name": "Women", "sex": ["W"]},
        {"key": "junior", "name": "Junior", "born_from": "2008-01-01"},
        {"key": "senior", "name": "Senior", "born_before": "1966-01-01"},
        {"key": "ger", "name": "Germany", "federations": ["GER"]},
        {"key": "fra", "name": "France", "federations": ["FRA"]},
        {"key": "club", "name": "SK Nord", "clubs": ["SK Nord"]},
    ]
    prizes += [{"category": "women", "place": k, "amount": 200 - 25 * k} for k in range(1, 6)]
    for key in ("junior", "senior", "ger", "fra", "club"):
        prizes += [{"category": key, "place": k, "amount": 100 - 20 * k} for k in range(1, 4)]
    return {"ties": ties, "categories": categories, "prizes": prizes}


def at_the_limits() -> dict:
    """50 nested rating bands (U1100 ... U2570) and 300 prizes, 6 a category."""
    categories = [
        {"key": f"u{1100 + 30 * k}", "name": f"U{1100 + 30 * k}", "rating": {"max": 1099 + 30 * k}}
        for k in range(50)
    ]
    prizes = [
        {"category": c["key"], "place": place, "amount": str(700 - 100 * place)}
        for c in categories
        for place in range(1, 7)
    ]
    return {"ties": "equal", "currency": "€", "categories": categories, "prizes": prizes}


def main() -> None:
    event = build_event()
    standings = compute_standings(event, TIEBREAKS)
    people = players()
    print(f"{PLAYERS} players, {standings.round} rounds, list: PTS {' '.join(TIEBREAKS)}")
    report("standings", timed(lambda: compute_standings(event, TIEBREAKS), 20))
    for ties in ("none", "equal", "hort", "uscf"):
        rules = read_rules(document(ties))
        counted = f"{len(rules.categories)} categories, {len(rules.prizes)} prizes"
        project(standings, people, rules, rounds=OPEN)  # warm-up
        report(
            f"projection, ties {ties} ({counted})",
            timed(lambda rules=rules: project(standings, people, rules, rounds=OPEN), 50),
        )
    limits = at_the_limits()
    report("reading the document at the limits", timed(lambda: read_rules(limits), 50))
    rules = read_rules(limits)
    report(
        "projection at the limits (50 categories, 300 prizes, ties equal)",
        timed(lambda: project(standings, people, rules, rounds=OPEN), 20),
    )


if __name__ == "__main__":
    main()
