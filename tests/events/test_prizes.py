"""Storing an event's prizes: validated, audited, versioned, and read back as rules."""

import pytest
from django.core.exceptions import ValidationError

from standings.events import services
from standings.events.models import AuditEntry, Event
from standings.events.prizes import prize_rules
from standings.prizes.rules import write_rules
from tests.factories import TEST_ACTOR

pytestmark = pytest.mark.django_db

DOCUMENT = {
    "ties": "hort",
    "categories": [
        {"key": "overall", "name": "Overall"},
        {"key": "club", "name": "Best of SK", "clubs": ["SK"]},
    ],
    "prizes": [
        {"category": "overall", "place": 1, "amount": 200},
        {"category": "club", "place": 1, "item": "Cup"},
    ],
}


def test_prizes_are_one_audited_change(event, arbiter):
    version = event.version
    services.change_prizes(event, DOCUMENT, seen_version=version, actor=arbiter)
    event.refresh_from_db()
    assert event.version == version + 1
    assert event.prize_rules == write_rules(prize_rules(event))
    assert prize_rules(event).ties.value == "hort"
    entry = AuditEntry.objects.get(event=event, target="prizes")
    assert entry.action == "settings" and entry.user == arbiter
    assert entry.before == {} and entry.after["prizes"][0]["amount"] == "200"
    # the same document again is no change
    services.change_prizes(event, DOCUMENT, actor=arbiter)
    assert Event.objects.get(pk=event.pk).version == version + 1


def test_a_faulty_document_is_refused_with_its_faults(event, arbiter):
    bad = {**DOCUMENT, "prizes": [{"category": "overall", "place": 1, "amount": -5}]}
    with pytest.raises(services.WriteRefused, match="must be a positive amount"):
        services.change_prizes(event, bad, actor=arbiter)
    assert Event.objects.get(pk=event.pk).prize_rules == {}


def test_a_stale_page_and_a_stranger_are_refused(event, arbiter, stranger):
    with pytest.raises(services.WriteRefused, match="changed since"):
        services.change_prizes(event, DOCUMENT, seen_version=event.version - 1, actor=arbiter)
    with pytest.raises(services.NotAllowed):
        services.change_prizes(event, DOCUMENT, actor=stranger)


def test_the_admin_validates_the_document_too(event):
    event.prize_rules = {"ties": "coin"}
    with pytest.raises(ValidationError, match="ties must be one of"):
        event.full_clean()


def test_clubs_are_read_only_when_a_category_asks(event, django_assert_num_queries):
    from standings.events.prizes import prize_players
    from standings.events.snapshot import engine_event

    event.participants.filter(start_no=3).update(club="SK")
    described = engine_event(event)
    services.change_prizes(event, DOCUMENT, actor=TEST_ACTOR)
    event.refresh_from_db()
    with django_assert_num_queries(1):
        players = prize_players(event, described, prize_rules(event))
    assert players[3].club == "SK" and players[1].club == ""
    with django_assert_num_queries(0):
        prize_players(event, described, prize_rules(Event(prize_rules={})))


def test_the_commands_carry_the_prizes_out_and_back_in(event, tmp_path):
    import io

    from django.core.management import CommandError, call_command

    services.change_prizes(event, DOCUMENT, actor=TEST_ACTOR)
    path = tmp_path / "prizes.json"
    call_command("export_prizes", "small-open", "-o", str(path))
    other = Event.objects.create(slug="other", name="Other")
    out = io.StringIO()
    call_command("import_prizes", "other", str(path), stdout=out)
    assert out.getvalue().strip() == "other: 2 prizes in 2 categories"
    other.refresh_from_db()
    assert other.prize_rules == Event.objects.get(pk=event.pk).prize_rules
    assert AuditEntry.objects.filter(event=other, target="prizes").count() == 1
    path.write_text('{"ties": "coin"}')
    with pytest.raises(CommandError, match="ties must be one of"):
        call_command("import_prizes", "other", str(path))
