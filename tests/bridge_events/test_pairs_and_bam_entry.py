"""Scoring a pairs session (every pair's score) and a BAM match (board-a-match points)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from standings.bridge_events.models import BridgeEvent
from standings.bridge_events.services import enter_bam_match, enter_session, import_bridge, shown
from standings.events.models import AuditEntry
from standings.events.services import WriteRefused
from tests.conftest import FIXTURES
from tests.factories import TEST_ACTOR


@pytest.fixture
def pairs(db, arbiter):
    event = import_bridge(
        (FIXTURES / "bridge" / "example-pr02.json").read_bytes(), slug="pairs", actor=TEST_ACTOR
    )
    event.arbiters.add(arbiter)
    return event


@pytest.fixture
def bam(db, arbiter):
    event = import_bridge(
        (FIXTURES / "bridge" / "example-bam02.json").read_bytes(), slug="bam", actor=TEST_ACTOR
    )
    event.arbiters.add(arbiter)
    return event


def test_a_new_session_needs_every_pairs_score(pairs):
    with pytest.raises(WriteRefused, match="no score for pair 8"):
        enter_session(
            pairs, session=4, scores={i: Fraction(20) for i in range(1, 8)}, actor=TEST_ACTOR
        )


def test_a_session_entered_changes_the_standings(pairs, client):
    scores = {i: Fraction(20) for i in range(1, 9)} | {7: Fraction(35)}
    stored = enter_session(pairs, session=4, scores=scores, actor=TEST_ACTOR)
    assert stored is not None and stored["rounds"] == []
    data = BridgeEvent.objects.get(event=pairs).data()
    assert [s.number for s in data.sessions] == [1, 2, 3, 4]
    assert AuditEntry.objects.filter(event=pairs).first().target == "session 4"
    html = client.get("/b/pairs/?round=4").content.decode()
    assert "Pratt - Young" in html and "35" in html


def test_correcting_a_session_keeps_its_encounters(pairs):
    before = BridgeEvent.objects.get(event=pairs).document["sessions"][0]
    scores = {s["id"]: Fraction(s["score"]) for s in before["scores"]} | {1: Fraction(30)}
    stored = enter_session(pairs, session=1, scores=scores, seen=shown(before), actor=TEST_ACTOR)
    assert stored is not None and stored["rounds"] == before["rounds"]


def test_a_bam_match_by_its_points(bam, arbiter, client):
    stored = enter_bam_match(
        bam, round_number=5, home=1, away=2, bam=(Fraction(3, 2), Fraction(1, 2)), actor=TEST_ACTOR
    )
    assert stored == {"round": 5, "home": 1, "away": 2, "bam": [1.5, 0.5], "boards": []}
    assert "1.5–0.5" in client.get("/b/bam/?round=5").content.decode()
    client.force_login(arbiter)
    page = client.get("/b/bam/score/?round=5").content.decode()
    assert "BAM home" in page and "1.5-0.5 BAM points" in page
    form = {
        "round": 5,
        "home": 2,
        "away": 1,
        "home_bam": "1",
        "away_bam": "1",
        "seen": shown(stored),
    }
    answer = client.post("/b/bam/score/bam", form, follow=True).content.decode()
    assert "Round 5, Kaunas – Bergen: 1-1 BAM points." in answer


def test_the_scorer_enters_a_session_on_the_page(pairs, arbiter, client):
    client.force_login(arbiter)
    page = client.get("/b/pairs/score/?round=4").content.decode()
    assert 'name="score_8"' in page
    form = {"session": 4, "seen": ""} | {f"score_{i}": "21.5" for i in range(1, 9)}
    answer = client.post("/b/pairs/score/session", form, follow=True).content.decode()
    assert "Session 4: entered." in answer


def test_an_entry_of_the_wrong_kind_is_refused(pairs):
    with pytest.raises(WriteRefused, match="board-a-match events"):
        enter_bam_match(
            pairs, round_number=1, home=1, away=2, bam=(Fraction(1), Fraction(0)), actor=TEST_ACTOR
        )


@pytest.mark.parametrize(
    ("slug", "path", "form", "message"),
    [
        ("swiss", "session", {"session": 1, "score_1": "50"}, "this entry is for pairs events"),
        ("swiss", "bam", {"round": 1, "home": 1, "away": 2}, "for board-a-match events"),
        ("pairs", "enter", {"round": 1, "home": 1, "away": 2}, "for team round robins"),
        ("bam", "session", {"session": 1}, "this entry is for pairs events"),
    ],
)
def test_an_entry_posted_to_an_event_of_another_kind_is_refused_with_400(
    client, arbiter, bridge_event, pairs, bam, slug, path, form, message
):
    client.force_login(arbiter)
    before = {b.event.slug: b.document for b in BridgeEvent.objects.all()}
    answer = client.post(f"/b/{slug}/score/{path}", form)
    assert answer.status_code == 400
    assert message in answer.content.decode()
    assert {b.event.slug: b.document for b in BridgeEvent.objects.all()} == before
    assert not AuditEntry.objects.exclude(action="import_bridge").exists()


def test_the_wrong_kind_is_said_in_the_readers_language(client, arbiter, bridge_event):
    client.force_login(arbiter)
    answer = client.post(
        "/b/swiss/score/session", {"session": 1}, headers={"accept-language": "es"}
    )
    assert answer.status_code == 400
    assert "No introducido: esta entrada es para los torneos por parejas" in answer.content.decode()
