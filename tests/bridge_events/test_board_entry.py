"""A round's draw and a match scored board by board, through the services and the scorer's
tablet pages: the totals follow the boards, corrections need a reason, a stale or
impossible entry is refused with a sentence and writes nothing."""

from __future__ import annotations

import pytest

from standings.bridge_events import board_entry
from standings.bridge_events.models import BridgeEvent
from standings.events.models import AuditEntry
from standings.events.services import WriteRefused
from tests.factories import TEST_ACTOR
from tests.html import select, text

# Round 10 of the Swiss example is not played: Porto (1) - Cadiz (2), Riga (3) - 4.


def draw(event, table=1, home=1, away=2, number=10):
    return board_entry.draw_table(
        event, round_number=number, table=table, home=home, away=away, actor=TEST_ACTOR
    )


def board(event, number, open_room, closed_room, *, seen="", reason="", table=1):
    return board_entry.enter_board(
        event,
        round_number=10,
        table=table,
        board=number,
        open_room=open_room,
        closed_room=closed_room,
        seen=seen,
        reason=reason,
        actor=TEST_ACTOR,
    )


def document(event) -> dict:
    return BridgeEvent.objects.get(event=event).document


def small(event, boards=2):
    BridgeEvent.objects.filter(event=event).update(boards_per_match=boards)


def test_a_match_drawn_then_scored_board_by_board(bridge_event):
    small(bridge_event)
    draw(bridge_event)
    assert board(bridge_event, 1, "4S= N", "") is not None
    assert not [m for m in document(bridge_event)["matches"] if m["round"] == 10]
    board(bridge_event, 1, "4S= N", "4S-1 N", seen="4S= N / ")  # completes it: no reason
    board(bridge_event, 2, "3NT-1 S", "600", seen="")
    (match,) = [m for m in document(bridge_event)["matches"] if m["round"] == 10]
    # board 1: 470 for home, 10 IMPs; board 2: -700, 12 IMPs to away
    assert match["imps"] == [10, 12] and match["points"] == [470, 700]
    assert match["vps"] == [9.0, 11.0] or sum(match["vps"]) == 20  # the WBF scale for 2 boards
    assert match["vps"][0] < match["vps"][1]


def test_the_same_entry_twice_is_written_once(bridge_event):
    draw(bridge_event)
    assert draw(bridge_event) is None
    board(bridge_event, 1, "4S= N", "420")
    version = BridgeEvent.objects.get(event=bridge_event).event.version
    assert board(bridge_event, 1, "4S= N", "420", seen="4S= N / 420") is None
    assert BridgeEvent.objects.get(event=bridge_event).event.version == version


def test_a_correction_needs_a_reason_and_is_audited_with_it(bridge_event):
    draw(bridge_event)
    board(bridge_event, 1, "4S= N", "420")
    with pytest.raises(WriteRefused, match="a correction needs a reason"):
        board(bridge_event, 1, "4S+1 N", "420", seen="4S= N / 420")
    board(bridge_event, 1, "4S+1 N", "420", seen="4S= N / 420", reason="wrong tricks")
    entry = AuditEntry.objects.filter(action="bridge_board").latest("id")
    assert entry.reason == "wrong tricks"


def test_a_stale_board_is_refused_and_the_earlier_entry_stays(bridge_event):
    draw(bridge_event)
    board(bridge_event, 1, "4S= N", "")
    with pytest.raises(WriteRefused, match="changed meanwhile"):
        board(bridge_event, 1, "3NT= S", "", seen="")  # a colleague's tablet, not refreshed
    assert document(bridge_event)["boards"][0]["open"] == "4S= N"


@pytest.mark.parametrize(
    ("rooms", "problem"),
    [
        (("4Z= N", ""), 'not a contract: "4Z"'),
        (("4S+4 N", ""), r"4S\+4 would be 14 tricks"),
        (("425", ""), "a North-South score is a multiple of 10"),
        (("", ""), "at least one room"),
        (("4S N", ""), "needs its result"),
    ],
)
def test_an_impossible_board_is_refused_with_a_sentence(bridge_event, rooms, problem):
    draw(bridge_event)
    with pytest.raises(WriteRefused, match=problem):
        board(bridge_event, 1, *rooms)
    assert "boards" not in document(bridge_event) or not document(bridge_event)["boards"]


def test_the_draw_refuses_a_team_twice_and_a_round_too_far(bridge_event):
    draw(bridge_event)
    with pytest.raises(WriteRefused, match="Cadiz is already drawn in round 10"):
        draw(bridge_event, table=2, home=2, away=3)
    with pytest.raises(WriteRefused, match="table 1 of round 10 is taken"):
        draw(bridge_event, table=1, home=3, away=4)
    with pytest.raises(WriteRefused, match="draw round 11 first"):
        draw(bridge_event, number=12, home=3, away=4)
    with pytest.raises(WriteRefused, match="not in the draw"):
        board(bridge_event, 1, "420", "", table=7)


def test_a_table_with_results_stays_in_the_draw(bridge_event):
    draw(bridge_event)
    draw(bridge_event, table=2, home=3, away=4)
    board_entry.undraw_table(bridge_event, round_number=10, table=2, actor=TEST_ACTOR)
    assert [d["table"] for d in document(bridge_event)["draw"]] == [1]
    board(bridge_event, 1, "420", "")
    with pytest.raises(WriteRefused, match="this match has results"):
        board_entry.undraw_table(bridge_event, round_number=10, table=1, actor=TEST_ACTOR)


def test_a_drawn_match_entered_as_totals_then_no_boards_and_back(bridge_event):
    draw(bridge_event)
    from standings.bridge_events.services import enter_match

    enter_match(
        bridge_event, round_number=10, home=1, away=2, imps=(30, 10), points=(2000, 1000),
        actor=TEST_ACTOR,
    )  # fmt: skip
    with pytest.raises(WriteRefused, match="entered as totals"):
        board(bridge_event, 1, "420", "")
    with pytest.raises(WriteRefused, match="is not a match of round 10's draw"):
        enter_match(
            bridge_event, round_number=10, home=3, away=5, imps=(30, 10), points=(1, 1),
            actor=TEST_ACTOR,
        )  # fmt: skip


# --- the tablet ---------------------------------------------------------------------------


def test_the_scorer_draws_a_round_and_scores_a_board_on_the_tablet(client, bridge_event, arbiter):
    client.force_login(arbiter)
    page = client.get("/b/swiss/score/?round=10").content.decode()
    assert "Start round" not in page or "?round=10" in page
    answer = client.post(
        "/b/swiss/score/draw",
        {"round": 10, "table": 1, "home": 1, "away": 2, "seen": ""},
        follow=True,
    )
    html = answer.content.decode()
    assert "Round 10, table 1: Porto – Cadiz." in html
    away_choices = [text(o) for o in select(html, ".draw-form select[name=away] option")]
    assert "Porto" not in away_choices and "Cadiz" not in away_choices  # drawn already
    match = client.get("/b/swiss/score/10/1/")
    assert match.status_code == 200
    boards = select(match.content.decode(), ".board-list > li")
    assert len(boards) == 16
    assert "North deals" in text(boards[0]) and "none vulnerable" in text(boards[0])
    answer = client.post(
        "/b/swiss/score/10/1/board",
        {"board": 1, "open_room": "4s= n", "closed_room": "4S-1 N", "seen": ""},
        follow=True,
    )
    html = answer.content.decode()
    assert "Board 1, Porto – Cadiz: 4S= N / 4S-1 N, 10 IMPs to Porto." in html
    assert "1 of 16 boards" in html and "10–0 IMPs" in html and "provisional" in html
    follower = client.get("/b/swiss/?round=10").content.decode()
    assert "1 of 16 boards" in follower


def test_a_refused_board_is_said_in_french(client, bridge_event, arbiter):
    client.force_login(arbiter)
    draw(bridge_event)
    answer = client.post(
        "/b/swiss/score/10/1/board",
        {"board": 1, "open_room": "8S= N", "closed_room": "", "seen": ""},
        follow=True,
        headers={"accept-language": "fr"},
    )
    html = answer.content.decode()
    assert answer.status_code == 200
    assert "Non enregistré" in html and "$." not in html


@pytest.mark.parametrize(
    "form",
    [
        {},
        {"board": "x", "open_room": "420"},
        {"board": 0, "open_room": "420"},
        {"board": 17, "open_room": "420"},
        {"board": 10**30, "open_room": "420"},
        {"board": 1, "open_room": "4" * 5000},
        {"board": 1, "open_room": "\x00"},
        {"board": 1, "open_room": "420", "seen": "x" * 10000},
    ],
)
def test_hostile_board_posts_get_a_page_and_write_nothing(client, bridge_event, arbiter, form):
    client.force_login(arbiter)
    draw(bridge_event)
    version = BridgeEvent.objects.get(event=bridge_event).event.version
    answer = client.post("/b/swiss/score/10/1/board", form, follow=True)
    assert answer.status_code < 500
    assert BridgeEvent.objects.get(event=bridge_event).event.version == version


def test_hostile_addresses_and_strangers(client, bridge_event, arbiter, stranger):
    draw(bridge_event)
    assert client.get("/b/swiss/score/10/1/").status_code == 302  # to sign in
    client.force_login(stranger)
    assert client.get("/b/swiss/score/10/1/").status_code == 403
    assert client.post("/b/swiss/score/10/1/board", {"board": 1}).status_code == 403
    assert client.post("/b/swiss/score/draw", {}).status_code == 403
    client.force_login(arbiter)
    assert client.get("/b/swiss/score/10/9/").status_code == 404
    assert client.get("/b/swiss/score/99999999999999999999/1/").status_code == 404
    assert client.get("/b/swiss/score/10/1/?next=" + "9" * 50).status_code == 200


def test_a_round_begun_as_totals_can_still_be_drawn(bridge_event):
    from standings.bridge_events.services import enter_match

    enter_match(
        bridge_event, round_number=10, home=5, away=6, imps=(30, 10), points=(2000, 1000),
        actor=TEST_ACTOR,
    )  # fmt: skip
    draw(bridge_event, table=1, home=1, away=2)
    drawn = [(d["table"], d["home"], d["away"]) for d in document(bridge_event)["draw"]]
    assert drawn == [(1, 1, 2), (2, 5, 6)]  # the match entered first takes the next table


def test_a_team_page_shows_its_match_board_by_board(client, bridge_event):
    draw(bridge_event)
    board(bridge_event, 1, "4S= N", "4S-1 N")
    board(bridge_event, 2, "3NT-1 S", "")
    html = client.get("/b/swiss/team/2/").content.decode()
    (section,) = select(html, "section.team-boards")
    assert "Round 10: Porto – Cadiz, board by board" in text(section)
    rows = [text(r) for r in select(html, "table.bridge-boards tbody tr")]
    assert rows == ["1 4S= N (420) 4S-1 N (-50) 10 Porto", "2 3NT-1 S (-100) … …"]
    assert "2 of 16 boards" not in html and "1 of 16 boards" in html  # board 2: one room
    french = client.get("/b/swiss/team/2/", headers={"accept-language": "fr"}).content.decode()
    assert "Tour 10 : Porto – Cadiz, donne par donne" in french and "Salle ouverte" in french


@pytest.mark.parametrize(
    ("url", "form"),
    [
        ("/b/swiss/score/draw", {}),
        ("/b/swiss/score/draw", {"round": 10, "table": 1, "home": 1, "away": 1}),
        ("/b/swiss/score/draw", {"round": 10, "table": 1, "home": 1, "away": 99}),
        ("/b/swiss/score/draw", {"round": 10, "table": 10**40, "home": 1, "away": 2}),
        ("/b/swiss/score/draw", {"round": 0, "table": 1, "home": 1, "away": 2}),
        ("/b/swiss/score/draw", {"round": 30, "table": 1, "home": 1, "away": 2}),
        ("/b/swiss/score/draw", {"round": "x", "table": "\x00", "home": "", "away": "-1"}),
        ("/b/swiss/score/undraw", {}),
        ("/b/swiss/score/undraw", {"round": 10, "table": 5}),
        ("/b/swiss/score/undraw", {"round": 10, "table": "1e9"}),
    ],
)
def test_hostile_draw_posts_get_a_page_and_write_nothing(client, bridge_event, arbiter, url, form):
    client.force_login(arbiter)
    version = BridgeEvent.objects.get(event=bridge_event).event.version
    answer = client.post(url, form, follow=True)
    assert answer.status_code < 500
    assert "Not entered" in answer.content.decode()
    assert BridgeEvent.objects.get(event=bridge_event).event.version == version


def test_the_wrong_kind_of_event_gets_400(client, db, arbiter):
    from standings.bridge_events.services import import_bridge
    from tests.conftest import FIXTURES

    event = import_bridge(
        (FIXTURES / "bridge" / "example-pr02.json").read_bytes(), slug="pairs", actor=TEST_ACTOR
    )
    event.arbiters.add(arbiter)
    client.force_login(arbiter)
    form = {"round": 1, "table": 1, "home": 1, "away": 2}
    assert client.post("/b/pairs/score/draw", form).status_code == 400
    assert client.get("/b/pairs/score/1/1/").status_code == 404
    assert client.post("/b/pairs/score/1/1/board", {"board": 1}).status_code == 400
