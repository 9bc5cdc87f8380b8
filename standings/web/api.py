"""The open read API: an event's pairings, crosstable and player card as JSON, beside
standings.json; each is a registry page (pages.py), so it is cached per event version,
answers 304 and carries `X-Event-Version` like the HTML pages. The shapes are described in
openapi.py (served at /api/openapi.json) and docs/api.md.
"""

from __future__ import annotations

import json
from typing import Any

from standings.events.models import Event
from standings.state.event_state import EventState, GameLine
from standings.state.parts import Board, Person
from standings.state.rounds import RoundView


def person_json(person: Person) -> dict[str, Any]:
    return {
        "start_no": person.start_no,
        "name": person.name,
        "title": person.title,
        "federation": person.federation,
        "rating": person.rating,
    }


def _board(board: Board) -> dict[str, Any]:
    return {
        "board": board.number,
        "white": person_json(board.white),
        "black": person_json(board.black),
        "result": board.shown,  # "1–0", "½–½", "+/−"...; "" while pending
        "code": board.result,  # the TRF codes of white and black: "10", "==", "+-"; ""
    }


def _game(game: GameLine) -> dict[str, Any]:
    return {
        "round": game.round,
        "colour": game.colour,
        "opponent": game.opponent.start_no if game.opponent else None,
        "result": game.result,
        "points_after": game.points_after,
    }


def _dump(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, default=str)  # translated texts are lazy


def round_json(state: EventState, number: int) -> str:
    shown = state.round(number)
    assert shown is not None  # the page's `exists` answered 404 before
    return _dump({"event": state.slug, "version": state.version, **_round(shown)})


def _round(shown: RoundView) -> dict[str, Any]:
    return {
        "round": shown.number,
        "state": shown.state,
        "boards": [_board(board) for board in shown.boards],
        "byes": [{"player": person_json(b.person), "kind": b.kind} for b in shown.byes],
    }


def crosstable_json(state: EventState) -> str:
    return _dump(
        {
            "event": state.slug,
            "version": state.version,
            "round": state.standings.round,
            "players": [
                {
                    "rank": line.rank,
                    "player": person_json(line.person),
                    "points": line.points.text,
                    "games": [_game(game) for game in record],
                }
                for line, record in state.crosstable()
            ],
        }
    )


def player_json(state: EventState, start_no: int) -> str:
    line = state.line(start_no)
    return _dump(
        {
            "event": state.slug,
            "version": state.version,
            "player": person_json(state.people[start_no]),
            "rank": line.rank if line else None,
            "rank_provisional": line.rank_provisional if line else False,
            "values": [
                {
                    "tiebreak": item.column.spec,
                    "value": item.value,
                    "provisional": item.provisional,
                }
                for item in state.explained(start_no)
            ],
            "games": [_game(game) for game in state.records[start_no]],
        }
    )


def events_json(events: list[Event]) -> dict[str, Any]:
    """The event list: every event, its tournament and sections by slug."""
    return {
        "events": [
            {
                "slug": event.slug,
                "name": event.name,
                "kind": event.kind,
                "location": event.location,
                "start_date": event.start_date.isoformat() if event.start_date else None,
                "end_date": event.end_date.isoformat() if event.end_date else None,
                "rounds_planned": event.rounds_planned,
                "version": event.version,
                "tournament": event.parent.slug if event.parent else None,
                "sections": [s.slug for s in sorted(event.sections.all(), key=_section_order)],
            }
            for event in events
        ]
    }


def _section_order(section: Event) -> tuple[int, str, int]:
    return (section.section_order, section.name, section.pk)
