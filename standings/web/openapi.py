"""The OpenAPI 3.1 description of the read API, served at /api/openapi.json.

Written by hand beside api.py; tests/find/test_api.py checks real responses against it,
so a shape changed in one place and not the other fails there."""

from __future__ import annotations

from typing import Any

VERSION = "1.0.0"

WEBSOCKET = """\
Live updates: `GET /ws/e/{slug}/?view=standings|round|screen|prizes|status` upgrades to a
read-only websocket. On connect and after every change of the event it sends HTML fragments
(htmx out-of-band swaps, each element with the id it has on the page), always starting
with `<p id="last-update" data-version="N">`: the event's new version, which the JSON
endpoints' `X-Event-Version` header and `version` field also carry. An empty message is a
heartbeat (at least every 20 s). With `&enc=deflate` each message is one zlib-compressed
binary frame. Nothing the client sends is read. A client that only wants JSON can use the
socket as a change signal: on a new version, fetch the JSON again."""


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _nullable(kind: str) -> dict[str, Any]:
    return {"type": [kind, "null"]}


def _object(properties: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "required": list(properties), "properties": properties}


SCHEMAS: dict[str, Any] = {
    "Player": _object(
        {
            "start_no": {"type": "integer", "minimum": 1},
            "name": {"type": "string"},
            "title": {"type": "string", "description": "GM, IM, ... or empty"},
            "federation": {"type": "string", "description": "FIDE federation code or empty"},
            "rating": _nullable("integer"),
        }
    ),
    "Board": _object(
        {
            "board": {"type": "integer", "description": "as shown (section offset added)"},
            "white": _ref("Player"),
            "black": _ref("Player"),
            "result": {"type": "string", "description": "1–0, ½–½, 0–1, +/−...; empty: pending"},
            "code": {"type": "string", "description": "TRF codes of white, black: 10 == 01 +-"},
        }
    ),
    "Round": _object(
        {
            "event": {"type": "string"},
            "version": {"type": "integer"},
            "round": {"type": "integer"},
            "state": {"enum": ["pairings", "in_progress", "closed"]},
            "boards": {"type": "array", "items": _ref("Board")},
            "byes": {
                "type": "array",
                "items": _object({"player": _ref("Player"), "kind": {"type": "string"}}),
            },
        }
    ),
    "Game": _object(
        {
            "round": {"type": "integer"},
            "colour": {"enum": ["white", "black", ""]},
            "opponent": {**_nullable("integer"), "description": "start number; null: a bye"},
            "result": {"type": "string"},
            "points_after": {"type": "number"},
        }
    ),
    "Standings": _object(
        {
            "rules": {"type": "string", "description": "FIDE rule edition: 2024 or 2026"},
            "round": {"type": "integer"},
            "tiebreaks": {"type": "array", "items": {"type": "string"}},
            "lots_seed": {"type": "integer", "description": "the seed of the drawing of lots"},
            "standings": {
                "type": "array",
                "items": _object(
                    {
                        "rank": {"type": "integer"},
                        "start_no": {"type": "integer", "description": "a team's number"},
                        "name": {"type": "string"},
                        "values": {"type": "array", "items": _nullable("number")},
                        "provisional": {"type": "array", "items": {"type": "boolean"}},
                        "parted_by": {
                            **_nullable("string"),
                            "description": "what placed the row below the one above: the "
                            "tie-break (as in tiebreaks) that first differs, lots, or null "
                            "(first row, shared place)",
                        },
                        "lot": {
                            **_nullable("integer"),
                            "description": "its lot in the seed's draw (1 first) when lots "
                            "ordered it among rows equal on every value",
                        },
                    }
                ),
            },
        }
    ),
    "Crosstable": _object(
        {
            "event": {"type": "string"},
            "version": {"type": "integer"},
            "round": {"type": "integer"},
            "players": {
                "type": "array",
                "items": _object(
                    {
                        "rank": {"type": "integer"},
                        "player": _ref("Player"),
                        "points": {"type": "string"},
                        "games": {"type": "array", "items": _ref("Game")},
                    }
                ),
            },
        }
    ),
    "PlayerCard": _object(
        {
            "event": {"type": "string"},
            "version": {"type": "integer"},
            "player": _ref("Player"),
            "rank": _nullable("integer"),
            "rank_provisional": {"type": "boolean"},
            "values": {
                "type": "array",
                "items": _object(
                    {
                        "tiebreak": {"type": "string", "description": "PTS, BH/C1, SB..."},
                        "value": {"type": "string", "description": "as shown, – for none"},
                        "provisional": {"type": "boolean"},
                    }
                ),
            },
            "games": {"type": "array", "items": _ref("Game")},
        }
    ),
    "Race": _object(
        {
            "round": {**_nullable("integer"), "description": "the current round; null: none"},
            "stage": {
                "enum": ["open", "complete", "finished", "no round"],
                "description": "open: the current round has games to play (the race); "
                "complete: every result of it is in; finished: the event is over",
            },
            "open_games": {"type": "integer"},
            "covers": {
                "enum": ["current round only", "whole event", None],
                "description": "current round only: the next round is not paired, the race "
                "reads this round's games alone; whole event: the last planned round",
            },
            "final_round": _nullable("boolean"),
            "provisional": {"type": "boolean", "description": "the standings are"},
            "first_place": {
                "type": "array",
                "description": "every player not eliminated, in the order of the standings",
                "items": _object(
                    {
                        "start_no": {"type": "integer"},
                        "name": {"type": "string"},
                        "status": {"enum": ["clinched", "possible", "undetermined"]},
                        "witness": {
                            "type": ["array", "null"],
                            "description": "every open game's result in one outcome where "
                            "the player ranks first",
                            "items": _object(
                                {
                                    "board": {"type": "integer"},
                                    "result": {"enum": ["1-0", "1/2-1/2", "0-1"]},
                                }
                            ),
                        },
                        "by_lots": {
                            **_nullable("boolean"),
                            "description": "first only level with others on every value",
                        },
                        "says": {
                            **_nullable("string"),
                            "description": "the condition in words, in the reader's language",
                        },
                        "places": {
                            "type": "array",
                            "description": "per result of their own game ('' without one): "
                            "the best and worst place over every outcome of the other games "
                            "(null: not worked out within the budget)",
                            "items": _object(
                                {
                                    "own": {"enum": ["win", "draw", "loss", ""]},
                                    "best": _nullable("integer"),
                                    "worst": _nullable("integer"),
                                }
                            ),
                        },
                    }
                ),
            },
            "prize_places": {
                "type": "array",
                "items": _object(
                    {
                        "category": {"type": "string", "description": "the category's key"},
                        "name": {"type": "string"},
                        "places": {"type": "array", "items": {"type": "integer"}},
                        "reach": {
                            "type": "array",
                            "description": "every member who can still end within the "
                            "places with a prize (place among the category's members)",
                            "items": _object(
                                {
                                    "start_no": {"type": "integer"},
                                    "name": {"type": "string"},
                                    "status": {
                                        "enum": ["sure", "possible", "undetermined"],
                                        "description": "sure: within the places in every "
                                        "outcome; possible: in some; undetermined: not "
                                        "worked out within the budget",
                                    },
                                }
                            ),
                        },
                    }
                ),
            },
            "winners": {
                "type": "array",
                "description": "once the event is over: the players ranked first",
                "items": _object({"start_no": {"type": "integer"}, "name": {"type": "string"}}),
            },
        }
    ),
    "EventList": _object(
        {
            "events": {
                "type": "array",
                "items": _object(
                    {
                        "slug": {"type": "string"},
                        "name": {"type": "string"},
                        "kind": {"enum": ["individual", "team"]},
                        "location": {"type": "string"},
                        "start_date": {**_nullable("string"), "format": "date"},
                        "end_date": {**_nullable("string"), "format": "date"},
                        "rounds_planned": {"type": "integer"},
                        "version": {"type": "integer"},
                        "tournament": {
                            **_nullable("string"),
                            "description": "the slug of the tournament it is a section of",
                        },
                        "sections": {"type": "array", "items": {"type": "string"}},
                    }
                ),
            }
        }
    ),
}

SLUG = {"name": "slug", "in": "path", "required": True, "schema": {"type": "string"}}


def _integer(name: str) -> dict[str, Any]:
    return {"name": name, "in": "path", "required": True, "schema": {"type": "integer"}}


def _get(summary: str, schema: str, *, parameters: tuple[dict[str, Any], ...] = ()) -> dict:
    responses: dict[str, Any] = {
        "200": {
            "description": "OK; `ETag` and `X-Event-Version` name the event version",
            "content": {"application/json": {"schema": _ref(schema)}},
        }
    }
    if parameters:
        responses["404"] = {"description": "no such event, round or player"}
    return {"get": {"summary": summary, "parameters": list(parameters), "responses": responses}}


def document() -> dict[str, Any]:
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "standings read API",
            "version": VERSION,
            "description": "Read-only JSON of live chess events; CORS open (`*`) on every "
            "endpoint here. Responses are cached per event version: send `If-None-Match` "
            "with the ETag for a 304.\n\n" + WEBSOCKET,
        },
        "paths": {
            "/api/events.json": _get("Every event, with its tournament and sections", "EventList"),
            "/e/{slug}/standings.json": _get(
                "Standings (a team event's: its teams)", "Standings", parameters=(SLUG,)
            ),
            "/e/{slug}/after/{number}.json": _get(
                "Standings as they stood when round `number` closed or was complete: "
                "the shape of standings.json, computed from rounds 1 to `number`",
                "Standings",
                parameters=(SLUG, _integer("number")),
            ),
            "/e/{slug}/race.json": _get(
                "Who can still win (individual events): each player not eliminated from "
                "first place, with a witness, the condition in words and the places each "
                "result of their own game can give; who can still reach each prize "
                "category's places (docs/race.md)",
                "Race",
                parameters=(SLUG,),
            ),
            "/e/{slug}/round/{number}.json": _get(
                "A published round's pairings and results (individual events)",
                "Round",
                parameters=(SLUG, _integer("number")),
            ),
            "/e/{slug}/crosstable.json": _get(
                "Crosstable (individual events)", "Crosstable", parameters=(SLUG,)
            ),
            "/e/{slug}/player/{start_no}.json": _get(
                "A player's card: rank, tie-break values, games",
                "PlayerCard",
                parameters=(SLUG, _integer("start_no")),
            ),
        },
        "components": {"schemas": SCHEMAS},
    }
