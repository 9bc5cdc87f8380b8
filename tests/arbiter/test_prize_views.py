"""The prize settings page: access, validation with every fault named, one audited save,
the JSON export and its import back."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from standings.events.models import AuditEntry, Event
from tests.html import one, select, text, texts
from tests.prizes.mutations import PROBES

PAGE = "/e/small-open/arbiter/settings/prizes/"
EXPORT = "/e/small-open/arbiter/settings/prizes.json"
PREVIEW = "/e/small-open/arbiter/settings/prizes/preview/"

DOCUMENT = {
    "ties": "hort",
    "stacking": False,
    "currency": "£",
    "categories": [
        {"key": "overall", "name": "Overall"},
        {"key": "u2250", "name": "U2250", "rating": {"max": 2249}},
    ],
    "prizes": [
        {"category": "overall", "place": 1, "amount": "100"},
        {"category": "overall", "place": 2, "amount": "50"},
        {"category": "u2250", "place": 1, "item": "Book", "worth": "20"},
    ],
}


@pytest.fixture
def desk(client, arbiter):
    client.force_login(arbiter)
    return client


def post(client, event, document) -> object:
    text_ = document if isinstance(document, str) else json.dumps(document)
    return client.post(PAGE, {"document": text_, "version": str(event.version)})


def test_only_the_events_arbiters_see_or_change_the_prizes(client, event, stranger):
    assert client.get(PAGE).status_code == 302
    client.force_login(stranger)
    assert client.get(PAGE).status_code == 403
    assert client.get(EXPORT).status_code == 403
    assert post(client, event, DOCUMENT).status_code == 403
    assert Event.objects.get(pk=event.pk).prize_rules == {}


def test_a_new_event_gets_an_example_to_start_from(desk, event):
    html = desk.get(PAGE).content.decode()
    assert '"ties": "equal"' in text(one(html, "#id_document"))
    assert "Prizes" in texts(html, ".arbiter-nav a")


def test_saving_is_one_audited_change_and_shows_who_is_in_line(desk, event, arbiter):
    response = post(desk, event, DOCUMENT)
    assert response.status_code == 302
    entry = AuditEntry.objects.get(event=event, target="prizes")
    assert entry.user == arbiter and entry.after["currency"] == "£"
    html = desk.get(PAGE).content.decode()
    rows = select(html, "#saved-prizes tbody tr")
    assert len(rows) == 3
    assert "£" in text(rows[0]) and "Book" in text(rows[2])
    audit = desk.get("/e/small-open/arbiter/audit/").content.decode()
    assert "prizes" in text(one(audit, "main")) and "U2250" in audit


def test_faults_are_refused_and_each_named(desk, event):
    bad = {
        **DOCUMENT,
        "categories": [
            *DOCUMENT["categories"],
            {"key": "a", "name": "1600-1899", "rating": {"min": 1600, "max": 1899}},
            {"key": "b", "name": "1800-2299", "rating": {"min": 1800, "max": 2299}},
        ],
        "prizes": [{"category": "overall", "place": 1, "amount": "0"}],
    }
    response = post(desk, event, bad)
    assert response.status_code == 400
    html = response.content.decode()
    problems = texts(html, "#save-refusal .problems li")
    assert any("'U2250' and '1800-2299' overlap" in p for p in problems)
    assert any("must be a positive amount" in p for p in problems)
    # what was typed stays in the editor
    assert '"1800-2299"' in text(one(html, "#id_document"))
    assert Event.objects.get(pk=event.pk).prize_rules == {}


def test_not_json_is_refused_with_where(desk, event):
    response = post(desk, event, '{"ties": ')
    assert response.status_code == 400
    assert "not JSON at line 1, column 9: a value is expected" in text(
        one(response.content, "#save-refusal")
    )


@pytest.mark.parametrize("text_", [text_ for _, text_ in PROBES], ids=[what for what, _ in PROBES])
def test_the_probes_documents_are_refused_with_a_400_and_nothing_saved(desk, event, text_):
    response = post(desk, event, text_)
    assert response.status_code == 400
    assert select(response.content, "#save-refusal")
    stored = Event.objects.get(pk=event.pk)
    assert stored.prize_rules == {} and stored.version == event.version
    assert not AuditEntry.objects.filter(event=event, target="prizes").exists()
    preview = desk.post(PREVIEW, {"document": text_, "version": event.version})
    assert preview.status_code == 200 and select(preview.content, "#prize-preview .refusal")


@pytest.mark.parametrize(
    "what", ["150,000 open lists", "a name with a lone surrogate", "a 5,000-digit place"]
)
def test_an_uploaded_file_is_bounded_the_same(desk, event, what):
    upload = SimpleUploadedFile("prizes.json", dict(PROBES)[what].encode(), "application/json")
    response = desk.post(PAGE, {"file": upload, "version": event.version})
    assert response.status_code == 400
    assert select(response.content, "#save-refusal .problems li")
    assert Event.objects.get(pk=event.pk).prize_rules == {}


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("fr", "un texte ne peut pas contenir le caractère U+0000"),
        ("de", "darf das Zeichen U+0000 nicht enthalten"),
        ("es", "no puede contener el carácter U+0000"),
    ],
)
def test_a_nul_in_a_name_is_refused_in_the_readers_language(desk, event, language, said):
    text_ = dict(PROBES)["a name with NUL"]
    response = desk.post(
        PAGE,
        {"document": text_, "version": str(event.version)},
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert response.status_code == 400
    problems = texts(response.content, "#save-refusal .problems li")
    assert any(said in p and p.startswith("categories[0].name") for p in problems), problems


def test_nul_and_lone_surrogates_never_reach_the_database(desk, event):
    # PostgreSQL refuses both in a JSON column (a 500 before they were checked); run this
    # file with DATABASE_URL set to PostgreSQL too.
    for what in ("a name with NUL", "a name with a lone surrogate", "a field name with NUL"):
        assert post(desk, event, dict(PROBES)[what]).status_code == 400
    named = json.loads(dict(PROBES)["an item with a lone low surrogate"])
    assert post(desk, event, named).status_code == 400
    assert Event.objects.get(pk=event.pk).prize_rules == {}
    # the same names, well formed, are saved
    fine = {**DOCUMENT, "categories": [*DOCUMENT["categories"], {"key": "w", "name": "Wo men 😀"}]}
    assert post(desk, event, fine).status_code == 302
    assert Event.objects.get(pk=event.pk).prize_rules["categories"][2]["name"] == "Wo men 😀"


def test_a_stale_page_is_refused(desk, event):
    seen = event.version
    post(desk, event, DOCUMENT)  # a colleague saves first
    changed = {**DOCUMENT, "currency": "$"}
    response = desk.post(PAGE, {"document": json.dumps(changed), "version": seen})
    assert response.status_code == 400
    assert "changed since" in text(one(response.content, "#save-refusal"))


def test_the_export_imports_back_unchanged(desk, event, django_user_model):
    post(desk, event, DOCUMENT)
    exported = desk.get(EXPORT)
    assert exported["Content-Disposition"] == 'attachment; filename="small-open-prizes.json"'
    document = json.loads(exported.content)
    # into another event of the same arbiter: the same document, the same rules
    other = Event.objects.create(slug="other-open", name="Other Open")
    other.arbiters.add(*event.arbiters.all())
    upload = SimpleUploadedFile("prizes.json", exported.content, "application/json")
    response = desk.post(
        "/e/other-open/arbiter/settings/prizes/", {"file": upload, "version": other.version}
    )
    assert response.status_code == 302
    other.refresh_from_db()
    assert other.prize_rules == document == Event.objects.get(pk=event.pk).prize_rules
    again = desk.get("/e/other-open/arbiter/settings/prizes.json")
    assert again.content == exported.content


def test_the_preview_shows_who_would_be_in_line_and_saves_nothing(desk, event):
    response = desk.post(PREVIEW, {"document": json.dumps(DOCUMENT), "version": event.version})
    assert response.status_code == 200
    html = response.content.decode()
    assert text(one(html, "#preview-heading")) == "Preview: not saved yet"
    assert len(select(html, "#saved-prizes tbody tr")) == 3
    assert Event.objects.get(pk=event.pk).prize_rules == {}
    faulty = {**DOCUMENT, "prizes": [{"category": "overall", "place": 1, "amount": "-1"}]}
    response = desk.post(PREVIEW, {"document": json.dumps(faulty), "version": event.version})
    assert "must be a positive amount" in text(one(response.content, ".problems"))


def test_the_preview_is_for_the_events_arbiters(client, event, stranger):
    client.force_login(stranger)
    assert client.post(PREVIEW, {"document": "{}", "version": event.version}).status_code == 403
    assert client.get(PREVIEW).status_code in (403, 405)


def test_a_team_event_stores_prizes_without_a_list_yet(client, arbiter):
    from tests.factories import create_team_event

    create_team_event(arbiters=[arbiter])
    client.force_login(arbiter)
    page = "/e/small-teams/arbiter/settings/prizes/"
    version = Event.objects.get(slug="small-teams").version
    response = client.post(page, {"document": json.dumps(DOCUMENT), "version": version})
    assert response.status_code == 302
    assert client.get(page).status_code == 200
    assert "No prizes are published" in client.get("/e/small-teams/prizes/").content.decode()


FINAL = "/e/small-open/arbiter/settings/prizes/final/"


def finish_round_3(event) -> None:
    from tests.web.writes import close_round, enter_result

    enter_result(event, 3, 3, "10")
    enter_result(event, 3, 4, "01")
    close_round(event, 3)


def test_only_the_events_arbiters_declare_the_prize_list_final(client, event, stranger):
    finish_round_3(event)
    assert client.post(FINAL, {"final": "declare"}).status_code == 302  # to the login
    client.force_login(stranger)
    assert client.post(FINAL, {"final": "declare"}).status_code == 403
    assert client.get(FINAL).status_code == 405
    assert Event.objects.get(pk=event.pk).prizes_final_after is None
    assert not AuditEntry.objects.filter(event=event, action="prizes_final").exists()


def test_the_declaration_keeps_csrf(event, arbiter):
    from django.test import Client

    finish_round_3(event)
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(arbiter)
    assert strict.post(FINAL, {"final": "declare"}).status_code == 403
    assert Event.objects.get(pk=event.pk).prizes_final_after is None


def test_declaring_final_is_audited_and_reversible_with_a_reason(desk, event, arbiter):
    post(desk, event, DOCUMENT)
    # round 3 open: refused, nothing stored
    desk.post(FINAL, {"final": "declare"})
    assert Event.objects.get(pk=event.pk).prizes_final_after is None
    page = desk.get(PAGE).content.decode()
    assert "Close round 3 before declaring" in text(one(page, ".messages"))
    assert text(one(page, "#prize-final-heading")) == "The prize list is provisional"

    finish_round_3(event)  # round 3 of 5 closed: still provisional
    assert "provisional" in text(one(desk.get(PAGE).content, "#prize-final-heading"))
    assert desk.post(FINAL, {"final": "declare"}).status_code == 302
    assert Event.objects.get(pk=event.pk).prizes_final_after == 3
    entry = AuditEntry.objects.get(event=event, action="prizes_final")
    assert entry.user == arbiter and entry.after == {"final_after": 3}
    page = desk.get(PAGE).content.decode()
    assert text(one(page, "#prize-final-heading")) == "The prize list is final"
    audit = desk.get("/e/small-open/arbiter/audit/").content.decode()
    assert "Prize list declared final" in text(one(audit, "main"))

    # withdrawing needs a reason
    desk.post(FINAL, {"final": "withdraw", "reason": " "})
    assert Event.objects.get(pk=event.pk).prizes_final_after == 3
    desk.post(FINAL, {"final": "withdraw", "reason": "round 4 is played after all"})
    assert Event.objects.get(pk=event.pk).prizes_final_after is None
    entry = AuditEntry.objects.get(event=event, action="prizes_not_final")
    assert entry.reason == "round 4 is played after all"


def test_the_declaration_is_worded_in_french(desk, event):
    post(desk, event, DOCUMENT)
    finish_round_3(event)
    fr = {"HTTP_ACCEPT_LANGUAGE": "fr"}
    page = desk.get(PAGE, **fr).content.decode()
    assert text(one(page, "#prize-final-heading")) == "La liste des prix est provisoire"
    assert "Déclarer la liste des prix définitive" in texts(page, "#prize-final button")
    desk.post(FINAL, {"final": "declare"}, **fr)
    page = desk.get(PAGE, **fr).content.decode()
    assert text(one(page, ".messages")) == "La liste des prix est déclarée définitive"
    assert text(one(page, "#prize-final-heading")) == "La liste des prix est définitive"
