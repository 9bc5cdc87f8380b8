"""Hostile round numbers on the standings after a round: a 404, never a 5xx."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db

HOSTILE = [
    "after/0/",
    "after/-1/",
    "after/3/",  # in progress
    "after/4/",  # not paired
    "after/99/",
    "after/" + "9" * 40 + "/",
    "after/" + "9" * 5000 + "/",  # beyond Python's int conversion limit
    "after/two/",
    "after/2.5/",
    "after/%00/",
    "after/%F0%9F%92%A5/",
    "after/",
    "after/0.json",
    "after/3.json",
    "after/-2.json",
    "after/" + "9" * 5000 + ".json",
    "after/x.json",
]


@pytest.mark.parametrize("path", HOSTILE)
def test_a_hostile_round_is_a_404(client, event, path):
    assert client.get(f"/e/small-open/{path}").status_code == 404


@pytest.mark.parametrize("path", HOSTILE)
def test_a_hostile_round_of_a_team_event_is_a_404(client, db, path):
    from tests.factories import create_team_event

    create_team_event(slug="small-open")  # round 1 published, no result: no round to show
    assert client.get(f"/e/small-open/{path}").status_code == 404
