"""Printouts rendered to PDF by Chromium, as the browser's print dialog would: the sheet size
asked for, a page count that holds every row and no more, the header on every sheet, no
navigation or live status, and no row split across two sheets."""

from __future__ import annotations

import io
import re

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# 150 players, most with names long enough to wrap over two or three lines in a printout,
# so that a row cut at a sheet's end would leave its first and last words on different
# sheets. Every name starts with "Given<n>" and ends with "End<n>".
SEED = """
from standings.events.models import Event, Game, Participant, Round
wall = Event.objects.create(slug="wall-open", name="Wall Open", rounds_planned=5,
                            tiebreaks="BH/C1 BH SB")
middle = ["Maximiliana Esperanza", "de los Santos Villanueva", "Rodriguez-Obermaier"]
people = [Participant.objects.create(
    event=wall, start_no=n, rating=2500 - 3 * n, federation="ESP",
    name=" ".join([f"Given{n:03d}", *middle[: n % 4], f"End{n:03d}"]))
    for n in range(1, 151)]
first = Round.objects.create(event=wall, number=1, state=Round.State.CLOSED)
second = Round.objects.create(event=wall, number=2, state=Round.State.IN_PROGRESS)
for board in range(75):
    Game.objects.create(round=first, board=board + 1, white=people[board],
                        black=people[board + 75], result=("10", "==", "01")[board % 3])
    Game.objects.create(round=second, board=board + 1, white=people[149 - board],
                        black=people[board], result=("10", "")[board % 2])
"""

PRINTOUTS = {
    "round/2/pairings/": ("Round 2: pairings by board", "Black"),
    "round/2/names/": ("Round 2: pairings by name", "Opponent"),
    "round/1/results/": ("Round 1: results", "White"),
    "standings/": ("Standings after round 2", "Name"),  # the round on every sheet
    "crosstable/": ("Crosstable after round 2", "R2"),
    "players/": ("Players (starting list)", "Rtg"),
}
SHEETS = {"a4": (595.3, 841.9), "letter": (612.0, 792.0)}  # points


def pdf_pages(page, url: str) -> tuple[list[str], list[tuple[float, float]]]:
    """Each sheet's text and size, as Chromium prints the page (its @page size honoured)."""
    from pypdf import PdfReader

    page.goto(url)
    reader = PdfReader(io.BytesIO(page.pdf(prefer_css_page_size=True)))
    sizes = [(float(sheet.mediabox.width), float(sheet.mediabox.height)) for sheet in reader.pages]
    return [sheet.extract_text() for sheet in reader.pages], sizes


def split_rows(sheets: list[str]) -> list[int]:
    """Players whose name starts on one sheet and ends on another: a row cut in two. Counted
    per sheet, so a player named in two rows (pairings by name) is checked on each."""
    split = []
    for number in range(1, 151):
        starts = [len(re.findall(rf"\bGiven{number:03d}\b", text)) for text in sheets]
        ends = [len(re.findall(rf"\bEnd{number:03d}\b", text)) for text in sheets]
        if starts != ends or not any(starts):
            split.append(number)
    return split


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_printout_prints_whole_rows_under_a_header_on_every_sheet(site, new_page, paper):
    site.server.database.run_python(SEED)
    page = new_page()
    counts = {}
    for path, (heading, column) in PRINTOUTS.items():
        sheets, sizes = pdf_pages(page, f"{site.url}/e/wall-open/print/{paper}/{path}")
        counts[path] = len(sheets)
        assert len(sheets) >= 2, path  # long enough to test what a sheet break does
        for width, height in sizes:
            assert (width, height) == pytest.approx(SHEETS[paper], abs=1), path
        for number, text in enumerate(sheets, start=1):
            assert "Wall Open" in text and heading in text and column in text, (path, number)
            assert f"Page {number} of {len(sheets)}" in text, (path, number)
            assert "All printouts" not in text and "connecting" not in text, (path, number)
        assert split_rows(sheets) == [], path
        # No blank sheet at the end: the last sheet holds rows.
        assert re.search(r"\bGiven\d{3}\b", sheets[-1]), path
    # A sheet holds about 25 to 60 rows of these (one to three lines each): 150 players
    # need a handful of sheets, not one per row nor one in all.
    assert all(2 <= count <= 10 for count in counts.values()), counts
    assert counts["round/2/names/"] > counts["round/2/pairings/"]  # a row per player


def test_the_split_check_sees_a_name_cut_at_a_sheet_end():
    assert split_rows(["Given001 a End001 Given002 b", "c End002"]) == [2, *range(3, 151)]


def test_rows_are_kept_whole_and_the_header_repeats_in_print(site, new_page):
    page = new_page()
    page.emulate_media(media="print")
    page.goto(f"{site.url}/e/small-open/print/a4/round/1/pairings/")
    row = page.locator("table.printout tbody tr").first
    assert row.evaluate("(tr) => getComputedStyle(tr).breakInside") == "avoid"
    header = page.locator("table.printout thead")
    assert header.evaluate("(el) => getComputedStyle(el).display") == "table-header-group"
    assert page.locator(".print-bar").is_hidden()


def test_a_small_event_prints_on_one_sheet(site, new_page):
    site.server.database.run_python(
        "from tests.factories import create_team_event\ncreate_team_event()"
    )
    page = new_page()
    for path in ("round/1/pairings/", "round/1/results/", "standings/"):
        sheets, sizes = pdf_pages(page, f"{site.url}/e/small-teams/print/a4/{path}")
        assert len(sheets) == 1 and "Rooks" in sheets[0] and "Knights" in sheets[0], path
        assert sizes == [pytest.approx(SHEETS["a4"], abs=1)]
    for path in PRINTOUTS:
        path = path.replace("round/2/", "round/1/")
        sheets, sizes = pdf_pages(page, f"{site.url}/e/small-open/print/letter/{path}")
        assert len(sheets) == 1 and "Small Open" in sheets[0], path
        assert sizes == [pytest.approx(SHEETS["letter"], abs=1)]
