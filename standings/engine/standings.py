"""Entry point of the engine. PLACEHOLDER: ranks by points only until the catalogue lands."""

from __future__ import annotations

from collections.abc import Sequence

from .event import PENDING, Event
from .result import Row, Standings


def compute_standings(
    event: Event,
    tiebreaks: Sequence[str] | None = None,
    *,
    rules: str | None = None,
    through_round: int | None = None,
) -> Standings:
    """Standings of `event` after `through_round` (default: last round with entries)."""
    last = through_round or max((len(p.entries) for p in event.participants), default=0)
    specs = ("PTS", *[s for s in (tiebreaks or event.tiebreaks) if s.upper() != "PTS"])
    points = {
        p.start_no: sum(
            event.scoring.points(e.code) for e in p.entries[:last] if e.code != PENDING
        )
        for p in event.participants
    }
    order = sorted(event.participants, key=lambda p: (-points[p.start_no], p.start_no))
    rows = []
    for i, p in enumerate(order):
        rank = i + 1
        if i and points[order[i - 1].start_no] == points[p.start_no]:
            rank = rows[-1].rank
        n = len(specs)
        rows.append(Row(rank, p.start_no, p.name, (points[p.start_no],) + (None,) * (n - 1),
                        (False,) * n, False, ((),) * n))
    return Standings(rules or "2024", last, specs, tuple(rows), event.lots_seed)
