"""The immutable description of an event that the engine reads.

Each participant has one `RoundEntry` per round, in TRF terms: the opponent's
start number (or None), the colour, and a one-character result code.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from enum import Enum

# The result codes live in their own table; they are re-exported here, where callers look
# (`X as X`: an explicit re-export, as the strict type check asks).
from .result_codes import FORFEIT_LOSS as FORFEIT_LOSS
from .result_codes import FORFEIT_WIN as FORFEIT_WIN
from .result_codes import FULL_BYE as FULL_BYE
from .result_codes import HALF_BYE as HALF_BYE
from .result_codes import NOT_IN_LINEUP as NOT_IN_LINEUP
from .result_codes import NOT_PAIRED as NOT_PAIRED
from .result_codes import PAIRING_BYE as PAIRING_BYE
from .result_codes import PENDING as PENDING
from .result_codes import PLAYED_CODES as PLAYED_CODES
from .result_codes import SCORED_AS as SCORED_AS
from .result_codes import ZERO_BYE as ZERO_BYE


class System(str, Enum):  # noqa: UP042 (str() of members must stay the plain value)
    SWISS = "swiss"
    ROUND_ROBIN = "rr"
    DOUBLE_ROUND_ROBIN = "drr"

    @property
    def predetermined(self) -> bool:
        """Pairings fixed in advance (Art. 15.2: forfeits count as played)."""
        return self is not System.SWISS


@dataclass(frozen=True, slots=True)
class Scoring:
    """Points for each kind of round (TRF record 162)."""

    win: float = 1.0
    draw: float = 0.5
    loss: float = 0.0
    pairing_bye: float = 1.0  # P: pairing-allocated bye
    full_bye: float = 1.0
    half_bye: float = 0.5
    zero_bye: float = 0.0
    forfeit_win: float = 1.0
    forfeit_loss: float = 0.0

    def points(self, code: str) -> float:
        """What a round with this result code scores (`result_codes.SCORED_AS`)."""
        scored_as = SCORED_AS.get(code, "")
        return getattr(self, scored_as) if scored_as else 0.0


@dataclass(frozen=True, slots=True)
class RoundEntry:
    """One participant's round: opponent (start number or None), colour, result code."""

    round: int
    opponent: int | None
    color: str | None  # "w", "b" or None
    code: str  # see `result_codes`
    points: float | None = None  # what the round scores when not the scoring's (team game points)


@dataclass(frozen=True, slots=True)
class Participant:
    start_no: int
    name: str
    rating: int | None = None  # None: unrated
    title: str = ""
    federation: str = ""
    fide_id: str = ""
    national_rating: int | None = None
    sex: str = ""
    birth: str = ""
    entries: tuple[RoundEntry, ...] = ()  # ordered by round, one per round played so far

    def entry(self, round_no: int) -> RoundEntry | None:
        if 1 <= round_no <= len(self.entries):
            return self.entries[round_no - 1]
        return None


@dataclass(frozen=True, slots=True)
class Team:
    number: int
    name: str
    members: tuple[int, ...]  # start numbers in board order


@dataclass(frozen=True, slots=True)
class TeamBye:
    """A team without a match in a round, scoring these match and game points (TRF 320, 240)."""

    round: int
    team: int
    match_points: float
    game_points: float
    code: str = "U"  # result code: U pairing-allocated (320), else F, H or Z (240)


@dataclass(frozen=True, slots=True)
class MatchForfeit:
    """A team match forfeited as a whole (TRF 330): "+-" white's team wins, "-+" black's,
    "--" both lose. Its boards, whatever they hold, do not count."""

    round: int
    white: int  # team numbers
    black: int
    code: str


@dataclass(frozen=True, slots=True)
class Event:
    name: str
    participants: tuple[Participant, ...]
    rounds: int  # rounds planned (TRF 142)
    system: System = System.SWISS
    scoring: Scoring = field(default_factory=Scoring)
    start_date: date | None = None
    tiebreaks: tuple[str, ...] = ()  # specs in the reference notation, e.g. ("BH/C1", "SB")
    closed_rounds: frozenset[int] = frozenset()  # rounds the arbiter has closed
    teams: tuple[Team, ...] = ()
    team_byes: tuple[TeamBye, ...] = ()
    match_points: tuple[float, float, float] = (2.0, 1.0, 0.0)  # TW, TD, TL (TRF 362)
    match_forfeits: tuple[MatchForfeit, ...] = ()
    boards: int = 0  # boards of a team match (TRF 352's length); a longer line-up wins
    lots_seed: int = 0
    shared_places: bool = False

    def participant(self, start_no: int) -> Participant:
        return self.participants[self._index()[start_no]]

    def _index(self) -> dict[int, int]:
        return {p.start_no: i for i, p in enumerate(self.participants)}
