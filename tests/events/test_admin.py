"""The admin edits events, players and teams through audited writes; results are read-only."""

from __future__ import annotations

import pytest

from standings.events import services
from standings.events.models import AuditEntry, Event, Game, Participant
from tests.html import parse


@pytest.fixture
def staff(django_user_model):
    return django_user_model.objects.create_superuser("chief", password="pw-chief-1")


@pytest.fixture
def admin(client, staff):
    client.force_login(staff)
    return client


def form_data(html: str) -> dict:
    """What a browser would post back of the admin's change form, untouched."""
    form = parse(html).select_one("form[id$=_form]")
    data: dict = {}
    for field in form.select("input[name], textarea[name], select[name]"):
        name = field["name"]
        if field.name == "textarea":
            data[name] = field.get_text()
        elif field.name == "select":
            chosen = [o["value"] for o in field.select("option[selected]")]
            data[name] = chosen if field.has_attr("multiple") else (chosen or [""])[0]
        elif field.get("type") == "checkbox":
            if field.has_attr("checked"):
                data[name] = field.get("value", "on")
        elif field.get("type") not in {"submit", "button", "file"}:
            data[name] = field.get("value", "")
    return data


def test_editing_a_player_is_audited_and_bumps_the_version(admin, staff, event):
    player = Participant.objects.get(event=event, start_no=3)
    url = f"/admin/events/participant/{player.pk}/change/"
    data = form_data(admin.get(url).content.decode())
    data["name"] = "Player Three"
    version = event.version

    assert admin.post(url, data).status_code == 302

    entry = AuditEntry.objects.get(event=event, action="admin_edit")
    assert entry.user == staff
    assert entry.before == {"name": "Player 03"} and entry.after == {"name": "Player Three"}
    event.refresh_from_db()
    assert event.version == version + 1
    player.refresh_from_db()
    assert player.name == "Player Three"


def test_a_stale_event_form_never_sets_the_version_back(admin, arbiter, event):
    url = f"/admin/events/event/{event.pk}/change/"
    data = form_data(admin.get(url).content.decode())
    services.enter_result(event, 3, 3, "10", actor=arbiter)  # meanwhile, at the venue
    event.refresh_from_db()
    seen = event.version
    data["location"] = "Perth"

    assert admin.post(url, data).status_code == 302

    event.refresh_from_db()
    assert event.location == "Perth"
    assert event.version == seen + 1
    assert Game.objects.get(round__event=event, round__number=3, board=3).result == "10"


def test_arbiters_chosen_in_the_admin_are_audited(admin, arbiter, stranger, event):
    url = f"/admin/events/event/{event.pk}/change/"
    data = form_data(admin.get(url).content.decode())
    data["arbiters"] = [str(arbiter.pk), str(stranger.pk)]

    assert admin.post(url, data).status_code == 302

    entry = AuditEntry.objects.get(event=event, action="admin_edit")
    assert entry.after == {"arbiters": ["arbiter", "stranger"]}


def test_deleting_a_player_is_audited(admin, event):
    player = Participant.objects.create(event=event, start_no=99, name="Late Entry")
    url = f"/admin/events/participant/{player.pk}/delete/"

    assert admin.post(url, {"post": "yes"}).status_code == 302

    assert not Participant.objects.filter(pk=player.pk).exists()
    assert AuditEntry.objects.filter(event=event, action="admin_delete").count() == 1


@pytest.mark.parametrize("model", ["game", "round", "unplayedround", "match", "teambye"])
def test_results_rounds_and_byes_cannot_be_changed_in_the_admin(admin, event, model):
    assert admin.get(f"/admin/events/{model}/add/").status_code == 403


def test_a_game_is_shown_read_only(admin, event):
    game = Game.objects.filter(round__event=event, result="").first()
    url = f"/admin/events/game/{game.pk}/change/"
    page = parse(admin.get(url).content.decode())

    assert not page.select("input[type=submit][name=_save]")
    assert admin.post(url, {"result": "10"}).status_code == 403
    game.refresh_from_db()
    assert game.result == ""
    assert not AuditEntry.objects.filter(event=event).exists()


def test_creating_an_event_in_the_admin_is_audited(admin):
    data = form_data(admin.get("/admin/events/event/add/").content.decode())
    data.update(name="New Open", slug="new-open", rounds_planned="7")

    assert admin.post("/admin/events/event/add/", data).status_code == 302

    event = Event.objects.get(slug="new-open")
    assert AuditEntry.objects.filter(event=event, action="admin_add").count() == 1


def test_the_prize_declaration_is_not_an_admin_field(admin, event):
    """Declaring the prize list final is the arbiter's audited action, not a form field."""
    url = f"/admin/events/event/{event.pk}/change/"
    data = form_data(admin.get(url).content.decode())
    assert "prizes_final_after" not in data
    data["prizes_final_after"] = "2"
    assert admin.post(url, data).status_code == 302
    event.refresh_from_db()
    assert event.prizes_final_after is None
