"""Find-my-board benchmark: a tournament of 5 sections, 2,000 players in all (sections_bench's
event, with real-looking accented names), searched through Django's full request path.

Prints the search's answer time (htmx fragment and whole page) for a part of a name, an
accented name typed without accents, a start number (found in every section) and a miss;
the first search after a change (each section's index built again) apart; and the pure
search (no request) beside it. Then the embeddable widget's weight: its page and what it
loads, raw and gzip. Median and 95th percentile. Figures only; not a timed test.

    .venv/bin/python bench/find_bench.py
"""

from __future__ import annotations

import gzip
import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sections_bench import PLAYERS, SECTIONS, seed, summary, timed  # noqa: E402

FIRST = ["José", "Zoë", "Łukasz", "Søren", "Ömer", "Ana", "François", "Jürgen", "Nguyễn", "Ivan"]
LAST = ["Müller", "Ångström", "Núñez", "Dvořák", "Çelik", "Smith", "Øberg", "Kowalski", "Lê"]


def name_players() -> None:
    from standings.events.models import Participant

    rng = random.Random(7)
    people = list(Participant.objects.filter(event__parent__slug="bench-cup"))
    for person in people:
        person.name = f"{rng.choice(LAST)}{rng.randint(1, 300)}, {rng.choice(FIRST)}"
    Participant.objects.bulk_update(people, ["name"])


def main() -> None:
    workdir = tempfile.mkdtemp(prefix="find-bench-")
    os.environ["DATABASE_URL"] = f"sqlite:///{workdir}/bench.sqlite3"
    os.environ.setdefault("REDIS_PREFIX", f"find-bench-{os.getpid()}")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "standings.settings")
    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client

    from standings.events.changes import event_committed
    from standings.events.models import Event
    from standings.live.publish import publish
    from standings.state import cache as state_cache
    from standings.web import render, search

    call_command("migrate", verbosity=0)
    event_committed.disconnect(dispatch_uid="standings.live.push")  # publish in line
    seed("bench-cup")
    name_players()
    sections = list(Event.objects.filter(parent__slug="bench-cup").order_by("section_order"))
    for section in sections:
        publish(section.pk)
    slug = sections[2].slug
    client = Client()
    print(f"{SECTIONS} sections x {PLAYERS} players; searched from /e/{slug}/find/")
    queries = {
        "part of a name  'dvor'": "dvor",
        "no accents  'angstrom zoe'": "angstrom zoe",
        "start number  '123'": "123",
        "a miss  'xyzzy'": "xyzzy",
    }
    for label, query in queries.items():
        found = client.get(f"/e/{slug}/find/", {"q": query}, HTTP_HX_REQUEST="true")
        assert found.status_code == 200
        hits = found.content.count(b"<li ")
        fragment = timed(
            lambda q=query: client.get(f"/e/{slug}/find/", {"q": q}, HTTP_HX_REQUEST="true")
        )
        print(f"  {label:28} {hits:3} shown  htmx {fragment}")
        page = timed(lambda q=query: client.get(f"/e/{slug}/find/", {"q": q}))
        print(f"  {'':28} {'':9}  page {page}")

    def after_a_change() -> float:
        search._INDEXES.clear()  # what a new version of every section costs
        start = time.perf_counter()
        client.get(f"/e/{slug}/find/", {"q": "muller"}, HTTP_HX_REQUEST="true")
        return (time.perf_counter() - start) * 1000

    print(
        "  first search after every section changed", summary([after_a_change() for _ in range(20)])
    )
    indexes = render.tournament_indexes(slug, state_cache.current_version(slug))
    print(
        "  search() alone, 'angstrom zoe'          ",
        timed(lambda: search.search(indexes, "angstrom zoe")),
    )

    print("widget (standings of a 400-player section, top 10 shown)")
    total_raw = total_gzip = 0
    html = client.get(f"/e/{slug}/widget/standings/?n=10").content
    parts = {"page": html}
    for static in [
        "web/widget.css",
        "web/widget.js",
        "web/live.js",
        "vendor/htmx.min.js",
        "vendor/htmx-ext-ws.js",
    ]:
        parts[static] = (ROOT / "static" / static).read_bytes()
    for name, body in parts.items():
        packed = len(gzip.compress(body, compresslevel=6))
        total_raw, total_gzip = total_raw + len(body), total_gzip + packed
        print(f"  {name:22} {len(body):7,} bytes, gzip {packed:6,}")
    print(f"  {'total':22} {total_raw:7,} bytes, gzip {total_gzip:6,}")


if __name__ == "__main__":
    main()
