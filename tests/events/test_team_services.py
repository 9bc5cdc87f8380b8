"""The writes of a team event: rounds of matches, board results by match, forfeits, byes,
line-ups; each versioned and audited like an individual event's."""

from __future__ import annotations

import pytest

from standings.events.match_score import stored_match_scores
from standings.events.models import AuditEntry, Game, Match, Round, TeamBye
from standings.events.rounds import create_round, home_colours
from standings.events.services import (
    NotAllowed,
    RoundClosed,
    StaleEntry,
    WriteRefused,
    close_refusal,
    close_round,
    enter_result,
)
from standings.events.team_services import forfeit_match, set_lineup, set_team_bye
from tests.factories import TEST_ACTOR, create_team_event


@pytest.fixture
def teams(db, arbiter):
    return create_team_event(arbiters=[arbiter])


def board(event, table, number, round_no=1) -> Game:
    return Game.objects.select_related("white", "black").get(
        round__event=event, round__number=round_no, match__table=table, board=number
    )


def score(event, table, round_no=1):
    match = Match.objects.get(round__event=event, round__number=round_no, table=table)
    return stored_match_scores(event, [match.round_id])[match.pk]


def test_a_round_of_matches_takes_line_ups_by_board_order_and_alternates_colours(teams):
    games = [board(teams, 1, n) for n in (1, 2, 3, 4)]
    # Rooks (home) on white on boards 1 and 3, their first four players by board order.
    assert [(g.white.name, g.black.name) for g in games] == [
        ("Rook 1", "Knight 1"),
        ("Knight 2", "Rook 2"),
        ("Rook 3", "Knight 3"),
        ("Knight 4", "Rook 4"),
    ]
    assert home_colours("", 4) == "WBWB"
    assert home_colours("bwwb", 6) == "BWWBBW"


def test_a_board_is_entered_within_its_match_and_the_score_follows(teams, arbiter):
    enter_result(teams, 1, 1, "10", table=1, seen_version=0, actor=arbiter)
    enter_result(teams, 1, 2, "==", table=1, seen_version=0, actor=arbiter)
    now = score(teams, 1)
    assert (now.shown, now.entered, now.mp_shown) == ("1½–½", 2, "")
    assert now.seen_from(home=False) == "½–1½"
    enter_result(teams, 1, 3, "10", table=1, seen_version=0, actor=arbiter)
    now = score(teams, 1)  # 2½ of 4 cannot be caught: the match is decided
    assert (now.shown, now.mp_shown, now.complete) == ("2½–½", "2–0", False)
    enter_result(teams, 1, 4, "-+", table=1, seen_version=0, actor=arbiter)  # a forfeited board
    now = score(teams, 1)  # Rooks (black on board 4) win it by forfeit
    assert (now.shown, now.mp_shown, now.complete) == ("3½–½", "2–0", True)
    assert board(teams, 2, 1).result == ""  # the same board number of the other match
    entry = AuditEntry.objects.filter(action="result").first()
    assert entry.target == "round 1 match 1 board 4"
    assert Round.objects.get(event=teams, number=1).state == Round.State.IN_PROGRESS


def test_a_drawn_match_gives_each_side_a_match_point(teams):
    for n, result in enumerate(["10", "10", "01", "01"], start=1):
        enter_result(teams, 1, n, result, table=2, actor=TEST_ACTOR)
    assert (score(teams, 2).shown, score(teams, 2).mp_shown) == ("2–2", "1–1")


def test_a_stale_tap_on_a_board_is_refused(teams, arbiter):
    enter_result(teams, 1, 1, "10", table=1, seen_version=0, actor=arbiter)
    with pytest.raises(StaleEntry, match="Board 1 was already entered as 1–0 by arbiter"):
        enter_result(teams, 1, 1, "01", table=1, seen_version=0, actor=arbiter)
    with pytest.raises(WriteRefused, match="no board 5 in match 1"):
        enter_result(teams, 1, 5, "10", table=1, actor=TEST_ACTOR)
    with pytest.raises(WriteRefused, match="no single board 1"):
        enter_result(teams, 1, 1, "10", actor=TEST_ACTOR)


def test_a_whole_match_forfeit_scores_every_board_and_blocks_board_entry(teams, arbiter):
    forfeit_match(teams, 1, 2, "-+", actor=arbiter, reason="Bishops did not come")
    now = score(teams, 2)
    assert (now.shown, now.mp_shown, now.home, now.away) == ("−/+", "0–2", 0.0, 4.0)
    assert now.seen_from(home=False) == "+/−"  # the Pawns' side: they won by forfeit
    with pytest.raises(WriteRefused, match="Match 2 is forfeited as a whole"):
        enter_result(teams, 1, 1, "10", table=2, actor=TEST_ACTOR)
    for n in range(1, 5):
        enter_result(teams, 1, n, "==", table=1, actor=TEST_ACTOR)
    assert close_refusal(Round.objects.get(event=teams, number=1)) == ""
    entry = AuditEntry.objects.filter(action="forfeit_match").get()
    assert (entry.target, entry.after, entry.reason) == (
        "round 1 match 2",
        {"forfeit": "-+"},
        "Bishops did not come",
    )
    forfeit_match(teams, 1, 2, "", actor=arbiter)  # taken back: the boards count again
    assert score(teams, 2).shown == "0–0"
    with pytest.raises(WriteRefused, match="not a way to forfeit"):
        forfeit_match(teams, 1, 2, "x+", actor=TEST_ACTOR)


def test_missing_boards_are_named_by_match_and_board(teams):
    enter_result(teams, 1, 1, "10", table=1, actor=TEST_ACTOR)
    refusal = close_refusal(Round.objects.get(event=teams, number=1))
    assert refusal == (
        "Round 1 cannot be closed: 7 results missing "
        "(match.board 1.2, 1.3, 1.4, 2.1, 2.2, 2.3, 2.4)"
    )


def test_a_team_bye_for_a_team_without_a_match(db, arbiter):
    event = create_team_event(arbiters=[arbiter], teams=5)
    set_team_bye(event, 1, 5, "U", actor=arbiter)
    assert TeamBye.objects.get(round__number=1).team.number == 5
    with pytest.raises(WriteRefused, match="Rooks has a match in round 1"):
        set_team_bye(event, 1, 1, "F", actor=TEST_ACTOR)
    set_team_bye(event, 1, 5, "H", actor=TEST_ACTOR)
    set_team_bye(event, 1, 5, "", actor=TEST_ACTOR)
    assert not TeamBye.objects.exists()
    assert [e.action for e in AuditEntry.objects.order_by("id")][-3:] == ["team_bye"] * 3


def test_a_line_up_is_fixed_before_the_first_result_only(teams, arbiter):
    # The Knights field their reserve (start number 10) on board 2, their board 2 moves to 4.
    set_lineup(teams, 1, 1, 2, [6, 10, 8, 7], actor=arbiter)
    games = [board(teams, 1, n) for n in (1, 2, 3, 4)]
    assert [g.black.start_no if n % 2 else g.white.start_no for n, g in enumerate(games, 1)] == [
        6,
        10,
        8,
        7,
    ]
    assert [g.version for g in games] == [1, 1, 1, 1]  # an older tap is stale
    assert AuditEntry.objects.filter(action="lineup").get().after == {"players": [6, 10, 8, 7]}
    with pytest.raises(WriteRefused, match="Not in Knights's roster: start number \\[1\\]"):
        set_lineup(teams, 1, 1, 2, [1, 10, 8, 7], actor=TEST_ACTOR)
    with pytest.raises(WriteRefused, match="Name 4 players"):
        set_lineup(teams, 1, 1, 2, [6, 10], actor=TEST_ACTOR)
    with pytest.raises(WriteRefused, match="named on two boards"):
        set_lineup(teams, 1, 1, 2, [6, 6, 8, 7], actor=TEST_ACTOR)
    with pytest.raises(WriteRefused, match="Team 3 does not play match 1"):
        set_lineup(teams, 1, 1, 3, [11, 12, 13, 14], actor=TEST_ACTOR)
    enter_result(teams, 1, 3, "10", table=1, actor=TEST_ACTOR)
    with pytest.raises(WriteRefused, match="Match 1 has a result already"):
        set_lineup(teams, 1, 1, 2, [6, 7, 8, 9], actor=TEST_ACTOR)


def test_a_closed_round_and_strangers_are_refused(teams, stranger):
    for table in (1, 2):
        for n in range(1, 5):
            enter_result(teams, 1, n, "==", table=table, actor=TEST_ACTOR)
    close_round(teams, 1, actor=TEST_ACTOR)
    with pytest.raises(RoundClosed):
        forfeit_match(teams, 1, 1, "+-", actor=TEST_ACTOR)
    with pytest.raises(RoundClosed):
        set_lineup(teams, 1, 1, 1, [1, 2, 3, 4], actor=TEST_ACTOR)
    with pytest.raises(NotAllowed):
        set_team_bye(teams, 1, 1, "F", actor=stranger)


def test_a_round_of_matches_refuses_what_cannot_be_paired(teams):
    with pytest.raises(WriteRefused, match="a team is paired twice"):
        create_round(teams, 2, [(1, 2), (2, 3)], boards=4, actor=TEST_ACTOR)
    with pytest.raises(WriteRefused, match="no team numbered \\[9\\]"):
        create_round(teams, 2, [(1, 9)], boards=4, actor=TEST_ACTOR)
    with pytest.raises(WriteRefused, match="fields 5 players for 6 boards"):
        create_round(teams, 2, [(1, 2)], boards=6, actor=TEST_ACTOR)
    with pytest.raises(WriteRefused, match="Round 1 exists already"):
        create_round(teams, 1, [(1, 3)], boards=4, actor=TEST_ACTOR)
    rnd = create_round(
        teams, 2, [(2, 1), (4, 3)], boards=4, lineups={1: [5, 1, 2, 3]}, actor=TEST_ACTOR
    )
    assert rnd.state == Round.State.DRAFT
    assert board(teams, 1, 1, round_no=2).black.start_no == 5  # Rooks away: black on board 1
