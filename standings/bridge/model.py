"""The immutable description of a bridge event, one class per kind of file.

Numbers are Fractions, exactly as the file gives them (README: given values are
authoritative; nothing is recomputed).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from .contract import Played

Pair = tuple[Fraction, Fraction]


@dataclass(frozen=True)
class Entrant:
    """A team or a pair. `carryover`: IMPs (knockout) or BAM points brought into the stage."""

    id: int
    name: str
    carryover: Fraction = Fraction(0)


@dataclass(frozen=True)
class TeamMatch:
    """One match of a round robin or a Swiss; `away` None is a bye worth `vps[0]`."""

    round: int
    home: int
    away: int | None
    imps: Pair
    vps: Pair
    points: Pair


@dataclass(frozen=True)
class DrawnMatch:
    """A match of a round's draw, at its table, before or while it is scored."""

    round: int
    table: int
    home: int
    away: int


@dataclass(frozen=True)
class RoomResult:
    """A board's result at one table: North-South's score, and the contract when given
    (`played` None when only the score was entered)."""

    ns: int
    played: Played | None = None


@dataclass(frozen=True)
class BoardResult:
    """One board of a drawn match: the home team sits North-South in the open room and
    East-West in the closed room; a room not played yet is None."""

    round: int
    home: int
    away: int
    board: int
    open: RoomResult | None
    closed: RoomResult | None


@dataclass(frozen=True)
class KnockoutEvent:
    """`boards`: a segment's boards as they come in (a BoardResult's `round` is the segment,
    its home the first team, North-South in the open room)."""

    name: str
    teams: tuple[Entrant, Entrant]
    segments: tuple[Segment, ...]
    qualification_ranks: dict[int, int]
    qualification_matches: tuple[TeamMatch, ...] = ()
    boards: tuple[BoardResult, ...] = ()


@dataclass(frozen=True)
class TeamsEvent:
    name: str
    system: str  # "round-robin" or "swiss"
    teams: tuple[Entrant, ...]
    matches: tuple[TeamMatch, ...]
    rounds: int | None = None  # the schedule, when the file states it
    draw: tuple[DrawnMatch, ...] = ()
    boards: tuple[BoardResult, ...] = ()


@dataclass(frozen=True)
class Segment:
    segment: int
    home: int
    away: int
    imps: Pair


@dataclass(frozen=True)
class Encounter:
    """The boards two pairs played against each other in one round, with their match points."""

    round: int
    ns: int
    ew: int
    mps: Pair


@dataclass(frozen=True)
class Session:
    number: int
    scores: dict[int, Fraction]
    encounters: tuple[Encounter, ...] = ()


@dataclass(frozen=True)
class PairsEvent:
    name: str
    pairs: tuple[Entrant, ...]
    sessions: tuple[Session, ...]


@dataclass(frozen=True)
class BoardScore:
    board: int
    points: Pair


@dataclass(frozen=True)
class BamMatch:
    round: int
    home: int
    away: int
    bam: Pair
    boards: tuple[BoardScore, ...] = field(default=())


@dataclass(frozen=True)
class BamEvent:
    """`boards`: the rooms of the matches scored board by board (a match's `boards` hold
    the points they give, its `bam` the board-a-match points of its complete boards)."""

    name: str
    stage: str
    teams: tuple[Entrant, ...]
    matches: tuple[BamMatch, ...]
    boards: tuple[BoardResult, ...] = field(default=())


BridgeEvent = TeamsEvent | KnockoutEvent | PairsEvent | BamEvent
