"""A team match's score as its boards come in: game points of each side, then match points.

Read from stored results (white's and black's codes side by side) and which side each
board's white plays for; the event's scoring gives the game points (TRF 162) and the
match points (TRF 362). A match forfeited as a whole (TRF 330) scores whatever its boards
say: the winner takes every board, a double forfeit gives nobody anything.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from standings.engine import event as engine

from .models import Event, Forfeit, Game, Match
from .snapshot import scoring


@dataclass(frozen=True, slots=True)
class MatchPoints:
    """The event's match points (TRF 362)."""

    win: float = 2.0
    draw: float = 1.0
    loss: float = 0.0


@dataclass(frozen=True, slots=True)
class MatchScore:
    home: float  # game points so far
    away: float
    boards: int
    entered: int  # boards with a result
    forfeit: str  # a `Forfeit` value, "" when played
    home_mp: float | None  # None until the match is decided
    away_mp: float | None

    @property
    def complete(self) -> bool:
        return bool(self.forfeit) or self.entered == self.boards

    @property
    def shown(self) -> str:
        """ "2½–1½"; "+/−" for a forfeited match."""
        if self.forfeit:
            return FORFEIT_SHOWN[self.forfeit]
        return f"{half(self.home)}–{half(self.away)}"

    def seen_from(self, *, home: bool) -> str:
        """The score with one side's points first: "1½–2½" is the away side's 2½–1½."""
        if home:
            return self.shown
        if self.forfeit:
            return FORFEIT_SHOWN[self.forfeit[::-1]]
        return f"{half(self.away)}–{half(self.home)}"

    @property
    def mp_shown(self) -> str:
        """ "2–0" once the match is decided, "" before."""
        if self.home_mp is None or self.away_mp is None:
            return ""
        return f"{half(self.home_mp)}–{half(self.away_mp)}"


FORFEIT_SHOWN: dict[str, str] = {
    Forfeit.HOME_WINS: "+/−",
    Forfeit.AWAY_WINS: "−/+",
    Forfeit.BOTH_LOSE: "−/−",
}


def half(value: float) -> str:
    """2.5 -> "2½", 0.5 -> "½", 3.0 -> "3"."""
    whole = int(value)
    rest = value - whole
    if rest == 0.5:
        return f"{whole}½" if whole else "½"
    return str(whole) if rest == 0 else f"{value:g}"


def match_points(event: Event) -> MatchPoints:
    return MatchPoints(
        float(event.match_points_win),
        float(event.match_points_draw),
        float(event.match_points_loss),
    )


def match_score(
    boards: Iterable[tuple[str, bool]],
    *,
    forfeit: str,
    game: engine.Scoring,
    points: MatchPoints,
) -> MatchScore:
    """`boards`: (stored result, white plays for the home team) per board, in board order.

    Match points appear once the match is decided: every board in, or one side past half
    of the boards' points, which the boards still to come cannot change."""
    boards = list(boards)
    count = len(boards)
    if forfeit:
        return _forfeited(forfeit, count, game, points)
    home = away = 0.0
    entered = 0
    for result, white_is_home in boards:
        if not result:
            continue
        entered += 1
        white, black = game.points(result[0]), game.points(result[1])
        home += white if white_is_home else black
        away += black if white_is_home else white
    left = (count - entered) * game.win
    if entered < count and abs(home - away) <= left:
        return MatchScore(home, away, count, entered, "", None, None)
    if home == away:
        return MatchScore(home, away, count, entered, "", points.draw, points.draw)
    home_mp, away_mp = (points.win, points.loss) if home > away else (points.loss, points.win)
    return MatchScore(home, away, count, entered, "", home_mp, away_mp)


def _forfeited(forfeit: str, count: int, game: engine.Scoring, points: MatchPoints) -> MatchScore:
    home_wins = forfeit == Forfeit.HOME_WINS
    away_wins = forfeit == Forfeit.AWAY_WINS
    home = game.win * count if home_wins else 0.0
    away = game.win * count if away_wins else 0.0
    home_mp = points.win if home_wins else points.loss
    away_mp = points.win if away_wins else points.loss
    return MatchScore(home, away, count, count, forfeit, home_mp, away_mp)


def stored_match_scores(event: Event, round_ids: Iterable[int]) -> dict[int, MatchScore]:
    """The score of every match of these rounds, by match id, in two queries."""
    matches = Match.objects.filter(round_id__in=list(round_ids)).values_list(
        "id", "home_id", "forfeit"
    )
    home_of = {match_id: home_id for match_id, home_id, _ in matches}
    forfeits = {match_id: forfeit for match_id, _, forfeit in matches}
    boards: dict[int, list[tuple[str, bool]]] = {match_id: [] for match_id in home_of}
    games = Game.objects.filter(match_id__in=home_of).order_by("match_id", "board")
    for match_id, result, white_team in games.values_list("match_id", "result", "white__team_id"):
        boards[match_id].append((result, white_team == home_of[match_id]))
    game, points = scoring(event), match_points(event)
    return {
        match_id: match_score(
            boards[match_id], forfeit=forfeits[match_id], game=game, points=points
        )
        for match_id in home_of
    }
