"""Whether an event's prize list is final: the one place that decides it (docs/prizes.md).

Every page, the screen, the printout and prizes.csv word "wins" and "final" only when this
says so; before that a player is "in line for" a prize."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class RoundsState:
    """What the status reads of the event's rounds."""

    planned: int  # the rounds the event plans
    closed: frozenset[int]  # the rounds the arbiter has closed
    declared_after: int | None = None  # the round an arbiter declared the list final after


def every_round_closed(rounds: RoundsState, standings_round: int) -> bool:
    """Every round up to the standings' round is closed (so its results stand)."""
    return standings_round > 0 and all(n in rounds.closed for n in range(1, standings_round + 1))


def is_final(rounds: RoundsState, standings_round: int, *, ranks_provisional: bool) -> bool:
    """Final when every round so far is closed, no rank that decides a prize is provisional,
    and either the last planned round is among them or an arbiter declared the list final
    after this very round. Reopening a round makes the list provisional again; a declaration
    holds only for the round it was made after (a later round paired lapses it)."""
    if ranks_provisional or not every_round_closed(rounds, standings_round):
        return False
    return standings_round >= rounds.planned or rounds.declared_after == standings_round
