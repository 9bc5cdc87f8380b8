"""Who belongs to a category: the facts about a player that categories read."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from functools import lru_cache

from .rules import Category


@dataclass(frozen=True, slots=True)
class Player:
    start_no: int
    rating: int | None = None  # FIDE rating; None: unrated
    national_rating: int | None = None
    birth: str = ""  # as stored: YYYY/MM/DD, YYYY-MM-DD or YYYY
    sex: str = ""
    federation: str = ""
    title: str = ""
    club: str = ""


@lru_cache(maxsize=8192)  # read for every player and age category on every push
def birth_date(text: str) -> date | None:
    """A birth date as TRF and forms write it; a year alone counts as 1 January."""
    parts = [p for p in text.replace("-", "/").replace(".", "/").split("/") if p.strip()]
    try:
        numbers = [int(p) for p in parts]
    except ValueError:
        return None
    if not numbers or not 1000 <= numbers[0] <= 9999:
        return None
    numbers += [1] * (3 - len(numbers))
    try:
        return date(numbers[0], numbers[1] or 1, numbers[2] or 1)
    except ValueError:
        return None


def belongs(player: Player, category: Category) -> bool:
    """Every condition the category sets holds for the player."""
    if category.players is not None and player.start_no not in category.players:
        return False
    band = category.band
    if band is not None:
        rating = getattr(player, band.field)
        if rating is None or rating == 0:
            if not band.unrated:
                return False
        elif (band.low is not None and rating < band.low) or (
            band.high is not None and rating > band.high
        ):
            return False
    if category.unrated is not None and (not player.rating) != category.unrated:
        return False
    if category.born_from or category.born_before:
        born = birth_date(player.birth)
        if born is None:
            return False
        if category.born_from and born < category.born_from:
            return False
        if category.born_before and born >= category.born_before:
            return False
    if category.sexes and player.sex.upper() not in category.sexes:
        return False
    if category.federations and player.federation.upper() not in category.federations:
        return False
    if category.titles and player.title.upper() not in category.titles:
        return False
    return not category.clubs or player.club.strip().casefold() in {
        c.casefold() for c in category.clubs
    }
