"""Screenshots of every page at phone and desktop sizes, for people to look at."""

from __future__ import annotations

import pytest

from .conftest import DESKTOP, PHONE

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PAGES = {
    "index": "/",
    "standings": "/e/small-open/",
    "standings-120": "/e/big-open/",
    "round": "/e/small-open/round/3/",
    "crosstable": "/e/small-open/crosstable/",
    "player": "/e/small-open/player/1/",
    "screen": "/e/big-open/screen/?rotate=600",
    "screen-pairings": "/e/small-open/screen/?rotate=600&views=pairings",
}


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_screenshots_of_every_page(site, chromium, artifacts, scheme):
    for size, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        context = chromium.new_context(viewport=viewport, color_scheme=scheme)
        page = context.new_page()
        for name, path in PAGES.items():
            response = page.goto(site.url + path)
            assert response.status == 200, path
            page.wait_for_load_state("networkidle")
            target = artifacts / f"{name}-{size}-{scheme}.png"
            page.screenshot(path=str(target), full_page=not name.startswith("screen"))
            assert target.stat().st_size > 1000
        context.close()
