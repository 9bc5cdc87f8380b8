"""The engine's phrases (`engine/phrases.py`) in the reader's language: the notes on the
parts of a value on the player and team cards, the faults of a tie-break list typed
wrong (the settings page, a refused write), and what the TRF reader says about a file (the
import page, an import's summary), and the faults of a prize document (the prize settings
page). Looked up by the phrase's key, never from its English: the message declared for the
key where its English is written (`engine.phrases.ENGLISH`, `engine/trf/phrases.py`,
`prizes.rules`, `prizes.shape`), marked for the catalogue there."""

from __future__ import annotations

from django.utils.formats import get_format, number_format
from django.utils.functional import Promise
from django.utils.translation import gettext, pgettext_lazy

from standings.engine.phrases import ENGLISH, Param, Phrase
from standings.engine.result import Contribution
from standings.engine.trf import TrfError, TrfWarning

from .words import translated

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
    return translated(ENGLISH[said.key]) % params


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
