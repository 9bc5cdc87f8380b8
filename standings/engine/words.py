"""Words the pages show in the reader's language, marked where the engine declares them.

The engine is English and imports nothing from Django. Each text of the engine that a page
shows translated (a tie-break's name, the reference to the FIDE regulations, the template of
a phrase) is declared once, where the thing it names is defined, by one of the functions
below. Each returns `Words`: the English and its context. They are named for keywords that
Django's `makemessages` passes to xgettext (`gettext_noop`, `pgettext`), so `make messages`
finds the text where it is declared and puts it in the catalogue; nothing else lists it.
The engine says the English (`str(words)`: the command line, the JSON, the tests); the
wording layer (`standings.wording.words.translated`) says the same message in the reader's
language, the English being its message id and parameters written `%(name)s`.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Words:
    """English the pages translate: `text` is the catalogue's message id, `context` its
    context ("" for none; "tie-break" for a person's name that names a tie-break)."""

    text: str
    context: str = ""

    def __str__(self) -> str:
        return self.text


def gettext_noop(text: str) -> Words:
    """`text` marked for the catalogue (xgettext's keyword), kept in English here."""
    return Words(text)


def pgettext(context: str, text: str) -> Words:
    """`text` marked for the catalogue in `context` (xgettext's keyword `pgettext:1c,2`),
    kept in English here: the engine translates nothing."""
    return Words(text, context)
