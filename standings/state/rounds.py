"""A round as the pages show it, for an individual and a team event alike (the differences
are data: boards and byes, or matches and team byes), and the pieces it is made of."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise

from standings.engine.pickled import quick_pickle
from standings.events.match_score import MatchScore
from standings.events.models import Round

from .parts import Board, Person


@quick_pickle
@dataclass(frozen=True, slots=True)
class Bye:
    person: Person
    kind: str  # as the model names it ("Half-point bye")
    code: str = ""  # the model's code ("H"), for the words of the reader's language


@quick_pickle
@dataclass(frozen=True, slots=True)
class TeamRef:
    number: int
    name: str


@quick_pickle
@dataclass(frozen=True, slots=True)
class MatchView:
    table: int
    home: TeamRef
    away: TeamRef
    score: MatchScore
    boards: tuple[Board, ...]

    @property
    def signature(self) -> str:
        return self.score.shown + "|" + "".join(b.result or "." for b in self.boards)


@quick_pickle
@dataclass(frozen=True, slots=True)
class TeamByeView:
    team: TeamRef
    code: str  # a `TeamBye.Kind` value
    kind: str | Promise  # in words (translated when shown)


@quick_pickle
@dataclass(frozen=True, slots=True)
class RoundView:
    """A round as the pages show it: an individual event's boards and byes, or a team
    event's matches (each with its boards) and team byes; the other pair is empty."""

    number: int
    state: str
    state_label: str
    boards: tuple[Board, ...] = ()
    byes: tuple[Bye, ...] = ()
    matches: tuple[MatchView, ...] = ()
    team_byes: tuple[TeamByeView, ...] = ()

    @property
    def closed(self) -> bool:
        return self.state == Round.State.CLOSED

    @property
    def pending(self) -> int:
        """Boards still to come (a match forfeited as a whole has none)."""
        return sum(1 for b in self.boards if not b.result) + sum(
            m.score.boards - m.score.entered for m in self.matches
        )
