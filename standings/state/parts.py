"""The small pieces both an individual and a team event's state are made of: a person, a
board, a standings cell and a value as the pages print it."""

from __future__ import annotations

from dataclasses import dataclass

from standings.engine.pickled import quick_pickle

from .labels import Column


@quick_pickle
@dataclass(frozen=True, slots=True)
class Person:
    start_no: int
    name: str
    title: str = ""
    federation: str = ""
    rating: int | None = None


@quick_pickle
@dataclass(frozen=True, slots=True)
class Board:
    number: int
    white: Person
    black: Person
    result: str  # stored code pair, "" while pending
    shown: str  # "1–0", or "" while pending


@quick_pickle
@dataclass(frozen=True, slots=True)
class Cell:
    text: str
    provisional: bool
    column: Column


def format_value(value: float | int | None) -> str:
    """2.0 -> "2", 10.5 -> "10.5", 7.25 -> "7.25", 2.001 -> "2"; None (no value) -> "–"."""
    if value is None:
        return "–"
    if isinstance(value, float):
        # 2.001 shows as "2", as a whole value does (not "2.")
        return f"{value:.2f}".rstrip("0").rstrip(".")
    return str(value)
