"""axe-core (vendored for the tests, tests/vendor/axe-core/) run in a Chromium page."""

from __future__ import annotations

from functools import cache
from pathlib import Path

AXE = Path(__file__).parents[1] / "vendor" / "axe-core" / "axe.min.js"
BLOCKING = {"serious", "critical"}

RUN = """async () => {
  const result = await axe.run(document, { resultTypes: ["violations"] });
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => n.target.join(" ") + ": " + n.failureSummary).slice(0, 5),
  }));
}"""


@cache
def _source() -> str:
    return AXE.read_text()


def violations(page, impacts: set[str] = BLOCKING) -> list[dict]:
    """axe's violations on the page as it is now, of the given impacts (serious, critical)."""
    page.evaluate(_source())
    return [found for found in page.evaluate(RUN) if found["impact"] in impacts]
