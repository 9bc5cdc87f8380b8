"""Every tie-break of the catalogue and of the national systems is named in French, German
and Spanish. Its name is declared once, with the entry (`TieBreak.name`, marked by
`engine/words.py`), and the pages translate that declaration (`wording/tiebreak_names.py`)."""

from __future__ import annotations

import gettext
from pathlib import Path

import pytest
from django.utils import translation

from standings.engine.catalogue import CATALOGUE
from standings.engine.catalogue.base import FIDE_REFERENCE
from standings.engine.words import Words
from standings.state.labels import describe
from standings.wording import tiebreak_names

LOCALE = Path(__file__).resolve().parents[2] / "locale"
# People's names that name a tie-break: the same in every language, in the context
# "tie-break" so that no other "Buchholz" of the catalogue decides how they are written.
PEOPLE = {"Buchholz", "Sonneborn-Berger", "Solkoff", "Kashdan"}
# Names a language writes as English does.
ALIKE = {"fr": {"Points"}, "de": {"Median (Harkness)"}, "es": set()}


def catalogue(code: str) -> dict[str, str]:
    with (LOCALE / code / "LC_MESSAGES" / "django.mo").open("rb") as file:
        return gettext.GNUTranslations(file)._catalog  # type: ignore[attr-defined]


def key(words: Words) -> str:
    return f"{words.context}\x04{words.text}" if words.context else words.text


@pytest.mark.parametrize("code", ["fr", "de", "es"])
def test_every_tie_break_has_a_translated_name(code):
    messages = catalogue(code)
    untranslated = []
    for acronym in CATALOGUE:
        name = CATALOGUE[acronym].name
        if messages.get(key(name), "") == "":
            untranslated.append(acronym)
        elif messages[key(name)] == name.text:
            # the same words: a person's name (in its context), or a word the language shares
            assert (name.text in PEOPLE and name.context == "tie-break") or name.text in ALIKE[
                code
            ], acronym
        with translation.override(code):
            assert tiebreak_names.name(CATALOGUE[acronym]) == messages[key(name)], acronym
    assert untranslated == []
    assert messages.get(key(FIDE_REFERENCE), FIDE_REFERENCE.text) != FIDE_REFERENCE.text


def test_a_name_is_the_engine_s_english_in_english():
    with translation.override("en"):
        for acronym in CATALOGUE:
            entry = CATALOGUE[acronym]
            assert tiebreak_names.name(entry) == str(entry.name), acronym
            assert tiebreak_names.reference(entry) == entry.reference, acronym


@pytest.mark.parametrize(
    ("code", "title", "reference"),
    [
        ("en", "Hooper (board count)", "Chess Scotland Rule Book, tie-break systems, item 10"),
        ("fr", "Système Koya", "Règlement FIDE des départages, art. 9.2"),
    ],
)
def test_the_legend_spells_a_spec_out_from_the_entry(code, title, reference):
    spec = "HOOPER" if code == "en" else "KS"
    with translation.override(code):
        assert describe(spec) == (title, reference)
