"""Each player's path (state/path.py): what it costs to build per event version, and a card.

Seeds the demo (45 players, 5 rounds closed) and a 500-player, 11-round Swiss (round 11
under way; bench/team_live_bench.py's) in a throwaway database, no shared cache, and prints
for each: the path's build with nothing remembered (every closed round ranked by the engine),
the build of the next version after a result of the round under way (the earlier rounds'
rankings remembered), and a player card's render (median over the players, the path kept).
Figures only; not a timed test.

Usage: .venv/bin/python bench/path_bench.py [--players 500] [--repeat 5]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "standings.settings")

import django  # noqa: E402

django.setup()

from django.db import connection  # noqa: E402
from django.test.utils import override_settings, setup_test_environment  # noqa: E402
from django.urls import get_resolver  # noqa: E402

from bench.team_live_bench import seed_individual  # noqa: E402
from standings.demo.event import DEMO_SLUG, load_demo  # noqa: E402
from standings.events import services  # noqa: E402
from standings.events.actors import COMMAND  # noqa: E402
from standings.events.changes import event_committed  # noqa: E402
from standings.events.models import Event, Game  # noqa: E402
from standings.state import cache as state_cache  # noqa: E402
from standings.state import path as state_path  # noqa: E402
from standings.state.after import finished_rounds  # noqa: E402
from standings.web import render  # noqa: E402

SLUG = "bench-path"
NO_CACHE = {"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}


def timed(call, repeat: int) -> float:
    """The median of `repeat` calls, in milliseconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return 1000 * statistics.median(times)


def measure(slug: str, repeat: int) -> None:
    event = Event.objects.get(slug=slug)
    state = state_cache.state(slug, event.version)
    assert state is not None
    rounds = finished_rounds(state)

    def cold() -> None:
        state_path._RANKED.clear()
        state_path.build_path(event, rounds)

    cold_ms = timed(cold, repeat)
    pending = Game.objects.filter(round__event=event, result="").order_by("round__number")
    game = pending.select_related("round").first()
    if game is not None:  # a result of the round under way: a new version
        services.enter_result(event, game.round.number, game.board, "10", actor=COMMAND)
    event.refresh_from_db()
    state = state_cache.state(slug, event.version)
    assert state is not None
    warm_ms = timed(lambda: state_path.build_path(event, rounds), repeat)
    state_path.path_of(state)  # kept for the cards, as the first card of a version does
    players = sorted(state.people)[:: max(1, len(state.people) // 50)]
    card = []
    for start_no in players:
        start = time.perf_counter()
        render._render_page(state, f"player-{start_no}")
        card.append(time.perf_counter() - start)
    print(
        f"{slug:<12} {len(state.people):>5} players {len(rounds):>3} rounds: path build "
        f"{cold_ms:7.1f} ms cold, {warm_ms:7.1f} ms next version; card render median "
        f"{1000 * statistics.median(card):5.1f} ms over {len(players)}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    assert get_resolver().url_patterns  # every page registered before a page renders
    # No live push: its thread would write to the in-memory database beside the bench's.
    event_committed.receivers.clear()
    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        with override_settings(CACHES=NO_CACHE):
            load_demo()
            seed_individual(SLUG, args.players)
            measure(DEMO_SLUG, args.repeat)
            measure(SLUG, args.repeat)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
