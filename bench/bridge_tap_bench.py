"""Tap to follower page, in a real browser: a bridge scorer's POST, and the moment a
follower's page in Chromium shows the scored match.

Serves the demo bridge Swiss (bridge_live_bench.bridge_server: uvicorn --workers 2, Redis,
a throwaway database), opens a follower's page in /usr/bin/chromium through Playwright,
then scores round 5's first match again and again (each a correction with a new margin,
`--writes` of them), timing each from sending the POST to the page showing the new IMPs
in the match's row (checked on every animation frame). Prints median, p95 and max, and
how many times the page fetched its body again.

`--page standings` (the default): the standings page at the latest round, whose body
comes in the push. `--page team`: a team's page, which the push does not carry: it
refetches its body, spread over [data-refresh] seconds (what every bridge page did before).
Figures only; not a timed test.

`--boards`: the match is drawn at table 1 and scored board by board instead (a board
each write, at most 15: the 16th completes the match), timed to the follower's row saying
"n of 16 boards".

Usage: .venv/bin/python bench/bridge_tap_bench.py [--writes 20] [--page standings|team]
       [--boards]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.bridge_live_bench import (  # noqa: E402
    AWAY,
    AWAY_IMPS,
    GAP,
    HOME,
    ROUND,
    SLUG,
    bridge_server,
    home_imps,
    score,
    spread,
)
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

LIVE = "document.getElementById('live-indicator').dataset.state === 'live'"
SHOWN = f"""shown => {{
  const row = document.querySelector('#page-body tr[data-key="{ROUND}-{HOME}"]');
  return !!row && row.textContent.includes(shown);
}}"""
PAGES = {"standings": f"/b/{SLUG}/", "team": f"/b/{SLUG}/team/{HOME}/"}


def draw(scorer) -> None:
    """Draw the match at table 1 of the round, to be scored board by board."""
    page = scorer.get(f"/b/{SLUG}/score/?round={ROUND}")
    form = {"round": ROUND, "table": 1, "home": HOME, "away": AWAY, "seen": ""}
    scorer.post(f"/b/{SLUG}/score/draw", form, page)


def enter_board(scorer, board: int) -> float:
    """Enter board `board` of the match at table 1, both rooms; when the POST was sent."""
    page = scorer.get(f"/b/{SLUG}/score/{ROUND}/1/")
    form = {"board": board, "open_room": "4S= N", "closed_room": "4S-1 N", "seen": ""}
    sent = time.monotonic()
    scorer.post(f"/b/{SLUG}/score/{ROUND}/1/board", form, page)
    return sent


def main() -> None:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--writes", type=int, default=20)
    parser.add_argument("--page", default="standings", choices=sorted(PAGES))
    parser.add_argument("--boards", action="store_true", help="score the match board by board")
    args = parser.parse_args()
    if args.boards:
        args.writes = min(args.writes, 15)
    with bridge_server() as (url, scorer, _), sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        # wait_for_function evaluates in the page: the CSP (no 'unsafe-eval') is bypassed
        context = browser.new_context(viewport={"width": 360, "height": 740}, bypass_csp=True)
        follower = context.new_page()
        path = PAGES[args.page]
        fetched = []
        follower.on("request", lambda r: fetched.append(r.url) if path in r.url else None)
        if args.boards:
            draw(scorer)
        follower.goto(url + path)
        follower.wait_for_function(LIVE)
        loads = len(fetched)
        latencies = []
        for n in range(args.writes):
            time.sleep(GAP)
            if args.boards:
                sent = enter_board(scorer, n + 1)
                shown = f"{n + 1} of 16 boards"
            else:
                sent = score(scorer, n)
                shown = f"{home_imps(n)}–{AWAY_IMPS}"
            follower.wait_for_function(SHOWN, arg=shown, polling="raf", timeout=30000)
            latencies.append((time.monotonic() - sent) * 1000)
        browser.close()
    row = spread(latencies)
    what = "boards" if args.boards else "match entries"
    print(f"tap to follower page ({args.page} page, Chromium), {args.writes} {what}:")
    print(f"  median {row['median']:.0f} ms, p95 {row['p95']:.0f} ms, max {row['max']:.0f} ms")
    print(f"  page body fetched again {len(fetched) - loads} times")


if __name__ == "__main__":
    main()
