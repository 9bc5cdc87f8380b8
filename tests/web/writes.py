"""Writes for the web and browser tests: thin calls of the services (system writes)."""

from __future__ import annotations

from standings.events import services
from standings.events.models import Game, Round


def enter_result(event, round_no: int, board: int, result: str, user=None, table=None) -> Game:
    return services.enter_result(
        event, round_no, board, result, seen_version=None, user=user, table=table
    )


def close_round(event, round_no: int, user=None) -> Round:
    return services.close_round(event, round_no, user=user)
