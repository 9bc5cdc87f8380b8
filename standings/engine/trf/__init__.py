"""FIDE TRF-16 (and its 2025-26 revision) read into the engine's `Event`, and written back.

Pure Python like the rest of the engine. A broken file raises `TrfError` naming the
line, so a caller can refuse the whole file; what real programs write beyond TRF-16
(other date forms, Latin-1, rulers, unknown tie-breaks, other bye notations) is read
and listed in `TrfFile.warnings`.
`read_trf(write_trf(x)) == x` for every `x` that `read_trf` returns.
"""

from .reader import read_trf, read_trf_bytes
from .records import (
    TrfBye,
    TrfError,
    TrfFile,
    TrfForfeitedMatch,
    TrfHeader,
    TrfTeamLine,
    TrfWarning,
    detect_system,
)


def write_trf(trf: TrfFile) -> str:
    """The file as text (see writer.py); the writer is imported by a run that writes."""
    from .writer import write_trf as written

    return written(trf)


__all__ = [
    "TrfBye",
    "TrfError",
    "TrfFile",
    "TrfForfeitedMatch",
    "TrfHeader",
    "TrfTeamLine",
    "TrfWarning",
    "detect_system",
    "read_trf",
    "read_trf_bytes",
    "write_trf",
]
