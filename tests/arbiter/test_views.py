"""The arbiter's round page: access, result entry (htmx and plain forms), round controls."""

from __future__ import annotations

import pytest
from django.test import Client

from standings.events.models import AuditEntry, Event, Game, Participant, Round
from standings.events.services import create_round, enter_result

PAGE = "/e/small-open/arbiter/"
BOARD3 = "/e/small-open/arbiter/round/3/board/3/"
HTMX = {"HTTP_HX_REQUEST": "true"}


def stored(event, round_no=3, board=3) -> Game:
    return Game.objects.get(round__event=event, round__number=round_no, board=board)


def round_state(event, number) -> str:
    return Round.objects.get(event=event, number=number).state


@pytest.fixture
def desk(client, arbiter):
    client.force_login(arbiter)
    return client


@pytest.fixture
def colleague(django_user_model, event):
    user = django_user_model.objects.create_user("bea", password="pw-bea-1")
    event.arbiters.add(user)
    return user


def test_anonymous_is_sent_to_the_login_page(client, event):
    response = client.get(PAGE)
    assert response.status_code == 302
    assert response["Location"] == f"/login/?next={PAGE}"
    response = client.post(BOARD3, {"result": "10", "version": "0"})
    assert response.status_code == 302
    assert stored(event).result == ""


@pytest.mark.parametrize(
    "url, data",
    [
        (BOARD3, {"result": "10", "version": "0"}),
        ("/e/small-open/arbiter/round/2/close/", {}),
        ("/e/small-open/arbiter/round/1/reopen/", {"reason": "because"}),
        ("/e/small-open/arbiter/round/3/publish/", {}),
    ],
)
def test_strangers_get_403_and_nothing_changes(client, event, stranger, url, data):
    client.force_login(stranger)
    assert client.get(PAGE).status_code == 403
    assert client.get("/e/small-open/arbiter/audit/").status_code == 403
    assert client.post(url, data).status_code == 403
    assert client.post(url, data, **HTMX).status_code == 403
    event.refresh_from_db()
    assert event.version == 0
    assert not AuditEntry.objects.exists()
    assert stored(event).result == ""
    assert [round_state(event, n) for n in (1, 2, 3)] == ["closed", "closed", "in_progress"]


def test_arbiter_of_another_event_gets_403(client, event, django_user_model):
    from tests.factories import create_swiss

    other = django_user_model.objects.create_user("olga", password="pw-olga-1")
    create_swiss(arbiters=[other], slug="other-open")
    client.force_login(other)
    assert client.get(PAGE).status_code == 403
    assert client.get("/e/other-open/arbiter/").status_code == 200
    assert client.post(BOARD3, {"result": "10", "version": "0"}).status_code == 403
    assert stored(event).result == ""


def test_staff_may_enter(client, event, django_user_model):
    staff = django_user_model.objects.create_user("sam", password="pw-sam-1", is_staff=True)
    client.force_login(staff)
    assert client.get(PAGE).status_code == 200
    client.post(BOARD3, {"result": "==", "version": "0"}, **HTMX)
    assert stored(event).result == "=="


def test_unknown_event_or_round_is_404(desk, event):
    assert desk.get("/e/nothing/arbiter/").status_code == 404
    assert desk.get("/e/small-open/arbiter/round/9/").status_code == 404


def test_the_page_shows_the_first_open_round_with_a_button_per_result(desk, event):
    html = desk.get(PAGE).content.decode()
    assert '<html lang="en">' in html
    assert '<h2 id="round-heading">Round 3</h2>' in html
    assert 'id="board-3" class="board-row is-pending"' in html
    board3 = html[html.index('id="board-3"') : html.index('id="board-4"')]
    for code, shown in [("10", "1–0"), ("==", "½–½"), ("01", "0–1"), ("+-", "+/−"),
                        ("-+", "−/+"), ("--", "−/−")]:  # fmt: skip
        assert f'name="result" value="{code}" title=' in board3
        assert f">{shown}</button>" in board3
    assert 'value="00"' not in board3
    assert '<input type="hidden" name="version" value="0">' in board3
    assert f'hx-post="{BOARD3}"' in board3 and f'action="{BOARD3}"' in board3
    assert "csrfmiddlewaretoken" in board3
    assert "X-CSRFToken" in html  # htmx sends the token as a header too
    assert 'id="page-body" data-refresh' in html
    assert 'id="last-update"' in html and 'data-version="0"' in html
    assert 'ws-connect="/ws/e/small-open/?view=status"' in html and "web/live.js" in html
    assert "Close round 3</button>" in html and "disabled" in html
    assert "2 results missing (board 3, 4)" in html


def test_zero_zero_button_where_allowed(desk, event):
    Event.objects.filter(pk=event.pk).update(allow_zero_zero=True)
    html = desk.get(PAGE).content.decode()
    assert 'name="result" value="00"' in html


def test_an_htmx_tap_swaps_the_row(desk, event, arbiter):
    response = desk.post(BOARD3, {"result": "10", "version": "0"}, **HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<li id="board-3" class="board-row is-entered"')
    assert "<html" not in html
    assert '<strong class="shown">1–0</strong> entered by arbiter at' in html
    assert '<input type="hidden" name="version" value="1">' in html  # for a correction
    assert "Correct board 3" in html
    assert 'id="round-controls"' in html and 'hx-swap-oob="true"' in html
    assert "1 result missing (board 4)" in html
    game = stored(event)
    assert (game.result, game.version, game.entered_by) == ("10", 1, arbiter)


def test_a_plain_form_post_redirects_back_to_the_board(desk, event):
    response = desk.post(BOARD3, {"result": "01", "version": "0"})
    assert response.status_code == 302
    assert response["Location"] == "/e/small-open/arbiter/round/3/#board-3"
    assert stored(event).result == "01"
    html = desk.get(response["Location"]).content.decode()
    assert '<strong class="shown">0–1</strong> entered by arbiter' in html


def test_a_stale_tap_shows_the_newer_entry_in_the_row(desk, event, colleague):
    enter_result(event, 3, 3, "10", seen_version=0, user=colleague)
    response = desk.post(BOARD3, {"result": "01", "version": "0"}, **HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'role="alert">Board 3 was already entered as 1–0 by bea at ' in html
    assert "; reload to correct it</p>" in html
    assert '<strong class="shown">1–0</strong> entered by bea' in html
    assert '<input type="hidden" name="version" value="1">' in html
    assert stored(event).result == "10"
    assert AuditEntry.objects.count() == 1


def test_a_stale_plain_form_renders_the_page_with_the_refusal(desk, event, colleague):
    enter_result(event, 3, 3, "10", seen_version=0, user=colleague)
    response = desk.post(BOARD3, {"result": "01", "version": "0"})
    assert response.status_code == 409
    html = response.content.decode()
    board3 = html[html.index('id="board-3"') : html.index('id="board-4"')]
    assert "Board 3 was already entered as 1–0 by bea" in board3
    assert stored(event).result == "10"


def test_a_double_tap_is_answered_as_success(desk, event):
    desk.post(BOARD3, {"result": "==", "version": "0"}, **HTMX)
    again = desk.post(BOARD3, {"result": "==", "version": "0"}, **HTMX).content.decode()
    assert 'role="alert"' not in again
    assert '<strong class="shown">½–½</strong>' in again
    assert AuditEntry.objects.count() == 1


def test_correcting_an_entered_board_with_a_reason(desk, event):
    desk.post(BOARD3, {"result": "10", "version": "0"}, **HTMX)
    html = desk.post(
        BOARD3, {"result": "01", "version": "1", "reason": "signed sheet"}, **HTMX
    ).content.decode()
    assert '<strong class="shown">0–1</strong>' in html
    entry = AuditEntry.objects.order_by("-id").first()
    assert (entry.before["result"], entry.after["result"], entry.reason) == (
        "10", "01", "signed sheet"
    )  # fmt: skip


def test_a_missing_version_is_refused(desk, event):
    html = desk.post(BOARD3, {"result": "10"}, **HTMX).content.decode()
    assert "did not say which version" in html
    assert stored(event).result == ""


def test_a_closed_round_refuses_results_and_offers_reopen(desk, event):
    html = desk.get("/e/small-open/arbiter/round/1/").content.decode()
    assert 'name="result"' not in html
    assert '<label for="reopen-reason">' in html and "required" in html
    response = desk.post("/e/small-open/arbiter/round/1/board/1/", {"result": "01", "version": "0"})
    assert response.status_code == 409
    assert "Round 1 is closed; reopen it to correct a result" in response.content.decode()
    assert stored(event, 1, 1).result == "10"


def test_reopen_needs_a_reason(desk, event):
    response = desk.post("/e/small-open/arbiter/round/1/reopen/", {"reason": "  "}, follow=True)
    assert "Say why round 1 is reopened" in response.content.decode()
    assert round_state(event, 1) == "closed"
    desk.post("/e/small-open/arbiter/round/1/reopen/", {"reason": "appeal upheld"})
    assert round_state(event, 1) == "in_progress"
    assert AuditEntry.objects.get().reason == "appeal upheld"
    html = desk.get("/e/small-open/arbiter/round/1/").content.decode()
    assert 'name="result"' in html


def test_close_is_refused_while_results_are_missing_then_closes(desk, event):
    response = desk.post("/e/small-open/arbiter/round/3/close/", follow=True)
    assert "Round 3 cannot be closed: 2 results missing" in response.content.decode()
    assert round_state(event, 3) == "in_progress"
    desk.post(BOARD3, {"result": "10", "version": "0"})
    desk.post("/e/small-open/arbiter/round/3/board/4/", {"result": "01", "version": "0"})
    response = desk.post("/e/small-open/arbiter/round/3/close/")
    assert response.status_code == 302
    assert response["Location"] == "/e/small-open/arbiter/round/3/"
    assert round_state(event, 3) == "closed"


def test_publishing_a_draft_round(desk, event):
    enter_result(event, 3, 3, "10")
    enter_result(event, 3, 4, "01")
    create_round(event, 4, [(1, 8), (2, 7), (3, 6), (4, 5)])
    html = desk.get("/e/small-open/arbiter/round/4/").content.decode()
    assert "Publish pairings</button>" in html
    assert 'name="result"' not in html
    assert '4 <span class="tag">draft</span>' in html
    desk.post("/e/small-open/arbiter/round/4/publish/")
    assert round_state(event, 4) == "pairings"
    assert 'name="result"' in desk.get("/e/small-open/arbiter/round/4/").content.decode()


def test_csrf_is_enforced(event, arbiter):
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(arbiter)
    for url, data in [
        (BOARD3, {"result": "10", "version": "0"}),
        ("/e/small-open/arbiter/round/1/reopen/", {"reason": "x"}),
        ("/e/small-open/arbiter/round/3/close/", {}),
    ]:
        assert strict.post(url, data).status_code == 403
        assert strict.post(url, data, **HTMX).status_code == 403
    assert stored(event).result == ""
    assert round_state(event, 1) == "closed"
    html = strict.get(PAGE).content.decode()
    token = strict.cookies["csrftoken"].value
    assert "X-CSRFToken" in html
    response = strict.post(BOARD3, {"result": "10", "version": "0"}, HTTP_X_CSRFTOKEN=token, **HTMX)
    assert response.status_code == 200
    assert stored(event).result == "10"


def test_get_is_not_a_write(desk, event):
    assert desk.get(BOARD3 + "?result=10&version=0").status_code == 405
    assert desk.get("/e/small-open/arbiter/round/3/close/").status_code == 405
    assert stored(event).result == ""


def test_player_names_are_escaped(desk, event):
    Participant.objects.filter(event=event, start_no=7).update(name="<script>alert(1)</script>")
    html = desk.get(PAGE).content.decode()
    assert "<script>alert(1)</script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
