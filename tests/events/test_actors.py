"""The one permission check (`actors.check_may_change`): a user must arbitrate the event
(staff: any event, and only staff create one); every write service asks it, the bridge
entries and the imports included."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied

from standings.bridge_events import services as bridge_services
from standings.events import actors
from standings.events.models import AuditEntry, Event
from standings.events.services import NotAllowed, WriteRefused
from standings.trf.exporter import export_trf
from standings.trf.importer import import_trf
from tests.conftest import FIXTURES

BRIDGE_FILE = FIXTURES / "bridge" / "example-sw02.json"


def written() -> tuple:
    return sorted(Event.objects.values_list("slug", "version")), AuditEntry.objects.count()


def test_only_staff_create_an_event(db, arbiter, django_user_model):
    staff = django_user_model.objects.create_user("sam", password="pw-sam-1", is_staff=True)
    with pytest.raises(NotAllowed, match="Only staff can create events"):
        bridge_services.import_bridge(BRIDGE_FILE.read_bytes(), user=arbiter)
    assert not Event.objects.exists()
    event = bridge_services.import_bridge(BRIDGE_FILE.read_bytes(), user=staff)
    assert AuditEntry.objects.get(event=event).user == staff


def test_a_bridge_entry_by_a_stranger_is_refused_by_the_service(db, stranger):
    event = bridge_services.import_bridge(BRIDGE_FILE.read_bytes(), slug="swiss")
    before = written()
    with pytest.raises(NotAllowed):
        bridge_services.enter_match(
            event, round_number=10, home=1, away=2, imps=(40, 20), points=(0, 0), user=stranger
        )
    assert written() == before


def test_a_section_is_added_by_its_tournaments_arbiters_only(event, arbiter, stranger):
    data = export_trf(event).encode()
    before = written()
    with pytest.raises(NotAllowed):
        import_trf(data, section_of=event, name="U1600", user=stranger)
    assert written() == before
    assert import_trf(data, section_of=event, name="U1600", user=arbiter).created


def test_a_refusal_is_also_a_403_and_a_page_says_its_own_words(event, arbiter, stranger):
    assert issubclass(NotAllowed, PermissionDenied) and issubclass(NotAllowed, WriteRefused)
    with pytest.raises(PermissionDenied, match="^Not yours$") as refused:
        actors.forbid_unless_may_change(stranger, event, "Not yours")
    assert not isinstance(refused.value, NotAllowed)
    actors.forbid_unless_may_change(arbiter, event, "Not yours")  # passes
