"""What the TRF reader and the import say about a file, in the arbiter's language: a refused
file on the import page, the reader's warnings in an import's summary (the audit log and the
command keep English)."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import translation

from standings.engine.trf import TrfError, read_trf
from standings.events.models import AuditEntry, Event
from standings.trf.exporter import export_trf
from standings.wording.phrases import trf_problem
from tests.conftest import FIXTURES
from tests.events.test_trf_unplayed import team_file
from tests.html import one, text

pytestmark = pytest.mark.django_db


def upload(client, path: str, data: bytes, language: str):
    return client.post(
        path,
        {"file": SimpleUploadedFile("event.trf", data, content_type="text/plain")},
        HTTP_ACCEPT_LANGUAGE=language,
    )


@pytest.fixture
def organiser(client, django_user_model):
    client.force_login(django_user_model.objects.create_user("organiser", is_staff=True))
    return client


def test_a_malformed_file_is_refused_in_french_naming_its_line(organiser):
    lines = (FIXTURES / "fide" / "swiss-01.trf").read_bytes().split(b"\n")
    number = next(n for n, line in enumerate(lines, 1) if line.startswith(b"001"))
    lines[number - 1] = lines[number - 1][:89] + b"X" + lines[number - 1][90:]

    response = upload(organiser, "/import/", b"\n".join(lines), "fr")

    assert response.status_code == 400
    problem = text(one(response.content, "[role=alert]"))
    assert (
        f"Ligne {number} : les colonnes 90-91 doivent être vides : les résultats des rondes"
        " commencent en colonne 92" in problem
    )
    assert not Event.objects.exists()


def test_a_refusal_worded_from_its_parts_in_german():
    line = "001    1      Anna Alpha                        2x00 FRA             2000/01/01  1.0"
    with pytest.raises(TrfError) as refused:
        read_trf(line + "\n")
    assert str(refused.value) == "line 1: rating (columns 49-52): '2x00' is not a whole number"
    with translation.override("de"):
        said = trf_problem(refused.value)
    assert said == "Wertungszahl (Spalten 49-52): „2x00“ ist keine ganze Zahl"


def test_the_reader_s_warning_in_german_in_the_summary_and_english_in_the_audit(
    client, event, arbiter
):
    data = export_trf(event).encode()
    comment = data.count(b"\n") + 1
    client.force_login(arbiter)

    response = upload(client, "/e/small-open/import/", data + b"### checked by the arbiter\n", "de")

    assert response.status_code == 302
    (message,) = get_messages(response.wsgi_request)
    assert f"Zeile {comment}: 1 Kommentarzeile übersprungen (###)" in str(message)
    audited = AuditEntry.objects.filter(action="import_trf").latest("pk")
    assert audited.after["warnings"] == [f"line {comment}: skipped 1 comment line (###)"]


def test_a_team_bye_for_a_team_that_plays_is_refused_in_spanish(organiser):
    response = upload(
        organiser, "/import/", team_file(team_bye_points=(2.0, 1.5), team_byes=(1,)), "es"
    )

    assert response.status_code == 400
    problem = text(one(response.content, "[role=alert]"))
    assert (
        "ronda 1: el equipo 1 tiene un bye (U) pero sus jugadores tienen partidas contra el"
        " equipo 2" in problem
    )
    assert "Línea" in problem


def test_every_code_the_reader_may_name_has_its_phrase():
    from standings.engine.phrases import ENGLISH
    from standings.engine.result_codes import BYE_CODES, GAME_CODES, NOT_PAIRED

    assert {f"trf.verb.{code}" for code in GAME_CODES} <= set(ENGLISH)
    assert {f"trf.meaning.{code}" for code in BYE_CODES | {NOT_PAIRED}} <= set(ENGLISH)
