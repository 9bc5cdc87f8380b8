"""Writes as the services make them: in a transaction, through record_change."""

from __future__ import annotations

from django.db import transaction

from standings.events.changes import record_change
from standings.events.models import Game, Round


def enter_result(event, round_no: int, board: int, result: str, user=None) -> Game:
    with transaction.atomic():
        game = Game.objects.get(round__event=event, round__number=round_no, board=board)
        before = game.result
        game.result = result
        game.version += 1
        game.save()
        record_change(
            event,
            user=user,
            action="result",
            target=f"round {round_no} board {board}",
            before={"result": before},
            after={"result": result},
        )
    return game


def close_round(event, round_no: int, user=None) -> None:
    with transaction.atomic():
        Round.objects.filter(event=event, number=round_no).update(state=Round.State.CLOSED)
        record_change(event, user=user, action="close_round", target=f"round {round_no}")
