"""The result codes of a round (TRF-16 record 001, seen from the participant): one table.

Every other place (scoring, the crosstable's flags, the TRF reader's checks, the pages'
cells, the arbiter's buttons) reads its facts from here.
The same character can mean two things: "-" with an opponent is a forfeit loss,
without one a round not paired; so each code has a row for each case it exists in.
"""

from __future__ import annotations

from dataclasses import dataclass

TYPE_CHECKING = False  # typing only for the type checker (see pickled.py)
if TYPE_CHECKING:
    from typing import TypedDict, Unpack

    class _Facts(TypedDict, total=False):
        """The optional fields of a `ResultCode`, as `_game` and `_unplayed` take them."""

        game_points: float | None
        available: bool


FORFEIT_WIN, FORFEIT_LOSS = "+", "-"
HALF_BYE, FULL_BYE, PAIRING_BYE, ZERO_BYE = "H", "F", "U", "Z"
NOT_PAIRED = "-"  # with opponent None ("0000 - -"): the free round of an odd round robin
NOT_IN_LINEUP = " "  # blank TRF cell in a team event: the player sat this round out
PENDING = "*"  # paired, result not entered yet (never written to TRF)


@dataclass(frozen=True, slots=True)
class ResultCode:
    """What one code means in one participant's round."""

    code: str
    with_opponent: bool  # the row for a round with an opponent, else for one without
    scores: str  # the `Scoring` field the round scores, "" for nothing
    shown: str  # short text of the participant's cell
    title: str  # what the cell means, in words
    game_points: float | None = None  # over the board: 1, ½ or 0 (rating tie-breaks)
    available: bool = False  # not played, yet the participant was available (Art. 16.1.2)

    @property
    def over_the_board(self) -> bool:
        return self.game_points is not None

    @property
    def won_over_the_board(self) -> bool:
        return self.game_points == 1.0


def _game(code: str, scores: str, shown: str, title: str, **facts: Unpack[_Facts]) -> ResultCode:
    return ResultCode(code, with_opponent=True, scores=scores, shown=shown, title=title, **facts)


def _unplayed(
    code: str, scores: str, shown: str, title: str, **facts: Unpack[_Facts]
) -> ResultCode:
    return ResultCode(code, with_opponent=False, scores=scores, shown=shown, title=title, **facts)


RESULT_CODES = (
    _game("1", "win", "1", "win", game_points=1.0),
    _game("=", "draw", "½", "draw", game_points=0.5),
    _game("0", "loss", "0", "loss", game_points=0.0),
    _game(FORFEIT_WIN, "forfeit_win", "+", "win by forfeit", available=True),
    _game(FORFEIT_LOSS, "forfeit_loss", "−", "loss by forfeit"),
    _game("W", "win", "1", "win (unrated)", game_points=1.0),
    _game("D", "draw", "½", "draw (unrated)", game_points=0.5),
    _game("L", "loss", "0", "loss (unrated)", game_points=0.0),
    _game(PENDING, "", "…", "result not entered yet"),
    _unplayed(HALF_BYE, "half_bye", "½", "half-point bye"),
    _unplayed(FULL_BYE, "full_bye", "1", "full-point bye", available=True),
    _unplayed(PAIRING_BYE, "pairing_bye", "1", "pairing-allocated bye", available=True),
    _unplayed(ZERO_BYE, "zero_bye", "0", "absent (zero-point bye)"),
    # Scored like a forfeit loss, as it always was (0 unless record 162 says otherwise).
    _unplayed(NOT_PAIRED, "forfeit_loss", "–", "not paired"),
    _unplayed(NOT_IN_LINEUP, "", "–", "not in the line-up"),
)
GAME_CODES = {c.code: c for c in RESULT_CODES if c.with_opponent}
UNPLAYED_CODES = {c.code: c for c in RESULT_CODES if not c.with_opponent}
# What a code scores read without knowing the opponent: the game's meaning first.
SCORED_AS = {
    **{c: r.scores for c, r in UNPLAYED_CODES.items()},
    **{c: r.scores for c, r in GAME_CODES.items()},
}
PLAYED_CODES = frozenset(c for c, r in GAME_CODES.items() if r.over_the_board)
WON_CODES = frozenset(c for c, r in GAME_CODES.items() if r.won_over_the_board)
GAME_POINTS = {c: r.game_points for c, r in GAME_CODES.items() if r.game_points is not None}
AVAILABLE_UNPLAYED = frozenset(r.code for r in RESULT_CODES if r.available)
BYE_CODES = frozenset((HALF_BYE, FULL_BYE, PAIRING_BYE, ZERO_BYE))
# The codes a TRF cell may hold, in the order messages list them (PENDING and
# NOT_IN_LINEUP are blanks there).
TRF_CODES = tuple(dict.fromkeys(r.code for r in RESULT_CODES if r.code not in (PENDING, " ")))


@dataclass(frozen=True, slots=True)
class GameResult:
    """A finished game as white's and black's codes side by side, e.g. "10"."""

    codes: str
    title: str  # as an arbiter's button says it


GAME_RESULTS = {
    g.codes: g
    for g in (
        GameResult("10", "White wins"),
        GameResult("==", "Draw"),
        GameResult("01", "Black wins"),
        GameResult("+-", "White wins by forfeit"),
        GameResult("-+", "Black wins by forfeit"),
        GameResult("--", "Both forfeit"),
        GameResult("00", "Both lose"),
        GameResult("WL", "White wins (unrated)"),
        GameResult("DD", "Draw (unrated)"),
        GameResult("LW", "Black wins (unrated)"),
    )
}
