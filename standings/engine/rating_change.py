"""The estimated rating change of an event's games under the FIDE Rating Regulations.

For each rated game (played over the board, both players rated) the change is
K x (score - PD), where PD is the scoring probability of table 8.1(b) for the rating
difference D, a difference of more than 400 points counting as 400 (the "400-point
rule"); the event's change is the sum, rounded to a whole number, 0.5 rounded up.

It is an estimate: FIDE rates the whole rating period, not one event, and what decides K
(games rated so far, the highest rating ever published) is not all known here. K is the
arbiter's when set for the player, else it follows from the rating and the birth year
(`k_factor`). Everything is exact: scores and probabilities are whole hundredths, so no
floating point rounding can move a value. Pure Python, no Django (docs/rating-change.md).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from .event import Participant
from .ratings import expected_score_hundredths
from .result_codes import GAME_CODES

__all__ = [
    "JUNIOR_AGE",
    "JUNIOR_RATING_LIMIT",
    "K_TOP",
    "MAX_COUNTED_DIFFERENCE",
    "RatedGame",
    "RatingEstimate",
    "birth_year",
    "counted_difference",
    "estimate",
    "game_change",
    "k_factor",
    "rated_games",
]

#: A difference of more than this many points counts as this many (FIDE 8.3.1).
MAX_COUNTED_DIFFERENCE = 400
#: K = 40 until the end of the year of the 18th birthday, while rated under 2300.
JUNIOR_AGE = 18
JUNIOR_RATING_LIMIT = 2300
#: K = 20 while rated under 2400; K = 10 from 2400 on.
K_TOP = 2400

# The result codes of a game FIDE rates: played over the board and scored as rated.
# "W", "D", "L" are played but unrated games; forfeits and byes were not played.
_RATED_SCORES = {"1": 100, "=": 50, "0": 0}
assert set(_RATED_SCORES) <= set(GAME_CODES)

_YEAR = re.compile(r"(1[89]\d\d|2\d\d\d)")


@dataclass(frozen=True, slots=True)
class RatedGame:
    """One rated game of the player's, and what it changes (hundredths of a rating point)."""

    round: int
    opponent: int  # start number
    opponent_rating: int
    score: int  # the player's score in hundredths: 100, 50 or 0
    difference: int  # own rating minus the opponent's, as counted (within +-400)
    expected: int  # PD of table 8.1(b) for that difference, in hundredths
    change: int  # K x (score - PD), in hundredths of a rating point


@dataclass(frozen=True, slots=True)
class RatingEstimate:
    """A rated player's estimated change over the event's rated games."""

    rating: int
    k: int
    k_reason: str  # "set" (by the arbiter), "junior", "below_2400" or "2400"
    games: tuple[RatedGame, ...]

    @property
    def exact_change(self) -> int:
        """The sum of the games' changes, in hundredths of a rating point."""
        return sum(game.change for game in self.games)

    @property
    def change(self) -> int:
        """The change as FIDE states it: the sum rounded to a whole number, 0.5 up."""
        return (self.exact_change + 50) // 100


def counted_difference(own: int, opponent: int) -> int:
    """The rating difference the calculation uses: more than 400 points counts as 400."""
    difference = own - opponent
    return max(-MAX_COUNTED_DIFFERENCE, min(MAX_COUNTED_DIFFERENCE, difference))


def game_change(own: int, opponent: int, score: int, k: int) -> RatedGame:
    """One game's change (round and opponent left 0: `rated_games` fills them in).

    `score` is in hundredths (100 a win, 50 a draw, 0 a loss)."""
    difference = counted_difference(own, opponent)
    expected = expected_score_hundredths(difference)
    return RatedGame(0, 0, opponent, score, difference, expected, k * (score - expected))


def birth_year(birth: str) -> int | None:
    """The year of a birth date as the TRF or the admin holds it ("2009/04/17", "2009",
    "17.04.2009"); None when no year can be read."""
    found = _YEAR.search(birth)
    return int(found.group(1)) if found else None


def k_factor(rating: int, *, born: int | None, year: int | None) -> tuple[int, str]:
    """K and why, from the rating and the birth year only (FIDE 8.3.3).

    K = 40 until the end of the year of the 18th birthday while rated under 2300; K = 20
    while rated under 2400; K = 10 from 2400. A player new to the list (K = 40 for the
    first 30 games) or one who was once rated 2400 or more (K = 10 for good) cannot be
    told from one rating: the arbiter sets K for them."""
    if born is not None and year is not None and year - born <= JUNIOR_AGE:
        if rating < JUNIOR_RATING_LIMIT:
            return 40, "junior"
    if rating < K_TOP:
        return 20, "below_2400"
    return 10, "2400"


def rated_games(
    participant: Participant, ratings: Mapping[int, int | None], k: int
) -> tuple[RatedGame, ...]:
    """The participant's rated games with their changes: played over the board with a
    result entered, against a rated opponent. Nothing for an unrated participant."""
    own = participant.rating
    if not own:  # None, or 0 as some files write an unrated player
        return ()
    games = []
    for entry in participant.entries:
        score = _RATED_SCORES.get(entry.code)
        if score is None or entry.opponent is None:
            continue
        opponent = ratings.get(entry.opponent)
        if not opponent:
            continue
        difference = counted_difference(own, opponent)
        expected = expected_score_hundredths(difference)
        change = k * (score - expected)
        games.append(
            RatedGame(entry.round, entry.opponent, opponent, score, difference, expected, change)
        )
    return tuple(games)


def estimate(
    participant: Participant,
    ratings: Mapping[int, int | None],
    *,
    year: int | None,
    k_set: int | None = None,
) -> RatingEstimate | None:
    """The participant's estimated change in the event; None when unrated.

    `ratings` holds every participant's rating by start number (None or 0: unrated); `year`
    is the event's (for the age); `k_set` the arbiter's K for this player, if any."""
    if not participant.rating:
        return None
    if k_set is not None:
        k, reason = k_set, "set"
    else:
        k, reason = k_factor(participant.rating, born=birth_year(participant.birth), year=year)
    return RatingEstimate(participant.rating, k, reason, rated_games(participant, ratings, k))
