"""CSV for spreadsheets: text that would start a formula gets an apostrophe, numbers do not,
and every CSV of the project is written by web/spreadsheet.py."""

from __future__ import annotations

import csv
import io
import re
from decimal import Decimal
from pathlib import Path

import pytest

from standings.web.spreadsheet import csv_text, text_cell

PACKAGE = Path(__file__).resolve().parents[2] / "standings"


@pytest.mark.parametrize(
    ("text", "cell"),
    [
        ('=HYPERLINK("http://x.test","pay")', '\'=HYPERLINK("http://x.test","pay")'),
        ("-1+2", "'-1+2"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("+33 1 23", "'+33 1 23"),
        ("\t=1", "'\t=1"),
        ("\r=1", "'\r=1"),
        ("-1.5", "'-1.5"),  # a text that looks like a number is still text
        ("Müller, Anna", "Müller, Anna"),
        (" =1", " =1"),  # only the first character starts a formula
        ("", ""),
    ],
)
def test_a_text_cell_never_starts_a_formula(text, cell):
    assert text_cell(text) == cell


def test_numbers_stay_numbers_negative_ones_too():
    written = csv_text(["name", "points", "amount", "place"], [["-2", -1.5, Decimal("166.60"), 3]])
    header, row = csv.reader(io.StringIO(written))
    assert header == ["name", "points", "amount", "place"]
    assert row == ["'-2", "-1.5", "166.60", "3"]
    assert written.endswith("\r\n")
    assert csv_text(["x"], [[4.0]]).splitlines()[1] == "4"


def test_every_csv_is_written_by_the_spreadsheet_module():
    writers = [
        str(path.relative_to(PACKAGE))
        for path in PACKAGE.rglob("*.py")
        if re.search(r"^\s*(import csv|from csv import)", path.read_text(), re.MULTILINE)
    ]
    assert writers == ["web/spreadsheet.py"]
