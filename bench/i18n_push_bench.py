"""What translations cost a push: the live fragments of a 900-player event (11 rounds,
the last under way) rendered and packed in English alone, then in each language its
readers use as well (push.message renders once per language in use, web.languages).

    python bench/i18n_push_bench.py [--players 900]

Prints the best of 5 for each case, in ms, and the size of each language's packed parts.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=900)
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="i18n-bench-")
    os.environ["DATABASE_URL"] = f"sqlite:///{folder}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "standings.settings")
    import django

    django.setup()
    from django.core.cache import cache
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from bench.team_live_bench import seed_individual
    from standings.events.models import Event
    from standings.live import push
    from standings.web import languages
    from standings.web.state import build_state

    seed_individual("bench-i18n", args.players)
    state = build_state(Event.objects.get(slug="bench-i18n"))
    cache.clear()
    print(f"{args.players} players, push message (fragments rendered and packed), best of 5:")
    base = None
    for extra in ([], ["fr"], ["fr", "de"], ["fr", "de", "es"]):
        for code in extra:
            languages.record("bench-i18n", code)
        times = []
        for _ in range(5):
            started = time.perf_counter()
            message = push.message(state)
            times.append(time.perf_counter() - started)
        best = 1000 * min(times)
        base = base or best
        sizes = [sum(map(len, message["packed"].values()))] + [
            sum(map(len, parts.values())) for parts in message["translated"].values()
        ]
        names = "+".join(["en", *extra])
        print(f"  {names:12} {best:6.1f} ms  (x{best / base:.2f})  packed bytes {sizes}")


if __name__ == "__main__":
    main()
