"""The event flattened into per-round arrays that every tie-break reads.

Built once per computation; tie-breaks share its lazily computed intermediate
results (scores, adjusted scores, Buchholz addends) through `memo`.
"""

from __future__ import annotations

from .event import Event
from .notation import SpecError
from .phrases import phrase
from .result_codes import AVAILABLE_UNPLAYED, PAIRING_BYE, PENDING, PLAYED_CODES, SCORED_AS

TYPE_CHECKING = False  # typing only for the type checker (see pickled.py)
if TYPE_CHECKING:
    from collections.abc import Callable, Hashable
    from typing import Any, TypeVar

    T = TypeVar("T")


class Crosstable:
    """Rounds 1..`rounds` of every participant, indexed by position in the event."""

    def __init__(self, event: Event, rounds: int, edition: str) -> None:
        self.event = event
        self.rounds = rounds
        self.edition = edition
        self.predetermined = event.system.predetermined
        self.scoring = event.scoring
        self.win = event.scoring.win
        self.draw = event.scoring.draw
        # The final round of the event is in view: Fore Buchholz applies (Art. 8.3).
        self.final_round_in_view = rounds >= event.rounds > 0
        parts = event.participants
        self.size = len(parts)
        self.start_nos = [p.start_no for p in parts]
        index = {p.start_no: i for i, p in enumerate(parts)}
        self.index = index
        self.ratings = [p.rating or None for p in parts]
        points_of = {c: self.scoring.points(c) for c in SCORED_AS}.get
        self.codes: list[list[str]] = []
        self.opponents: list[list[int]] = []  # -1: no opponent
        self.points: list[list[float]] = []
        self.black: list[list[bool]] = []
        for p in parts:
            codes, opps, pts, black = [], [], [], []
            entries = p.entries[:rounds]
            for e in entries:
                opp = index.get(e.opponent, -1) if e.opponent is not None else -1
                codes.append(e.code)
                opps.append(opp)
                pts.append(points_of(e.code, 0.0) if e.points is None else e.points)
                black.append(e.color == "b")
            for _ in range(len(entries), rounds):  # round not entered for them: absent
                codes.append(" ")
                opps.append(-1)
                pts.append(0.0)
                black.append(False)
            self.codes.append(codes)
            self.opponents.append(opps)
            self.points.append(pts)
            self.black.append(black)
        self.scores = [sum(pts) for pts in self.points]
        # Per round flags read in the inner loops of the opponent-based tie-breaks.
        at_board = PLAYED_CODES | {PENDING}
        self.as_game = [
            [
                o >= 0 and (self.predetermined or c in at_board)
                for c, o in zip(codes, opps, strict=True)
            ]
            for codes, opps in zip(self.codes, self.opponents, strict=True)
        ]
        self.otb = [
            [c in PLAYED_CODES and o >= 0 for c, o in zip(codes, opps, strict=True)]
            for codes, opps in zip(self.codes, self.opponents, strict=True)
        ]
        self.memo: dict[Any, Any] = {}
        # Team events: the same teams scored on match points and on game points, by basis
        # ("MP", "GP"), the primary one first; each team's board points per round.
        self.bases: dict[str, Crosstable] = {}
        self.primary = ""
        self.basis = ""  # of this crosstable
        self.board_win = 0.0  # what a board won scores
        self.boards: list[list[tuple[float, ...] | None]] = []
        self.board_count = 0

    def on_basis(self, basis: str) -> Crosstable:
        """The crosstable of a score basis (`BH:GP`): a team event's, else refused."""
        if not basis:
            return self
        if basis not in self.bases:
            raise SpecError(phrase("spec.basis_team_only", basis=basis))
        return self.bases[basis]

    @property
    def secondary(self) -> str:
        return "GP" if self.primary == "MP" else "MP"

    def cached(self, key: Hashable, compute: Callable[[], T]) -> T:
        """Compute once per crosstable whatever several tie-breaks share."""
        try:
            # The memo holds values of many types; a key always stands for one of them.
            found: T = self.memo[key]
            return found
        except KeyError:
            value = self.memo[key] = compute()
            return value

    def over_the_board(self, i: int, r: int) -> bool:
        """A finished game played over the board in round r (0-based)."""
        return self.otb[i][r]

    def at_the_board(self, i: int, r: int) -> bool:
        """Over the board, finished or still in progress."""
        code = self.codes[i][r]
        return (code in PLAYED_CODES or code == PENDING) and self.opponents[i][r] >= 0

    def voluntarily_unplayed(self, i: int, r: int) -> bool:
        """Forfeit loss, requested bye or absence: the rounds Art. 16.5 singles out."""
        code = self.codes[i][r]
        if code in PLAYED_CODES or code == PENDING:
            return self.opponents[i][r] < 0
        return code not in AVAILABLE_UNPLAYED

    def last_paired_round(self, i: int) -> int:
        """1-based last round with an opponent or a pairing-allocated bye; 0 if never."""
        for r in range(self.rounds - 1, -1, -1):
            if self.opponents[i][r] >= 0 or self.codes[i][r] == PAIRING_BYE:
                return r + 1
        return 0
