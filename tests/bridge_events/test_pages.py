"""The bridge pages: public standings with the sentences, a team's matches, the scorer's
page for the event's arbiters only, the event list showing bridge events."""

from __future__ import annotations

import pytest

from tests.factories import TEST_ACTOR
from tests.html import select, text


def test_the_standings_show_places_play_offs_and_sentences(client, bridge_event):
    html = client.get("/b/swiss/").content.decode()
    rows = select(html, "table.bridge-standings tbody tr")
    assert len(rows) == 21
    assert text(rows[0]).startswith("1 Dundee 144.00 VP")
    assert "play-off needed" in text(rows[6]) and text(rows[6]).startswith("7=")
    assert "ahead of Zadar on Swiss points 844.00 to 760.00 after both scored 94.00 VP" in html
    # the latest round's body comes in the push (bridge_events/push.py): no refetch
    assert 'ws-connect="/ws/e/swiss/?view=bridgestandings&amp;lang=en"' in html
    assert 'data-refresh="8"' not in html


def test_a_round_shows_its_matches_with_imps_and_vps(client, bridge_event):
    html = client.get("/b/swiss/?round=1").content.decode()
    rows = select(html, "table.bridge-matches tbody tr")
    assert len(rows) == 11  # 10 matches and a bye
    assert any("bye" in text(row) for row in rows)


def test_a_team_page_lists_its_matches_and_its_sentence(client, bridge_event):
    html = client.get("/b/swiss/team/11/").content.decode()
    assert "Zadar" in html and "the team that beat all the others" in html
    assert client.get("/b/swiss/team/99/").status_code == 404


def test_the_event_list_links_bridge_events_to_their_page(
    client, bridge_event, event, django_assert_max_num_queries
):
    with django_assert_max_num_queries(2):  # the bridge part read with the events, not each
        html = client.get("/").content.decode()
    assert 'href="/b/swiss/"' in html and 'href="/e/small-open/"' in html


def test_only_the_events_arbiters_reach_the_scorer(client, bridge_event, arbiter, stranger):
    assert client.get("/b/swiss/score/").status_code == 302  # to sign in
    client.force_login(stranger)
    assert client.get("/b/swiss/score/").status_code == 403
    assert client.post("/b/swiss/score/enter", {}).status_code == 403
    client.force_login(arbiter)
    assert client.get("/b/swiss/score/?round=10").status_code == 200


def test_the_scorer_enters_a_match_and_the_standings_change(client, bridge_event, arbiter):
    client.force_login(arbiter)
    form = {
        "round": 10,
        "home": 1,
        "away": 2,
        "home_imps": 40,
        "away_imps": 20,
        "home_points": 3000,
        "away_points": 2000,
        "seen": "",
    }
    answer = client.post("/b/swiss/score/enter", form, follow=True)
    assert "Round 10, Porto – Cadiz: 40-20 IMPs, 15.00-5.00 VPs." in answer.content.decode()
    html = client.get("/b/swiss/?round=10").content.decode()
    assert "15.00–5.00" in html
    porto = [text(r) for r in select(html, "table.bridge-standings tbody tr") if "Porto" in text(r)]
    assert "103.00" in porto[0]  # 88 + 15


def test_a_refused_entry_is_said_and_nothing_changes(client, bridge_event, arbiter):
    client.force_login(arbiter)
    form = {
        "round": 10,
        "home": 1,
        "away": 1,
        "home_imps": 1,
        "away_imps": 0,
        "home_points": 0,
        "away_points": 0,
    }
    answer = client.post("/b/swiss/score/enter", form, follow=True)
    assert "Not entered: a team cannot play itself" in answer.content.decode()
    bridge_event.refresh_from_db()
    assert bridge_event.version == 1


@pytest.mark.parametrize("path", ["/b/nope/", "/b/nope/team/1/"])
def test_an_unknown_event_is_404(client, db, path):
    assert client.get(path).status_code == 404


def test_the_standings_add_the_columns_the_procedures_used(client, bridge_event):
    html = client.get("/b/swiss/").content.decode()
    heads = [text(th) for th in select(html, "table.bridge-standings thead th")]
    assert heads == [
        "Rank",
        "Team",
        "VP",
        "Swiss points",
        "IMP quotient",
        "Total point quotient",
        "Decided by",
        "Why",
    ]
    zadar = [text(r) for r in select(html, "table.bridge-standings tbody tr") if "Zadar" in text(r)]
    assert "760.00" in zadar[0]


def test_a_page_is_rendered_once_per_version(client, bridge_event):
    from standings.bridge_events.models import BridgeEvent

    first = client.get("/b/swiss/").content
    bridge = BridgeEvent.objects.get(event=bridge_event)
    renamed = {**bridge.document, "teams": [{**t, "name": "X"} for t in bridge.document["teams"]]}
    BridgeEvent.objects.filter(event=bridge_event).update(document=renamed)  # no version bump
    assert client.get("/b/swiss/").content == first


def test_the_spectator_screen_pages_standings_and_the_round(client, bridge_event):
    html = client.get("/b/swiss/screen/").content.decode()
    assert len(select(html, "#screen-standings tbody tr")) == 21
    assert len(select(html, "#screen-pairings table.bridge-matches tbody tr")) == 11
    assert "web/screen.js" in html and 'data-refresh="8"' not in html  # pushed whole
    assert 'ws-connect="/ws/e/swiss/?view=bridgescreen&amp;lang=en"' in html


def test_staff_import_a_file_and_become_its_arbiter(client, db, django_user_model):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from tests.conftest import FIXTURES

    staff = django_user_model.objects.create_user("staff", password="pw-staff-1", is_staff=True)
    client.force_login(staff)
    body = (FIXTURES / "bridge" / "example-rr03.json").read_bytes()
    answer = client.post(
        "/b/import/", {"file": SimpleUploadedFile("rr.json", body), "boards": 12}, follow=True
    )
    assert "Imported WBF oracle RR03." in answer.content.decode()
    refused = client.post(
        "/b/import/",
        {
            "file": SimpleUploadedFile(
                "bad.json", body.replace(b'"imps": [\n    1,', b'"imps": [\n    -1,', 1)
            ),
            "boards": 12,
        },
    )
    assert refused.status_code == 400
    assert "$.matches[0].imps[0]: negative IMPs (-1)" in refused.content.decode()


def test_only_staff_import(client, arbiter, db):
    client.force_login(arbiter)
    assert client.get("/b/import/").status_code == 403


def test_the_scorer_page_links_the_shared_audit_log(client, bridge_event, arbiter):
    client.force_login(arbiter)
    assert 'href="/e/swiss/arbiter/audit/"' in client.get("/b/swiss/score/").content.decode()
    assert "Bridge import" in client.get("/e/swiss/arbiter/audit/").content.decode()


def test_a_knockout_match_is_shown_and_scored(client, db, arbiter):
    from standings.bridge_events.services import import_bridge
    from tests.conftest import FIXTURES

    event = import_bridge(
        (FIXTURES / "bridge" / "example-ko02.json").read_bytes(), slug="ko", actor=TEST_ACTOR
    )
    event.arbiters.add(arbiter)
    html = client.get("/b/ko/").content.decode()
    assert "Jena" in html and "/b/ko/team/" not in html
    client.force_login(arbiter)
    assert "Segment 4" in client.get("/b/ko/score/").content.decode()
