"""Write an event back as a `standings-bridge-1` file; `read_bridge(write_bridge(e)) == e`."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from .model import (
    BamEvent,
    BoardResult,
    BridgeEvent,
    Entrant,
    KnockoutEvent,
    PairsEvent,
    RoomResult,
    TeamMatch,
    TeamsEvent,
)
from .reader import FORMAT


def write_bridge(event: BridgeEvent) -> str:
    return json.dumps(bridge_document(event), indent=1, ensure_ascii=False) + "\n"


def bridge_document(event: BridgeEvent) -> dict[str, Any]:
    """The JSON object of the file, numbers as ints where whole and floats otherwise."""
    doc: dict[str, Any] = {"format": FORMAT, "name": event.name}
    if isinstance(event, TeamsEvent):
        doc |= {"kind": "teams", "system": event.system}
        if event.rounds is not None:
            doc["rounds"] = event.rounds
        doc |= {
            "teams": [_entrant(t) for t in event.teams],
            "matches": [_team_match(m) for m in event.matches],
        }
        if event.draw:
            doc["draw"] = [
                {"round": d.round, "table": d.table, "home": d.home, "away": d.away}
                for d in event.draw
            ]
        if event.boards:
            doc["boards"] = [_board_result(b) for b in event.boards]
    elif isinstance(event, KnockoutEvent):
        doc |= {
            "kind": "teams",
            "system": "knockout",
            "teams": [_entrant(t) for t in event.teams],
            "matches": [
                {"segment": s.segment, "home": s.home, "away": s.away, "imps": _two(s.imps)}
                for s in event.segments
            ],
            "qualification": {
                "ranking": [{"id": i, "rank": r} for i, r in event.qualification_ranks.items()],
                "matches": [_team_match(m) for m in event.qualification_matches],
            },
        }
        if event.boards:
            doc["boards"] = [_segment_board(b) for b in event.boards]
    elif isinstance(event, PairsEvent):
        doc |= {
            "kind": "pairs",
            "pairs": [_entrant(p) for p in event.pairs],
            "sessions": [
                {
                    "session": s.number,
                    "scores": [{"id": i, "score": _num(v)} for i, v in s.scores.items()],
                    "rounds": [
                        {"round": e.round, "ns": e.ns, "ew": e.ew, "mps": _two(e.mps)}
                        for e in s.encounters
                    ],
                }
                for s in event.sessions
            ],
        }
    elif isinstance(event, BamEvent):
        doc |= {
            "kind": "bam",
            "stage": event.stage,
            "teams": [_entrant(t) for t in event.teams],
            "matches": [
                {
                    "round": m.round,
                    "home": m.home,
                    "away": m.away,
                    "bam": _two(m.bam),
                    "boards": [{"board": b.board, "points": _two(b.points)} for b in m.boards],
                }
                for m in event.matches
            ],
        }
        if event.boards:
            doc["boards"] = [_board_result(b) for b in event.boards]
    return doc


def _entrant(entrant: Entrant) -> dict[str, Any]:
    item: dict[str, Any] = {"id": entrant.id, "name": entrant.name}
    if entrant.carryover:
        item["carryover"] = _num(entrant.carryover)
    return item


def _team_match(match: TeamMatch) -> dict[str, Any]:
    return {
        "round": match.round,
        "home": match.home,
        "away": match.away,
        "imps": _two(match.imps),
        "vps": _two(match.vps),
        "points": _two(match.points),
    }


def _board_result(result: BoardResult) -> dict[str, Any]:
    item: dict[str, Any] = {
        "round": result.round,
        "home": result.home,
        "away": result.away,
        "board": result.board,
    }
    for room, played in (("open", result.open), ("closed", result.closed)):
        if played is not None:
            item[room] = room_value(played)
    return item


def _segment_board(result: BoardResult) -> dict[str, Any]:
    item: dict[str, Any] = {"segment": result.round, "board": result.board}
    for room, played in (("open", result.open), ("closed", result.closed)):
        if played is not None:
            item[room] = room_value(played)
    return item


def room_value(room: RoomResult) -> str | int:
    """A room's result as the file holds it: the hand record's notation, else the score."""
    return str(room.played) if room.played is not None else room.ns


def _two(values: tuple[Fraction, Fraction]) -> list[int | float]:
    return [_num(values[0]), _num(values[1])]


def _num(value: Fraction) -> int | float:
    # The file's decimals read back exactly: repr(float) is the shortest round-tripping text.
    return value.numerator if value.denominator == 1 else float(value)
