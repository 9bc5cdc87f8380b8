"""The one rule that makes a prize list final (docs/prizes.md, "Provisional and final")."""

from __future__ import annotations

from standings.prizes.projection import project
from standings.prizes.status import RoundsState, is_final

from .builders import CLOSED, everyone, rules, standings

TOP3 = (("overall", 1, 500), ("overall", 2, 300), ("overall", 3, 200))
EIGHT_CLOSED = frozenset(range(1, 9))


def test_round_8_of_9_closed_is_not_final():
    table = standings(5, 4, 3, 2, 1, round_no=8)
    result = project(table, everyone(5), rules("none", *TOP3), rounds=RoundsState(9, EIGHT_CLOSED))
    assert not result.provisional  # every rank so far stands
    assert not result.final  # but a round is still to be played


def test_the_last_round_closed_is_final():
    result = project(standings(5, 4, 3, 2, 1), everyone(5), rules("none", *TOP3), rounds=CLOSED)
    assert result.final


def test_a_declaration_makes_it_final_for_its_round_only():
    declared = RoundsState(9, EIGHT_CLOSED, declared_after=8)
    assert is_final(declared, 8, ranks_provisional=False)
    # round 9 paired after all: the declaration lapses until the last round is closed
    assert not is_final(declared, 9, ranks_provisional=False)
    # a round reopened: provisional again
    reopened = RoundsState(9, EIGHT_CLOSED - {5}, declared_after=8)
    assert not is_final(reopened, 8, ranks_provisional=False)
    # a deciding rank still provisional
    assert not is_final(declared, 8, ranks_provisional=True)


def test_nothing_is_final_before_a_round():
    assert not is_final(RoundsState(0, frozenset(), declared_after=0), 0, ranks_provisional=False)
