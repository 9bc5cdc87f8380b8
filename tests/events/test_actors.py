"""Every write names its actor: a signed-in user or a system actor, never nothing; the one
permission check (`actors.check_may_change`) lets a system actor through and asks a user
to arbitrate the event (staff: any event, and only staff create one)."""

from __future__ import annotations

import inspect

import pytest
from django.core.exceptions import PermissionDenied

from standings.bridge_events import bam_boards, board_entry, knockout_services
from standings.bridge_events import services as bridge_services
from standings.engine.trf import read_trf
from standings.events import (
    actors,
    changes,
    prizes,
    rating_settings,
    rounds,
    sections,
    services,
    team_services,
)
from standings.events.actors import COMMAND, DEMO, NoActor, SystemActor
from standings.events.models import AuditEntry, Event, Game
from standings.events.services import NotAllowed, WriteRefused
from standings.trf import importer
from standings.trf.exporter import export_trf
from tests.conftest import FIXTURES
from tests.factories import TEST_ACTOR, create_team_event

MODULES = [
    *(services, rounds, team_services, prizes, changes, sections, importer, rating_settings),
    *(bridge_services, board_entry, knockout_services, bam_boards),
]
WRITES = {
    "enter_result", "publish_pairings", "close_round", "reopen_round",
    "set_bye", "save_in_admin", "change_tiebreak_settings", "delete_section_in_admin",
    "change_prizes", "delete_in_admin",  # events/services.py
    "create_round",  # events/rounds.py, for individual and team events
    "forfeit_match", "set_team_bye", "set_lineup",  # team_services.py
    "declare_final", "withdraw_final",  # events/prizes.py
    "change_rating_settings",  # events/rating_settings.py
    "import_bridge", "enter_match", "enter_session", "enter_bam_match",  # bridge_events
    "replace_entry",  # the one path of every bridge entry
    "draw_table", "undraw_table", "enter_board", "enter_segment_board",  # board_entry.py
    "enter_segment", "set_segments", "enter_bam_board",  # knockout_services, bam_boards
    "import_trf", "import_trf_file",  # trf/importer.py
    "record_change", "record_sections_change",  # what every write calls to audit
}  # fmt: skip
BRIDGE_FILE = FIXTURES / "bridge" / "example-sw02.json"


def public_functions():
    for module in MODULES:
        for name, function in inspect.getmembers(module, inspect.isfunction):
            if function.__module__ == module.__name__ and not name.startswith("_"):
                yield name, inspect.signature(function)


def test_every_write_takes_a_required_keyword_actor_and_none_takes_a_user():
    taking = {}
    for name, signature in public_functions():
        assert "user" not in signature.parameters, name
        if "actor" in signature.parameters:
            taking[name] = signature.parameters["actor"]
    assert set(taking) == WRITES
    for name, parameter in taking.items():
        assert parameter.kind == inspect.Parameter.KEYWORD_ONLY, name
        assert parameter.default is inspect.Parameter.empty, name


@pytest.fixture
def world(event, arbiter):
    """One of each: an individual event, a team event, a bridge event, a player."""
    bridge = bridge_services.import_bridge(BRIDGE_FILE.read_bytes(), slug="swiss", actor=DEMO)
    return {
        "event": event,
        "team": create_team_event(arbiters=[arbiter]),
        "bridge": bridge,
        "player": event.participants.get(start_no=1),
    }


def calls(w):
    """Each write with its arguments but the actor."""
    event, team, bridge = w["event"], w["team"], w["bridge"]
    trf = export_trf(event)
    return {
        "enter_result": lambda **a: services.enter_result(event, 3, 3, "10", **a),
        "create_round": lambda **a: services.create_round(event, 4, [(1, 8)], **a),
        "publish_pairings": lambda **a: services.publish_pairings(event, 3, **a),
        "close_round": lambda **a: services.close_round(event, 2, **a),
        "reopen_round": lambda **a: services.reopen_round(event, 1, reason="appeal", **a),
        "set_bye": lambda **a: services.set_bye(event, 3, 1, "H", **a),
        "save_in_admin": lambda **a: services.save_in_admin(
            w["player"], changed=["name"], created=False, **a
        ),
        "change_tiebreak_settings": lambda **a: services.change_tiebreak_settings(
            event, tiebreaks=("BH",), rule_edition="", shared_places=False, **a
        ),
        "delete_section_in_admin": lambda **a: services.delete_section_in_admin(event, **a),
        "change_prizes": lambda **a: services.change_prizes(event, {}, **a),
        "delete_in_admin": lambda **a: services.delete_in_admin(w["player"], **a),
        "create_round (team)": lambda **a: rounds.create_round(team, 2, [(1, 2)], boards=4, **a),
        "forfeit_match": lambda **a: team_services.forfeit_match(team, 1, 1, "+-", **a),
        "set_team_bye": lambda **a: team_services.set_team_bye(team, 1, 1, "U", **a),
        "set_lineup": lambda **a: team_services.set_lineup(team, 1, 1, 1, [1, 2, 3, 4], **a),
        "declare_final": lambda **a: prizes.declare_final(event, **a),
        "change_rating_settings": lambda **a: rating_settings.change_rating_settings(
            event, column=True, k_factors={1: 40}, **a
        ),
        "withdraw_final": lambda **a: prizes.withdraw_final(event, reason="appeal", **a),
        "import_bridge": lambda **a: bridge_services.import_bridge(BRIDGE_FILE.read_bytes(), **a),
        "enter_match": lambda **a: bridge_services.enter_match(
            bridge, round_number=10, home=1, away=2, imps=(40, 20), points=(0, 0), **a
        ),
        "enter_session": lambda **a: bridge_services.enter_session(
            bridge, session=1, scores={}, **a
        ),
        "enter_bam_match": lambda **a: bridge_services.enter_bam_match(
            bridge, round_number=1, home=1, away=2, bam=(1, 0), **a
        ),
        "replace_entry": lambda **a: bridge_services.replace_entry(
            bridge,
            kind="teams",
            collection="draw",
            same=lambda entry: False,
            build=lambda b, before: None,
            seen="",
            action="note",
            target=lambda d: "",
            **a,
        ),
        "draw_table": lambda **a: board_entry.draw_table(
            bridge, round_number=10, table=1, home=1, away=2, **a
        ),
        "undraw_table": lambda **a: board_entry.undraw_table(bridge, round_number=10, table=1, **a),
        "enter_board": lambda **a: board_entry.enter_board(
            bridge, round_number=10, table=1, board=1, open_room="420", closed_room="", **a
        ),
        "enter_segment_board": lambda **a: board_entry.enter_segment_board(
            bridge, segment=1, board=1, open_room="420", closed_room="", **a
        ),
        "enter_segment": lambda **a: knockout_services.enter_segment(
            bridge, segment=1, imps=(1, 0), **a
        ),
        "set_segments": lambda **a: knockout_services.set_segments(bridge, segments=4, **a),
        "enter_bam_board": lambda **a: bam_boards.enter_bam_board(
            bridge,
            round_number=1,
            home=1,
            away=2,
            board=1,
            open_room="420",
            closed_room="",
            **a,
        ),
        "import_trf": lambda **a: importer.import_trf(trf.encode(), slug="copy", **a),
        "import_trf_file": lambda **a: importer.import_trf_file(read_trf(trf), **a),
        "record_change": lambda **a: changes.record_change(event, action="note", **a),
        "record_sections_change": lambda **a: sections.record_sections_change(event, **a),
    }


def written() -> tuple:
    versions = sorted(Event.objects.values_list("slug", "version"))
    return versions, AuditEntry.objects.count(), sorted(Game.objects.values_list("pk", "result"))


CALLED = sorted(WRITES | {"create_round (team)"})


@pytest.mark.parametrize("name", CALLED)
def test_a_write_without_an_actor_is_a_type_error(world, name):
    before = written()
    with pytest.raises(TypeError, match="actor"):
        calls(world)[name]()
    assert written() == before


@pytest.mark.parametrize("name", CALLED)
def test_a_write_with_actor_none_is_refused_before_anything_is_written(world, name):
    before = written()
    with pytest.raises(NoActor):
        calls(world)[name](actor=None)
    assert written() == before
    assert issubclass(NoActor, TypeError)  # a mistake in the code, not a refusal to show


def test_a_system_actor_changes_any_event_and_its_entries_name_no_user(event):
    game = services.enter_result(event, 3, 3, "10", actor=COMMAND)
    assert game.entered_by is None
    assert AuditEntry.objects.get(event=event, action="result").user is None


def test_a_user_writes_in_their_own_name_and_a_stranger_is_refused(event, arbiter, stranger):
    game = services.enter_result(event, 3, 3, "10", actor=arbiter)
    assert game.entered_by == arbiter
    assert AuditEntry.objects.get(event=event, action="result").user == arbiter
    with pytest.raises(NotAllowed, match="You may not change Small Open"):
        services.enter_result(event, 3, 4, "10", actor=stranger)


def test_unrated_results_and_corrections_without_a_reason_are_for_actors_that_relay_them(
    event, arbiter
):
    api = SystemActor("api")  # a program that does not relay a file's or a pairing's results
    assert DEMO.relays_results and COMMAND.relays_results and TEST_ACTOR.relays_results
    for actor in (api, arbiter):
        with pytest.raises(WriteRefused, match="not a result this event accepts"):
            services.enter_result(event, 3, 3, "WL", actor=actor)
    services.enter_result(event, 3, 3, "WL", actor=DEMO)
    for actor in (api, arbiter):
        with pytest.raises(WriteRefused, match="a correction needs a reason"):
            services.enter_result(event, 3, 3, "10", actor=actor)
    assert services.enter_result(event, 3, 3, "10", actor=DEMO).result == "10"


def test_only_staff_and_system_actors_create_an_event(db, arbiter, django_user_model):
    staff = django_user_model.objects.create_user("sam", password="pw-sam-1", is_staff=True)
    with pytest.raises(NotAllowed, match="Only staff can create events"):
        bridge_services.import_bridge(BRIDGE_FILE.read_bytes(), actor=arbiter)
    assert not Event.objects.exists()
    event = bridge_services.import_bridge(BRIDGE_FILE.read_bytes(), actor=staff)
    assert AuditEntry.objects.get(event=event).user == staff
    assert bridge_services.import_bridge(BRIDGE_FILE.read_bytes(), actor=COMMAND).pk


def test_a_bridge_entry_by_a_stranger_is_refused_by_the_service(world, stranger):
    before = written()
    with pytest.raises(NotAllowed):
        bridge_services.enter_match(
            world["bridge"],
            round_number=10,
            home=1,
            away=2,
            imps=(40, 20),
            points=(0, 0),
            actor=stranger,
        )
    assert written() == before


def test_a_section_is_added_by_its_tournaments_arbiters_only(event, arbiter, stranger):
    data = export_trf(event).encode()
    before = written()
    with pytest.raises(NotAllowed):
        importer.import_trf(data, section_of=event, name="U1600", actor=stranger)
    assert written() == before
    assert importer.import_trf(data, section_of=event, name="U1600", actor=arbiter).created


def test_a_refusal_is_also_a_403_and_a_page_says_its_own_words(event, stranger):
    assert issubclass(NotAllowed, PermissionDenied) and issubclass(NotAllowed, WriteRefused)
    with pytest.raises(PermissionDenied, match="^Not yours$") as refused:
        actors.forbid_unless_may_change(stranger, event, "Not yours")
    assert not isinstance(refused.value, NotAllowed)
    actors.forbid_unless_may_change(DEMO, event, "Not yours")  # passes
