"""What translations cost a push: the live fragments of a 900-player event (11 rounds,
the last under way) rendered and packed for sockets in English alone, then in French,
German and Spanish as well (live_messages.messages renders each view a socket asks for once per
language asked, standings.live.asked), for standings sockets and for sockets of every view.

    python bench/i18n_push_bench.py [--players 900]

Prints the best of 5 for each case, in ms: the whole push, and its first message (English,
sent before the other languages are rendered); and the size of each language's parts.
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
    from standings.live import fragments
    from standings.live import messages as live_messages
    from standings.state.event_state import build_state

    seed_individual("bench-i18n", args.players)
    state = build_state(Event.objects.get(slug="bench-i18n"))
    cache.clear()
    print(f"{args.players} players, push messages (fragments rendered and packed), best of 5:")
    for view in ("standings", fragments.ALL):
        base = None
        for extra in ([], ["fr"], ["fr", "de"], ["fr", "de", "es"]):
            wanted = {(view, code) for code in ["en", *extra]}
            whole, first = [], []
            for _ in range(5):
                started = time.perf_counter()
                sent = live_messages.messages(state, wanted)
                next(sent)
                first.append(time.perf_counter() - started)
                list(sent)  # the other languages
                whole.append(time.perf_counter() - started)
            best = 1000 * min(whole)
            base = base or best
            message = live_messages.message(state, wanted)
            sizes = [sum(map(len, parts.values())) for parts in message["parts"].values()]
            names = "+".join(["en", *extra])
            print(
                f"  view {view:9} {names:12} {best:6.1f} ms (x{best / base:.2f}), "
                f"first message {1000 * min(first):5.1f} ms; packed bytes {sizes}"
            )


if __name__ == "__main__":
    main()
