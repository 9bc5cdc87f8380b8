"""Sections benchmark: a tournament of 5 sections, 2,000 players in all, 5 rounds each.

Prints what the tournament's overview page (/e/<tournament>/: each section's leaders) costs
through Django: its first view once the sections' states are cached (one overview render),
a view while nothing changed (cached), and the first view after a result in one section (a
publish of that section, then one render). Also a section's own standings page beside an
event without sections (the section switcher's cost). Median and 95th percentile of
repeated runs. Figures only; not a timed test.

    REDIS_URL=redis://127.0.0.1:6379/0 .venv/bin/python bench/sections_bench.py

Without REDIS_URL the cache is the process's memory. The database is a throwaway SQLite file.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
SECTIONS, PLAYERS, ROUNDS, REPEAT = 5, 400, 5, 30


def seed(tournament_slug: str) -> None:
    from standings.events.models import Event, Game, Participant, Round

    rng = random.Random(1)
    cup = Event.objects.create(slug=tournament_slug, name="Bench Cup")
    for order in range(1, SECTIONS + 1):
        section = Event.objects.create(
            slug=f"{tournament_slug}-{order}",
            name=f"Section {order}",
            parent=cup,
            section_order=order,
            board_offset=100 * (order - 1),
            rounds_planned=9,
            tiebreaks="BH/C1 BH SB WIN",
        )
        people = Participant.objects.bulk_create(
            Participant(event=section, start_no=n, name=f"Player {order}-{n}", rating=2400 - n)
            for n in range(1, PLAYERS + 1)
        )
        for number in range(1, ROUNDS + 1):
            state = Round.State.IN_PROGRESS if number == ROUNDS else Round.State.CLOSED
            rnd = Round.objects.create(event=section, number=number, state=state)
            order_ = people[:]
            rng.shuffle(order_)
            Game.objects.bulk_create(
                Game(
                    round=rnd,
                    board=b + 1,
                    white=order_[2 * b],
                    black=order_[2 * b + 1],
                    result=""
                    if number == ROUNDS and b % 3 == 0
                    else rng.choice(["10", "==", "01"]),
                )
                for b in range(PLAYERS // 2)
            )


def timed(run, repeat: int = REPEAT) -> str:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append((time.perf_counter() - start) * 1000)
    return summary(times)


def summary(times: list[float]) -> str:
    p95 = sorted(times)[max(0, int(len(times) * 0.95) - 1)]
    return f"median {statistics.median(times):7.1f} ms, p95 {p95:7.1f} ms"


def main() -> None:
    workdir = tempfile.mkdtemp(prefix="sections-bench-")
    os.environ["DATABASE_URL"] = f"sqlite:///{workdir}/bench.sqlite3"
    os.environ.setdefault("REDIS_PREFIX", f"sections-bench-{os.getpid()}")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "standings.settings")
    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client

    from standings.events.actors import COMMAND
    from standings.events.models import Event
    from standings.events.services import enter_result
    from standings.live.publish import publish

    call_command("migrate", verbosity=0)
    # The bench publishes itself, in line: a push thread would share the process's GIL with
    # the views timed here (bench/live_bench.py measures the push).
    from standings.events.changes import event_committed

    event_committed.disconnect(dispatch_uid="standings.live.push")
    seed("bench-cup")
    sections = list(Event.objects.filter(parent__slug="bench-cup").order_by("section_order"))
    for section in sections:
        publish(section.pk)
    print(
        f"{SECTIONS} sections x {PLAYERS} players, {ROUNDS} rounds; cache: "
        f"{'Redis' if os.environ.get('REDIS_URL') else 'process memory'}"
    )
    client = Client()
    assert client.get("/e/bench-cup/").status_code == 200

    def overview_rendered() -> None:  # a new overview key each time: the tournament's version
        Event.objects.filter(slug="bench-cup").update(
            version=Event.objects.get(slug="bench-cup").version + 1
        )
        client.get("/e/bench-cup/")

    print("overview, first view (render)      ", timed(overview_rendered))
    print("overview, nothing changed (cached) ", timed(lambda: client.get("/e/bench-cup/")))
    target = sections[0]
    pending = list(
        target.round_set.get(number=ROUNDS).games.filter(result="").values_list("board", flat=True)
    )

    def after_a_result() -> float:
        enter_result(target, ROUNDS, pending.pop(), "10", actor=COMMAND)
        publish(target.pk)  # what the live push does once the result commits
        start = time.perf_counter()
        client.get("/e/bench-cup/")
        return (time.perf_counter() - start) * 1000

    print(
        "overview after a result in a section", summary([after_a_result() for _ in range(REPEAT)])
    )
    print("section standings page (cached)    ", timed(lambda: client.get(f"/e/{target.slug}/")))
    plain = sections[1]
    Event.objects.filter(pk=plain.pk).update(parent=None)
    publish(plain.pk)
    print("same page, event without sections  ", timed(lambda: client.get(f"/e/{plain.slug}/")))


if __name__ == "__main__":
    main()
