"""Bridge writes: import all or nothing, a match entered by IMPs (VPs by the WBF scale),
versioned and audited, a stale entry refused, the same entry twice written once."""

from __future__ import annotations

import pytest

from standings.bridge.reader import BridgeFormatError
from standings.bridge_events.models import BridgeEvent
from standings.bridge_events.services import enter_match, import_bridge, shown
from standings.events.models import AuditEntry, Event
from standings.events.services import WriteRefused
from tests.conftest import FIXTURES
from tests.factories import TEST_ACTOR


def test_an_import_stores_the_document_and_audits_it(bridge_event):
    bridge = BridgeEvent.objects.get(event=bridge_event)
    assert bridge.data().system == "swiss" and len(bridge.data().teams) == 21
    assert bridge_event.version == 1
    assert AuditEntry.objects.get(event=bridge_event).action == "import_bridge"


def test_a_refused_file_leaves_nothing(db):
    text = (
        (FIXTURES / "bridge" / "example-rr03.json")
        .read_text()
        .replace('"imps": [\n    1,', '"imps": [\n    -1,', 1)
    )
    with pytest.raises(BridgeFormatError, match="negative IMPs"):
        import_bridge(text, actor=TEST_ACTOR)
    assert not Event.objects.exists()


def test_a_match_entered_as_imps_gets_wbf_vps(bridge_event, arbiter):
    # Round 10 is not in the file: Porto (1) against Cadiz (2), 16 boards, 40-20 IMPs.
    stored = enter_match(
        bridge_event,
        round_number=10,
        home=1,
        away=2,
        imps=(40, 20),
        points=(3000, 2100),
        actor=arbiter,
    )
    assert stored is not None and stored["vps"] == [15, 5]  # a margin of X/3 = 20 IMPs
    bridge_event.refresh_from_db()
    assert bridge_event.version == 2
    entry = AuditEntry.objects.filter(event=bridge_event).first()
    assert entry.action == "bridge_match" and entry.target == "round 10 Porto - Cadiz"
    assert entry.user == arbiter and entry.before is None and entry.after == stored


def test_a_correction_needs_the_match_as_it_was_seen(bridge_event, arbiter):
    first = enter_match(
        bridge_event,
        round_number=10,
        home=1,
        away=2,
        imps=(40, 20),
        points=(0, 0),
        actor=TEST_ACTOR,
    )
    with pytest.raises(WriteRefused, match="changed meanwhile"):
        enter_match(
            bridge_event,
            round_number=10,
            home=1,
            away=2,
            imps=(30, 20),
            points=(0, 0),
            actor=TEST_ACTOR,
        )
    second = enter_match(
        bridge_event,
        round_number=10,
        home=2,
        away=1,
        imps=(20, 30),
        points=(0, 0),
        seen=shown(first),
        actor=TEST_ACTOR,
    )
    assert second is not None and second["home"] == 1 and second["imps"] == [30, 20]


def test_the_same_entry_twice_is_written_once(bridge_event):
    enter_match(
        bridge_event,
        round_number=10,
        home=1,
        away=2,
        imps=(40, 20),
        points=(0, 0),
        actor=TEST_ACTOR,
    )
    again = enter_match(
        bridge_event,
        round_number=10,
        home=1,
        away=2,
        imps=(40, 20),
        points=(0, 0),
        actor=TEST_ACTOR,
    )
    assert again is None
    bridge_event.refresh_from_db()
    assert bridge_event.version == 2


def test_a_team_already_playing_in_the_round_is_refused(bridge_event):
    enter_match(
        bridge_event,
        round_number=10,
        home=1,
        away=2,
        imps=(40, 20),
        points=(0, 0),
        actor=TEST_ACTOR,
    )
    with pytest.raises(WriteRefused, match="Porto already plays in round 10"):
        enter_match(
            bridge_event,
            round_number=10,
            home=1,
            away=3,
            imps=(40, 20),
            points=(0, 0),
            actor=TEST_ACTOR,
        )


def test_typed_vps_for_another_scale(bridge_event):
    BridgeEvent.objects.filter(event=bridge_event).update(vp_scale=BridgeEvent.Scale.TYPED)
    with pytest.raises(WriteRefused, match="typed in"):
        enter_match(
            bridge_event,
            round_number=10,
            home=1,
            away=2,
            imps=(40, 20),
            points=(0, 0),
            actor=TEST_ACTOR,
        )
    from fractions import Fraction

    stored = enter_match(
        bridge_event,
        round_number=10,
        home=1,
        away=2,
        imps=(40, 20),
        points=(0, 0),
        typed_vps=(Fraction(18), Fraction(2)),
        actor=TEST_ACTOR,
    )
    assert stored is not None and stored["vps"] == [18, 2]
