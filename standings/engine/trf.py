"""FIDE TRF-16 (with the 2025-26 team records) read into the engine's `Event`, and written back.

Pure Python like the rest of the engine. Reading is strict: the first problem
raises `TrfError` naming the line, so a caller can refuse the whole file.

API SKELETON: the reader and writer are being written; the names and
dataclasses below are the contract other modules code against.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from .event import Event


class TrfError(ValueError):
    """A malformed or inconsistent TRF file; `line` is 1-based, None for the whole file."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.line = line

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}" if self.line else self.message


@dataclass(frozen=True, slots=True)
class TrfHeader:
    """What the header records say beyond the engine's `Event`."""

    name: str = ""  # 012
    city: str = ""  # 022
    federation: str = ""  # 032
    start_date: date | None = None  # 042
    end_date: date | None = None  # 052
    kind_text: str = ""  # 092, e.g. "Swiss System"
    chief_arbiter: str = ""  # 102
    deputy_arbiters: tuple[str, ...] = ()  # 112
    time_control: str = ""  # 122
    round_dates: tuple[date | None, ...] = ()  # 132, one per round
    board_colors: str = ""  # 352, e.g. "WBWB" (team events)
    match_points: tuple[float, float, float] | None = None  # 362: TW, TD, TL


@dataclass(frozen=True, slots=True)
class TrfFile:
    """A whole file: the engine's event (no round closed) and the header's extras."""

    event: Event
    header: TrfHeader = field(default_factory=TrfHeader)
    rounds_in_file: int = 0  # highest round with a cell on any 001 line


def read_trf_bytes(data: bytes) -> TrfFile:
    """Decode UTF-8 (undecodable bytes are refused naming their line) and read the file."""
    raise NotImplementedError


def read_trf(text: str) -> TrfFile:
    raise NotImplementedError


def write_trf(trf: TrfFile) -> str:
    """The file `read_trf` reads back as the same `TrfFile`."""
    raise NotImplementedError
