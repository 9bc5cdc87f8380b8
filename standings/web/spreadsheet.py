"""CSV files, written to be opened in a spreadsheet: every CSV we serve is written here.

A spreadsheet runs a cell that starts with `=`, `+`, `-` or `@` (and, in some, a tab or a
carriage return) as a formula: a player named `=HYPERLINK(...)` would run on the
treasurer's machine. So a text cell that starts so gets a leading apostrophe, which
spreadsheets read as "this is text" and do not show. Numbers are written as numbers,
-1.5 included: the cells are typed by the caller, never guessed from their text.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from decimal import Decimal

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")

Cell = str | int | float | Decimal  # str: text; the others: numbers


def text_cell(text: str) -> str:
    """A text as a cell that no spreadsheet runs as a formula."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def number_cell(number: int | float | Decimal) -> str:
    """A number as its digits: 2.0 -> "2", 4.5 -> "4.5", Decimal("166.60") -> "166.60"."""
    if isinstance(number, float) and number.is_integer():
        return str(int(number))
    return str(number)


def csv_text(header: Sequence[str], rows: Iterable[Sequence[Cell]]) -> str:
    """A CSV file (lines ending CRLF, as RFC 4180 says): the header, then each row, its
    text cells made safe and its numbers left numbers."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([text_cell(name) for name in header])
    for row in rows:
        writer.writerow(
            [text_cell(cell) if isinstance(cell, str) else number_cell(cell) for cell in row]
        )
    return out.getvalue()
