"""Writes for the web and browser tests: thin calls of the services (system writes)."""

from __future__ import annotations

from standings.events import services
from standings.events.models import Game, Round
from tests.factories import TEST_ACTOR


def enter_result(event, round_no: int, board: int, result: str, table=None) -> Game:
    return services.enter_result(
        event, round_no, board, result, seen_version=None, actor=TEST_ACTOR, table=table
    )


def close_round(event, round_no: int) -> Round:
    return services.close_round(event, round_no, actor=TEST_ACTOR)
