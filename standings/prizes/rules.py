"""An event's prize rules: its categories, its prizes and how ties and several prizes are
settled, read from and written to one JSON document (docs/prizes.md).

Pure: no Django. The events app stores the document; `read_rules` refuses a document that
breaks a rule, naming what is wrong, after `shape` has bounded what it holds.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from enum import Enum
from typing import Any, TypeGuard

from standings.engine.phrases import ENGLISH, Phrase, phrase
from standings.engine.words import gettext_noop

from .shape import Unreadable, parse, shape_faults

DOCUMENT_VERSION = 1
RATING_FIELDS = ("rating", "national_rating")  # FIDE rating, national rating
KEY = re.compile(r"^[a-z0-9][a-z0-9_-]{0,31}$")
DAY = re.compile(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$")
MONEY = re.compile(r"^[0-9]+(\.[0-9]+)?$")  # as a text: 150, 166.66 (no sign, no exponent)
MAX_AMOUNT = Decimal("100000000")
MAX_NAME = 60  # characters of a category's name, a prize's item


class TieRule(str, Enum):  # noqa: UP042 (str() of members must stay the plain value)
    NONE = "none"  # the tie-break decides; nothing is shared
    EQUAL = "equal"  # tied players pool the prizes of their places and share equally
    HORT = "hort"  # half by place, half of the pool shared equally
    USCF = "uscf"  # US Chess 32B: tied winners pool their cash prizes across categories


# The faults of a prize document, each key's words declared once, here, and marked for the
# catalogue (engine/words.py): the English template (the import command, the tests), its
# parameters %(name)s, is the message id the pages translate (wording/phrases.py); JSON
# field names stay as they are written. A quoted value is handed over already quoted
# (repr(), shown()).
ENGLISH.update(
    {
        "prizes.not_object": gettext_noop("the prize document must be a JSON object"),
        "prizes.version": gettext_noop("unknown document version %(version)s (this is version 1)"),
        "prizes.stacking": gettext_noop("stacking must be true or false"),
        "prizes.currency": gettext_noop("currency must be a short text (€, $, EUR)"),
        "prizes.duplicate_category": gettext_noop("two categories are called %(key)s"),
        "prizes.too_many": gettext_noop("at most %(categories)s categories and %(prizes)s prizes"),
        "prizes.unknown_fields": gettext_noop("unknown fields: %(fields)s"),
        "prizes.bands_overlap": gettext_noop(
            "rating bands of %(first)s and %(second)s overlap (a band may lie inside another,"
            " not across it)"
        ),
        "prizes.duplicate_place": gettext_noop("two prizes for place %(place)s of %(category)s"),
        "prizes.worth_more": gettext_noop(
            "%(category)s: place %(following)s is worth more than place %(place)s"
        ),
        "prizes.worth_more_item": gettext_noop(
            "%(category)s: place %(following)s is worth more than place %(place)s (give the"
            " non-cash prize its worth)"
        ),
        "prizes.uscf_stacking": gettext_noop(
            "US Chess pooling gives one cash prize a player: stacking must be off"
        ),
        "prizes.not_list": gettext_noop("%(name)s must be a list"),
        "prizes.choice": gettext_noop("%(name)s must be one of %(allowed)s, not %(value)s"),
        "prizes.category_not_object": gettext_noop("each category must be a JSON object"),
        "prizes.category_key": gettext_noop(
            "category key %(key)s: lower-case letters, digits, - and _ (up to 32)"
        ),
        "prizes.in_category": gettext_noop("category %(key)s"),
        "prizes.name": gettext_noop("%(where)s: a name of 1 to 60 characters"),
        "prizes.category_fields": gettext_noop("%(where)s: unknown fields %(fields)s"),
        "prizes.born_order": gettext_noop("%(where)s: born_from must come before born_before"),
        "prizes.unrated": gettext_noop("%(where)s: unrated must be true, false or absent"),
        "prizes.players": gettext_noop("%(where)s: players must be a list of start numbers"),
        "prizes.texts": gettext_noop("%(where)s: %(field)s must be a list of texts"),
        "prizes.rating_object": gettext_noop(
            "%(where)s: rating must be an object with field, min, max, unrated"
        ),
        "prizes.rating_field": gettext_noop("%(where)s: rating field must be one of %(fields)s"),
        "prizes.rating_bounds": gettext_noop(
            "%(where)s: rating bounds must be whole numbers of 0 or more"
        ),
        "prizes.rating_order": gettext_noop("%(where)s: rating min %(low)s is above max %(high)s"),
        "prizes.rating_unrated": gettext_noop("%(where)s: rating unrated must be true or false"),
        "prizes.date": gettext_noop("%(where)s: %(field)s must be a date as YYYY-MM-DD"),
        "prizes.prize_not_object": gettext_noop(
            "each prize must be an object with category, place, amount or item, worth"
        ),
        "prizes.prize_category": gettext_noop("a prize names no known category (%(category)s)"),
        "prizes.prize_place": gettext_noop(
            "prize of %(category)s: place must be a whole number from 1"
        ),
        "prizes.in_prize": gettext_noop("prize %(place)s of %(category)s"),
        "prizes.item": gettext_noop("%(where)s: item must be a text of up to 60 characters"),
        "prizes.amount_or_item": gettext_noop(
            "%(where)s: give an amount or an item (a trophy, a book)"
        ),
        "prizes.worth_cash": gettext_noop(
            "%(where)s: worth is for non-cash prizes; a cash prize is worth its amount"
        ),
        "prizes.money": gettext_noop(
            "%(where)s: %(field)s must be a positive amount, not %(value)s"
        ),
        "prizes.money_decimals": gettext_noop("%(where)s: %(field)s has more than two decimals"),
    }
)


class RulesError(ValueError):
    """A document that cannot be the event's prize rules; `faults` names each fault,
    `problems` in English."""

    def __init__(self, faults: list[Phrase]) -> None:
        self.faults = faults
        self.problems = [fault.english for fault in faults]
        super().__init__("; ".join(self.problems))


@dataclass(frozen=True, slots=True)
class Band:
    """Ratings from `low` to `high` (both included, None: open) on one rating field."""

    field: str = "rating"
    low: int | None = None
    high: int | None = None
    unrated: bool = False  # unrated players belong to the band

    def overlaps_partly(self, other: Band) -> bool:
        """True when the bands share ratings but neither holds the other (1600-1799 and
        1700-1899): a nested band (U1800 inside U2000) is a usual class prize."""
        if self.field != other.field:
            return False
        lo1, hi1 = _span(self)
        lo2, hi2 = _span(other)
        if max(lo1, lo2) > min(hi1, hi2):
            return False
        nested = (lo1 <= lo2 and hi2 <= hi1) or (lo2 <= lo1 and hi1 <= hi2)
        return not nested


def _span(band: Band) -> tuple[float, float]:
    low = float("-inf") if band.low is None else band.low
    high = float("inf") if band.high is None else band.high
    return low, high


@dataclass(frozen=True, slots=True)
class Category:
    """Who may win its prizes: every condition set must hold (an empty category is everyone)."""

    key: str
    name: str
    band: Band | None = None
    born_from: date | None = None  # born on or after
    born_before: date | None = None
    sexes: frozenset[str] = frozenset()
    federations: frozenset[str] = frozenset()
    titles: frozenset[str] = frozenset()
    unrated: bool | None = None  # True: unrated only; False: rated only (FIDE rating)
    clubs: frozenset[str] = frozenset()
    players: frozenset[int] | None = None  # a free group: these start numbers only


@dataclass(frozen=True, slots=True)
class Prize:
    category: str  # a category's key
    place: int
    amount: Decimal | None = None  # money; None for a non-cash prize
    item: str = ""  # what a non-cash prize is ("Trophy", "Book")
    worth: Decimal | None = None  # a non-cash prize's value, for choosing between prizes

    @property
    def cash(self) -> bool:
        return self.amount is not None

    @property
    def value(self) -> Decimal:
        """What the prize is worth when a player can take only one."""
        if self.amount is not None:
            return self.amount
        return self.worth or Decimal(0)


@dataclass(frozen=True, slots=True)
class PrizeRules:
    categories: tuple[Category, ...] = ()  # in the organizer's order of preference
    prizes: tuple[Prize, ...] = ()
    ties: TieRule = TieRule.NONE
    stacking: bool = False  # True: a player may win a prize in every category
    currency: str = "€"

    def category(self, key: str) -> Category:
        return next(c for c in self.categories if c.key == key)

    @property
    def empty(self) -> bool:
        return not self.prizes


NO_RULES = PrizeRules()


def parse_document(text: str) -> Any:
    """A prize document's JSON text, parsed within the limits (docs/prizes.md); RulesError
    names what keeps it from being parsed. read_rules() tells what it means, and what is
    wrong with what it holds."""
    try:
        return parse(text)
    except Unreadable as error:
        raise RulesError(error.faults) from None


def read_rules(document: Any) -> PrizeRules:
    """The rules a JSON document (already parsed) states; RulesError names every fault.
    Its shape is checked first, so a huge or strange document costs no more than a small
    one."""
    shape = shape_faults(document)
    if shape:
        raise RulesError(shape)
    problems: list[Phrase] = []
    if document in (None, {}):
        return NO_RULES
    if not isinstance(document, dict):
        raise RulesError([phrase("prizes.not_object")])
    version = document.get("version", DOCUMENT_VERSION)
    if not _whole(version) or version != DOCUMENT_VERSION:
        problems.append(phrase("prizes.version", version=shown(version)))
    ties = _choice(document.get("ties", "none"), TieRule, "ties", problems)
    stacking = document.get("stacking", False)
    if not isinstance(stacking, bool):
        problems.append(phrase("prizes.stacking"))
        stacking = False
    currency = document.get("currency", "€")
    if not isinstance(currency, str) or len(currency) > 5:
        problems.append(phrase("prizes.currency"))
        currency = "€"
    categories = [_category(c, problems) for c in _list(document, "categories", problems)]
    keys = [c.key for c in categories if c is not None]
    for key in sorted({k for k in keys if keys.count(k) > 1}):
        problems.append(phrase("prizes.duplicate_category", key=repr(key)))
    prizes = [_prize(p, set(keys), problems) for p in _list(document, "prizes", problems)]
    found = [c for c in categories if c is not None]
    awarded = [p for p in prizes if p is not None]
    problems += _rule_problems(found, awarded, TieRule(ties) if ties else TieRule.NONE, stacking)
    unknown = set(document) - {"version", "ties", "stacking", "currency", "categories", "prizes"}
    if unknown:
        problems.append(phrase("prizes.unknown_fields", fields=_names(unknown)))
    if problems:
        raise RulesError(problems)
    return PrizeRules(
        categories=tuple(found),
        prizes=tuple(awarded),
        ties=TieRule(ties),
        stacking=stacking,
        currency=currency,
    )


def _rule_problems(
    categories: list[Category], prizes: list[Prize], ties: TieRule, stacking: bool
) -> list[Phrase]:
    problems = []
    for i, first in enumerate(categories):
        for second in categories[i + 1 :]:
            if first.band and second.band and first.band.overlaps_partly(second.band):
                problems.append(
                    phrase("prizes.bands_overlap", first=repr(first.name), second=repr(second.name))
                )
    seen: dict[tuple[str, int], Prize] = {}
    for prize in prizes:
        if (prize.category, prize.place) in seen:
            problems.append(
                phrase("prizes.duplicate_place", place=prize.place, category=repr(prize.category))
            )
        seen[(prize.category, prize.place)] = prize
    by_category: dict[str, list[Prize]] = {}
    for prize in prizes:
        by_category.setdefault(prize.category, []).append(prize)
    for category in categories:
        places = sorted((p.place, p) for p in by_category.get(category.key, ()))
        for (place, prize), (_, following) in zip(places, places[1:], strict=False):
            if following.value > prize.value:
                problems.append(
                    phrase(
                        "prizes.worth_more" if prize.cash else "prizes.worth_more_item",
                        category=repr(category.name),
                        following=following.place,
                        place=place,
                    )
                )
    if ties is TieRule.USCF and stacking:
        problems.append(phrase("prizes.uscf_stacking"))
    return problems


def shown(value: Any) -> str:
    """A value as a fault quotes it, at most 40 characters (texts are already free of
    control characters and numbers of long digits: shape.py)."""
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


def _names(fields: set[str]) -> str:
    """Unknown fields, named: at most five, then an ellipsis."""
    named = sorted(fields)
    return ", ".join(named[:5]) + (", …" if len(named) > 5 else "")


def _whole(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _list(document: dict[str, Any], name: str, problems: list[Phrase]) -> list[Any]:
    value = document.get(name, [])
    if not isinstance(value, list):
        problems.append(phrase("prizes.not_list", name=name))
        return []
    return value


def _choice(value: Any, kind: type[Enum], name: str, problems: list[Phrase]) -> str:
    allowed = [m.value for m in kind]
    if not isinstance(value, str) or value not in allowed:
        problems.append(
            phrase("prizes.choice", name=name, allowed=", ".join(allowed), value=shown(value))
        )
        return ""
    return value


CATEGORY_FIELDS = {
    "key",
    "name",
    "rating",
    "born_from",
    "born_before",
    "sex",
    "federations",
    "titles",
    "unrated",
    "clubs",
    "players",
}


def _category(data: Any, problems: list[Phrase]) -> Category | None:
    if not isinstance(data, dict):
        problems.append(phrase("prizes.category_not_object"))
        return None
    key = data.get("key")
    if not isinstance(key, str) or not KEY.match(key):
        problems.append(phrase("prizes.category_key", key=shown(key)))
        return None
    where = phrase("prizes.in_category", key=repr(key))
    name = data.get("name", key)
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
        problems.append(phrase("prizes.name", where=where))
        name = key
    extra = sorted(set(data) - CATEGORY_FIELDS)
    if extra:
        problems.append(phrase("prizes.category_fields", where=where, fields=_names(set(extra))))
    band = _band(data.get("rating"), where, problems)
    born_from = _date(data.get("born_from"), where, "born_from", problems)
    born_before = _date(data.get("born_before"), where, "born_before", problems)
    if born_from and born_before and born_from >= born_before:
        problems.append(phrase("prizes.born_order", where=where))
    unrated = data.get("unrated")
    if unrated is not None and not isinstance(unrated, bool):
        problems.append(phrase("prizes.unrated", where=where))
        unrated = None
    players = data.get("players")
    if players is not None:
        if not isinstance(players, list) or not all(_whole(n) and n > 0 for n in players):
            problems.append(phrase("prizes.players", where=where))
            players = None
        else:
            players = frozenset(players)
    return Category(
        key=key,
        name=name.strip(),
        band=band,
        born_from=born_from,
        born_before=born_before,
        sexes=_texts(data, "sex", where, problems, upper=True),
        federations=_texts(data, "federations", where, problems, upper=True),
        titles=_texts(data, "titles", where, problems, upper=True),
        unrated=unrated,
        clubs=_texts(data, "clubs", where, problems, upper=False),
        players=players,
    )


def _texts(
    data: dict[str, Any], field: str, where: Phrase, problems: list[Phrase], *, upper: bool
) -> frozenset[str]:
    value = data.get(field)
    if value is None:
        return frozenset()
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        problems.append(phrase("prizes.texts", where=where, field=field))
        return frozenset()
    return frozenset(v.strip().upper() if upper else v.strip() for v in value)


def _band(data: Any, where: Phrase, problems: list[Phrase]) -> Band | None:
    if data is None:
        return None
    if not isinstance(data, dict) or set(data) - {"field", "min", "max", "unrated"}:
        problems.append(phrase("prizes.rating_object", where=where))
        return None
    field = data.get("field", "rating")
    if field not in RATING_FIELDS:
        problems.append(phrase("prizes.rating_field", where=where, fields=", ".join(RATING_FIELDS)))
        field = "rating"
    low, high = data.get("min"), data.get("max")
    for bound in (low, high):
        if bound is not None and (not _whole(bound) or bound < 0):
            problems.append(phrase("prizes.rating_bounds", where=where))
            return None
    if low is not None and high is not None and low > high:
        problems.append(phrase("prizes.rating_order", where=where, low=low, high=high))
    unrated = data.get("unrated", False)
    if not isinstance(unrated, bool):
        problems.append(phrase("prizes.rating_unrated", where=where))
        unrated = False
    return Band(field=field, low=low, high=high, unrated=unrated)


def _date(value: Any, where: Phrase, field: str, problems: list[Phrase]) -> date | None:
    if value is None:
        return None
    try:
        if not isinstance(value, str) or not DAY.match(value):
            raise ValueError(value)  # fromisoformat also reads 20120101 and 2012-W01-1
        return date.fromisoformat(value)
    except ValueError:
        problems.append(phrase("prizes.date", where=where, field=field))
        return None


def _prize(data: Any, keys: set[str], problems: list[Phrase]) -> Prize | None:
    if not isinstance(data, dict) or set(data) - {"category", "place", "amount", "item", "worth"}:
        problems.append(phrase("prizes.prize_not_object"))
        return None
    category, place = data.get("category"), data.get("place")
    if not isinstance(category, str) or category not in keys:
        problems.append(phrase("prizes.prize_category", category=shown(category)))
        return None
    if not _whole(place) or not 1 <= place <= 1000:
        problems.append(phrase("prizes.prize_place", category=repr(category)))
        return None
    where = phrase("prizes.in_prize", place=place, category=repr(category))
    amount = _money(data.get("amount"), where, "amount", problems)
    worth = _money(data.get("worth"), where, "worth", problems)
    item = data.get("item", "")
    if not isinstance(item, str) or len(item) > MAX_NAME:
        problems.append(phrase("prizes.item", where=where))
        item = ""
    if amount is None and not item.strip():
        problems.append(phrase("prizes.amount_or_item", where=where))
    if amount is not None and worth is not None:
        problems.append(phrase("prizes.worth_cash", where=where))
    return Prize(category=category, place=place, amount=amount, item=item.strip(), worth=worth)


def _money(value: Any, where: Phrase, field: str, problems: list[Phrase]) -> Decimal | None:
    if value is None:
        return None
    amount = None
    if isinstance(value, int | float) and not isinstance(value, bool):
        amount = Decimal(str(value))
    elif isinstance(value, str) and MONEY.match(value):
        amount = Decimal(value)
    if amount is None or not amount.is_finite() or amount <= 0 or amount >= MAX_AMOUNT:
        problems.append(phrase("prizes.money", where=where, field=field, value=shown(value)))
        return None
    if amount != amount.quantize(Decimal("0.01")):
        problems.append(phrase("prizes.money_decimals", where=where, field=field))
        return None
    return amount


def write_rules(rules: PrizeRules) -> dict[str, Any]:
    """The JSON document of `rules`: read_rules(write_rules(r)) == r."""
    return {
        "version": DOCUMENT_VERSION,
        "ties": rules.ties.value,
        "stacking": rules.stacking,
        "currency": rules.currency,
        "categories": [_category_document(c) for c in rules.categories],
        "prizes": [_prize_document(p) for p in rules.prizes],
    }


def _category_document(category: Category) -> dict[str, Any]:
    out: dict[str, Any] = {"key": category.key, "name": category.name}
    if category.band:
        band = category.band
        out["rating"] = {"field": band.field, "min": band.low, "max": band.high}
        out["rating"]["unrated"] = band.unrated
    if category.born_from:
        out["born_from"] = category.born_from.isoformat()
    if category.born_before:
        out["born_before"] = category.born_before.isoformat()
    for name, values in (
        ("sex", category.sexes),
        ("federations", category.federations),
        ("titles", category.titles),
        ("clubs", category.clubs),
    ):
        if values:
            out[name] = sorted(values)
    if category.unrated is not None:
        out["unrated"] = category.unrated
    if category.players is not None:
        out["players"] = sorted(category.players)
    return out


def _prize_document(prize: Prize) -> dict[str, Any]:
    out: dict[str, Any] = {"category": prize.category, "place": prize.place}
    if prize.amount is not None:
        out["amount"] = str(prize.amount)
    if prize.item:
        out["item"] = prize.item
    if prize.worth is not None:
        out["worth"] = str(prize.worth)
    return out
