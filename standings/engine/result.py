"""What the engine gives back: ranked rows with values, certainty and explanations."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .phrases import Notes, english, from_token, said
from .pickled import quick_pickle

# The pickled state of a Contribution: round, opponent, amount, the notes' token, cut.
_ContributionState = tuple[int | None, int | None, float | None, str, bool]


@dataclass(frozen=True, slots=True)
class Contribution:
    """One addend of a value, for the player card and for checking by hand."""

    round: int | None
    opponent: int | None  # start number, None for a bye or virtual opponent
    amount: float | None
    notes: Notes = said()  # e.g. virtual opponent (Art. 16.4); cut: lowest
    cut: bool = False

    @property
    def note(self) -> str:
        """The notes in English, as the command line and the tests read them."""
        return english(self.notes)

    # Pickled as plain values, the notes as their token: a state tuple of numbers and texts
    # only is one the garbage collector leaves alone, and a cached state holds 100,000 of
    # them (500 players, 26 tie-breaks: 230 ms to pickle with the Notes, 140 ms so).
    def __getstate__(self) -> _ContributionState:
        return (self.round, self.opponent, self.amount, self.notes.token, self.cut)

    def __setstate__(self, state: _ContributionState) -> None:
        round_, opponent, amount, token, cut = state
        object.__setattr__(self, "round", round_)
        object.__setattr__(self, "opponent", opponent)
        object.__setattr__(self, "amount", amount)
        object.__setattr__(self, "notes", from_token(token))
        object.__setattr__(self, "cut", cut)


@quick_pickle
@dataclass(frozen=True, slots=True)
class Row:
    rank: int
    start_no: int
    name: str
    values: tuple[float | None, ...]  # one per tie-break spec, PTS first
    provisional: tuple[bool, ...]  # same length as values
    rank_provisional: bool
    explanations: Sequence[tuple[Contribution, ...]]  # same length as values; may be lazy
    # What placed the row below the one above: the index of the first value that parted
    # them as the ranking read them; None for the first row, a shared place, or lots.
    parted_by: int | None = None
    lot: int | None = None  # its lot (seed's draw, 1 first) when lots ordered it among equals


LOTS = "lots"  # Standings.parted_by: the drawing of lots placed the row


@quick_pickle
@dataclass(frozen=True, slots=True)
class Standings:
    rules: str  # "2024" or "2026"
    round: int  # standings after this round
    tiebreaks: tuple[str, ...]  # the specs, "PTS" first
    rows: tuple[Row, ...]  # in rank order
    lots_seed: int = 0
    fide_types: tuple[str, ...] = ()  # FIDE Type (A, B, C, D, ...) of each tie-break

    def to_json(self) -> dict[str, object]:
        """The shape of the `tiebreaks` command and of standings.json."""
        return {
            "rules": self.rules,
            "round": self.round,
            "tiebreaks": list(self.tiebreaks),
            "lots_seed": self.lots_seed,
            "standings": [
                {
                    "rank": row.rank,
                    "start_no": row.start_no,
                    "name": row.name,
                    "values": list(row.values),
                    "provisional": list(row.provisional),
                    "parted_by": self.parted_by(k),
                    "lot": row.lot,
                }
                for k, row in enumerate(self.rows)
            ],
        }

    def parted_by(self, k: int) -> str | None:
        """What placed row k below the row above: a tie-break's spec, "lots", or None
        (the first row, a shared place)."""
        row = self.rows[k]
        if row.parted_by is not None:
            return self.tiebreaks[row.parted_by]
        if k and row.lot is not None and self.rows[k - 1].rank != row.rank:
            return LOTS
        return None
