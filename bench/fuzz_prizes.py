"""Fuzz the prize settings page, then time it at the document's limits.

1. Fuzz: the probe's documents (tests/prizes/mutations.py PROBES) and N random bad ones
   (`mutate`), each posted as the arbiter would, to the save page (typed, or every fifth
   as an uploaded file) and to the preview, on an 8-player event; each live push runs in
   the request's thread, so a push that fails counts too. A save must answer 400 (refused,
   nothing stored) or 302 (accepted); the preview 200. Anything else, or an exception,
   is a crash. Prints tried, refused, accepted and crashes (must be 0) and the slowest
   request.
2. Limits: on a 500-player, 9-round event (ratings 1000-2600, women, juniors), a document
   of 50 categories (each a rating band) and 300 prizes: the preview and the save
   (the push it schedules timed on its own: the worker's work, not the request's), and
   the refusals the probe timed (7,000 categories, 2,800 bands, 150,000 brackets).

    .venv/bin/python bench/fuzz_prizes.py [--documents 3000] [--seed 1]
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/NAME .venv/bin/python bench/fuzz_prizes.py

Runs in a throwaway test database (SQLite in memory, or test_NAME on PostgreSQL).
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import random
import statistics
import sys
import time
import traceback
from collections import Counter
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "standings.settings")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from django.core.files.uploadedfile import SimpleUploadedFile  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import override_settings, setup_test_environment  # noqa: E402
from prize_bench import at_the_limits  # noqa: E402 (bench/, the script's folder)

from standings.events.changes import event_committed  # noqa: E402
from standings.events.models import Event, Game, Participant, Round  # noqa: E402
from standings.live.schedule import on_event_committed, publish_now  # noqa: E402
from tests.factories import create_swiss  # noqa: E402
from tests.prizes.mutations import PROBES, mutate  # noqa: E402

FORM = "application/x-www-form-urlencoded"
PUSH_UID = "standings.live.push"  # as live/apps.py connects it


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--documents", type=int, default=3000, help="random documents to try")
    parser.add_argument("--seed", type=int, default=1, help="random seed (repeatable runs)")
    args = parser.parse_args()

    setup_test_environment()
    for logger in ("django.request", "django.security"):  # each refusal logs its 400 or 413
        logging.getLogger(logger).setLevel(logging.CRITICAL)
    vendor = connection.vendor
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        arbiter = get_user_model().objects.create_user("arbiter", password="pw-arbiter-1")
        client = Client(raise_request_exception=False)
        client.force_login(arbiter)
        with override_settings(LIVE_PUSH_INTERVAL=0):
            fuzz(client, create_swiss(arbiters=[arbiter]), args.documents, args.seed, vendor)
        limits(client, big_event(arbiter))
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
    return 0


def fuzz(client: Client, event: Event, documents: int, seed: int, vendor: str) -> None:
    rng = random.Random(seed)
    texts = [text for _, text in PROBES] + [mutate(rng) for _ in range(documents)]
    page = f"/e/{event.slug}/arbiter/settings/prizes/"
    client.get(page)  # templates compiled, translations loaded: not counted
    counts: Counter = Counter()
    slowest = (0.0, 0.0, "")
    started = time.perf_counter()
    for n, text in enumerate(texts):
        version = Event.objects.values_list("version", flat=True).get(pk=event.pk)
        # the text's bytes as sent, lone surrogates too (a browser would not send them)
        sent = text.encode("utf-8", "surrogatepass")
        typed = urlencode({"document": sent, "version": version})
        try:
            if n % 5 == 4:
                upload = SimpleUploadedFile("prizes.json", sent, "application/json")
                took, saved = timed(client.post, page, {"file": upload, "version": version})
            else:
                took, saved = timed(client.post, page, typed, content_type=FORM)
            save_cpu = cpu_spent
            took_preview, preview = timed(client.post, page + "preview/", typed, content_type=FORM)
        except Exception:  # noqa: BLE001 (counting crashes is the point)
            counts["crash"] += 1
            traceback.print_exc(limit=4)
            continue
        slowest = max(
            slowest,
            (took, save_cpu, f"the save of input {n}"),
            (took_preview, cpu_spent, f"the preview of input {n}"),
        )
        too_big = len(typed) > settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        if too_big and saved.status_code < 500 and preview.status_code in (400, 413):
            counts["too big"] += 1  # Django's limit (413 before Django when deployed)
        elif saved.status_code == 400 and preview.status_code == 200:
            counts["refused"] += 1
        elif saved.status_code == 302 and preview.status_code == 200:
            counts["accepted"] += 1
        else:
            counts["crash"] += 1
            print(f"input {n}: save {saved.status_code}, preview {preview.status_code}")
    elapsed = time.perf_counter() - started
    print(f"database: {vendor}, seed {seed}; fuzz on an 8-player event, pushes inline")
    print(f"documents tried: {len(texts)} ({len(PROBES)} probes, {documents} random)")
    print(f"refused (400):   {counts['refused']}")
    print(
        f"too big (413):   {counts['too big']} (a body over"
        f" {settings.DATA_UPLOAD_MAX_MEMORY_SIZE // 1024} KB, refused before the view)"
    )
    print(f"accepted (302):  {counts['accepted']}")
    print(f"crashes (5xx):   {counts['crash']}")
    print(
        f"slowest request: {1000 * slowest[0]:.0f} ms wall-clock,"
        f" {1000 * slowest[1]:.0f} ms CPU ({slowest[2]})"
    )
    print(f"time:            {elapsed:.1f} s ({1000 * elapsed / len(texts):.1f} ms a document)")


def limits(client: Client, event: Event) -> None:
    page = f"/e/{event.slug}/arbiter/settings/prizes/"
    document = json.dumps(at_the_limits(), ensure_ascii=False)
    client.get(page)
    form = {"document": document, "version": event.version}
    print(f"\nlimits: {event.participants.count()} players, 50 categories, 300 prizes")
    report("preview", *measured(client.post, page + "preview/", form, runs=7))
    # the push a save schedules would run in a thread of this process, its CPU counted with
    # the requests': left out here and timed on its own below
    event_committed.disconnect(dispatch_uid=PUSH_UID)
    saves: tuple[list[float], list[float]] = ([], [])
    for k in range(7):
        # alternate two documents, so each save is a change
        changed = document.replace('"currency": "€"', f'"currency": "€{k % 2}"')
        version = Event.objects.values_list("version", flat=True).get(pk=event.pk)
        took, answer = timed(client.post, page, {"document": changed, "version": version})
        assert answer.status_code == 302, answer.status_code
        saves[0].append(took)
        saves[1].append(cpu_spent)
    report("save (POST, answered by a redirect)", *saves)
    report("the settings page after it (GET)", *measured(client.get, page, runs=5))
    event_committed.connect(on_event_committed, dispatch_uid=PUSH_UID)
    report("the push of a save (publish_now)", *measured(publish_now, event.pk, runs=3))
    for what in ("7,000 categories", "2,800 rating bands", "150,000 open lists"):
        text = dict(PROBES)[what]
        form = {"document": text, "version": event.version}
        report(f"refusal of {what}", *measured(client.post, page, form, runs=5))


def big_event(arbiter) -> Event:
    event = Event.objects.create(
        slug="bench-500", name="Bench 500", rounds_planned=11, tiebreaks="BH/C1 BH SB ARO"
    )
    event.arbiters.add(arbiter)
    draw = random.Random(2026)
    people = Participant.objects.bulk_create(
        Participant(
            event=event,
            start_no=n,
            name=f"Competitor {n:03d}",
            rating=2600 - 3 * n,
            sex="w" if n % 5 == 0 else "m",
            birth=str(1950 + n % 60),
            federation="SCO",
        )
        for n in range(1, 501)
    )
    for number in range(1, 10):
        state = Round.State.CLOSED if number < 9 else Round.State.IN_PROGRESS
        rnd = Round.objects.create(event=event, number=number, state=state)
        order = people[:]
        draw.shuffle(order)
        Game.objects.bulk_create(
            Game(
                round=rnd,
                board=board + 1,
                white=order[2 * board],
                black=order[2 * board + 1],
                result=draw.choice(["10", "==", "01"]) if number < 9 or board % 2 else "",
            )
            for board in range(len(order) // 2)
        )
    return Event.objects.get(pk=event.pk)


def timed(function, *args, **kwargs):
    """(wall-clock seconds, the answer); the CPU seconds of the last call in `cpu_spent`."""
    global cpu_spent
    started, cpu = time.perf_counter(), time.process_time()
    answer = function(*args, **kwargs)
    cpu_spent = time.process_time() - cpu
    return time.perf_counter() - started, answer


cpu_spent = 0.0


def measured(function, *args, runs: int, **kwargs) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU seconds of `runs` calls (the database is SQLite in this process,
    or PostgreSQL beside it: its time is wall-clock only)."""
    walls, cpus = [], []
    for _ in range(runs):
        walls.append(timed(function, *args, **kwargs)[0])
        cpus.append(cpu_spent)
    return walls, cpus


def report(what: str, walls: list[float], cpus: list[float]) -> None:
    print(
        f"  {what}: CPU median {1000 * statistics.median(cpus):.0f} ms,"
        f" best {1000 * min(cpus):.0f}, worst {1000 * max(cpus):.0f}; wall-clock median"
        f" {1000 * statistics.median(walls):.0f} ms, worst {1000 * max(walls):.0f} ms"
        f" ({len(walls)} runs)"
    )


if __name__ == "__main__":
    sys.exit(main())
