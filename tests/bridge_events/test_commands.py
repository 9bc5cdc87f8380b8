"""import_bridge, export_bridge and load_bridge_demo."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from standings.bridge.reader import read_bridge
from standings.bridge_events.demo import BRIDGE_DEMO_SLUG
from standings.bridge_events.models import BridgeEvent
from tests.conftest import FIXTURES

RR03 = FIXTURES / "bridge" / "example-rr03.json"


def test_import_then_export_gives_the_same_event(db, tmp_path):
    out = StringIO()
    call_command("import_bridge", str(RR03), "--slug", "rr", stdout=out)
    assert "/b/rr/" in out.getvalue()
    target = tmp_path / "out.json"
    call_command("export_bridge", "rr", "-o", str(target))
    assert read_bridge(target.read_text()) == read_bridge(RR03.read_text())


def test_a_refused_import_is_one_line(db, tmp_path):
    data = json.loads(RR03.read_text())
    data["matches"].append(data["matches"][0])
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    with pytest.raises(CommandError, match=r"\$\.matches\[45\]: the match .* is listed twice"):
        call_command("import_bridge", str(bad))
    assert not BridgeEvent.objects.exists()


def test_the_demo_bridge_event(db, arbiter):
    call_command("load_bridge_demo", stdout=StringIO())
    call_command("load_bridge_demo", stdout=StringIO())  # reloading replaces it
    bridge = BridgeEvent.objects.get(event__slug=BRIDGE_DEMO_SLUG)
    data = bridge.data()
    assert len(data.teams) == 12 and max(m.round for m in data.matches) == 4
    assert list(bridge.event.arbiters.all()) == [arbiter]
