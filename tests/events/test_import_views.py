"""Upload pages: who may import, what a refused file shows, where a good one leads."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.contrib.messages import get_messages
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from standings.events.models import AuditEntry, Event, Game, Round
from standings.trf.exporter import export_trf
from tests.conftest import FIXTURES
from tests.html import one, text

pytestmark = pytest.mark.django_db

SWISS_01 = FIXTURES / "fide" / "swiss-01.trf"


@pytest.fixture
def staff(django_user_model):
    return django_user_model.objects.create_user("organiser", password="pw-org-1", is_staff=True)


def upload(data: bytes, name: str = "event.trf") -> dict:
    return {"file": SimpleUploadedFile(name, data, content_type="text/plain")}


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_pages_ask_anonymous_visitors_to_log_in(client, event):
    for url in ("/import/", f"/e/{event.slug}/import/"):
        response = client.get(url)
        assert response.status_code == 302
        assert response["Location"] == f"{settings.LOGIN_URL}?next={url}"


def test_only_staff_may_create_an_event(arbiter, stranger, staff):
    assert logged_in(arbiter).get("/import/").status_code == 403
    assert logged_in(stranger).post("/import/", upload(SWISS_01.read_bytes())).status_code == 403
    assert not Event.objects.exists()
    page = logged_in(staff).get("/import/")
    assert page.status_code == 200
    assert one(page.content, "form")["enctype"] == "multipart/form-data"


def test_the_events_arbiters_and_staff_may_reimport_others_may_not(event, arbiter, stranger, staff):
    url = f"/e/{event.slug}/import/"
    assert logged_in(arbiter).get(url).status_code == 200
    assert logged_in(staff).get(url).status_code == 200
    assert logged_in(stranger).get(url).status_code == 403
    assert logged_in(stranger).post(url, upload(b"012 x\n")).status_code == 403
    assert logged_in(arbiter).get("/e/no-such-event/import/").status_code == 404


def test_a_good_file_creates_the_event_and_leads_to_its_standings(staff):
    response = logged_in(staff).post("/import/", upload(SWISS_01.read_bytes()))

    event = Event.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/e/{event.slug}/arbiter/"
    (message,) = get_messages(response.wsgi_request)
    assert event.slug in str(message) and "created" in str(message)
    assert AuditEntry.objects.get(event=event).user == staff


def test_a_bad_file_shows_the_line_and_problem_and_imports_nothing(staff):
    data = SWISS_01.read_bytes().replace(b"\n001    3", b"\n001    3\x81", 1)
    line = data.split(b"\n").index(next(x for x in data.split(b"\n") if b"\x81" in x)) + 1

    response = logged_in(staff).post("/import/", upload(data))

    problem = text(one(response.content, "[role=alert]"))
    assert response.status_code == 400
    assert problem.startswith("Nothing was imported.")
    assert f"Line {line}:" in problem and "UTF-8" in problem
    assert not Event.objects.exists()


def test_the_problem_is_shown_escaped(staff):
    data = b"012 Escapes\n142 <script>\n"

    response = logged_in(staff).post("/import/", upload(data))

    problem = one(response.content, "[role=alert]")
    assert response.status_code == 400
    assert "<script>" in text(problem)  # shown as text, not made an element
    assert problem.select("script") == []


def test_an_empty_submission_shows_the_form_again(staff):
    response = logged_in(staff).post("/import/", {})

    assert response.status_code == 400
    assert text(one(response.content, ".errorlist")) == "This field is required."


def test_the_upload_needs_the_csrf_token(staff):
    client = Client(enforce_csrf_checks=True)
    client.force_login(staff)

    response = client.post("/import/", upload(SWISS_01.read_bytes()))

    assert response.status_code == 403
    assert not Event.objects.exists()


def test_an_arbiter_reimport_fills_results_and_a_contradiction_is_refused(event, arbiter):
    Round.objects.filter(event=event, number=3).update(state=Round.State.IN_PROGRESS)
    exported = export_trf(event)
    Game.objects.filter(round__event=event, round__number=3, result="").update(result="")
    pending = Game.objects.get(round__event=event, round__number=3, board=3)
    white, black = pending.white.start_no, pending.black.start_no
    lines = exported.splitlines()
    cell = slice(91 + 20, 99 + 20)  # round 3
    for i, record in enumerate(lines):
        if record.startswith("001") and int(record[4:8]) in (white, black):
            won = "1" if int(record[4:8]) == white else "0"
            padded = record.ljust(cell.stop)
            lines[i] = padded[: cell.stop - 1] + won + padded[cell.stop :]
    filled = ("\n".join(lines) + "\n").encode()
    client = logged_in(arbiter)

    response = client.post(f"/e/{event.slug}/import/", upload(filled))

    assert response.status_code == 302
    pending.refresh_from_db()
    assert pending.result == "10"
    assert pending.entered_by == arbiter

    Game.objects.filter(pk=pending.pk).update(result="01")
    refused = client.post(f"/e/{event.slug}/import/", upload(filled))
    problem = text(one(refused.content, "[role=alert]"))
    assert refused.status_code == 400
    assert "round 3 board 3" in problem and "1-0" in problem and "0-1" in problem
    pending.refresh_from_db()
    assert pending.result == "01"


# Issue 25: the web import takes what the command line takes

AEROFLOT = FIXTURES / "real" / "cr-aeroflot-open-2026.trf"


def test_a_file_without_a_name_asks_for_it_prefilled_from_the_file_name(staff):
    client = logged_in(staff)

    asked = client.post("/import/", upload(AEROFLOT.read_bytes(), "aeroflot_open-2026.trf"))

    assert asked.status_code == 200
    assert not Event.objects.exists()
    assert "record 012" in text(one(asked.content, "[role=status]"))
    page = one(asked.content, "form")
    assert one(page, "input[name=name]")["value"] == "aeroflot open 2026"
    kept = one(page, "input[name=kept]")["value"]

    done = client.post("/import/", {"name": "Aeroflot Open 2026", "kept": kept})

    event = Event.objects.get()
    assert done.status_code == 302
    assert (event.name, event.slug) == ("Aeroflot Open 2026", "aeroflot-open-2026")
    assert event.participants.count() == 169


def test_a_damaged_kept_file_is_refused_and_imports_nothing(staff):
    response = logged_in(staff).post("/import/", {"name": "X", "kept": "not base64!"})

    assert response.status_code == 400
    assert "damaged" in text(one(response.content, ".errorlist"))
    assert not Event.objects.exists()


def test_a_name_typed_with_the_file_names_the_event(staff):
    response = logged_in(staff).post(
        "/import/", {**upload(AEROFLOT.read_bytes()), "name": "Aeroflot A"}
    )

    assert response.status_code == 302
    assert Event.objects.get().slug == "aeroflot-a"


def test_the_warnings_are_a_list_grouped_by_kind(staff):
    client = logged_in(staff)
    data = (FIXTURES / "real" / "sharly-example-trf26.trf").read_bytes()

    response = client.post("/import/", upload(data), follow=True)

    message = one(response.content, "ul.messages > li")
    kinds = [text(k) for k in message.select("ul.warnings .kind")]
    assert "Comment lines skipped (1)" in kinds
    assert "Column rulers and legends skipped (15)" in kinds
    # Many lines of one kind are folded under their title; a few are open.
    rulers = one(message, "ul.warnings details:has(.kind:-soup-contains('rulers'))")
    assert not rulers.has_attr("open") and len(rulers.select("ul > li")) == 15
    left_out = one(message, "ul.warnings > li:has(.kind:-soup-contains('not kept'))")
    assert [text(li) for li in left_out.select("ul > li")] == [
        "line 26: record 202: tie-breaks not computed here, left out: EDET/P",
        "line 26: record 202: modifier /P not computed here, left out with its tie-breaks:"
        " EMGSB/C1/P, BH:MP/C1/P",
    ]
    assert "tie-breaks from the file: MPVGP" in text(message)


def test_the_name_question_and_the_warning_kinds_in_french(staff):
    client = logged_in(staff)
    french = {"HTTP_ACCEPT_LANGUAGE": "fr"}

    asked = client.post("/import/", upload(AEROFLOT.read_bytes(), "aeroflot.trf"), **french)
    valid = (FIXTURES / "real" / "krause-valid.tab").read_bytes()
    done = client.post("/import/", upload(valid), follow=True, **french)

    assert "n'a pas de nom de tournoi (fiche 012)" in text(one(asked.content, "[role=status]"))
    assert text(one(asked.content, "label[for=id_name]")) == "Nom du tournoi"
    message = one(done.content, "ul.messages > li")
    assert [text(k) for k in message.select("ul.warnings .kind")] == [
        "Rondes sans adversaire, lues selon leur sens (2)"
    ]
    assert "; 2 avertissements" in text(message)
