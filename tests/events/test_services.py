"""The write services: results, stale entries, round states, permissions, audit."""

from __future__ import annotations

import pytest

from standings.events.models import AuditEntry, Event, Game, Round, UnplayedRound
from standings.events.services import (
    NotAllowed,
    RoundClosed,
    StaleEntry,
    WriteRefused,
    close_round,
    create_round,
    enter_result,
    publish_pairings,
    reopen_round,
    set_bye,
)
from tests.factories import TEST_ACTOR, create_swiss


def game(event, round_no, board) -> Game:
    return Game.objects.get(round__event=event, round__number=round_no, board=board)


def entries(event) -> list[AuditEntry]:
    return list(AuditEntry.objects.filter(event=event).order_by("id"))


@pytest.fixture
def colleague(django_user_model, event):
    user = django_user_model.objects.create_user("bea", password="pw-bea-1")
    event.arbiters.add(user)
    return user


@pytest.mark.parametrize("code", ["10", "==", "01", "+-", "-+", "--"])
def test_every_result_code_is_stored_and_audited(event, arbiter, code):
    version = event.version
    stored = enter_result(event, 3, 3, code, seen_version=0, actor=arbiter, reason="score sheet")
    assert game(event, 3, 3).result == code
    assert stored.version == 1
    assert stored.entered_by == arbiter
    assert stored.entered_at is not None
    event.refresh_from_db()
    assert event.version == version + 1
    (entry,) = entries(event)
    assert entry.user == arbiter
    assert entry.action == "result"
    assert entry.target == "round 3 board 3"
    assert entry.before == {"result": "", "version": 0}
    assert entry.after == {"result": code, "version": 1}
    assert entry.reason == "score sheet"


def test_zero_zero_only_where_the_event_allows_it(event, arbiter):
    with pytest.raises(WriteRefused):
        enter_result(event, 3, 3, "00", seen_version=0, actor=arbiter)
    assert game(event, 3, 3).result == ""
    Event.objects.filter(pk=event.pk).update(allow_zero_zero=True)
    event.refresh_from_db()
    enter_result(event, 3, 3, "00", seen_version=0, actor=arbiter)
    assert game(event, 3, 3).result == "00"


def test_unknown_codes_are_refused(event, arbiter):
    for code in ["1-0", "x", "WL"]:
        with pytest.raises(WriteRefused):
            enter_result(event, 3, 3, code, seen_version=0, actor=arbiter)
    assert entries(event) == []


def test_a_colleagues_newer_entry_is_not_overwritten(event, arbiter, colleague):
    enter_result(event, 3, 3, "10", seen_version=0, actor=colleague)
    with pytest.raises(StaleEntry) as refused:
        enter_result(event, 3, 3, "01", seen_version=0, actor=arbiter)
    assert game(event, 3, 3).result == "10"
    assert refused.value.current.result == "10"
    assert refused.value.current.entered_by == colleague
    assert refused.value.current.version == 1
    message = refused.value.message
    assert message.startswith("Board 3 was already entered as 1–0 by bea at ")
    assert message.endswith("; reload to correct it")
    assert len(entries(event)) == 1


def test_a_double_tap_is_harmless(event, arbiter):
    first = enter_result(event, 3, 3, "==", seen_version=0, actor=arbiter)
    again = enter_result(event, 3, 3, "==", seen_version=0, actor=arbiter)
    assert again.pk == first.pk
    assert again.version == 1
    assert len(entries(event)) == 1


def test_correcting_with_the_current_version_is_audited(event, arbiter, colleague):
    enter_result(event, 3, 3, "10", seen_version=0, actor=colleague)
    enter_result(event, 3, 3, "01", seen_version=1, actor=arbiter, reason="wrong line")
    corrected = game(event, 3, 3)
    assert (corrected.result, corrected.version, corrected.entered_by) == ("01", 2, arbiter)
    last = entries(event)[-1]
    assert last.before == {"result": "10", "version": 1}
    assert last.after == {"result": "01", "version": 2}
    assert last.reason == "wrong line"


def test_clearing_a_result_makes_the_board_pending(event, arbiter):
    enter_result(event, 3, 3, "10", seen_version=0, actor=arbiter)
    cleared = enter_result(event, 3, 3, "", seen_version=1, actor=arbiter, reason="wrong board")
    assert (cleared.result, cleared.entered_by, cleared.entered_at) == ("", None, None)


def test_an_arbiters_correction_needs_a_reason_a_first_entry_does_not(event, arbiter):
    enter_result(event, 3, 3, "==", seen_version=0, actor=arbiter)
    for blank in ["", "   "]:
        with pytest.raises(WriteRefused, match="a correction needs a reason"):
            enter_result(event, 3, 3, "01", seen_version=1, actor=arbiter, reason=blank)
    assert game(event, 3, 3).result == "=="
    assert [e.reason for e in entries(event)] == [""]
    enter_result(event, 3, 3, "01", seen_version=1, actor=arbiter, reason="scoresheet says 0-1")
    assert [e.reason for e in entries(event)][-1] == "scoresheet says 0-1"


def test_system_writes_skip_the_version_check(event):
    enter_result(event, 3, 3, "10", actor=TEST_ACTOR)
    enter_result(event, 3, 3, "01", actor=TEST_ACTOR)
    assert game(event, 3, 3).result == "01"
    assert [e.user for e in entries(event)] == [None, None]


def test_closed_rounds_refuse_results_until_reopened(event, arbiter):
    with pytest.raises(RoundClosed):
        enter_result(event, 1, 1, "01", seen_version=0, actor=arbiter)
    assert game(event, 1, 1).result == "10"
    reopen_round(event, 1, actor=arbiter, reason="board 1 score sheet signed the other way")
    enter_result(event, 1, 1, "01", seen_version=0, actor=arbiter, reason="signed sheet")
    assert game(event, 1, 1).result == "01"


def test_reopen_needs_a_reason(event, arbiter):
    for reason in ["", "   "]:
        with pytest.raises(WriteRefused):
            reopen_round(event, 1, actor=arbiter, reason=reason)
    assert Round.objects.get(event=event, number=1).state == Round.State.CLOSED
    assert entries(event) == []
    rnd = reopen_round(event, 1, actor=arbiter, reason="appeal")
    assert rnd.state == Round.State.IN_PROGRESS
    assert rnd.closed_at is None
    (entry,) = entries(event)
    assert (entry.action, entry.target, entry.reason) == ("reopen_round", "round 1", "appeal")
    assert entry.before == {"state": "closed"} and entry.after == {"state": "in_progress"}


def test_reopen_refuses_an_open_round(event, arbiter):
    with pytest.raises(WriteRefused):
        reopen_round(event, 3, actor=arbiter, reason="why not")


def test_close_is_refused_while_results_are_missing(event, arbiter):
    with pytest.raises(WriteRefused) as refused:
        close_round(event, 3, actor=arbiter)
    assert "2 results missing (board 3, 4)" in refused.value.message
    assert Round.objects.get(event=event, number=3).state == Round.State.IN_PROGRESS
    enter_result(event, 3, 3, "10", seen_version=0, actor=arbiter)
    enter_result(event, 3, 4, "01", seen_version=0, actor=arbiter)
    rnd = close_round(event, 3, actor=arbiter)
    assert rnd.state == Round.State.CLOSED and rnd.closed_at is not None
    assert entries(event)[-1].action == "close_round"
    close_round(event, 3, actor=arbiter)  # a double tap: nothing more
    assert len(entries(event)) == 3


def test_a_new_round_is_a_hidden_draft_until_published(event, arbiter):
    rnd = create_round(event, 4, [(1, 8), (2, 7), (3, 6)], {4: "H", 5: "Z"}, actor=arbiter)
    assert rnd.state == Round.State.DRAFT
    boards = Game.objects.filter(round=rnd).order_by("board")
    assert [(g.board, g.white.start_no, g.black.start_no) for g in boards] == [
        (1, 1, 8),
        (2, 2, 7),
        (3, 3, 6),
    ]
    byes = UnplayedRound.objects.filter(round=rnd).order_by("participant__start_no")
    assert [(b.participant.start_no, b.kind) for b in byes] == [(4, "H"), (5, "Z")]
    with pytest.raises(WriteRefused):
        enter_result(event, 4, 1, "10", seen_version=0, actor=arbiter)
    with pytest.raises(WriteRefused):
        close_round(event, 4, actor=arbiter)
    published = publish_pairings(event, 4, actor=arbiter)
    assert published.state == Round.State.PAIRINGS
    enter_result(event, 4, 1, "10", seen_version=0, actor=arbiter)
    assert Round.objects.get(pk=rnd.pk).state == Round.State.IN_PROGRESS
    assert [e.action for e in entries(event)] == ["create_round", "publish_pairings", "result"]
    assert entries(event)[0].after == {
        "games": [[1, 8], [2, 7], [3, 6]],
        "byes": {"4": "H", "5": "Z"},
    }


def test_publishing_twice_writes_once(event, arbiter):
    create_round(event, 4, [(1, 8)], actor=arbiter)
    publish_pairings(event, 4, actor=arbiter)
    publish_pairings(event, 4, actor=arbiter)
    assert [e.action for e in entries(event)] == ["create_round", "publish_pairings"]


@pytest.mark.parametrize(
    "games, byes",
    [
        ([(1, 8), (1, 7)], {}),  # paired twice
        ([(1, 1)], {}),  # against themselves
        ([(1, 99)], {}),  # no such player
        ([(1, 8)], {8: "H"}),  # paired and a bye
        ([(1, 8)], {2: "Q"}),  # no such bye kind
    ],
)
def test_bad_pairings_are_refused(event, arbiter, games, byes):
    with pytest.raises(WriteRefused):
        create_round(event, 4, games, byes, actor=arbiter)
    assert not Round.objects.filter(event=event, number=4).exists()


def test_a_round_number_is_used_once(event, arbiter):
    with pytest.raises(WriteRefused):
        create_round(event, 3, [(1, 8)], actor=arbiter)


def test_missing_round_or_board_is_refused(event, arbiter):
    with pytest.raises(WriteRefused):
        enter_result(event, 9, 1, "10", actor=arbiter)
    with pytest.raises(WriteRefused):
        enter_result(event, 3, 9, "10", actor=arbiter)


def test_strangers_anonymous_and_other_events_arbiters_may_not_write(
    event, stranger, django_user_model
):
    from django.contrib.auth.models import AnonymousUser

    other_arbiter = django_user_model.objects.create_user("olga", password="pw-olga-1")
    create_swiss(arbiters=[other_arbiter], slug="other-open")
    inactive = django_user_model.objects.create_user("ivan", password="pw", is_active=False)
    event.arbiters.add(inactive)
    for user in [stranger, AnonymousUser(), other_arbiter, inactive]:
        with pytest.raises(NotAllowed):
            enter_result(event, 3, 3, "10", seen_version=0, actor=user)
        with pytest.raises(NotAllowed):
            close_round(event, 2, actor=user)
        with pytest.raises(NotAllowed):
            reopen_round(event, 1, actor=user, reason="because")
        with pytest.raises(NotAllowed):
            create_round(event, 4, [(1, 8)], actor=user)
    assert game(event, 3, 3).result == ""
    assert entries(event) == []


def test_staff_may_write(event, django_user_model):
    staff = django_user_model.objects.create_user("sam", password="pw-sam-1", is_staff=True)
    enter_result(event, 3, 3, "10", seen_version=0, actor=staff)
    assert entries(event)[0].user == staff


def test_a_write_pushes_once_after_commit(event, arbiter, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks() as callbacks:
        enter_result(event, 3, 3, "10", seen_version=0, actor=arbiter)
    assert len(callbacks) == 1
    with django_capture_on_commit_callbacks() as callbacks:
        enter_result(event, 3, 3, "10", seen_version=0, actor=arbiter)  # double tap
        with pytest.raises(WriteRefused):
            close_round(event, 3, actor=arbiter)
    assert callbacks == []


def test_a_bye_is_set_changed_and_removed(event, arbiter):
    create_round(event, 4, [(1, 8), (2, 7), (3, 6)], actor=arbiter)
    set_bye(event, 4, 4, "H", actor=arbiter, reason="requested")
    set_bye(event, 4, 4, "H", actor=arbiter)  # nothing to change
    set_bye(event, 4, 4, "Z", actor=arbiter)
    assert UnplayedRound.objects.get(round__number=4, participant__start_no=4).kind == "Z"
    assert set_bye(event, 4, 4, "", actor=arbiter) is None
    assert not UnplayedRound.objects.filter(round__number=4).exists()
    byes = [e for e in entries(event) if e.action == "bye"]
    assert [(e.before, e.after) for e in byes] == [
        ({"bye": ""}, {"bye": "H"}),
        ({"bye": "H"}, {"bye": "Z"}),
        ({"bye": "Z"}, {"bye": ""}),
    ]
    assert byes[0].reason == "requested" and byes[0].target == "round 4 player 4"


def test_a_bye_is_refused_for_a_paired_player_a_closed_round_or_a_stranger(event, stranger):
    with pytest.raises(WriteRefused):
        set_bye(event, 3, 1, "H", actor=TEST_ACTOR)
    with pytest.raises(RoundClosed):
        set_bye(event, 1, 1, "H", actor=TEST_ACTOR)
    with pytest.raises(WriteRefused):
        set_bye(event, 3, 99, "H", actor=TEST_ACTOR)
    with pytest.raises(NotAllowed):
        set_bye(event, 3, 1, "H", actor=stranger)
    with pytest.raises(WriteRefused):
        set_bye(event, 3, 1, "Q", actor=TEST_ACTOR)
    assert entries(event) == []
