"""Fuzz the mirror's endpoint with hostile states, then time the largest batch the caps allow.

1. Fuzz: `--states` whole states, each the venue's 8-player Swiss with one value replaced
   somewhere (any path: wrong types, NUL, NaN, huge or negative numbers, huge strings, deep
   nesting, rows cut or lengthened, keys given twice), posted signed as the venue's first
   batch. Each must answer 400 with nothing written, or 200; every 20 tries the venue's true
   state must still apply (nothing wedged). Prints tried, refused (400), applied, 5xx (0),
   half-applied (0) and wedged (0).
2. The largest batch the caps allow (MIRROR_MAX_*): a tournament of three sections, 2,000 +
   2,000 + 1,000 players (MIRROR_MAX_BATCH_PLAYERS) and 8 rounds each, 20,000 games
   (MIRROR_MAX_GAMES), every result in: its bytes, the time to apply it whole, then a page
   of it (the tournament's overview, a section's standings), and one result changed after.

    .venv/bin/python bench/mirror_fuzz.py [--states 1000] [--seed 1]
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/NAME .venv/bin/python bench/mirror_fuzz.py

Runs in a throwaway test database (SQLite in memory, or test_NAME on PostgreSQL).
"""

from __future__ import annotations

import argparse
import copy
import gzip
import json
import logging
import os
import random
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "standings.settings")

import django  # noqa: E402

django.setup()

from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402

from standings.events.changes import event_committed  # noqa: E402
from standings.events.models import AuditEntry, Event, Game, Participant, Round  # noqa: E402
from standings.mirror import batch  # noqa: E402
from standings.mirror.export import state_at_version  # noqa: E402
from standings.mirror.models import MirroredEvent  # noqa: E402
from standings.mirror.public import grant_token  # noqa: E402
from tests.factories import create_swiss  # noqa: E402

HOSTILE = [
    "abc",
    -1,
    0,
    2**31,
    2**63,
    -(2**70),
    1.5,
    float("nan"),
    float("inf"),
    True,
    None,
    [],
    {},
    "\u0000",
    "x" * 100_000,
    json.loads("[" * 30 + "]" * 30),  # nested past MAX_DEPTH
    "2026-13-45T99:00:00",
    "10",
    [1, 1, 1, 1, 1],
    [1, 1, 1, 1, 1, "10", 7],
]


def paths(value: object, path: tuple = ()) -> list[tuple]:
    found = [path]
    if isinstance(value, dict):
        for key, inner in value.items():
            found += paths(inner, (*path, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value[:4]):
            found += paths(inner, (*path, index))
    return found


def mutated(state: dict, rng: random.Random) -> bytes | dict:
    """A state with one hostile change; bytes when the change is in the JSON text itself."""
    if rng.random() < 0.05:  # a key given twice
        text = json.dumps(state)
        return ('{"version": 1, ' + text[1:]).encode()
    state = copy.deepcopy(state)
    path = rng.choice(paths(state)[1:])
    holder = state
    for step in path[:-1]:
        holder = holder[step]
    value = rng.choice(HOSTILE)
    if rng.random() < 0.1 and isinstance(holder, dict):
        holder[f"extra-{rng.randrange(9)}"] = value  # a key the state does not have
    elif rng.random() < 0.1 and isinstance(holder[path[-1]], list):
        holder[path[-1]] = holder[path[-1]][: rng.randrange(6)]  # a row cut short
    else:
        holder[path[-1]] = value
    return state


def body(slug: str, seq: int, version: int, state: dict | bytes) -> bytes:
    said = {"slug": slug, "seq": seq, "prev": seq - 1, "version": version}
    if isinstance(state, bytes):
        return gzip.compress(json.dumps(said)[:-1].encode() + b', "state": ' + state + b"}")
    return batch.pack({**said, "state": state})


def post(client: Client, slug: str, token: str, data: bytes):
    return client.post(
        f"/mirror/{slug}/",
        data,
        content_type="application/json",
        headers={
            "Content-Encoding": "gzip",
            batch.SIGNATURE_HEADER: batch.signature(batch.token_key(token), data),
        },
    )


def written() -> tuple:
    return sorted(Event.objects.values_list("slug", "version")), AuditEntry.objects.count()


def fuzz(states: int, seed: int) -> None:
    rng = random.Random(seed)
    venue = create_swiss(slug="venue-open")
    version, state = state_at_version(venue.slug)
    state = batch.plain(state)
    token = grant_token("fuzzed")
    client = Client(raise_request_exception=False)
    counts: Counter = Counter()
    slowest = 0.0
    for tried in range(1, states + 1):
        MirroredEvent.objects.update(last_seq=0, last_digest="", state="", state_digest="")
        before = written()
        start = time.perf_counter()
        answer = post(client, "fuzzed", token, body("fuzzed", 1, version, mutated(state, rng)))
        slowest = max(slowest, time.perf_counter() - start)
        counts[answer.status_code] += 1
        if answer.status_code == 400 and written() != before:
            counts["half-applied"] += 1
        if tried % 20 == 0:
            seq = MirroredEvent.objects.get().last_seq + 1
            again = post(client, "fuzzed", token, body("fuzzed", seq, version, state))
            counts["wedged"] += again.status_code != 200
    print(f"fuzz ({connection.vendor}, seed {seed}): tried {states}")
    print(f"  refused (400) {counts[400]}, applied (200) {counts[200]}")
    print(f"  5xx {sum(n for code, n in counts.items() if isinstance(code, int) and code >= 500)}")
    others = {c: n for c, n in counts.items() if isinstance(c, int) and c not in (200, 400, 500)}
    print(f"  other statuses {others or 0}, half-applied {counts['half-applied']}")
    print(f"  wedged {counts['wedged']}, slowest answer {slowest * 1000:.0f} ms")


def big_section(slug: str, players: int, rounds: int, parent: Event) -> None:
    """A Swiss paired by the circle method (no pairing twice), every result in."""
    event = Event.objects.create(slug=slug, name=slug, rounds_planned=rounds, parent=parent)
    people = Participant.objects.bulk_create(
        Participant(event=event, start_no=n, name=f"Player {n:04d}", rating=2600 - n % 1500)
        for n in range(1, players + 1)
    )
    games = []
    for number in range(1, rounds + 1):
        round_ = Round.objects.create(event=event, number=number, state=Round.State.CLOSED)
        circle = people[:-1]
        turned = circle[number:] + circle[:number]
        pairs = [(people[-1], turned[0])] + [
            (turned[k], turned[-k]) for k in range(1, (players - 2) // 2 + 1)
        ]
        for board, (white, black) in enumerate(pairs, start=1):
            if number % 2:
                white, black = black, white
            result = ("10", "==", "01")[(white.start_no + black.start_no + number) % 3]
            games.append(Game(round=round_, board=board, white=white, black=black, result=result))
    Game.objects.bulk_create(games, batch_size=2000)


def largest() -> None:
    cup = Event.objects.create(slug="venue-cup", name="Cup")
    sizes = [(2000, 8), (2000, 8), (1000, 8)]
    for index, (players, rounds) in enumerate(sizes):
        big_section(f"venue-cup-{index}", players, rounds, cup)
    games = Game.objects.filter(round__event__parent=cup).count()
    version, state = state_at_version("venue-cup")
    state = batch.plain(state)
    # The venue and the mirror share this database, where a slug is taken once.
    state["sections"] = {f"m-{slug}": said for slug, said in state["sections"].items()}
    token = grant_token("m-cup")
    client = Client(raise_request_exception=False)
    data = body("m-cup", 1, version, state)
    start = time.perf_counter()
    answer = post(client, "m-cup", token, data)
    applied = time.perf_counter() - start
    print(
        f"largest batch the caps allow: {sum(p for p, _ in sizes)} players in 3 sections,"
        f" {games} games, {len(data) / 1024:.0f} KB gzip'd"
        f" ({len(batch.canonical(state)) / 1024 / 1024:.1f} MB unpacked)"
    )
    print(f"  applied whole: {answer.status_code} in {applied:.1f} s")
    for url in ("/e/m-cup/", "/e/m-venue-cup-0/"):
        start = time.perf_counter()
        status = client.get(url).status_code
        print(f"  then GET {url}: {status} in {time.perf_counter() - start:.1f} s")
    game = Game.objects.filter(round__event__slug="venue-cup-0", round__number=8).first()
    assert game is not None
    Game.objects.filter(pk=game.pk).update(result="==" if game.result != "==" else "10")
    Event.objects.filter(slug__in=["venue-cup", "venue-cup-0"]).update(version=version + 1)
    version, state = state_at_version("venue-cup")
    state = batch.plain(state)
    state["sections"] = {f"m-{slug}": said for slug, said in state["sections"].items()}
    data = body("m-cup", 2, version, state)
    start = time.perf_counter()
    answer = post(client, "m-cup", token, data)
    took = time.perf_counter() - start
    print(f"  one result changed, whole state: {answer.status_code} in {took:.1f} s")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--states", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-largest", action="store_true")
    args = parser.parse_args()
    logging.disable(logging.WARNING)  # each refusal is logged; the counts say it
    setup_test_environment()
    # The push to sockets runs in threads of its own, which SQLite in memory cannot share:
    # what is measured here is the endpoint's work, not the push (bench/live_bench.py).
    event_committed.disconnect(dispatch_uid="standings.live.push")
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        fuzz(args.states, args.seed)
        if not args.no_largest:
            largest()
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
    return 0


if __name__ == "__main__":
    sys.exit(main())
