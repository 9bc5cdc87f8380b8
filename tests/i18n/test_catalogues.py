"""The translation catalogues: complete, none fuzzy, and the committed .mo files compiled
from the .po files as they stand (the .mo files are committed: docs/translations.md)."""

from __future__ import annotations

import ast
import gettext
from pathlib import Path

import pytest
from django.conf import settings

LOCALE = Path(settings.LOCALE_PATHS[0])
TRANSLATED = [code for code, _ in settings.LANGUAGES if code != settings.LANGUAGE_CODE]


def entries(po: Path) -> list[dict[str, object]]:
    """The entries of a .po file: msgctxt, msgid, msgid_plural, msgstr (or msgstr[n]), flags."""
    found: list[dict[str, object]] = []
    entry: dict[str, object] = {}
    field = ""
    for line in po.read_text(encoding="utf-8").splitlines() + [""]:
        if not line.strip():
            if entry:
                found.append(entry)
            entry, field = {}, ""
        elif line.startswith("#,"):
            entry["flags"] = {flag.strip() for flag in line[2:].split(",")}
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            entry[field] = str(entry[field]) + ast.literal_eval(line)
        else:
            field, _, value = line.partition(" ")
            entry[field] = ast.literal_eval(value)
    return found


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_entry_is_translated_and_none_is_fuzzy(code):
    po = entries(LOCALE / code / "LC_MESSAGES" / "django.po")
    assert len(po) > 1
    for entry in po:
        assert "fuzzy" not in entry.get("flags", set()), entry
        strings = [value for key, value in entry.items() if key.startswith("msgstr")]
        assert strings and all(strings), f"{code}: not translated: {entry['msgid']!r}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_committed_mo_file_says_what_the_po_file_says(code):
    folder = LOCALE / code / "LC_MESSAGES"
    with open(folder / "django.mo", "rb") as mo:
        compiled = gettext.GNUTranslations(mo)
    for entry in entries(folder / "django.po"):
        msgid = str(entry["msgid"])
        if not msgid:
            continue
        context = entry.get("msgctxt")
        if "msgid_plural" in entry:
            plural = str(entry["msgid_plural"])
            for n, key in ((1, "msgstr[0]"), (5, "msgstr[1]")):
                got = (
                    compiled.npgettext(str(context), msgid, plural, n)
                    if context
                    else compiled.ngettext(msgid, plural, n)
                )
                assert got == entry[key], f"{code}: recompile the .mo files (make messages)"
        else:
            got = compiled.pgettext(str(context), msgid) if context else compiled.gettext(msgid)
            assert got == entry["msgstr"], f"{code}: recompile the .mo files (make messages)"
