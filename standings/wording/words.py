"""The engine's declared words (`engine/words.py`) in the reader's language.

The engine declares each text a page translates once, where it defines the thing it names,
as `Words`: the English is the message id, with its context. `make messages` finds it
there; this says it in the active language (the English when the catalogue lacks it)."""

from __future__ import annotations

from django.utils.translation import gettext, pgettext

from standings.engine.words import Words


def translated(words: Words) -> str:
    """`words` in the active language, parameters (`%(name)s`) left to fill."""
    if words.context:
        return pgettext(words.context, words.text)
    return gettext(words.text)
