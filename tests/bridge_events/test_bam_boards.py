"""A BAM match scored board by board, through the service and the scorer's tablet: each
board's points and BAM point from its rooms, the match counted board by board (provisional
until every board is in), corrections need a reason, stale or hostile entries write nothing."""

from __future__ import annotations

import pytest

from standings.bridge_events import bam_boards
from standings.bridge_events.models import BridgeEvent
from standings.bridge_events.services import enter_bam_match, import_bridge
from standings.events.models import AuditEntry
from standings.events.services import WriteRefused
from tests.conftest import FIXTURES
from tests.factories import TEST_ACTOR
from tests.html import select, text

# The BAM example: 8 teams, 4 rounds of 2 boards (round r plays boards 2r-1 and 2r).
# Round 5 is not played: Bergen (1) against Kaunas (2) plays boards 9 and 10.
BAM02 = FIXTURES / "bridge" / "example-bam02.json"
PAGE = "/b/bam/score/bam/5/1-2/"


@pytest.fixture
def bam(db, arbiter):
    event = import_bridge(BAM02.read_bytes(), slug="bam", boards=2, actor=TEST_ACTOR)
    event.arbiters.add(arbiter)
    return event


def board(event, number, open_room, closed_room, *, seen="", reason="", home=1, away=2):
    return bam_boards.enter_bam_board(
        event,
        round_number=5,
        home=home,
        away=away,
        board=number,
        open_room=open_room,
        closed_room=closed_room,
        seen=seen,
        reason=reason,
        actor=TEST_ACTOR,
    )


def document(event) -> dict:
    return BridgeEvent.objects.get(event=event).document


def match(event, number=5) -> dict | None:
    found = [m for m in document(event)["matches"] if m["round"] == number]
    return found[0] if found else None


def test_points_and_bam_from_the_boards(bam):
    # Board 9 (North deals, East-West vulnerable): 4S= N is 420 to Bergen in the open room;
    # 4S-1 N is 50 to Bergen (East-West) in the closed room: 470 to 0, Bergen's point.
    board(bam, 9, "4S= N", "4S-1 N")
    assert match(bam) == {
        "round": 5, "home": 1, "away": 2, "bam": [1, 0],
        "boards": [{"board": 9, "points": [470, 0]}],
    }  # fmt: skip
    # Board 10 (East deals, all vulnerable): 3NT= S is 600 to Bergen open, 600 to Kaunas
    # closed: 600 each, half a point each.
    board(bam, 10, "3NT= S", "600")
    assert match(bam)["bam"] == [1.5, 0.5]
    assert match(bam)["boards"][1] == {"board": 10, "points": [600, 600]}


def test_a_board_won_by_ten_points_is_a_bam_point(bam):
    # North-South's scores: Bergen 420 open; closed -410 is Bergen's 410 as East-West.
    board(bam, 9, "420", "-410")
    assert match(bam)["boards"][0]["points"] == [830, 0]
    # Corrected: Kaunas 430 as North-South closed, 10 more than Bergen's 420: no IMP, a point.
    board(bam, 9, "420", "430", seen="420 / -410", reason="typo")
    assert match(bam)["boards"][0]["points"] == [420, 430]
    assert match(bam)["bam"] == [0, 1]


def test_each_board_says_who_won_its_bam_point(bam):
    board(bam, 9, "4S= N", "4S-1 N")
    board(bam, 10, "600", "")
    bridge = BridgeEvent.objects.get(event=bam)
    data = bridge.data()
    view = bam_boards.bam_match_view(bridge, data, 5, 1, 2)
    assert (view.played, view.planned, view.bam, view.provisional) == (1, 2, "1–0", True)
    rows = bam_boards.bam_board_rows(bridge, data, view)
    assert [(r.board, r.open, r.closed, r.bam_said) for r in rows] == [
        (9, "4S= N", "4S-1 N", "1 BAM point to Bergen"),
        (10, "600", "", ""),
    ]
    assert [r.dealer for r in rows] == ["North", "East"]  # board 9's and 10's, not 1's


def test_a_board_counts_once_both_rooms_are_in(bam):
    board(bam, 9, "4S= N", "")
    assert match(bam)["bam"] == [0, 0] and match(bam)["boards"] == []
    assert document(bam)["boards"] == [
        {"round": 5, "home": 1, "away": 2, "board": 9, "open": "4S= N"}
    ]
    board(bam, 9, "4S= N", "4S= N", seen="4S= N / ")  # completes it: no reason needed
    assert match(bam)["bam"] == [0.5, 0.5]


def test_a_correction_needs_a_reason_and_a_stale_one_is_refused(bam):
    board(bam, 9, "4S= N", "4S-1 N")
    with pytest.raises(WriteRefused, match="needs a reason"):
        board(bam, 9, "4S+1 N", "4S-1 N", seen="4S= N / 4S-1 N")
    with pytest.raises(WriteRefused, match="changed meanwhile"):
        board(bam, 9, "4S+1 N", "4S-1 N", seen="", reason="typo")
    board(bam, 9, "4S+1 N", "4S-1 N", seen="4S= N / 4S-1 N", reason="typo")
    assert match(bam)["boards"][0]["points"] == [500, 0]
    entry = AuditEntry.objects.filter(action="bridge_board").latest("id")
    assert entry.reason == "typo" and "board 9, round 5 Bergen - Kaunas" in entry.target


def test_boards_outside_the_rounds_are_refused(bam):
    with pytest.raises(WriteRefused, match="play boards 9 to 10"):
        board(bam, 1, "4S= N", "")
    assert match(bam) is None


def test_a_team_twice_in_a_round_is_refused(bam):
    board(bam, 9, "4S= N", "")
    with pytest.raises(WriteRefused, match="already plays in round 5"):
        board(bam, 9, "4S= N", "", home=1, away=3)
    with pytest.raises(WriteRefused, match="Kaunas - Bergen of round 5 is already entered"):
        board(bam, 9, "4S= N", "", home=2, away=1)


def test_a_match_entered_as_totals_is_corrected_as_totals(bam):
    from fractions import Fraction

    enter_bam_match(
        bam, round_number=5, home=1, away=2, bam=(Fraction(1), Fraction(1)), actor=TEST_ACTOR
    )
    with pytest.raises(WriteRefused, match="entered as totals"):
        board(bam, 9, "4S= N", "")


# --- the tablet's pages ------------------------------------------------------------


def post(client, path=PAGE + "board", **form):
    return client.post(path, {"board": 9, "open_room": "", "closed_room": "", "seen": "", **form})


def test_the_scorer_scores_a_match_board_by_board_on_the_tablet(bam, arbiter, client):
    client.force_login(arbiter)
    page = client.get("/b/bam/score/?round=5").content.decode()
    (start,) = select(page, "form[action='/b/bam/score/bam/5/start']")
    offered = [o["value"] for o in start.select("select[name=home] option")]
    assert offered == [str(n) for n in range(1, 9)]
    answer = client.get("/b/bam/score/bam/5/start", {"home": 1, "away": 2})
    assert answer.status_code == 302 and answer["Location"] == PAGE
    page = client.get(PAGE).content.decode()
    assert [text(n) for n in select(page, ".board-no")][0].startswith("Board 9")
    assert len(select(page, "form.board-entry")) == 2
    answer = post(client, open_room="4s= n", closed_room="4S-1 N")
    assert answer.status_code == 302 and answer["Location"] == f"{PAGE}?next=10#board-10"
    page = client.get(answer["Location"]).content.decode()
    running = text(select(page, "#match-running")[0])
    assert "1 of 2 boards" in running and "1–0 BAM points" in running and "provisional" in running
    assert "1 BAM point to Bergen" in text(select(page, "#board-9")[0])
    post(client, board=10, open_room="3NT= S", closed_room="600")
    page = client.get(PAGE).content.decode()
    running = text(select(page, "#match-running")[0])
    assert "2 of 2 boards" in running and "provisional" not in running
    assert "½ BAM point each" in text(select(page, "#board-10")[0])
    # The round's pages: the scorer's links the match and offers the teams still free;
    # followers see its boards.
    score = client.get("/b/bam/score/?round=5").content.decode()
    assert select(score, f"a[href='{PAGE}']")
    (start,) = select(score, "form[action='/b/bam/score/bam/5/start']")
    offered = [o["value"] for o in start.select("select[name=away] option")]
    assert offered == [str(n) for n in range(3, 9)]
    assert not select(client.get("/b/bam/score/?round=4").content.decode(), "form[method=get]")
    public = client.get("/b/bam/?round=5").content.decode()
    row = text(select(public, "table.bridge-matches tbody tr")[0])
    assert "1.5–0.5" in row and "2 of 2 boards" in row and "provisional" not in row


def test_followers_see_an_incomplete_match_as_provisional(bam, client):
    board(bam, 9, "4S= N", "4S-1 N")
    public = client.get("/b/bam/?round=5").content.decode()
    row = text(select(public, "table.bridge-matches tbody tr")[0])
    assert "1 of 2 boards" in row and "provisional" in row
    assert select(public, "table.bridge-matches .provisional")


def test_a_stranger_may_not_score(bam, client, django_user_model):
    stranger = django_user_model.objects.create_user("stranger", password="pw-stranger-1")
    client.force_login(stranger)
    version = bam.version
    assert client.get(PAGE).status_code == 403
    assert post(client, open_room="4S= N").status_code == 403
    assert client.get("/b/bam/score/bam/5/start", {"home": 1, "away": 2}).status_code == 403
    bam.refresh_from_db()
    assert bam.version == version and match(bam) is None


@pytest.mark.parametrize(
    "path, form",
    [
        (PAGE + "board", {"open_room": "8S= N"}),
        (PAGE + "board", {"open_room": "4S+4 N"}),
        (PAGE + "board", {"open_room": "425"}),
        (PAGE + "board", {"open_room": "9" * 30}),
        (PAGE + "board", {"board": "1e9", "open_room": "4S= N"}),
        (PAGE + "board", {"board": "-1", "open_room": "4S= N"}),
        (PAGE + "board", {"board": "1", "open_room": "4S= N"}),
        (PAGE + "board", {"board": "", "open_room": "\x00"}),
        (PAGE + "board", {"seen": "x" * 6000, "open_room": "4S= N"}),
        ("/b/bam/score/bam/5/1-1/board", {"open_room": "4S= N"}),
        ("/b/bam/score/bam/5/1-99/board", {"open_room": "4S= N"}),
        ("/b/bam/score/bam/0/1-2/board", {"open_room": "4S= N"}),
        ("/b/bam/score/bam/100/1-2/board", {"open_room": "4S= N"}),
        (f"/b/bam/score/bam/5/1-{'9' * 40}/board", {"open_room": "4S= N"}),
        ("/b/bam/score/bam/5/1-3/board", {"open_room": "4S= N", "board": "11"}),
    ],
)
def test_hostile_posts_get_a_page_and_write_nothing(bam, arbiter, client, path, form):
    client.force_login(arbiter)
    version = bam.version
    answer = post(client, path, **form)
    assert answer.status_code in (302, 404)
    bam.refresh_from_db()
    assert bam.version == version and match(bam) is None
    if answer.status_code == 302:
        assert "Not entered" in client.get(answer["Location"]).content.decode()


@pytest.mark.parametrize(
    "path",
    [
        "/b/bam/score/bam/5/1-1/",
        "/b/bam/score/bam/5/1-99/",
        "/b/bam/score/bam/0/1-2/",
        "/b/bam/score/bam/7/1-2/",
        f"/b/bam/score/bam/5/1-{'9' * 40}/",
    ],
)
def test_no_such_match_is_a_404_page(bam, arbiter, client, path):
    client.force_login(arbiter)
    answer = client.get(path)
    assert answer.status_code == 404 and "no such match" in answer.content.decode()


@pytest.mark.parametrize(
    "query", [{}, {"home": 1, "away": 1}, {"home": "x", "away": 2}, {"home": 1, "away": 99}]
)
def test_a_bad_start_leads_back_to_the_round(bam, arbiter, client, query):
    client.force_login(arbiter)
    answer = client.get("/b/bam/score/bam/5/start", query)
    assert answer.status_code == 302 and answer["Location"] == "/b/bam/score/?round=5"


def test_the_match_opens_as_it_is_stored(bam, arbiter, client):
    client.force_login(arbiter)
    board(bam, 9, "4S= N", "")
    answer = client.get("/b/bam/score/bam/5/2-1/")
    assert answer.status_code == 302 and answer["Location"] == PAGE


def test_another_kind_of_event_refuses_the_bam_board(bridge_event, arbiter, client):
    client.force_login(arbiter)
    answer = post(client, "/b/swiss/score/bam/5/1-2/board", open_room="4S= N")
    assert answer.status_code == 400 and "board-a-match" in answer.content.decode()
    assert client.get("/b/swiss/score/bam/5/1-2/").status_code == 404
