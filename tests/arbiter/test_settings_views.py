"""The event's tie-break settings page: access, validation, preview, one audited save, push."""

from __future__ import annotations

import pytest

from standings.events.changes import event_committed
from standings.events.models import AuditEntry, Event
from tests.factories import TEST_ACTOR
from tests.html import one, select, text, texts

PAGE = "/e/small-open/arbiter/settings/"
PREVIEW = "/e/small-open/arbiter/settings/preview/"
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def desk(client, arbiter):
    client.force_login(arbiter)
    return client


def posted(event, **changes) -> dict:
    data = {"preset": "us-chess", "tiebreaks": "", "rule_edition": "", "ties": "lots"}
    data["version"] = str(event.version)
    data.update(changes)
    return data


def test_only_the_events_arbiters_see_or_change_the_settings(client, event, django_user_model):
    assert client.get(PAGE).status_code == 302  # to the login page
    stranger = django_user_model.objects.create_user("sam", password="pw-sam-1")
    client.force_login(stranger)
    assert client.get(PAGE).status_code == 403
    assert client.get(PREVIEW, {"preset": "fide"}).status_code == 403
    assert client.post(PAGE, posted(event)).status_code == 403
    event.refresh_from_db()
    assert event.tiebreaks == "BH/C1 BH SB DE"


def test_the_page_offers_every_preset_with_its_list(desk, event):
    html = desk.get(PAGE).content.decode()
    labels = texts(html, ".settings-form fieldset:first-of-type label")
    names = ["FIDE", "US Chess", "Chess Scotland: Swiss", "Chess Scotland: all-play-all"]
    for name in names:
        assert any(label.startswith(name) for label in labels), name
    assert any("PTS USMM USSOLK USCUM USOCUM" in label for label in labels)
    assert not any("teams" in label for label in labels)  # an individual event
    # The stored list is no preset's: the custom choice is selected, the list filled in.
    assert one(html, 'input[name="preset"][checked]')["value"] == "custom"
    assert one(html, 'input[name="tiebreaks"]')["value"] == "BH/C1 BH SB DE"
    assert one(html, ".arbiter-nav a[aria-current]").get_text() == "Tie-breaks"


def test_an_unknown_name_is_refused_with_the_known_ones(desk, event):
    response = desk.get(
        PREVIEW,
        {"preset": "custom", "tiebreaks": "USMM XYZ", "ties": "lots", "version": event.version},
        **HTMX,
    )
    refusal = text(one(response.content.decode(), "#preview .refusal"))
    assert "unknown tie-break: 'XYZ'" in refusal
    assert "Known: " in refusal and "USMM" in refusal and "SCSOG" in refusal and "BH" in refusal


def test_a_cut_a_tiebreak_does_not_take_is_refused(desk, event):
    response = desk.get(
        PREVIEW,
        {"preset": "custom", "tiebreaks": "BH/C3", "ties": "lots", "version": event.version},
        **HTMX,
    )
    assert "BH takes C1 or C2, not C3" in text(one(response.content.decode(), ".refusal"))


def test_the_preview_shows_the_standings_the_settings_give_without_saving(desk, event):
    before = event.version
    response = desk.get(
        PREVIEW,
        {"preset": "custom", "tiebreaks": "pts usmm scsog/c2", "ties": "shared", "version": before},
        **HTMX,
    )
    html = response.content.decode()
    assert response.status_code == 200
    heads = texts(html, "#preview thead th")
    assert heads[-3:] == ["PTS", "USMM", "SCSOG/C2"]
    assert len(select(html, "#preview tbody tr")) == 8
    assert "Standings after round 3" in text(one(html, "#preview caption"))
    event.refresh_from_db()
    assert (event.tiebreaks, event.version) == ("BH/C1 BH SB DE", before)
    assert not AuditEntry.objects.filter(event=event, action="settings").exists()


def test_saving_is_one_audited_change_that_pushes(desk, event, django_capture_on_commit_callbacks):
    pushed = []

    def listener(sender, event_id, **kwargs):
        pushed.append(event_id)

    event_committed.connect(listener)
    try:
        with django_capture_on_commit_callbacks(execute=True):
            response = desk.post(PAGE, posted(event, rule_edition="2024", ties="shared"))
    finally:
        event_committed.disconnect(listener)
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.tiebreaks == "USMM USSOLK USCUM USOCUM DE BPG KASH"
    assert (event.rule_edition, event.shared_places) == ("2024", True)
    entry = AuditEntry.objects.get(event=event, action="settings")
    assert entry.before["tiebreaks"] == "BH/C1 BH SB DE"
    assert entry.after["tiebreaks"] == event.tiebreaks
    assert entry.user.username == "arbiter"
    assert pushed == [event.pk]
    html = desk.get(PAGE).content.decode()
    assert "Tie-break settings saved" in text(one(html, ".messages"))
    assert one(html, 'input[name="preset"][checked]')["value"] == "us-chess"
    standings = desk.get("/e/small-open/").content.decode()
    assert "USMM" in texts(standings, "#standings-table th abbr")


def test_a_custom_list_is_stored_in_canonical_notation(desk, event):
    desk.post(PAGE, posted(event, preset="custom", tiebreaks="bh-c1 wall/c2 SCSOG/C0"))
    event.refresh_from_db()
    assert event.tiebreaks == "BH/C1 WALL/C2 SCSOG/C0"


def test_a_stale_page_is_refused(desk, event):
    Event.objects.filter(pk=event.pk).update(version=5)  # a colleague saved meanwhile
    data = posted(event, version="4")
    response = desk.post(PAGE, data)
    assert response.status_code == 400
    assert "changed since this page was opened" in text(
        one(response.content.decode(), "#save-refusal")
    )
    event.refresh_from_db()
    assert event.tiebreaks == "BH/C1 BH SB DE"


def test_a_refused_list_is_not_saved(desk, event):
    response = desk.post(PAGE, posted(event, preset="custom", tiebreaks="NOPE"))
    assert response.status_code == 400
    assert "unknown tie-break" in text(one(response.content.decode(), "#preview .refusal"))
    assert Event.objects.get(pk=event.pk).tiebreaks == "BH/C1 BH SB DE"


def test_a_team_event_is_offered_the_team_presets_and_previews_its_teams(desk, arbiter):
    from standings.events.services import enter_result
    from tests.factories import create_team_event

    teams = create_team_event(arbiters=[arbiter])
    for n, result in enumerate(["10", "10", "==", "01"], start=1):
        enter_result(teams, 1, n, result, table=1, actor=TEST_ACTOR)
    page = "/e/small-teams/arbiter/settings/"
    html = desk.get(page).content.decode()
    labels = texts(html, ".settings-form fieldset:first-of-type label")
    assert any(
        label.startswith("FIDE: teams") and "MPTS EMGSB/C1 GPTS EDE" in label for label in labels
    )
    assert any(
        label.startswith("Chess Scotland: teams") and "MPTS GPTS HOOPER BBE" in label
        for label in labels
    )
    assert not any("PTS USMM" in label for label in labels)

    response = desk.get(
        page + "preview/",
        {"preset": "scotland-teams", "ties": "lots", "version": teams.version},
        **HTMX,
    )
    html = response.content.decode()
    assert texts(html, "#preview thead th")[-4:] == ["MPTS", "GPTS", "HOOPER", "BBE"]
    rows = [[text(c) for c in tr.select("td, th")] for tr in select(html, "#preview tbody tr")]
    assert len(rows) == 4  # the teams, not their players
    assert rows[0] == ["1", "1", "Rooks", "2", "2.5", "–", "0"]  # 2½–1½, the current rank beside
