"""Board rankings of a team event: the players of each board ranked by percentage.

A player counts on the board of their place in the team's roster (its board order);
places past the number of boards are the reserves. Only games played over the board
count (a forfeit is neither a game nor a point here), and a player is ranked once they
have played the event's minimum number of games; the others are listed after, unranked.
Ties on percentage go to the higher performance rating (FIDE Art. 10.2), then to the
player with more games.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext

from standings.engine.ratings import performance_rating

from .parts import Person, format_value
from .rounds import TeamRef
from .teams import Member


@dataclass(frozen=True, slots=True)
class BoardLine:
    rank: int | None  # None: fewer games than the event's minimum
    person: Person
    team: TeamRef
    games: int
    score: float
    performance: int | None

    @property
    def score_shown(self) -> str:
        return format_value(self.score)

    @property
    def percentage(self) -> str:
        return f"{100 * self.score / self.games:.1f}" if self.games else "–"


@dataclass(frozen=True, slots=True)
class BoardRanking:
    label: str  # "Board 1", "Reserves"
    lines: tuple[BoardLine, ...]


def board_rankings(
    rosters: dict[int, tuple[Member, ...]],
    teams: dict[int, TeamRef],
    boards: int,
    min_games: int,
) -> tuple[BoardRanking, ...]:
    if not boards:  # no match yet: nobody has a board
        return ()
    places: dict[int, list[BoardLine]] = {}
    for number, members in rosters.items():
        for member in members:
            order = member.board_order or boards + 1
            place = order if order <= boards else boards + 1
            places.setdefault(place, []).append(_line(member, teams[number]))
    rankings = []
    for place in sorted(places):
        if place <= boards:
            label = gettext("Board %(number)s") % {"number": place}
        else:
            label = gettext("Reserves")
        rankings.append(BoardRanking(label, _ranked(places[place], min_games)))
    return tuple(rankings)


def _line(member: Member, team: TeamRef) -> BoardLine:
    played = [g for g in member.games if g.over_the_board]
    score = sum(g.points for g in played)
    rated = [g for g in played if g.opponent.rating is not None]
    ratings = [g.opponent.rating for g in rated if g.opponent.rating is not None]
    performance = performance_rating(ratings, sum(g.points for g in rated)) if rated else None
    return BoardLine(None, member.person, team, len(played), score, performance)


def _ranked(lines: list[BoardLine], min_games: int) -> tuple[BoardLine, ...]:
    def order(line: BoardLine) -> tuple[float, int, int, int]:
        share = line.score / line.games if line.games else 0.0
        return (-share, -(line.performance or 0), -line.games, line.person.start_no)

    qualified = sorted((li for li in lines if li.games and li.games >= min_games), key=order)
    others = sorted((li for li in lines if li not in qualified), key=order)
    ranked = [
        BoardLine(rank, li.person, li.team, li.games, li.score, li.performance)
        for rank, li in enumerate(qualified, start=1)
    ]
    return tuple(ranked + others)
