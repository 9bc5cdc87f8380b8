"""A batch as what changed (batch.delta): it rebuilds exactly the venue's state, a result
alone is applied as a result (not a replace of the event), and a delta that does not fit
the state the public side holds is refused, changing nothing, with a request for the state."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from standings.events.models import AuditEntry, Event, Round
from standings.events.services import enter_result
from standings.mirror import batch
from standings.mirror.export import state_at_version
from standings.mirror.models import MirroredEvent
from tests.factories import TEST_ACTOR, create_swiss
from tests.mirror.test_batches import MIRROR_SLUG, body_of, post, standings_of, token_for, written

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False)
    | st.text(max_size=60)
    | st.text(alphabet="ab \n", max_size=120),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=4), inner),
    max_leaves=25,
)


@settings(max_examples=200, deadline=None)
@given(JSON, JSON)
def test_a_delta_turns_the_old_value_into_the_new_one(old, new):
    step = batch.delta(old, new)
    assert batch.patched(old, json.loads(json.dumps(step))) == new


def test_a_long_text_changed_in_place_is_sent_as_its_runs():
    old = "001    1      Player 01" + " " * 40 + "1.0    3" + " " * 20 + "2 w 1"
    new = old.replace("1.0    3", "2.0    1").replace("2 w 1", "2 w 0")
    # Runs closer than a run's cost (8 characters) are one run.
    runs = [[63, "2.0    1"], [95, "0"]]
    assert batch.delta(old, new) == {"~": runs}
    assert batch.delta("a\n" + old, "a\n" + new) == {"L": {"[": {"1": {"~": runs}}}}


@pytest.mark.parametrize(
    "step",
    [
        {"[": {"9": {"=": 1}}},
        {"[": {"x": {"=": 1}}},
        {"[": [1]},
        {"{": {"a": 1}},
        {"{": [1]},
        {"~": [[99, "x"]]},
        {"~": [[0.5, "x"]]},
        {"L": {"[": {}}},
        {"?": 1},
        [1],
    ],
)
def test_a_delta_that_does_not_fit_is_refused(step):
    with pytest.raises(batch.BadDelta):
        batch.patched(["a" * 50], step)


def delta_body(seq: int, old: dict, slug: str = "small-open", **changes) -> tuple[bytes, dict]:
    version, new = state_at_version(slug)
    new = batch.plain(new)
    said = {
        "slug": MIRROR_SLUG,
        "seq": seq,
        "prev": seq - 1,
        "version": version,
        "base": batch.state_digest(old),
        "delta": batch.delta(old, new),
        "digest": batch.state_digest(new),
        **changes,
    }
    return batch.pack(said), new


@pytest.fixture
def mirrored(client, db):
    """(venue event, token, the state the mirror holds): one whole batch applied."""
    venue = create_swiss(slug="small-open")
    enter_result(venue, 3, 2, "01", actor=TEST_ACTOR)
    token = token_for()
    assert post(client, body_of("small-open", 1, 0), token).status_code == 200
    return venue, token, batch.plain(state_at_version("small-open")[1])


def test_a_result_travels_as_a_small_delta_and_is_applied_as_a_result(client, mirrored):
    venue, token, held = mirrored
    enter_result(venue, 3, 3, "10", actor=TEST_ACTOR)
    body, _new = delta_body(2, held)
    assert len(body) < len(body_of("small-open", 2, 1)) / 2
    answer = post(client, body, token)
    assert answer.status_code == 200, answer.content
    assert standings_of(MIRROR_SLUG) == standings_of("small-open")
    mirror = Event.objects.get(slug=MIRROR_SLUG)
    assert mirror.version == Event.objects.get(slug="small-open").version
    entry = AuditEntry.objects.filter(event=mirror).latest("id")
    assert (entry.action, entry.target, entry.user) == ("mirror_results", "3.3", None)


def test_a_change_that_is_not_a_result_replaces_the_event(client, mirrored):
    venue, token, held = mirrored
    Round.objects.filter(event=venue, number=3).update(state=Round.State.CLOSED)
    Event.objects.filter(pk=venue.pk).update(version=venue.version + 5)
    body, _new = delta_body(2, held)
    assert post(client, body, token).status_code == 200
    mirror = Event.objects.get(slug=MIRROR_SLUG)
    assert mirror.round_set.get(number=3).state == Round.State.CLOSED
    assert AuditEntry.objects.filter(event=mirror).latest("id").action == "mirror_state"
    assert standings_of(MIRROR_SLUG) == standings_of("small-open")


@pytest.mark.parametrize("case", ["another base", "wrong digest", "does not fit"])
def test_a_delta_that_does_not_lead_to_the_named_state_is_409_asking_for_it(client, mirrored, case):
    venue, token, held = mirrored
    enter_result(venue, 3, 3, "10", actor=TEST_ACTOR)
    changes = {
        "another base": {"base": batch.state_digest({"other": 1})},
        "wrong digest": {"digest": batch.state_digest({"other": 1})},
        "does not fit": {"delta": {"[": {"7": {"=": 1}}}},
    }[case]
    body, _new = delta_body(2, held, **changes)
    before = written()
    answer = post(client, body, token)
    assert answer.status_code == 409
    assert answer.json()["need"] == "state"
    assert answer.json()["last_seq"] == 1
    assert answer.json()["state_digest"] == MirroredEvent.objects.get().state_digest
    assert written() == before
    assert post(client, body_of("small-open", 2, 1), token).status_code == 200
    assert standings_of(MIRROR_SLUG) == standings_of("small-open")
