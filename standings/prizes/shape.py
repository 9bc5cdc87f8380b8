"""A prize document's shape, checked before its meaning (docs/prizes.md, "Limits"): the JSON
text's size, nesting and numbers, then every value's type, every text's length and
characters, and how many entries each list holds. Whatever comes in (typed, uploaded, from
the admin or the command line) passes here first, so reading its meaning is quick and
never meets a value it cannot handle.

Pure: no Django. Faults are phrases, their words declared below and marked for the catalogue
(engine/words.py); wording/phrases.py words them in the reader's language.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from itertools import accumulate
from typing import Any

from standings.engine.phrases import ENGLISH, Param, Phrase, phrase
from standings.engine.words import gettext_noop

MAX_CHARACTERS = 200_000  # of the JSON text: 50 categories and 300 prizes fit many times over
MAX_DEPTH = 6  # the document, its lists, a category, its rating: 4 deep
MAX_CATEGORIES = 50  # so at most 50 rating bands
MAX_PRIZES = 300
MAX_ENTRIES = 1_000  # in any other list (start numbers, federations, clubs...) or object
MAX_VALUES = 20_000  # in the whole document
MAX_TEXT = 200  # characters of any text (names and items: 60, checked with their meaning)
MAX_DIGITS = 15  # of a whole number
MAX_FAULTS = 20  # named one by one; the rest counted
# What a database or a page cannot hold: controls (NUL, tab, line breaks) and lone halves
# of a UTF-16 pair (PostgreSQL refuses both in JSON).
FORBIDDEN = re.compile(r"[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
NOT_BRACKET = re.compile(r"[^\[\]{}]+")
STEP = {"[": 1, "{": 1, "]": -1, "}": -1}
NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_-]{0,31}$")

# ... and of its shape, checked first (the English template is the message id).
ENGLISH.update(
    {
        "prizes.too_long": gettext_noop("the document is longer than %(limit)s characters"),
        "prizes.too_deep": gettext_noop("lists and objects are nested more than %(limit)s deep"),
        "prizes.not_json": gettext_noop(
            "not JSON at line %(line)s, column %(column)s: %(problem)s"
        ),
        "prizes.json.value": gettext_noop(
            "a value is expected (a text in double quotes, a number, true, false, null, a list or"
            " an object)"
        ),
        "prizes.json.comma": gettext_noop("a comma is missing"),
        "prizes.json.colon": gettext_noop("a colon is missing after a field name"),
        "prizes.json.field": gettext_noop(
            "a field name in double quotes is expected (is there a comma after the last field?)"
        ),
        "prizes.json.unclosed": gettext_noop("a text is not closed by a double quote"),
        "prizes.json.control": gettext_noop(
            "a text holds a line break or a tab (JSON writes them with a backslash)"
        ),
        "prizes.json.escape": gettext_noop("a wrong escape after a backslash"),
        "prizes.json.extra": gettext_noop("more text after the end of the document"),
        "prizes.json.other": gettext_noop("this is not valid JSON"),
        "prizes.document": gettext_noop("the document"),
        "prizes.twice": gettext_noop("%(where)s: the field %(field)s is given twice"),
        "prizes.not_a_number": gettext_noop("%(where)s: %(value)s is not a number in JSON"),
        "prizes.big_number": gettext_noop("%(where)s: a number of more than %(limit)s digits"),
        "prizes.text_long": gettext_noop("%(where)s: a text of more than %(limit)s characters"),
        "prizes.character": gettext_noop(
            "%(where)s: a text may not hold the character %(code)s (a control character or half of"
            " a surrogate pair)"
        ),
        "prizes.too_many_entries": gettext_noop("%(where)s: more than %(limit)s entries"),
        "prizes.too_many_values": gettext_noop("the document holds more than %(limit)s values"),
        "prizes.more_faults": gettext_noop("faults not listed: %(count)s"),
    }
)

_JSON_PROBLEMS = (  # the json module's messages, first words -> ours
    ("Expecting value", "prizes.json.value"),
    ("Expecting ',' delimiter", "prizes.json.comma"),
    ("Expecting ':' delimiter", "prizes.json.colon"),
    ("Expecting property name", "prizes.json.field"),
    ("Unterminated string", "prizes.json.unclosed"),
    ("Invalid control character", "prizes.json.control"),
    ("Invalid \\", "prizes.json.escape"),
    ("Extra data", "prizes.json.extra"),
)


class Unreadable(ValueError):
    """A text that cannot be read as a document, or a document of the wrong shape."""

    def __init__(self, faults: list[Phrase]) -> None:
        self.faults = faults
        super().__init__("; ".join(fault.english for fault in faults))


class _LongNumber(str):
    """A number written with too many digits, kept as its text for the shape to name."""


class _Constant(str):
    """NaN, Infinity or -Infinity: Python's json reads them, JSON has no such numbers."""


class _Fields(dict[str, Any]):
    """An object whose text gave some field twice (json keeps the last silently)."""

    repeated: tuple[str, ...] = ()


def parse(text: str) -> Any:
    """The JSON text as a document, bounded: its length and nesting are checked before it
    is parsed; Unreadable names what keeps it from being parsed. What parse cannot say
    where it sits (a number of too many digits, NaN, a field given twice) it leaves in the
    document for `shape_faults` to name, which read_rules runs first."""
    if len(text) > MAX_CHARACTERS:
        raise Unreadable([phrase("prizes.too_long", limit=MAX_CHARACTERS)])
    if _depth(text) > MAX_DEPTH:
        raise Unreadable([phrase("prizes.too_deep", limit=MAX_DEPTH)])
    try:
        return json.loads(
            text,
            parse_int=_whole_number,
            parse_float=_fraction,
            parse_constant=_Constant,
            object_pairs_hook=_fields,
        )
    except json.JSONDecodeError as error:
        problem = next((key for start, key in _JSON_PROBLEMS if error.msg.startswith(start)), "")
        raise Unreadable(
            [
                phrase(
                    "prizes.not_json",
                    line=error.lineno,
                    column=error.colno,
                    problem=phrase(problem or "prizes.json.other"),
                )
            ]
        ) from None


def _depth(text: str) -> int:
    """How deep lists and objects nest, outside texts (json would recurse that deep)."""
    brackets = NOT_BRACKET.sub("", STRINGS.sub("", text))
    return max(accumulate(STEP[b] for b in brackets), default=0)


def _whole_number(digits: str) -> int | str:
    if len(digits.lstrip("-")) > MAX_DIGITS:  # int() of 5,000 digits raises, of 4,000 is slow
        return _LongNumber(digits)
    return int(digits)


def _fraction(digits: str) -> float | str:
    number = float(digits)
    return number if math.isfinite(number) else _LongNumber(digits)  # 1e999


def _fields(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    fields = _Fields(pairs)
    if len(fields) < len(pairs):
        seen: set[str] = set()
        repeated = []
        for field, _ in pairs:
            if field in seen:
                repeated.append(field)
            seen.add(field)
        fields.repeated = tuple(repeated)
    return fields


def shape_faults(document: Any) -> list[Phrase]:
    """What is wrong with the document's shape, whatever its meaning: a value JSON cannot
    hold, a number too long, a text too long or holding a forbidden character, a list or
    object too long, nesting too deep, too many values. Reads each value once, without
    recursion, and goes no further into a list that is too long."""
    walk = _walk(document)
    faults = [fault for _, fault in zip(range(MAX_FAULTS), walk, strict=False)]
    more = sum(1 for _ in walk)
    return [*faults, phrase("prizes.more_faults", count=more)] if more else faults


def _walk(document: Any) -> Iterator[Phrase]:
    pending: list[tuple[Any, tuple[str | int, ...]]] = [(document, ())]
    values = 0
    while pending:
        value, path = pending.pop()
        values += 1
        if values > MAX_VALUES:
            yield phrase("prizes.too_many_values", limit=MAX_VALUES)
            return
        if isinstance(value, dict | list) and len(path) >= MAX_DEPTH:
            yield phrase("prizes.too_deep", limit=MAX_DEPTH)
            return
        if isinstance(value, dict):
            yield from _object(value, path, pending)
        elif isinstance(value, list):
            limit = _list_limit(path)
            if len(value) > limit:
                yield _too_many(path, limit)
                continue
            pending.extend((value[k], (*path, k)) for k in reversed(range(len(value))))
        elif isinstance(value, _LongNumber):
            yield phrase("prizes.big_number", where=where(path), limit=MAX_DIGITS)
        elif isinstance(value, _Constant):
            yield phrase("prizes.not_a_number", where=where(path), value=str(value))
        elif isinstance(value, str):
            yield from _text(value, path)
        elif isinstance(value, bool) or value is None:
            continue
        elif isinstance(value, int):
            if abs(value) >= 10**MAX_DIGITS:
                yield phrase("prizes.big_number", where=where(path), limit=MAX_DIGITS)
        elif isinstance(value, float):
            if not math.isfinite(value):
                yield phrase("prizes.not_a_number", where=where(path), value=repr(value))
        else:  # only a Python caller can hand over anything else
            yield phrase("prizes.json.other")


def _object(
    value: dict[object, Any],
    path: tuple[str | int, ...],
    pending: list[tuple[Any, tuple[str | int, ...]]],
) -> Iterator[Phrase]:
    if len(value) > MAX_ENTRIES:
        yield _too_many(path, MAX_ENTRIES)
        return
    for field in getattr(value, "repeated", ()):
        yield phrase("prizes.twice", where=where(path), field=_field_name(field))
    children = []
    for field, item in value.items():
        if not isinstance(field, str):
            yield phrase("prizes.json.other")
            continue
        faults = list(_text(field, path))
        yield from faults
        if not faults:
            children.append((item, (*path, field)))
    pending.extend(reversed(children))


def _text(value: str, path: tuple[str | int, ...]) -> Iterator[Phrase]:
    if len(value) > MAX_TEXT:
        yield phrase("prizes.text_long", where=where(path), limit=MAX_TEXT)
        return
    forbidden = FORBIDDEN.search(value)
    if forbidden:
        code = f"U+{ord(forbidden.group()):04X}"
        yield phrase("prizes.character", where=where(path), code=code)


def _list_limit(path: tuple[str | int, ...]) -> int:
    if path == ("categories",):
        return MAX_CATEGORIES
    if path == ("prizes",):
        return MAX_PRIZES
    return MAX_ENTRIES


def _too_many(path: tuple[str | int, ...], limit: int) -> Phrase:
    if path in (("categories",), ("prizes",)):
        return phrase("prizes.too_many", categories=MAX_CATEGORIES, prizes=MAX_PRIZES)
    return phrase("prizes.too_many_entries", where=where(path), limit=limit)


def where(path: tuple[str | int, ...]) -> Param:
    """Where a value sits, as JSON names it: categories[2].rating.min (from 0, as a JSON
    path does); the document itself in words."""
    if not path:
        return phrase("prizes.document")
    out = ""
    for step in path:
        if isinstance(step, int):
            out += f"[{step}]"
        else:
            out += ("." if out else "") + _field_name(step)
    return out


def _field_name(field: str) -> str:
    """A field's name as written when it is a plain name; otherwise in quotes, shortened,
    with anything unusual escaped (it is shown on a page and in a log)."""
    if NAME.match(field):
        return field
    shown = field[:24] + ("…" if len(field) > 24 else "")
    return json.dumps(shown, ensure_ascii=bool(FORBIDDEN.search(shown)))
