"""The demo tournament with sections (`make run`): the Demo Cup and its three sections."""

from __future__ import annotations

import pytest

from standings.demo.feeder import cup_feeders
from standings.demo.sections import DEMO_CUP_SLUG, SECTION_SLUGS, load_cup_demo
from standings.events.access import can_edit
from standings.events.models import Event, Round
from standings.events.sections import events_of_tournament

pytestmark = pytest.mark.django_db


def test_the_cup_has_three_sections_under_way_run_by_the_demo_arbiter(django_user_model):
    cup = load_cup_demo()
    sections = events_of_tournament(cup)
    assert [s.name for s in sections] == ["Open A", "Open B", "U1600"]
    assert [s.board_offset for s in sections] == [0, 100, 200]
    arbiter = django_user_model.objects.get(username="arbiter")
    for section in sections:
        assert can_edit(arbiter, section)
        rounds = section.round_set.order_by("number")
        assert [r.state for r in rounds][-1] == Round.State.IN_PROGRESS
        assert rounds.filter(state=Round.State.CLOSED).count() == 3
        assert rounds.last().games.filter(result="").exists()
    names = [p.name for s in sections for p in s.participants.all()]
    assert len(names) == len(set(names)) == 24 + 22 + 17


def test_reloading_keeps_versions_rising_and_feeders_enter_results():
    load_cup_demo()
    before = dict(Event.objects.values_list("slug", "version"))
    assert [feeder.step() for feeder in cup_feeders()] == ["result"] * 3
    load_cup_demo()
    after = dict(Event.objects.values_list("slug", "version"))
    assert all(after[slug] > before[slug] for slug in [DEMO_CUP_SLUG, *SECTION_SLUGS])
    assert Event.objects.filter(parent__slug=DEMO_CUP_SLUG).count() == 3
