"""The engine's phrases (`engine/phrases.py`) in the reader's language: the notes on the
parts of a value on the player and team cards, the faults of a tie-break list typed
wrong (the settings page, a refused write), and what the TRF reader says about a file (the
import page, an import's summary). Looked up by the phrase's key, never from its English:
the message the engine declares for the key (`engine.phrases.ENGLISH`, marked for the
catalogue there), or for the keys whose words are not declared so yet, TEXTS below."""

from __future__ import annotations

from django.utils.formats import get_format, number_format
from django.utils.functional import Promise
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from standings.engine.phrases import ENGLISH, Param, Phrase
from standings.engine.result import Contribution
from standings.engine.trf import TrfError, TrfWarning
from standings.engine.words import Words

from .words import translated

# The words of the phrases whose English is not declared for the catalogue where it is
# written (a str.format template): a prize document's faults (prizes.rules, prizes.shape);
# JSON field names stay as they are written.
TEXTS: dict[str, Promise] = {
    "prizes.not_object": _("the prize document must be a JSON object"),
    "prizes.version": _("unknown document version %(version)s (this is version 1)"),
    "prizes.stacking": _("stacking must be true or false"),
    "prizes.currency": _("currency must be a short text (€, $, EUR)"),
    "prizes.duplicate_category": _("two categories are called %(key)s"),
    "prizes.too_many": _("at most %(categories)s categories and %(prizes)s prizes"),
    "prizes.unknown_fields": _("unknown fields: %(fields)s"),
    "prizes.bands_overlap": _(
        "rating bands of %(first)s and %(second)s overlap (a band may lie inside another,"
        " not across it)"
    ),
    "prizes.duplicate_place": _("two prizes for place %(place)s of %(category)s"),
    "prizes.worth_more": _("%(category)s: place %(following)s is worth more than place %(place)s"),
    "prizes.worth_more_item": _(
        "%(category)s: place %(following)s is worth more than place %(place)s (give the"
        " non-cash prize its worth)"
    ),
    "prizes.uscf_stacking": _(
        "US Chess pooling gives one cash prize a player: stacking must be off"
    ),
    "prizes.not_list": _("%(name)s must be a list"),
    "prizes.choice": _("%(name)s must be one of %(allowed)s, not %(value)s"),
    "prizes.category_not_object": _("each category must be a JSON object"),
    "prizes.category_key": _(
        "category key %(key)s: lower-case letters, digits, - and _ (up to 32)"
    ),
    "prizes.in_category": _("category %(key)s"),
    "prizes.name": _("%(where)s: a name of 1 to 60 characters"),
    "prizes.category_fields": _("%(where)s: unknown fields %(fields)s"),
    "prizes.born_order": _("%(where)s: born_from must come before born_before"),
    "prizes.unrated": _("%(where)s: unrated must be true, false or absent"),
    "prizes.players": _("%(where)s: players must be a list of start numbers"),
    "prizes.texts": _("%(where)s: %(field)s must be a list of texts"),
    "prizes.rating_object": _("%(where)s: rating must be an object with field, min, max, unrated"),
    "prizes.rating_field": _("%(where)s: rating field must be one of %(fields)s"),
    "prizes.rating_bounds": _("%(where)s: rating bounds must be whole numbers of 0 or more"),
    "prizes.rating_order": _("%(where)s: rating min %(low)s is above max %(high)s"),
    "prizes.rating_unrated": _("%(where)s: rating unrated must be true or false"),
    "prizes.date": _("%(where)s: %(field)s must be a date as YYYY-MM-DD"),
    "prizes.prize_not_object": _(
        "each prize must be an object with category, place, amount or item, worth"
    ),
    "prizes.prize_category": _("a prize names no known category (%(category)s)"),
    "prizes.prize_place": _("prize of %(category)s: place must be a whole number from 1"),
    "prizes.in_prize": _("prize %(place)s of %(category)s"),
    "prizes.item": _("%(where)s: item must be a text of up to 60 characters"),
    "prizes.amount_or_item": _("%(where)s: give an amount or an item (a trophy, a book)"),
    "prizes.worth_cash": _(
        "%(where)s: worth is for non-cash prizes; a cash prize is worth its amount"
    ),
    "prizes.money": _("%(where)s: %(field)s must be a positive amount, not %(value)s"),
    "prizes.money_decimals": _("%(where)s: %(field)s has more than two decimals"),
    # ... and of its shape (prizes.shape), checked first.
    "prizes.too_long": _("the document is longer than %(limit)s characters"),
    "prizes.too_deep": _("lists and objects are nested more than %(limit)s deep"),
    "prizes.not_json": _("not JSON at line %(line)s, column %(column)s: %(problem)s"),
    "prizes.json.value": _(
        "a value is expected (a text in double quotes, a number, true, false, null, a list or"
        " an object)"
    ),
    "prizes.json.comma": _("a comma is missing"),
    "prizes.json.colon": _("a colon is missing after a field name"),
    "prizes.json.field": _(
        "a field name in double quotes is expected (is there a comma after the last field?)"
    ),
    "prizes.json.unclosed": _("a text is not closed by a double quote"),
    "prizes.json.control": _(
        "a text holds a line break or a tab (JSON writes them with a backslash)"
    ),
    "prizes.json.escape": _("a wrong escape after a backslash"),
    "prizes.json.extra": _("more text after the end of the document"),
    "prizes.json.other": _("this is not valid JSON"),
    "prizes.document": _("the document"),
    "prizes.twice": _("%(where)s: the field %(field)s is given twice"),
    "prizes.not_a_number": _("%(where)s: %(value)s is not a number in JSON"),
    "prizes.big_number": _("%(where)s: a number of more than %(limit)s digits"),
    "prizes.text_long": _("%(where)s: a text of more than %(limit)s characters"),
    "prizes.character": _(
        "%(where)s: a text may not hold the character %(code)s (a control character or half of"
        " a surrogate pair)"
    ),
    "prizes.too_many_entries": _("%(where)s: more than %(limit)s entries"),
    "prizes.too_many_values": _("the document holds more than %(limit)s values"),
    "prizes.more_faults": _("faults not listed: %(count)s"),
}
# The kinds of modifier a tie-break may refuse (spec.modifiers_refused).
MODIFIER_KINDS: dict[str, Promise] = {
    "median": pgettext_lazy("modifier", "median"),
    "cut": pgettext_lazy("modifier", "cut"),
    "limit": pgettext_lazy("modifier", "limit"),
    "unrated": pgettext_lazy("modifier", "unrated"),
    "basis": pgettext_lazy("modifier", "basis"),
}


def worded(said: Phrase) -> str:
    """One phrase in the active language, numbers with its decimal separator."""
    params = {name: _param(value) for name, value in said.params}
    words = ENGLISH[said.key]
    return (translated(words) if isinstance(words, Words) else str(TEXTS[said.key])) % params


def note(part: Contribution) -> str:
    """A part's notes in the active language; a part cut with no note saying why is "cut"."""
    text = "; ".join(worded(p) for p in part.notes)
    if part.cut and not any(p.key.startswith("cut.") for p in part.notes):
        return gettext("cut: %(notes)s") % {"notes": text} if text else gettext("cut")
    return text


def trf_problem(error: TrfError) -> str:
    """A refused file's message without its line, in the active language (the import's own
    refusals are worded when raised)."""
    return worded(error.phrase) if error.phrase else error.message


def trf_warning(said: TrfWarning) -> str:
    """One of the reader's warnings, "line 12: ...", in the active language."""
    text = worded(said.said) if said.said else said.text
    if not said.line:
        return text
    return gettext("line %(line)s: %(warning)s") % {"line": said.line, "warning": text}


def _param(value: Param) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, Phrase):
        return worded(value)
    if isinstance(value, int | float):
        return _number(value)
    parts = []
    for k, part in enumerate(value, 1):
        if isinstance(part, str):  # a modifier kind: "basis, cut"
            parts.append(str(MODIFIER_KINDS.get(part, part)))
        elif isinstance(part, int | float):  # board by board: "1: 1, 2: 0,5"
            parts.append(f"{k}: {_number(part)}")
    return ", ".join(parts)


def decimal(text: str) -> str:
    """A number already worded with a point ("2.5", "1.183") in the reader's format
    ("2,5"): the pages' values, the bridge procedures' quotients."""
    separator = get_format("DECIMAL_SEPARATOR")
    return text if separator == "." else text.replace(".", separator)


def _number(value: float) -> str:
    """4.5 -> "4,5" in French, 2.0 -> "2"."""
    return number_format(int(value) if value == int(value) else value)
