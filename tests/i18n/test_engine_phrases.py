"""The engine's phrases (the notes on a value's parts, a tie-break list typed wrong) in the
reader's language, from their keys: the player and team cards, the settings page's refusal."""

from __future__ import annotations

import json
import re
import string

import pytest
from django.utils import translation

from standings.engine.phrases import ENGLISH, Phrase, phrase
from standings.engine.words import Words
from standings.events.services import WriteRefused, change_tiebreak_settings
from standings.wording.phrases import TEXTS, worded
from tests.factories import TEST_ACTOR
from tests.html import one, select, text

pytestmark = pytest.mark.django_db

SAMPLES = {"scores": (1.0, 0.5), "refused": ("basis", "cut"), "spec": "BH/X", "kind": "TPR",
           "basis": "GP", "modifier": "C9", "rating": "0", "acronym": "KS"}  # fmt: skip
PARAMETER = re.compile(r"%\((\w+)\)s")


def sample(key: str) -> Phrase:
    template = ENGLISH[key]
    if isinstance(template, Words):
        fields = set(PARAMETER.findall(template.text))
    else:
        fields = {name for _, name, _, _ in string.Formatter().parse(template) if name}
    return phrase(key, **{name: SAMPLES.get(name, 4.5) for name in fields})


def test_every_phrase_has_a_translatable_text_worded_as_the_engine_words_it():
    # Declared for the catalogue where the engine writes it, or listed by the web layer
    # (the keys not declared so yet), never both and never neither.
    declared = {key for key, template in ENGLISH.items() if isinstance(template, Words)}
    assert set(TEXTS) == set(ENGLISH) - declared
    with translation.override("en"):
        for key in ENGLISH:
            said = sample(key)
            assert worded(said) == said.english, key


def test_the_engine_s_phrases_are_declared_for_the_catalogue_where_it_words_them():
    # The notes, the refusals and the TRF reader's messages; a prize document's faults
    # still have their words listed by the web layer (prizes.rules, prizes.shape).
    undeclared = {key for key, template in ENGLISH.items() if not isinstance(template, Words)}
    assert {key.split(".")[0] for key in undeclared} == {"prizes"}


@pytest.mark.parametrize("code", ["fr", "de", "es"])
def test_every_phrase_is_translated_with_the_locale_s_numbers(code):
    with translation.override(code):
        for key in ENGLISH:
            said = sample(key)
            assert worded(said) != said.english or key in ALIKE, key
        limit = worded(phrase("koya.limit", limit=4.5))
        assert "4,5" in limit and "4.5" not in limit


# Notes that read the same in the language named (a name, a number).
ALIKE = {"opponent.buchholz", "team.buchholz_divided"}


CUT = {
    "en": "cut: least significant (Art. 14.1)",
    "fr": "retiré : le moins significatif (art. 14.1)",
    "de": "gestrichen: der schwächste Wert (Art. 14.1)",
    "es": "eliminado: el menos significativo (art. 14.1)",
}
PENDING = {"en": "pending", "fr": "en attente", "de": "ausstehend", "es": "pendiente"}


@pytest.mark.parametrize("code", list(CUT))
def test_the_player_card_s_notes_in_each_language(client, event, code):
    html = client.get("/e/small-open/player/5/", HTTP_ACCEPT_LANGUAGE=code).content.decode()
    assert CUT[code] in [text(cut) for cut in select(html, "tr.cut td.note strong")]
    assert PENDING[code] in [text(note) for note in select(html, "td.note")]


def test_the_team_card_s_notes_in_french(client, arbiter):
    from tests.factories import create_team_event

    teams = create_team_event(arbiters=[arbiter])
    teams.tiebreaks = "MPTS GPTS BC"
    teams.save(update_fields=["tiebreaks"])
    html = client.get("/e/small-teams/team/1/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    notes = [text(note) for note in select(html, ".explained td.note")]
    assert "en attente" in notes and not any("pending" in note for note in notes)


def test_a_tie_break_list_typed_wrong_is_refused_in_the_arbiter_s_language(client, event, arbiter):
    client.force_login(arbiter)
    answer = client.get(
        "/e/small-open/arbiter/settings/preview/",
        {"preset": "custom", "tiebreaks": "BH/X", "ties": "lots", "version": event.version},
        HTTP_ACCEPT_LANGUAGE="fr",
    )
    refusal = text(one(answer.content.decode(), ".refusal"))
    assert refusal.startswith("modificateur inconnu « X » dans le départage « BH/X »")


def test_a_refused_write_says_why_in_the_active_language(event):
    with translation.override("de"), pytest.raises(WriteRefused) as refused:
        change_tiebreak_settings(
            event, tiebreaks=("KS/C1",), rule_edition="", shared_places=False, actor=TEST_ACTOR
        )
    assert refused.value.message == "KS/C1: KS erlaubt nicht: Streichung"


def test_a_prize_document_s_faults_in_french(client, event, arbiter):
    client.force_login(arbiter)
    faulty = {"categories": [{"key": "all"}], "prizes": [{"category": "all", "place": 1,
              "amount": "-1"}]}  # fmt: skip
    answer = client.post(
        "/e/small-open/arbiter/settings/prizes/preview/",
        {"document": json.dumps(faulty), "version": event.version},
        HTTP_ACCEPT_LANGUAGE="fr",
    )
    problems = [text(li) for li in select(answer.content.decode(), ".problems li")]
    assert problems[0] == "prix 1 de 'all' : amount doit être un montant positif, pas '-1'"
