"""A bad file at the import page or the import_bridge command (issue 24): refused with a
4xx and a message in the reader's language, nothing written, no 500; the size the page
states is the one it takes."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from standings.bridge.reader import MAX_BYTES
from standings.bridge_events.models import BridgeEvent
from standings.events.models import AuditEntry, Event
from standings.security.body_limit import body_limit
from tests.bridge.fuzz_cases import CASES, RR03
from tests.html import select, text

REFUSED = [case for case in CASES if case[2] is not None]


@pytest.fixture
def staff(client, django_user_model):
    user = django_user_model.objects.create_user("staff", password="pw-staff-1", is_staff=True)
    client.force_login(user)
    return user


def post(client, raw: bytes, **headers):
    upload = SimpleUploadedFile("event.json", raw, content_type="application/json")
    return client.post("/b/import/", {"file": upload, "boards": 16}, headers=headers)


def nothing_written() -> bool:
    return not (
        Event.objects.exists() or BridgeEvent.objects.exists() or AuditEntry.objects.exists()
    )


@pytest.mark.parametrize(("raw", "key"), [c[1:] for c in REFUSED], ids=[c[0] for c in REFUSED])
def test_a_probed_file_is_refused_by_the_page_and_nothing_is_written(client, staff, raw, key):
    answer = post(client, raw)
    assert answer.status_code == 400
    # The reader's refusal, or the form's for an empty file or one over the size.
    assert select(answer.content.decode(), ".problem[role=alert], .errorlist")
    assert nothing_written()


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (RR03.replace('"name": "Gdansk"', '"name": "Gd\\u0000ansk"', 1).encode(),
         "$.teams[0].name : contient un caractère impossible à enregistrer"),
        (RR03.replace('"round": 1,', '"round": 100,', 1).encode(),
         "$.matches[0].round : doit valoir au plus 99"),
        (b"[" * 10_000, "$ : imbriqué sur plus de 10 niveaux"),
        (b"{", "$ : pas du JSON (ligne 1, colonne 2)"),
    ],
)  # fmt: skip
def test_the_refusal_is_in_the_readers_language(client, staff, raw, expected):
    answer = post(client, raw, accept_language="fr")
    assert answer.status_code == 400
    assert expected in text(select(answer.content.decode(), "[role=alert]")[0])


def test_the_page_states_the_size_it_takes(client, staff):
    page = client.get("/b/import/").content.decode()
    assert "A JSON file of at most 5 MB." in page
    assert MAX_BYTES == 5 * 1024 * 1024
    # The request around a file of that size passes the body limit in front of Django.
    assert body_limit(reverse("bridge_events:import")) >= MAX_BYTES + 64 * 1024


def test_a_file_over_the_size_is_refused_in_the_readers_language(client, staff):
    answer = post(client, b" " * (MAX_BYTES + 1), accept_language="de")
    assert answer.status_code == 400
    assert "Die Datei ist größer als 5 MB." in answer.content.decode()
    assert nothing_written()


def test_a_file_at_the_size_is_imported(client, staff):
    raw = RR03.encode()
    answer = post(client, raw + b" " * (MAX_BYTES - len(raw)))
    assert answer.status_code == 302 and Event.objects.count() == 1


@pytest.mark.parametrize(("raw", "key"), [c[1:] for c in REFUSED], ids=[c[0] for c in REFUSED])
def test_the_command_refuses_the_same_files(db, tmp_path, raw, key):
    path = tmp_path / "event.json"
    path.write_bytes(raw)
    with pytest.raises(CommandError, match=r"^\S+event\.json \$"):
        call_command("import_bridge", str(path), stdout=StringIO())
    assert nothing_written()


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--slug", "a b"], "cannot be an event's address"),
        (["--slug", "x" * 51], "cannot be an event's address"),
        (["--slug", "évent"], "cannot be an event's address"),
        (["--boards", "0"], "boards per match must be between 1 and 128"),
        (["--boards", "100000"], "boards per match must be between 1 and 128"),
    ],
)
def test_the_command_refuses_a_bad_address_or_board_count(db, tmp_path, options, message):
    path = tmp_path / "event.json"
    path.write_text(RR03)
    with pytest.raises(CommandError, match=message):
        call_command("import_bridge", str(path), *options, stdout=StringIO())
    assert nothing_written()


def test_the_command_takes_a_name_of_200_characters(db, tmp_path):
    path = tmp_path / "event.json"
    path.write_text(RR03.replace('"WBF oracle RR03"', f'"{"Ö" * 200}"', 1))
    call_command("import_bridge", str(path), stdout=StringIO())
    assert Event.objects.get().name == "Ö" * 200
