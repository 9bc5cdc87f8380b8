"""Editions of the FIDE Tie-Break Regulations and how an event picks one."""

from __future__ import annotations

from datetime import date

EDITIONS = ("2024", "2026")
EDITION_2026_FROM = date(2026, 3, 1)  # Art. 16.4's cap applies from this start date


def choose_edition(start_date: date | None, requested: str | None = None) -> str:
    """The edition asked for, else the one in force on the event's start date.

    Without a start date the newest edition applies, as the reference program does
    when record 042 is missing.
    """
    if requested is not None:
        if requested not in EDITIONS:
            raise ValueError(f"unknown rules edition {requested!r} (use 2024 or 2026)")
        return requested
    if start_date is not None and start_date < EDITION_2026_FROM:
        return "2024"
    return "2026"
