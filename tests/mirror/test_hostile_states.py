"""A state sent with the live token cannot wedge or stall the mirror: every row's shape and
every value is checked before anything is applied, a refusal is a 400 naming the field and
changes nothing, the caps bound what one batch may hold, and a whole state always replaces
what is stored."""

from __future__ import annotations

import copy
import gzip
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from standings.events.models import Event
from standings.events.services import enter_result
from standings.mirror import batch
from standings.mirror.export import state_at_version
from standings.mirror.models import MirroredEvent
from tests.factories import TEST_ACTOR, create_swiss

from .test_batches import MIRROR_SLUG, post, standings_of, token_for, written

HOSTILE = ["abc", -1, [], {}, "\u0000", 2**70, 1.5, True, None, "9" * 300]


@pytest.fixture
def venue(db):
    return create_swiss(slug="small-open")


def venue_state() -> tuple[int, dict]:
    version, state = state_at_version("small-open")
    return version, batch.plain(state)


def whole(seq: int, state: dict, version: int) -> bytes:
    said = {"slug": MIRROR_SLUG, "seq": seq, "prev": seq - 1, "version": version}
    return batch.pack({**said, "state": state})


def refused(client, token: str, body: bytes, naming: str) -> None:
    before = written()
    answer = post(client, body, token)
    assert answer.status_code == 400, answer.content
    assert naming in answer.json()["error"]
    assert written() == before


def test_a_board_row_of_five_is_400_and_the_next_state_applies(client, venue):
    token = token_for()
    version, state = venue_state()
    cut = copy.deepcopy(state)
    cut["boards"] = [row[:5] for row in cut["boards"]]
    refused(client, token, whole(1, cut, version), "boards[0]")
    assert post(client, whole(1, state, version), token).status_code == 200
    enter_result(venue, 3, 3, "10", actor=TEST_ACTOR)
    version, state = venue_state()
    assert post(client, whole(2, state, version), token).status_code == 200
    assert standings_of(MIRROR_SLUG) == standings_of("small-open")


def test_a_whole_state_replaces_a_stored_state_of_any_shape(client, venue):
    """A mirror wedged before this check (a stored state with rows of 5) is freed by the
    venue's next whole state."""
    token = token_for()
    version, state = venue_state()
    assert post(client, whole(1, state, version), token).status_code == 200
    wedged = copy.deepcopy(state)
    wedged["boards"] = [row[:5] for row in wedged["boards"]]
    MirroredEvent.objects.update(state=batch.canonical(wedged))
    enter_result(venue, 3, 3, "10", actor=TEST_ACTOR)
    version, state = venue_state()
    assert post(client, whole(2, state, version), token).status_code == 200
    assert standings_of(MIRROR_SLUG) == standings_of("small-open")


COLUMNS = [
    ("event", "rounds_planned"),
    ("event", "lots_seed"),
    ("event", "name"),
    ("event", "start_date"),
    ("event", "shared_places"),
    ("event", "tiebreaks"),
    ("event", "prize_rules"),
    ("participant", "rating"),
    ("participant", "name"),
    ("participant", "withdrawn_from_round"),
    ("participant", "k_factor"),
    ("round", "number"),
    ("round", "state"),
    ("round", "starts_at"),
    ("board", 0),
    ("board", 2),
    ("board", 3),
    ("board", 5),
]


def mutated(state: dict, where: str, name: str | int, value: object) -> tuple[dict, str]:
    """The state with one value replaced; and the name the refusal must carry."""
    state = copy.deepcopy(state)
    if where == "event":
        state["event"][name] = value
        return state, f"event.{name}"
    if where == "participant":
        state["participants"]["1"][name] = value
        return state, f"participants.1.{name}"
    if where == "round":
        state["rounds"][0][name] = value
        return state, f"rounds[0].{name}"
    state["boards"][0][name] = value
    return state, f"boards[0][{name}]"


ALLOWED = {  # values a column takes as they are (by repr)
    ("event", "name", "'abc'"),
    ("event", "name", repr("9" * 300)),
    ("event", "tiebreaks", "'abc'"),
    ("participant", "name", "'abc'"),
    ("event", "prize_rules", "{}"),
    ("event", "shared_places", "True"),
    ("event", "start_date", "None"),
    ("participant", "rating", "None"),
    ("participant", "withdrawn_from_round", "None"),
    ("participant", "k_factor", "None"),
    ("round", "starts_at", "None"),
}


@pytest.mark.parametrize("where, name", COLUMNS)
@pytest.mark.parametrize("value", HOSTILE, ids=repr)
def test_a_hostile_value_is_400_naming_its_field_or_applied(client, venue, where, name, value):
    token = token_for()
    version, state = venue_state()
    bad, naming = mutated(state, where, name, value)
    before = written()
    answer = post(client, whole(1, bad, version), token)
    if answer.status_code == 200:
        assert (where, name, repr(value)) in ALLOWED
        return
    assert answer.status_code == 400, answer.content
    assert naming in answer.json()["error"]
    assert written() == before


def test_a_key_given_twice_is_400(client, venue):
    token = token_for()
    version, state = venue_state()
    text = json.dumps({"slug": MIRROR_SLUG, "seq": 1, "prev": 0, "version": version})
    text = text[:-1] + ', "version": 1, "state": ' + json.dumps(state) + "}"
    refused(client, token, gzip.compress(text.encode()), "version")


def test_a_string_with_nul_anywhere_is_400(client, venue):
    token = token_for()
    version, state = venue_state()
    state["trf"] = state["trf"].replace("Player 01", "Player\u000001")
    refused(client, token, whole(1, state, version), "trf")


def cup_state(sections: int) -> tuple[int, dict]:
    version, state = venue_state()
    section = {**state, "order": 0, "version": version}
    grouping = {"format": state["format"], "event": {"name": "Cup"}}
    return version, {**grouping, "sections": {f"m-{n}": section for n in range(sections)}}


def test_too_many_sections_are_400_before_any_is_made(client, venue, settings):
    settings.MIRROR_MAX_SECTIONS = 3
    token = token_for()
    version, state = cup_state(4)
    refused(client, token, whole(1, state, version), "sections: 4 sections")
    version, state = cup_state(3)
    assert post(client, whole(1, state, version), token).status_code == 200


@pytest.mark.parametrize(
    "cap, value, naming",
    [
        ("MIRROR_MAX_PLAYERS", 7, "trf: 8 players"),
        ("MIRROR_MAX_ROUNDS", 2, "trf: 3 rounds"),
        ("MIRROR_MAX_BATCH_PLAYERS", 20, "24 players in all"),
        ("MIRROR_MAX_GAMES", 30, "games in all"),
    ],
)
def test_a_batch_past_a_cap_is_400_naming_it(client, venue, settings, cap, value, naming):
    setattr(settings, cap, value)
    token = token_for()
    version, state = cup_state(3)
    refused(client, token, whole(1, state, version), naming)


def test_rows_past_the_files_players_are_400(client, venue):
    token = token_for()
    version, state = venue_state()
    state["boards"] = state["boards"] * 20
    refused(client, token, whole(1, state, version), "boards: ")
    version, state = venue_state()
    state["participants"]["77"] = state["participants"].pop("8")
    refused(client, token, whole(1, state, version), "participants.77")


# Hostile values anywhere: a path into the state and what to put there.
VALUES = st.one_of(
    st.sampled_from(HOSTILE),
    st.integers(min_value=-(2**80), max_value=2**80),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=20),
    st.lists(st.integers(), max_size=7),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
)


def _paths(value: object, path: tuple = ()) -> list[tuple]:
    found = [path]
    if isinstance(value, dict):
        for key, inner in value.items():
            found += _paths(inner, (*path, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value[:3]):
            found += _paths(inner, (*path, index))
    return found


def _put(state: dict, path: tuple, value: object) -> dict:
    state = copy.deepcopy(state)
    if not path:
        return value if isinstance(value, dict) else {"state": value}
    holder = state
    for step in path[:-1]:
        holder = holder[step]
    holder[path[-1]] = value
    return state


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_any_value_anywhere_is_applied_or_400_and_never_half_applied(client, venue, data):
    token = token_for()
    MirroredEvent.objects.update(last_seq=0, state="", state_digest="", last_digest="")
    version, state = venue_state()
    path = data.draw(st.sampled_from(_paths(state)))
    bad = _put(state, path, data.draw(VALUES))
    before = written()
    answer = post(client, whole(1, bad, version), token)
    assert answer.status_code in (200, 400), answer.content
    if answer.status_code == 400:
        assert written() == before
        assert MirroredEvent.objects.get().last_seq == 0
    # Whatever was applied, the venue's own state still replaces it.
    again = post(client, whole(2 if answer.status_code == 200 else 1, state, version), token)
    assert again.status_code == 200, again.content
    Event.objects.filter(slug=MIRROR_SLUG).update(version=0)
