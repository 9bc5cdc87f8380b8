"""The standings as the command prints them: JSON (`{"standings": [...]}`) or a text table."""

from __future__ import annotations

import json
from pathlib import Path

from .reader import BridgeFormatError, read_bridge
from .standings import Place, RoundError, bridge_standings, through_round


class ReportError(Exception):
    """A file that cannot be read or is refused, or a round out of range: one line."""


def standings_report(file: str | Path, *, round_number: int | None, output_format: str) -> str:
    path = Path(file)
    try:
        event = read_bridge(path.read_bytes())
    except OSError as error:
        raise ReportError(f"cannot read {path}: {error.strerror}") from None
    except BridgeFormatError as error:
        raise ReportError(f"{path} {error}") from None
    if round_number is not None:
        try:
            event = through_round(event, round_number)
        except RoundError as error:
            raise ReportError(f"{path}: {error}") from None
    places = bridge_standings(event)
    return as_json(places) if output_format == "json" else as_text(places)


def as_json(places: list[Place]) -> str:
    rows = [
        {
            "rank": p.rank,
            "id": p.id,
            "name": p.name,
            "score": float(p.score),
            "decided_by": p.decided_by,
            "why": p.why,
            "values": dict(p.values),
        }
        for p in places
    ]
    return json.dumps({"standings": rows}, indent=1, ensure_ascii=False)


def as_text(places: list[Place]) -> str:
    width = max((len(p.name) for p in places), default=4)
    lines = [f"{'Rank':>4}  {'Name':<{width}}  {'Score':>8}  Why"]
    for p in places:
        rank = f"{p.rank}=" if p.playoff else str(p.rank)
        lines.append(f"{rank:>4}  {p.name:<{width}}  {float(p.score):8.2f}  {p.why}")
    return "\n".join(lines)
