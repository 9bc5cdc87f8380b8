"""The state behind the pages: what build_state remembers between versions."""

import pytest

from standings.events.models import Event, Game
from standings.state import event_state as web_state
from standings.state.event_state import build_state

pytestmark = pytest.mark.django_db


def movements(event) -> dict[int, int | None]:
    built = build_state(Event.objects.get(pk=event.pk))
    return {line.person.start_no: line.movement for line in built.lines}


def from_nothing(event) -> dict[int, int | None]:
    """The movements computed with nothing remembered (what is remembered is kept)."""
    kept = dict(web_state._earlier_ranks)
    web_state._earlier_ranks.clear()
    try:
        return movements(event)
    finally:
        web_state._earlier_ranks.clear()
        web_state._earlier_ranks.update(kept)


def test_the_ranks_after_the_previous_round_are_remembered_until_that_round_changes(event):
    web_state._earlier_ranks.clear()
    movements(event)
    assert len(web_state._earlier_ranks) == 1
    # A result of the current round: the previous round's ranks are read back.
    game = Game.objects.filter(round__event=event, round__number=3, result="").first()
    Game.objects.filter(pk=game.pk).update(result="10")
    assert movements(event) == from_nothing(event)
    assert len(web_state._earlier_ranks) == 1
    # A correction in round 2: the ranks after it are computed again.
    played = Game.objects.filter(round__event=event, round__number=2).exclude(result="")
    corrected = next(g for g in played if g.result != "01")
    Game.objects.filter(pk=corrected.pk).update(result="01")
    assert movements(event) == from_nothing(event)
    assert len(web_state._earlier_ranks) == 2
