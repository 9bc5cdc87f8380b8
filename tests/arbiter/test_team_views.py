"""The arbiter's pages of a team event: a round as its matches, a match as its boards."""

from __future__ import annotations

import pytest

from standings.events.models import AuditEntry, Game, Match, TeamBye
from standings.events.services import enter_result
from tests.factories import TEST_ACTOR, create_team_event
from tests.html import one, select, text, texts

ROUND = "/e/small-teams/arbiter/round/1/"
MATCH1 = ROUND + "match/1/"
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def teams(db, arbiter):
    return create_team_event(arbiters=[arbiter], teams=5)


@pytest.fixture
def desk(client, arbiter):
    client.force_login(arbiter)
    return client


def stored(table, number) -> Game:
    return Game.objects.get(round__number=1, match__table=table, board=number)


def test_the_round_page_lists_matches_with_their_scores(desk, teams):
    enter_result(teams, 1, 1, "10", table=1, actor=TEST_ACTOR)
    enter_result(teams, 1, 2, "==", table=1, actor=TEST_ACTOR)
    page = desk.get("/e/small-teams/arbiter/").content
    rows = select(page, ".match-row")
    assert [text(one(row, ".teams")) for row in rows] == ["Rooks – Knights", "Bishops – Pawns"]
    assert texts(page, ".match-row .score") == ["1½–½", "0–0"]
    assert text(one(rows[0], ".meta")) == "2/4 boards"
    assert one(rows[0], "a")["href"] == MATCH1
    assert "Queens" in text(one(page, ".team-byes"))  # the fifth team has no match


def test_a_tap_on_a_board_answers_the_board_and_the_match_score(desk, teams):
    page = desk.get(MATCH1).content
    assert texts(page, ".board-row .bno") == ["Board 1", "Board 2", "Board 3", "Board 4"]
    assert text(one(page, "#board-2 .white")) == "Knight 2 7"  # Knights white on board 2
    form = one(page, "#board-2 form")
    assert form["action"] == MATCH1 + "board/2/"
    assert [a["href"] for a in select(page, ".match-nav a")] == [ROUND, ROUND + "match/2/"]
    response = desk.post(form["action"], {"result": "01", "version": "0"}, **HTMX)
    assert response.status_code == 200
    assert text(one(response.content, "#board-2 .shown")) == "0–1"
    score = one(response.content, "#match-score")
    assert score["hx-swap-oob"] == "true"
    assert text(one(score, ".score")) == "1–0"  # the Rooks' player had black
    assert stored(1, 2).result == "01"
    assert stored(2, 2).result == ""


def test_a_stale_tap_is_refused_on_the_board(desk, teams):
    enter_result(teams, 1, 3, "10", table=1, actor=TEST_ACTOR)
    response = desk.post(MATCH1 + "board/3/", {"result": "01", "version": "0"}, **HTMX)
    assert "Board 3 was already entered as 1–0" in text(one(response.content, "#board-3 .refusal"))
    response = desk.post(MATCH1 + "board/3/", {"result": "01", "version": "0"})
    assert response.status_code == 409


def test_a_plain_form_post_redirects_to_the_board(desk, teams):
    response = desk.post(MATCH1 + "board/1/", {"result": "10", "version": "0"})
    assert response["Location"] == MATCH1 + "#board-1"


def test_a_whole_match_forfeit_from_the_match_page(desk, teams):
    response = desk.post(MATCH1 + "forfeit/", {"forfeit": "+-", "reason": "no show"})
    assert response["Location"] == MATCH1
    assert Match.objects.get(round__number=1, table=1).forfeit == "+-"
    page = desk.get(MATCH1).content
    assert text(one(page, "#match-score .score")) == "+/−"
    response = desk.post(MATCH1 + "forfeit/", {"forfeit": "x"}, follow=True)
    assert "x is not a way to forfeit a match" in text(one(response.content, ".messages"))


def test_a_line_up_changes_before_the_first_result(desk, teams):
    page = desk.get(MATCH1).content
    assert len(select(page, ".lineup-form")) == 2
    data = {"board_1": 6, "board_2": 10, "board_3": 8, "board_4": 7}
    desk.post(MATCH1 + "lineup/2/", data)
    assert stored(1, 2).white.start_no == 10
    enter_result(teams, 1, 1, "10", table=1, actor=TEST_ACTOR)
    assert select(desk.get(MATCH1).content, ".lineup-form") == []
    response = desk.post(MATCH1 + "lineup/2/", data | {"board_2": 9}, follow=True)
    assert "Match 1 has a result already" in text(one(response.content, ".messages"))
    response = desk.post(MATCH1 + "lineup/2/", {"board_1": 6}, follow=True)
    assert "Choose the player of board 2" in text(one(response.content, ".messages"))


def test_a_team_bye_from_the_round_page(desk, teams):
    desk.post(ROUND + "team-bye/", {"team": 5, "kind": "F"})
    assert TeamBye.objects.get().kind == "F"
    response = desk.post(ROUND + "team-bye/", {"team": 1, "kind": "F"}, follow=True)
    assert "Rooks has a match in round 1" in text(one(response.content, ".messages"))


def test_strangers_change_nothing(client, teams, stranger):
    client.force_login(stranger)
    before = AuditEntry.objects.count()
    assert client.get(MATCH1).status_code == 403
    for url, data in [
        (MATCH1 + "board/1/", {"result": "10", "version": "0"}),
        (MATCH1 + "forfeit/", {"forfeit": "+-"}),
        (MATCH1 + "lineup/1/", {"board_1": 1}),
        (ROUND + "team-bye/", {"team": 5, "kind": "F"}),
    ]:
        assert client.post(url, data).status_code == 403
    assert AuditEntry.objects.count() == before


def test_the_audit_log_names_team_writes(desk, teams):
    desk.post(MATCH1 + "forfeit/", {"forfeit": "-+", "reason": "late"})
    page = desk.get("/e/small-teams/arbiter/audit/").content
    assert "Match forfeited" in text(one(page, "tbody"))
    assert "-/+ (away wins by forfeit)" in text(one(page, "tbody"))


def test_boards_outside_the_matches_are_entered_by_board(desk, teams):
    """An import that could not group a round's games leaves them outside any match."""
    rnd = teams.round_set.get(number=1)
    loose = Game.objects.create(
        round=rnd,
        board=1,
        white=teams.participants.get(start_no=5),
        black=teams.participants.get(start_no=10),
    )
    page = desk.get(ROUND).content
    form = one(page, "#board-1 form")
    assert form["action"] == "/e/small-teams/arbiter/round/1/board/1/"
    response = desk.post(form["action"], {"result": "==", "version": "0"}, **HTMX)
    assert text(one(response.content, "#board-1 .shown")) == "½–½"
    loose.refresh_from_db()
    assert loose.result == "=="
    assert stored(1, 1).result == ""  # board 1 of match 1 is another board
    public = desk.get("/e/small-teams/round/1/").content
    assert "Boards outside the matches" in text(one(public, "#round-games-1"))
