"""The engine's phrases (the notes on a value's parts, a tie-break list typed wrong, the TRF
reader's messages, a prize document's faults) in the reader's language, from their keys: the
player and team cards, the settings page's refusal, the prize settings page."""

from __future__ import annotations

import inspect
import json
import re

import pytest
from django.utils import translation

from standings.engine.phrases import ENGLISH, Phrase, phrase
from standings.engine.words import Words
from standings.events.services import WriteRefused, change_tiebreak_settings
from standings.prizes import rules, shape
from standings.wording.phrases import worded
from tests.factories import TEST_ACTOR
from tests.html import one, select, text

pytestmark = pytest.mark.django_db

SAMPLES = {"scores": (1.0, 0.5), "refused": ("basis", "cut"), "spec": "BH/X", "kind": "TPR",
           "basis": "GP", "modifier": "C9", "rating": "0", "acronym": "KS"}  # fmt: skip
PARAMETER = re.compile(r"%\((\w+)\)s")
KEY = re.compile(r"\"(prizes\.[a-z_.]+)\"")


def sample(key: str) -> Phrase:
    fields = set(PARAMETER.findall(str(ENGLISH[key])))
    return phrase(key, **{name: SAMPLES.get(name, 4.5) for name in fields})


def test_every_phrase_has_a_translatable_text_worded_as_the_engine_words_it():
    with translation.override("en"):
        for key in ENGLISH:
            said = sample(key)
            assert worded(said) == said.english, key


def test_every_phrase_is_declared_for_the_catalogue_where_its_english_is_written():
    # The notes, the refusals, the TRF reader's messages and a prize document's faults
    # (prizes.rules, prizes.shape): the English template is the message id, no table in the
    # web layer lists it again.
    undeclared = {key for key, template in ENGLISH.items() if not isinstance(template, Words)}
    assert undeclared == set()
    assert {key.split(".")[0] for key in ENGLISH} >= {"cut", "spec", "trf", "prizes"}


def test_a_prize_document_s_faults_are_declared_where_the_prizes_package_words_them():
    # Every key rules.py and shape.py name is theirs, marked for the catalogue there with a
    # %(name)s template; its English is what RulesError says.
    named = {key for module in (rules, shape) for key in KEY.findall(inspect.getsource(module))}
    assert len(named) > 50
    assert all(isinstance(ENGLISH[key], Words) for key in named)
    assert not any("{" in str(ENGLISH[key]) for key in named)
    with pytest.raises(rules.RulesError) as refused:
        rules.read_rules(
            {"version": 2, "categories": [{"key": "all", "rating": {"min": 9, "max": 1}}]}
        )
    assert refused.value.problems == [
        "unknown document version 2 (this is version 1)",
        "category 'all': rating min 9 is above max 1",
    ]


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
