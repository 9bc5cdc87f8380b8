"""Who belongs to a category: the facts about a player that categories read."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from functools import lru_cache

from .rules import Band, Category


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


Check = Callable[[Player], bool]


def belongs(player: Player, category: Category) -> bool:
    """Every condition the category sets holds for the player."""
    return all(check(player) for check in checks(category))


@lru_cache(maxsize=512)
def checks(category: Category) -> tuple[Check, ...]:
    """One test per condition the category sets (a category is read for every player on
    every push: only its own conditions are tested)."""
    found: list[Check] = []
    if category.players is not None:
        group = category.players
        found.append(lambda p: p.start_no in group)
    if category.band is not None:
        found.append(_band_check(category.band))
    if category.unrated is not None:
        unrated = category.unrated
        found.append(lambda p: (not p.rating) == unrated)
    if category.born_from or category.born_before:
        found.append(_age_check(category.born_from, category.born_before))
    for field, values in (
        ("sex", category.sexes),
        ("federation", category.federations),
        ("title", category.titles),
    ):
        if values:
            found.append(_text_check(field, values))
    if category.clubs:
        clubs = frozenset(c.casefold() for c in category.clubs)
        found.append(lambda p: p.club.strip().casefold() in clubs)
    return tuple(found)


def _text_check(field: str, values: frozenset[str]) -> Check:
    def check(player: Player) -> bool:
        return getattr(player, field).upper() in values

    return check


def _band_check(band: Band) -> Check:
    low = float("-inf") if band.low is None else band.low
    high = float("inf") if band.high is None else band.high

    def check(player: Player) -> bool:
        rating: int | None = getattr(player, band.field)  # rating or national_rating
        if not rating:  # None or 0: unrated on this field
            return band.unrated
        return low <= rating <= high

    return check


def _age_check(born_from: date | None, born_before: date | None) -> Check:
    def check(player: Player) -> bool:
        born = birth_date(player.birth)
        if born is None:
            return False
        return (born_from is None or born >= born_from) and (
            born_before is None or born < born_before
        )

    return check
