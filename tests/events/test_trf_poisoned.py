"""Poisoned files: a number no column can hold is refused with its line, and nothing breaks.

The probe of issue 14: `W 9999` in a scoring record imported, and then every page of the
event, the admin list and export_trf answered 500 (SQLite stored the value, reading it
back failed). Now the file is refused, the event stays as it was and its pages render.
"""

from __future__ import annotations

import json
from decimal import Decimal

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.forms import modelform_factory
from django.test import Client

from standings.engine.trf import TrfError
from standings.events.models import Event
from standings.trf import importer as trf_import
from standings.trf.exporter import export_trf
from standings.trf.importer import import_trf
from tests.conftest import FIXTURES
from tests.events.trf_mutations import database_state
from tests.factories import TEST_ACTOR
from tests.html import one, text

pytestmark = pytest.mark.django_db

SWISS_01 = (FIXTURES / "fide" / "swiss-01.trf").read_bytes()
TEAM_SWISS_01 = (FIXTURES / "fide" / "team-swiss-01.trf").read_bytes()
POISONED = ["162 W 9999", "362 TW 9999", "320 9999 2.0", "320 W 9999"]


def with_line(data: bytes, record: str) -> tuple[bytes, int]:
    """The file with `record` added as its last line, and that line's number."""
    lines = data.rstrip(b"\n").split(b"\n")
    return b"\n".join([*lines, record.encode()]) + b"\n", len(lines) + 1


def refusal(data: bytes, **kwargs) -> TrfError:
    with pytest.raises(TrfError) as caught:
        import_trf(data, actor=TEST_ACTOR, **kwargs)
    return caught.value


@pytest.fixture
def staff(django_user_model):
    return django_user_model.objects.create_superuser("organiser", password="pw-org-1")


def assert_pages_render(event: Event, client: Client) -> None:
    for url in (
        "/",
        f"/e/{event.slug}/",
        f"/e/{event.slug}/crosstable/",
        f"/e/{event.slug}/round/1/",
        f"/e/{event.slug}/screen/",
        f"/e/{event.slug}/standings.json",
        "/admin/events/event/",
        f"/admin/events/event/{event.pk}/change/",
    ):
        assert client.get(url).status_code == 200, url
    assert export_trf(Event.objects.get(pk=event.pk)).startswith("012 ")


@pytest.mark.parametrize("record", POISONED)
def test_a_new_event_with_a_poisoned_scoring_record_is_refused_naming_its_line(record, staff):
    data, line = with_line(TEAM_SWISS_01, record)

    error = refusal(data)

    assert error.line == line
    assert "9999 is more than 999.9" in error.message or "'W' is not a number" in error.message
    assert not Event.objects.exists()
    assert Client().get("/").status_code == 200


@pytest.mark.parametrize("record", POISONED)
def test_a_reimport_with_a_poisoned_record_leaves_the_event_as_it_was(record, staff):
    import_trf(TEAM_SWISS_01, slug="teams", actor=TEST_ACTOR)
    event = Event.objects.get(slug="teams")
    before = database_state()
    scoring = Event.objects.values().get(pk=event.pk)
    data, line = with_line(TEAM_SWISS_01, record)

    error = refusal(data, slug="teams")

    assert error.line == line
    assert database_state() == before
    assert Event.objects.values().get(pk=event.pk) == scoring
    client = Client()
    client.force_login(staff)
    assert_pages_render(event, client)


def test_a_reimport_through_320_with_good_points_stores_them(staff):
    import_trf(TEAM_SWISS_01, slug="teams", actor=TEST_ACTOR)
    data, _ = with_line(TEAM_SWISS_01, "320 1.5 2.5")

    import_trf(data, slug="teams", actor=TEST_ACTOR)

    event = Event.objects.get(slug="teams")
    assert (event.team_bye_match_points, event.team_bye_game_points) == (
        Decimal("1.5"),
        Decimal("2.5"),
    )


def test_the_upload_page_shows_the_refusal_and_its_line(staff):
    data, line = with_line(SWISS_01, "162 W 9999")
    client = Client()
    client.force_login(staff)
    upload = {"file": _file(data)}

    response = client.post("/import/", upload)

    assert response.status_code == 400
    problem = one(response.content, "[role=alert]")
    assert [text(strong) for strong in problem.select("strong")] == ["Nothing was imported."]
    assert f"Line {line}:" in problem.get_text() and "9999" in problem.get_text()
    assert not Event.objects.exists()


def test_the_import_command_shows_the_refusal_and_its_line(tmp_path):
    data, line = with_line(SWISS_01, "162 W 9999")
    path = tmp_path / "poisoned.trf"
    path.write_bytes(data)

    with pytest.raises(CommandError) as caught:
        call_command("import_trf", str(path))

    assert f"poisoned.trf line {line}: record 162 points for W: 9999" in str(caught.value)
    assert not Event.objects.exists()


def test_an_unknown_tiebreak_in_record_202_is_left_out_with_a_warning_naming_its_line():
    data, line = with_line(SWISS_01, "202 BH/C1 SB XYZ")

    report = import_trf(data, actor=TEST_ACTOR)

    assert Event.objects.get().tiebreaks == "BH/C1 SB"
    assert f"line {line}: record 202: tie-breaks not computed here, left out: XYZ" in (
        report.summary()
    )


def test_a_malformed_known_tiebreak_in_record_202_is_refused_naming_its_line():
    data, line = with_line(SWISS_01, "202 BH/C1 SB/U0")

    error = refusal(data)

    assert error.line == line
    assert "U0" in error.message
    assert not Event.objects.exists()


def test_what_the_database_still_refuses_is_a_refusal_and_nothing_is_half_imported(monkeypatch):
    import_trf(SWISS_01, slug="open", actor=TEST_ACTOR)
    before = database_state()
    store_unplayed = trf_import.store_unplayed

    def then_the_database_refuses(event, *args):
        counts = store_unplayed(event, *args)
        with connection.cursor() as cursor:  # a real error of the real database
            cursor.execute("INSERT INTO events_team (event_id, number, name) VALUES (NULL, 1, 'x')")
        return counts

    monkeypatch.setattr(trf_import, "store_unplayed", then_the_database_refuses)
    changed = SWISS_01.replace(b"012 swiss-01", b"012 swiss-01 again")

    error = refusal(changed, slug="open")

    assert error.message.startswith("the database refused the file (")
    assert error.message.endswith("); nothing was imported")
    assert database_state() == before


def test_the_event_form_refuses_numbers_its_columns_cannot_hold_and_unknown_tiebreaks():
    event = Event.objects.create(slug="open", name="Open")
    form_class = modelform_factory(Event, exclude=["arbiters"])
    data = {**_form_data(event), "points_win": "9999", "points_draw": "-0.5"}
    data |= {"rounds_planned": "1000", "tiebreaks": "BH/C1 XYZ"}

    form = form_class(data, instance=event)

    assert not form.is_valid()
    assert set(form.errors) == {"points_win", "points_draw", "rounds_planned", "tiebreaks"}
    assert "XYZ" in form.errors["tiebreaks"][0]
    event = Event.objects.get(pk=event.pk)  # the refused form changed the instance in memory
    good = form_class({**_form_data(event), "tiebreaks": "bh/c1 SB de"}, instance=event)
    assert good.is_valid(), good.errors


def test_the_page_and_the_command_use_the_same_rule_edition_for_an_event_without_a_date(
    tmp_path, capsys
):
    undated = b"\n".join(
        line for line in SWISS_01.split(b"\n") if not line.startswith((b"042", b"052"))
    )
    path = tmp_path / "undated.trf"
    path.write_bytes(undated)
    event = Event.objects.get(slug=import_trf(undated, actor=TEST_ACTOR).slug)
    assert event.start_date is None

    page = json.loads(Client().get(f"/e/{event.slug}/standings.json").content)
    call_command("tiebreaks", str(path), "--tiebreaks", *event.tiebreak_list() or ["BH"])
    command = json.loads(capsys.readouterr().out)

    assert page["rules"] == command["rules"] == "2026"


def _file(data: bytes):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile("poisoned.trf", data, content_type="text/plain")


def _form_data(event: Event) -> dict:
    fields = modelform_factory(Event, exclude=["arbiters"]).base_fields
    data = {}
    for name in fields:
        value = getattr(event, name)
        if value is None:
            continue
        data[name] = "on" if value is True else value
    data = {k: v for k, v in data.items() if v is not False}
    return data
