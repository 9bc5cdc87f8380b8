"""Tap targets (issue 26): every control of the arbiter's and the scorer's pages, and the
public navigation (header, language, contrast toggle, event and round menus, section switch,
federation filter, search, the names in tables), is at least 44×44 CSS px (WCAG 2.5.5),
measured in Chromium on a phone, the arbiter's pages on a tablet too. A radio or a checkbox
is tapped through its label, which is measured. On the public pages, links inside running
text (the prize status's CSV and Print, the bridge page's note) are the criterion's inline
exception and are not measured; the arbiter's pages have none."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from standings.demo.accounts import DEMO_PASSWORDS

from .conftest import PHONE
from .demos import FILES, UNLINKED, crawl, demos, public  # noqa: F401 (demos: a fixture)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

TABLET = {"width": 800, "height": 1280}
NAVIGATION = (
    "header.site a, header.site button, .event-nav a, .round-nav a, .section-nav a, "
    ".federations summary, .federations nav a, .find input, .find button, button.pin, "
    ".events a, .found a, .byes a, .section-links a, main table a, "
    ".language-choice select, .language-choice button, .language-choice ~ p a"
)
CONTROLS = "a[href], button, input, select, summary, textarea"
ARBITER_STARTS = (
    "/e/demo-open/arbiter/",
    "/e/demo-open/arbiter/settings/prizes/",
    "/e/demo-open/import/",
    "/e/demo-teams/arbiter/",
    "/e/demo-cup-a/arbiter/",
    "/b/demo-bridge/score/",
)

SMALL = """(selector) => {
  const small = [];
  for (const el of document.querySelectorAll(selector)) {
    if (el.type === 'hidden' || el.closest('.skip, .visually-hidden')) continue;
    const byLabel = el.type === 'radio' || el.type === 'checkbox';
    const target = byLabel ? (el.labels[0] || el.closest('label') || el) : el;
    if (!target.getClientRects().length) continue;  // not shown
    const box = target.getBoundingClientRect();
    if (box.width < 44 - 0.01 || box.height < 44 - 0.01) {
      const text = (target.textContent || el.name || '').trim().replace(/\\s+/g, ' ').slice(0, 30);
      const size = `${box.width.toFixed(1)}×${box.height.toFixed(1)}`;
      small.push(`${target.tagName.toLowerCase()} "${text}" ${size}`);
    }
  }
  return small;
}"""


def arbiter_page(path: str) -> bool:
    return (
        path.startswith(("/e/", "/b/"))
        and ("/arbiter/" in path or "/score/" in path or path.endswith("/import/"))
        and not FILES.search(path.split("?")[0])
    )


def test_the_public_navigation_is_tapped_with_a_finger(demos, chromium):  # noqa: F811
    context = chromium.new_context(viewport=PHONE, bypass_csp=True)
    page = context.new_page()
    small = crawl(
        page, demos, ("/", *UNLINKED), public, lambda page: page.evaluate(SMALL, NAVIGATION)
    )
    context.close()
    assert len(small) > 40
    assert {path: found for path, found in small.items() if found} == {}


@pytest.mark.parametrize("viewport", [PHONE, TABLET], ids=["phone", "tablet"])
def test_every_control_of_the_arbiter_and_scorer_pages_is_tapped_with_a_finger(
    demos,  # noqa: F811
    chromium,
    viewport,
):
    context = chromium.new_context(viewport=viewport, bypass_csp=True)
    page = context.new_page()
    page.goto(demos + "/login/?next=/e/demo-open/arbiter/")
    small = {"/login/": page.evaluate(SMALL, CONTROLS)}
    page.get_by_label("Username").fill("arbiter")
    page.get_by_label("Password").fill(DEMO_PASSWORDS["arbiter"])
    page.get_by_role("button", name="Log in").click()
    expect(page.locator(".logout")).to_be_visible()
    small |= crawl(
        page, demos, ARBITER_STARTS, arbiter_page, lambda page: page.evaluate(SMALL, CONTROLS)
    )
    context.close()
    kinds = " ".join(small)
    for part in ("/arbiter/round/", "/arbiter/audit/", "/arbiter/settings/", "/match/", "/score/"):
        assert part in kinds
    assert {path: found for path, found in small.items() if found} == {}
