"""A team event's match and game points on its pages equal the reference program's MPTS
and GPTS for every team fixture (forfeited boards and matches, team byes, both editions)."""

from __future__ import annotations

import json

import pytest

from standings.events.models import Event
from standings.state.event_state import build_state
from standings.state.parts import format_value
from standings.trf.importer import import_trf
from tests.conftest import FIXTURES
from tests.factories import TEST_ACTOR

FIDE = FIXTURES / "fide"
EXPECTED = sorted(
    path for path in FIDE.glob("team-*.expected.json") if path.name.count(".") == 3
)  # the final standings: NAME.rYYYY.expected.json


@pytest.mark.django_db
@pytest.mark.parametrize("expected", EXPECTED, ids=lambda path: path.name)
def test_match_and_game_points_match_the_reference(expected):
    reference = json.loads(expected.read_text())
    report = import_trf((FIDE / reference["file"]).read_bytes(), actor=TEST_ACTOR)
    teams = build_state(Event.objects.get(slug=report.slug)).teams
    assert teams is not None
    shown = {line.team.number: [cell.text for cell in line.cells] for line in teams.lines}
    mp, gp = reference["tiebreaks"].index("MPTS"), reference["tiebreaks"].index("GPTS")
    assert shown == {
        row["start_no"]: [_shown(row["values"][mp]), _shown(row["values"][gp])]
        for row in reference["standings"]
    }


def _shown(value: float) -> str:
    return format_value(float(value))
