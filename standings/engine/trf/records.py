"""The data a TRF file holds beyond the engine's `Event`, and the error a bad file raises."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date

from ..event import Event, Participant, System
from ..phrases import Phrase
from ..result_codes import PAIRING_BYE

# 001 record layout (0-based): round r's cell starts at FIRST_CELL + CELL * (r - 1).
FIRST_CELL = 91  # column 92
CELL = 10
TEAM_SCORES = ("TW", "TD", "TL")  # record 362
DEFAULT_MATCH_POINTS = (2.0, 1.0, 0.0)  # TW, TD, TL when record 362 is absent


class TrfError(ValueError):
    """A malformed or inconsistent TRF file; `line` is 1-based, None for the whole file.

    The reader's own refusals are phrases (`trf/phrases.py`): `message` is their English,
    `phrase` lets the web layer word them in the arbiter's language; None for a message
    already worded (the import's)."""

    def __init__(self, message: str | Phrase, line: int | None = None) -> None:
        self.phrase = message if isinstance(message, Phrase) else None
        self.message = str(message)
        super().__init__(self.message)
        self.line = line

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}" if self.line else self.message


@dataclass(frozen=True, slots=True)
class TrfWarning:
    """Something the reader read its own way or left out; `line` is 1-based, 0 for the file."""

    line: int
    text: str  # English
    said: Phrase | None = field(default=None, compare=False)  # for the web layer

    def __str__(self) -> str:
        return f"line {self.line}: {self.text}" if self.line else self.text


def warning(line: int, said: Phrase) -> TrfWarning:
    return TrfWarning(line, said.english, said)


@dataclass(frozen=True, slots=True)
class TrfTeamLine:
    """What a TRF-2026 team record (310) says beyond the engine's `Team`."""

    number: int
    nickname: str = ""  # cols 42-46
    strength: str = ""  # cols 48-53
    match_points: float | None = None  # cols 55-60
    game_points: float | None = None  # cols 62-67
    rank: int | None = None  # cols 69-71


@dataclass(frozen=True, slots=True)
class TrfBye:
    """A bye record (240): F, H or Z for the players (or teams) listed, in one round."""

    kind: str
    round: int
    numbers: tuple[int, ...]
    line: int = field(default=0, compare=False)  # where it was read; 0: not read from a file


@dataclass(frozen=True, slots=True)
class TrfForfeitedMatch:
    """A forfeited team match (330): "+-" white team wins, "-+" black team wins, "--" both lose."""

    kind: str
    round: int
    white: int
    black: int
    line: int = field(default=0, compare=False)  # where it was read; 0: not read from a file


@dataclass(frozen=True, slots=True)
class TrfHeader:
    """What the header records say beyond the engine's `Event`."""

    name: str = ""  # 012
    city: str = ""  # 022
    federation: str = ""  # 032
    start_date: date | None = None  # 042
    end_date: date | None = None  # 052
    start_date_text: str = ""  # 042 as written when no date could be read from it
    end_date_text: str = ""  # 052 likewise
    kind_text: str = ""  # 092, e.g. "Swiss System"
    chief_arbiter: str = ""  # 102
    deputy_arbiters: tuple[str, ...] = ()  # 112
    time_control: str = ""  # 122
    round_dates: tuple[date | None, ...] = ()  # 132, one per round
    board_colors: str = ""  # 352, e.g. "WBWB" (team events)
    match_points: tuple[float, float, float] | None = None  # 362: TW, TD, TL
    initial_color: str = ""  # 152: "W" or "B"
    standings_tiebreaks: tuple[str, ...] = ()  # 212: like 202, with PTS
    player_ranks: tuple[tuple[int, int], ...] = ()  # 001 cols 86-89: (start no., rank)
    team_lines: tuple[TrfTeamLine, ...] = ()  # 310 extras; empty: teams written as 013
    team_bye_points: tuple[float, float] | None = None  # 320: match points, game points
    team_byes: tuple[int, ...] = ()  # 320: the team with the bye in each round, 0 = none
    team_byes_line: int = field(default=0, compare=False)  # where 320 was read
    byes: tuple[TrfBye, ...] = ()  # 240
    forfeited_matches: tuple[TrfForfeitedMatch, ...] = ()  # 330
    other_records: tuple[str, ...] = ()  # records this reader does not use, as read


@dataclass(frozen=True, slots=True)
class TrfFile:
    """A whole file: the engine's event (no round closed) and the header's extras."""

    event: Event
    header: TrfHeader = field(default_factory=TrfHeader)
    rounds_in_file: int = 0  # highest round with a cell on any 001 line
    # How the file was read, not what it says: left out of equality (the round trip).
    encoding: str = field(default="UTF-8", compare=False)  # "UTF-8 with BOM", "Windows-1252", ...
    warnings: tuple[TrfWarning, ...] = field(default=(), compare=False)

    @property
    def rounds_paired(self) -> int:
        """The last round the file pairs: a game (finished or not) or a pairing-allocated bye.

        Later rounds hold only byes written ahead, as JaVaFo's input has them before it
        pairs the next round: requests, not a round played.
        """
        return last_paired(self.event.participants, self.rounds_in_file)


def last_paired(participants: Iterable[Participant], rounds: int) -> int:
    """The last of `rounds` with a game (finished or not) or a pairing-allocated bye; 0: none."""
    participants = tuple(participants)
    for r in range(rounds, 0, -1):
        for p in participants:
            e = p.entry(r)
            if e is not None and (e.opponent is not None or e.code == PAIRING_BYE):
                return r
    return 0


def detect_system(kind_text: str, participants: int, rounds: int) -> System:
    """Round robin or Swiss, from record 092's text and the field size (fixtures README)."""
    text = kind_text.upper()
    if "SWISS" in text:
        return System.SWISS
    if "DOUBLE" in text:
        return System.DOUBLE_ROUND_ROBIN
    if "RR" in text or "ROBIN" in text or "BERGER" in text:
        return System.ROUND_ROBIN
    if participants in (rounds, rounds + 1):
        return System.ROUND_ROBIN
    if 2 * participants in (rounds, rounds + 1):
        return System.DOUBLE_ROUND_ROBIN
    return System.SWISS
