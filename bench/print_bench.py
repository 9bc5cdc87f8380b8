"""Printouts of a 500-player, 11-round Swiss: what each costs to render, and its sheets.

Seeds the event in a throwaway database (bench/team_live_bench.py's individual Swiss), builds
its state once, then for each printout prints the HTML render time (median of 5, no cache),
its size, and, rendered to PDF by Debian's Chromium as the print dialog would (the page's
@page size honoured; its stylesheet served from static/), the sheets on A4 and on Letter
and the time Chromium took. Figures only; not a timed test.

Usage: .venv/bin/python bench/print_bench.py [--players 500] [--repeat 5]
"""

from __future__ import annotations

import argparse
import io
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

from bench.team_live_bench import seed_individual  # noqa: E402
from standings.events.models import Event  # noqa: E402
from standings.state import cache as state_cache  # noqa: E402
from standings.web import render  # noqa: E402
from standings.web.printouts import PAPERS  # noqa: E402

SLUG = "bench-print"
ORIGIN = "http://print.bench"
NO_CACHE = {"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}
PRINTOUTS = [
    "printpairings-{paper}-11",
    "printnames-{paper}-11",
    "printresults-{paper}-10",
    "printstandings-{paper}",
    "printcrosstable-{paper}",
    "printplayers-{paper}",
]


def sheets(browser, html: str) -> tuple[int, float]:
    """Chromium's PDF of the page: its number of sheets and the seconds it took."""
    from pypdf import PdfReader

    page = browser.new_page()

    def serve(route):
        path = route.request.url.removeprefix(ORIGIN)
        if path.startswith("/static/"):
            file = ROOT / "static" / path.removeprefix("/static/")
            route.fulfill(path=file) if file.is_file() else route.fulfill(status=404)
        else:
            route.fulfill(body=html, content_type="text/html; charset=utf-8")

    page.route("**/*", serve)
    page.goto(ORIGIN + "/printout/")
    start = time.perf_counter()
    pdf = page.pdf(prefer_css_page_size=True)
    elapsed = time.perf_counter() - start
    page.close()
    return len(PdfReader(io.BytesIO(pdf)).pages), elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        with override_settings(CACHES=NO_CACHE):
            seed_individual(SLUG, args.players)
            state = state_cache.state(SLUG, Event.objects.get(slug=SLUG).version)
            assert state is not None
            renders = {}  # Playwright's loop makes this thread look async: render first
            for name in PRINTOUTS:
                times = []
                for _ in range(args.repeat):
                    start = time.perf_counter()
                    render.page(state, name.format(paper="a4"))
                    times.append(time.perf_counter() - start)
                pages = {paper: render.page(state, name.format(paper=paper)) for paper in PAPERS}
                renders[name] = (statistics.median(times), pages)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path="/usr/bin/chromium", args=["--headless", "--no-sandbox"]
            )
            print(f"{args.players} players, 11 rounds; render: median of {args.repeat}")
            print(f"{'printout':<16} {'render':>8} {'HTML':>8} {'A4':>9} {'Letter':>9} {'PDF':>7}")
            for name, (median, pages) in renders.items():
                html = pages["a4"]
                counted = {paper: sheets(browser, pages[paper]) for paper in PAPERS}
                pdf_time = max(seconds for _, seconds in counted.values())
                print(
                    f"{name.split('-')[0]:<16} {1000 * median:>6.0f}ms "
                    f"{len(html) // 1024:>6}kB {counted['a4'][0]:>6} sh "
                    f"{counted['letter'][0]:>6} sh "
                    f"{pdf_time:>6.1f}s"
                )
            browser.close()
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
