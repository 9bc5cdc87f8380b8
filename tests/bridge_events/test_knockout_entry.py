"""Scoring a knockout match on the tablet: a segment entered, corrected with a reason,
refused when stale or malformed; the running score and the team that advances."""

from __future__ import annotations

import json

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from standings.bridge_events import services
from standings.bridge_events.knockout_services import (
    enter_segment,
    running_score,
    seen_token,
    set_segments,
)
from standings.bridge_events.models import BridgeEvent
from standings.bridge_events.pages import knockout_score
from standings.events.models import AuditEntry
from standings.events.services import WriteRefused
from tests.conftest import FIXTURES
from tests.factories import TEST_ACTOR

KO02 = FIXTURES / "bridge" / "example-ko02.json"
# Jena (carryover 1.5) and Quimper: segments 1-3 are in, 102.5 to 101.


@pytest.fixture
def ko(db, arbiter):
    event = services.import_bridge(KO02.read_bytes(), slug="ko", actor=TEST_ACTOR)
    event.arbiters.add(arbiter)
    return event


def bridge(event) -> BridgeEvent:
    return BridgeEvent.objects.get(event=event)


def segment_4(ko) -> dict:
    return enter_segment(ko, segment=4, imps=(30, 20), actor=TEST_ACTOR)


def test_a_segment_entered_decides_the_match(ko):
    assert running_score(bridge(ko)).next == 4  # 4 segments planned by default
    stored = segment_4(ko)
    assert stored == {"segment": 4, "home": 9, "away": 29, "imps": [30, 20]}
    score = running_score(bridge(ko))
    assert (score.first.total, score.second.total) == ("132.5", "121")
    assert score.decided and score.winner is not None and score.winner.name == "Jena"
    assert AuditEntry.objects.filter(event=ko).first().target == "segment 4"
    assert enter_segment(ko, segment=4, imps=(30, 20), actor=TEST_ACTOR) is None  # twice


def test_a_segment_keeps_the_orientation_it_was_stored_with(ko):
    # segment 2 is stored Quimper (home) - Jena: the scorer gives Jena's IMPs first
    score = running_score(bridge(ko))
    assert score.segments[1].imps == ("34", "26")


def test_the_segments_planned_are_a_setting_of_the_match(ko):
    assert set_segments(ko, segments=3, actor=TEST_ACTOR) is True
    score = running_score(bridge(ko))
    assert score.decided and score.winner.name == "Jena"
    assert AuditEntry.objects.filter(event=ko).first().action == "bridge_segments"
    with pytest.raises(WriteRefused, match="segment 3 is entered"):
        set_segments(ko, segments=2, actor=TEST_ACTOR)


def test_a_tie_after_the_last_segment_is_left_to_the_regulations(db):
    document = json.loads(KO02.read_text())
    del document["teams"][0]["carryover"]  # 101 - 101 after three segments
    event = services.import_bridge(json.dumps(document), slug="tied", actor=TEST_ACTOR)
    set_segments(event, segments=3, actor=TEST_ACTOR)
    score = running_score(bridge(event))
    assert score.tied and score.winner is None
    html = render_to_string(
        "bridge/knockout_score.html", {"knockout": knockout_score(bridge(event))}
    )
    assert "Tied after the last segment." in html and "regulations" in html
    assert "Jena advances" not in html and "Quimper advances" not in html


def test_the_public_part_shows_the_running_score_and_the_winner(ko):
    html = render_to_string("bridge/knockout_score.html", {"knockout": knockout_score(bridge(ko))})
    assert "3 segments of 4 entered." in html and "Jena leads." in html
    segment_4(ko)
    html = render_to_string("bridge/knockout_score.html", {"knockout": knockout_score(bridge(ko))})
    assert "Jena advances." in html and "132.5" in html


def test_a_correction_needs_a_reason_and_the_segment_as_seen(ko):
    stored = segment_4(ko)
    with pytest.raises(WriteRefused, match="a correction needs a reason"):
        enter_segment(ko, segment=4, imps=(31, 20), seen=seen_token(stored), actor=TEST_ACTOR)
    with pytest.raises(WriteRefused, match="segment 4 was changed meanwhile: it now reads Jena"):
        enter_segment(ko, segment=4, imps=(31, 20), reason="typo", actor=TEST_ACTOR)
    assert bridge(ko).document["matches"][-1]["imps"] == [30, 20]


def test_out_of_range_segments_and_negative_imps_are_refused(ko):
    for segment, imps in ((0, (1, 1)), (100, (1, 1)), (4, (-1, 3))):
        with pytest.raises(WriteRefused):
            enter_segment(ko, segment=segment, imps=imps, actor=TEST_ACTOR)
    assert len(bridge(ko).document["matches"]) == 3


def test_a_correction_with_a_reason_is_audited(ko):
    stored = segment_4(ko)
    assert services.shown(stored) == seen_token(stored)
    corrected = enter_segment(
        ko, segment=4, imps=(31, 20), seen=seen_token(stored), reason="typo", actor=TEST_ACTOR
    )
    assert corrected["imps"] == [31, 20]
    entry = AuditEntry.objects.filter(event=ko).first()
    assert entry.reason == "typo" and entry.before["imps"] == [30, 20]


# --- the scorer's page ---------------------------------------------------------------

PAGE = "/b/ko/score/knockout/"
ENTER = "/b/ko/score/segment"


def test_the_scorer_enters_a_segment_and_reads_it_back(client, ko, arbiter):
    client.force_login(arbiter)
    page = client.get(PAGE).content.decode()
    assert 'aria-label="Segment 4"' in page and "IMPs Jena" in page and "102.5" in page
    form = {"segment": 4, "home_imps": 41, "away_imps": 23, "seen": ""}
    answer = client.post(ENTER, form, follow=True).content.decode()
    assert "Segment 4: Jena 41-23 Quimper." in answer
    assert "Jena advances." in answer
    assert 'aria-label="Segment 5"' not in answer  # decided: no next segment's form


def test_a_stale_entry_is_refused_with_a_sentence(client, ko, arbiter):
    segment_4(ko)
    client.force_login(arbiter)
    form = {"segment": 4, "home_imps": 41, "away_imps": 23, "seen": ""}
    answer = client.post(ENTER, form)
    assert answer.status_code == 400
    said = answer.content.decode()
    assert "Not entered: segment 4 was changed meanwhile: it now reads Jena 30-20 Quimper." in said
    assert "$." not in said


def test_a_correction_without_a_reason_is_refused(client, ko, arbiter):
    stored = segment_4(ko)
    client.force_login(arbiter)
    form = {"segment": 4, "home_imps": 31, "away_imps": 20, "seen": seen_token(stored)}
    answer = client.post(ENTER, form)
    assert answer.status_code == 400
    assert "Reason: a correction needs a reason" in answer.content.decode()


def test_an_entry_for_another_kind_of_event_is_400(client, bridge_event, arbiter):
    client.force_login(arbiter)
    form = {"segment": 1, "home_imps": 1, "away_imps": 0, "seen": ""}
    answer = client.post("/b/swiss/score/segment", form)
    assert answer.status_code == 400
    assert "Not entered: this entry is for knockout matches" in answer.content.decode()
    assert client.get("/b/swiss/score/knockout/").status_code == 302  # to the usual page


def test_only_the_events_arbiters_score(client, ko, stranger):
    form = {"segment": 4, "home_imps": 1, "away_imps": 0, "seen": ""}
    assert client.get(PAGE).status_code == 302  # to sign in
    assert client.post(ENTER, form).status_code == 302
    client.force_login(stranger)
    assert client.get(PAGE).status_code == 403
    assert client.post(ENTER, form).status_code == 403
    assert client.post("/b/ko/score/segments", {"segments": 5}).status_code == 403
    assert bridge(ko).event.version == 1


@pytest.mark.parametrize(
    "form",
    [
        {},
        {"segment": 4, "home_imps": 1},
        {"segment": 4, "home_imps": "9" * 5000, "away_imps": 1},
        {"segment": 4, "home_imps": "1e400", "away_imps": 1},
        {"segment": 4, "home_imps": 1000, "away_imps": 1},
        {"segment": 4, "home_imps": -3, "away_imps": 1},
        {"segment": 0, "home_imps": 1, "away_imps": 1},
        {"segment": 100, "home_imps": 1, "away_imps": 1},
        {"segment": "4.5", "home_imps": 1, "away_imps": 1},
        {"segment": 4, "home_imps": 1, "away_imps": 1, "seen": "x" * 6000},
        {"segment": 2, "home_imps": 1, "away_imps": 1, "seen": "nonsense", "reason": "r"},
    ],
)
def test_hostile_posts_are_refused_and_write_nothing(client, ko, arbiter, form):
    client.force_login(arbiter)
    answer = client.post(ENTER, form)
    assert answer.status_code == 400
    assert "Not entered: " in answer.content.decode()
    assert bridge(ko).event.version == 1 and len(bridge(ko).document["matches"]) == 3


@pytest.mark.parametrize("segments", ["0", "100", "", "2", "x" * 100])
def test_the_planned_segments_are_bounded(client, ko, arbiter, segments):
    client.force_login(arbiter)
    answer = client.post("/b/ko/score/segments", {"segments": segments})
    assert answer.status_code == 400
    assert bridge(ko).segments == 4


def test_the_scorer_sets_the_planned_segments(client, ko, arbiter):
    client.force_login(arbiter)
    answer = client.post("/b/ko/score/segments", {"segments": 3}, follow=True).content.decode()
    assert "The match has 3 segments." in answer and "Jena advances." in answer


@pytest.mark.parametrize(
    ("language", "words"), [("fr", "Segment 4"), ("de", "Segment 4"), ("es", "Segment 4")]
)
def test_the_scorer_s_page_renders_in_other_languages(client, ko, arbiter, language, words):
    client.force_login(arbiter)
    answer = client.get(PAGE, HTTP_ACCEPT_LANGUAGE=language)
    assert answer.status_code == 200
    html = answer.content.decode()
    assert f'lang="{language}"' in html and "Jena" in html
    with translation.override(language):
        form = {"segment": 9, "home_imps": -1, "away_imps": 1}
        refused = client.post(ENTER, form, HTTP_ACCEPT_LANGUAGE=language)
    assert refused.status_code == 400
