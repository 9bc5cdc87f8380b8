"""What an arbiter is refused, in the language of the request: a write on the result page, a
TRF file on the import page."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from standings.events.models import Event
from tests.conftest import FIXTURES
from tests.html import one, text

pytestmark = pytest.mark.django_db

CLOSED = {
    "fr": "La ronde 1 est close ; rouvrez-la pour corriger un résultat",
    "de": "Runde 1 ist abgeschlossen; öffnen Sie sie wieder, um ein Ergebnis zu korrigieren",
    "es": "La ronda 1 está cerrada; reábrala para corregir un resultado",
}


@pytest.mark.parametrize("code", list(CLOSED))
def test_a_result_in_a_closed_round_is_refused_in_the_arbiter_s_language(
    client, event, arbiter, code
):
    client.force_login(arbiter)
    response = client.post(
        "/e/small-open/arbiter/round/1/board/1/",
        {"result": "01", "version": "0"},
        HTTP_ACCEPT_LANGUAGE=code,
    )
    assert response.status_code == 409
    assert text(one(response.content, "#board-1 .refusal")) == CLOSED[code]


def test_a_refused_trf_file_names_its_line_in_french(client, django_user_model):
    staff = django_user_model.objects.create_user("organiser", is_staff=True)
    client.force_login(staff)
    data = (FIXTURES / "fide" / "swiss-01.trf").read_bytes()
    data = data.replace(b"\n001    3", b"\n001    3\x81", 1)
    line = next(n for n, x in enumerate(data.split(b"\n"), 1) if b"\x81" in x)
    response = client.post(
        "/import/",
        {"file": SimpleUploadedFile("event.trf", data, content_type="text/plain")},
        HTTP_ACCEPT_LANGUAGE="fr",
    )
    problem = text(one(response.content, "[role=alert]"))
    assert response.status_code == 400
    assert problem.startswith("Rien n'a été importé.")
    assert f"Ligne {line} :" in problem
    assert not Event.objects.exists()


def test_an_import_s_summary_in_spanish(client, event, arbiter):
    from django.contrib.messages import get_messages

    from standings.trf.exporter import export_trf

    client.force_login(arbiter)
    response = client.post(
        "/e/small-open/import/",
        {"file": SimpleUploadedFile("event.trf", export_trf(event).encode())},
        HTTP_ACCEPT_LANGUAGE="es",
    )
    assert response.status_code == 302
    (message,) = get_messages(response.wsgi_request)
    assert str(message).startswith("small-open: actualizado; 0 participantes añadidos")
