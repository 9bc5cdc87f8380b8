"""The arbiter's round page: access, result entry (htmx and plain forms), round controls."""

from __future__ import annotations

import pytest
from django.test import Client

from standings.events.models import AuditEntry, Event, Game, Participant, Round
from standings.events.services import create_round, enter_result
from tests.factories import TEST_ACTOR
from tests.html import one, parse, select, text, texts

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
    page = parse(desk.get(PAGE).content)
    assert page.html["lang"] == "en"
    assert text(page.select_one("h2#round-heading")) == "Round 3"
    board3 = page.select_one("#board-3")
    assert board3["class"] == ["board-row", "is-pending"]
    buttons = {b["value"]: text(b) for b in board3.select('button[name="result"]')}
    assert buttons == {"10": "1–0", "==": "½–½", "01": "0–1", "+-": "+/−", "-+": "−/+", "--": "−/−"}
    assert all(b.get("title") for b in board3.select('button[name="result"]'))
    assert board3.select_one('input[type="hidden"][name="version"]')["value"] == "0"
    form = board3.select_one("form")
    assert form["hx-post"] == BOARD3 and form["action"] == BOARD3
    assert form.select_one('input[name="csrfmiddlewaretoken"]')
    main = page.select_one("main")
    assert "X-CSRFToken" in main["hx-headers"]  # htmx sends the token as a header too
    assert page.select_one("#page-body").has_attr("data-refresh")
    assert page.select_one("#last-update")["data-version"] == "0"
    assert main["ws-connect"] == "/ws/e/small-open/?view=status&lang=en"
    assert page.select_one('script[src$="web/live.js"]')
    close = page.select_one("#round-controls button")
    assert text(close) == "Close round 3" and close.has_attr("disabled")
    assert "2 results missing (board 3, 4)" in text(page.select_one("#close-refusal"))


def test_zero_zero_button_where_allowed(desk, event):
    Event.objects.filter(pk=event.pk).update(allow_zero_zero=True)
    assert select(desk.get(PAGE).content, '#board-3 button[name="result"][value="00"]')


def test_an_htmx_tap_swaps_the_row(desk, event, arbiter):
    response = desk.post(BOARD3, {"result": "10", "version": "0"}, **HTMX)
    assert response.status_code == 200
    answer = parse(response.content)
    first = answer.find(True)
    assert first.name == "li" and first["id"] == "board-3"
    assert first["class"] == ["board-row", "is-entered"]
    assert not answer.select("html, body")
    assert text(first.select_one(".entry")).startswith("1–0 entered by arbiter at")
    assert first.select_one('input[name="version"]')["value"] == "1"  # for a correction
    assert text(first.select_one("summary")) == "Correct board 3"
    controls = answer.select_one("#round-controls")
    assert controls["hx-swap-oob"] == "true"
    assert "1 result missing (board 4)" in text(controls)
    game = stored(event)
    assert (game.result, game.version, game.entered_by) == ("10", 1, arbiter)


def test_a_plain_form_post_redirects_back_to_the_board(desk, event):
    response = desk.post(BOARD3, {"result": "01", "version": "0"})
    assert response.status_code == 302
    assert response["Location"] == "/e/small-open/arbiter/round/3/#board-3"
    assert stored(event).result == "01"
    entry = one(desk.get(response["Location"]).content, "#board-3 .entry")
    assert text(entry).startswith("0–1 entered by arbiter")


def test_a_stale_tap_shows_the_newer_entry_in_the_row(desk, event, colleague):
    enter_result(event, 3, 3, "10", seen_version=0, actor=colleague)
    response = desk.post(BOARD3, {"result": "01", "version": "0"}, **HTMX)
    assert response.status_code == 200
    row = one(response.content, "#board-3")
    refusal = text(row.select_one('.refusal[role="alert"]'))
    assert refusal.startswith("Board 3 was already entered as 1–0 by bea at ")
    assert refusal.endswith("; reload to correct it")
    assert text(row.select_one(".entry")).startswith("1–0 entered by bea")
    assert row.select_one('input[name="version"]')["value"] == "1"
    assert stored(event).result == "10"
    assert AuditEntry.objects.count() == 1


def test_a_stale_plain_form_renders_the_page_with_the_refusal(desk, event, colleague):
    enter_result(event, 3, 3, "10", seen_version=0, actor=colleague)
    response = desk.post(BOARD3, {"result": "01", "version": "0"})
    assert response.status_code == 409
    board3 = one(response.content, "#board-3")
    assert "Board 3 was already entered as 1–0 by bea" in text(board3.select_one(".refusal"))
    assert stored(event).result == "10"


def test_a_double_tap_is_answered_as_success(desk, event):
    desk.post(BOARD3, {"result": "==", "version": "0"}, **HTMX)
    again = desk.post(BOARD3, {"result": "==", "version": "0"}, **HTMX).content
    assert not select(again, '[role="alert"]')
    assert texts(again, "#board-3 .shown") == ["½–½"]
    assert AuditEntry.objects.count() == 1


def test_correcting_an_entered_board_with_a_reason(desk, event):
    desk.post(BOARD3, {"result": "10", "version": "0"}, **HTMX)
    answer = desk.post(BOARD3, {"result": "01", "version": "1", "reason": "signed sheet"}, **HTMX)
    assert texts(answer.content, "#board-3 .shown") == ["0–1"]
    entry = AuditEntry.objects.order_by("-id").first()
    assert (entry.before["result"], entry.after["result"], entry.reason) == (
        "10", "01", "signed sheet"
    )  # fmt: skip


def test_a_correction_without_a_reason_is_refused_and_the_entry_kept(desk, event):
    desk.post(BOARD3, {"result": "==", "version": "0"}, **HTMX)
    answer = desk.post(BOARD3, {"result": "01", "version": "1", "reason": " "}, **HTMX)
    refusal = text(one(answer.content, "#board-3 .refusal"))
    assert refusal.startswith("Board 3 was already entered as ½–½")
    assert refusal.endswith("a correction needs a reason")
    assert texts(answer.content, "#board-3 .shown") == ["½–½"]
    assert (stored(event).result, AuditEntry.objects.count()) == ("==", 1)


def test_a_missing_version_is_refused(desk, event):
    for version in ({}, {"version": "x"}, {"version": "-1"}):
        answer = desk.post(BOARD3, {"result": "10", **version}, **HTMX).content
        assert "did not say which version you saw" in text(one(answer, "#board-3 .refusal"))
    assert stored(event).result == ""


def test_a_post_without_a_result_is_refused_and_the_board_kept(desk, event):
    desk.post(BOARD3, {"result": "10", "version": "0"}, **HTMX)
    answer = desk.post(BOARD3, {"version": "1", "reason": "x"}, **HTMX)
    refusal = text(one(answer.content, "#board-3 .refusal"))
    assert refusal == "The form did not say which result; reload the page (nothing was changed)"
    assert desk.post(BOARD3, {"version": "1"}).status_code == 409  # the plain form too
    game = stored(event)
    assert (game.result, game.version) == ("10", 1)
    assert AuditEntry.objects.count() == 1


def test_clearing_is_an_explicit_empty_result(desk, event):
    desk.post(BOARD3, {"result": "10", "version": "0"}, **HTMX)
    desk.post(BOARD3, {"result": "", "version": "1", "reason": "wrong board"}, **HTMX)
    assert stored(event).result == ""


def test_a_reason_too_long_is_refused(desk, event):
    desk.post(BOARD3, {"result": "10", "version": "0"}, **HTMX)
    answer = desk.post(BOARD3, {"result": "01", "version": "1", "reason": "x" * 501}, **HTMX)
    assert "longer than 500 characters" in text(one(answer.content, "#board-3 .refusal"))
    assert stored(event).result == "10"
    reopen = desk.post("/e/small-open/arbiter/round/1/reopen/", {"reason": "y" * 501}, follow=True)
    assert "longer than 500 characters" in text(one(reopen.content, ".messages"))
    assert round_state(event, 1) == "closed"


def test_an_error_below_the_form_is_an_error_not_a_refusal(desk, event, monkeypatch):
    def broken(*args, **kwargs):
        raise ValueError("a bug, not bad input")

    monkeypatch.setattr("standings.events.services.enter_result", broken)
    with pytest.raises(ValueError, match="a bug"):
        desk.post(BOARD3, {"result": "10", "version": "0"}, **HTMX)


def test_a_closed_round_refuses_results_and_offers_reopen(desk, event):
    page = parse(desk.get("/e/small-open/arbiter/round/1/").content)
    assert not page.select('[name="result"]')
    assert page.select_one('label[for="reopen-reason"]')
    assert page.select_one("input#reopen-reason").has_attr("required")
    response = desk.post("/e/small-open/arbiter/round/1/board/1/", {"result": "01", "version": "0"})
    assert response.status_code == 409
    refusal = text(one(response.content, "#board-1 .refusal"))
    assert refusal == "Round 1 is closed; reopen it to correct a result"
    assert stored(event, 1, 1).result == "10"


def test_reopen_needs_a_reason(desk, event):
    response = desk.post("/e/small-open/arbiter/round/1/reopen/", {"reason": "  "}, follow=True)
    assert texts(response.content, ".messages li") == ["Say why round 1 is reopened"]
    assert round_state(event, 1) == "closed"
    desk.post("/e/small-open/arbiter/round/1/reopen/", {"reason": "appeal upheld"})
    assert round_state(event, 1) == "in_progress"
    assert AuditEntry.objects.get().reason == "appeal upheld"
    assert select(desk.get("/e/small-open/arbiter/round/1/").content, '[name="result"]')


def test_close_is_refused_while_results_are_missing_then_closes(desk, event):
    response = desk.post("/e/small-open/arbiter/round/3/close/", follow=True)
    assert "Round 3 cannot be closed: 2 results missing" in text(one(response.content, ".messages"))
    assert round_state(event, 3) == "in_progress"
    desk.post(BOARD3, {"result": "10", "version": "0"})
    desk.post("/e/small-open/arbiter/round/3/board/4/", {"result": "01", "version": "0"})
    response = desk.post("/e/small-open/arbiter/round/3/close/")
    assert response.status_code == 302
    assert response["Location"] == "/e/small-open/arbiter/round/3/"
    assert round_state(event, 3) == "closed"


def test_publishing_a_draft_round(desk, event):
    enter_result(event, 3, 3, "10", actor=TEST_ACTOR)
    enter_result(event, 3, 4, "01", actor=TEST_ACTOR)
    create_round(event, 4, [(1, 8), (2, 7), (3, 6), (4, 5)], actor=TEST_ACTOR)
    page = parse(desk.get("/e/small-open/arbiter/round/4/").content)
    assert text(page.select_one("#round-controls button")) == "Publish pairings"
    assert not page.select('[name="result"]')
    assert text(page.select(".round-nav a")[3]) == "4 draft"
    desk.post("/e/small-open/arbiter/round/4/publish/")
    assert round_state(event, 4) == "pairings"
    assert select(desk.get("/e/small-open/arbiter/round/4/").content, '[name="result"]')


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
    main = one(strict.get(PAGE).content, "main")
    token = strict.cookies["csrftoken"].value
    assert "X-CSRFToken" in main["hx-headers"]
    response = strict.post(BOARD3, {"result": "10", "version": "0"}, HTTP_X_CSRFTOKEN=token, **HTMX)
    assert response.status_code == 200
    assert stored(event).result == "10"


def test_get_is_not_a_write(desk, event):
    assert desk.get(BOARD3 + "?result=10&version=0").status_code == 405
    assert desk.get("/e/small-open/arbiter/round/3/close/").status_code == 405
    assert stored(event).result == ""


def test_player_names_are_escaped(desk, event):
    Participant.objects.filter(event=event, start_no=7).update(name="<script>alert(1)</script>")
    page = desk.get(PAGE).content
    assert b"<script>alert(1)</script>" not in page
    assert text(one(page, "#board-3 .white bdi")) == "<script>alert(1)</script>"  # as text


def test_names_are_isolated_from_the_numbers_beside_them(desk, event):
    Participant.objects.filter(event=event, start_no=7).update(name="Evil\u202e Name")
    white = one(desk.get(PAGE).content, "#board-3 .white")  # start number 7 plays white
    assert text(white.select_one("bdi")) == "Evil\u202e Name"
    assert text(white.select_one("bdi + .sno")) == "7"
    legend = one(desk.get(PAGE).content, "#board-3 legend")
    assert [text(b) for b in legend.select("bdi")] == ["Evil\u202e Name", "Player 04"]


def test_the_nav_marks_the_current_page(desk, event):
    def current(url):
        return texts(desk.get(url).content, '.arbiter-nav [aria-current="page"]')

    assert current(PAGE) == ["Results"]
    assert current("/e/small-open/arbiter/round/1/") == ["Results"]
    assert current("/e/small-open/arbiter/audit/") == ["Audit log"]


def test_a_sign_out_of_this_tablet_on_every_arbiter_page(desk, event):
    for url in (PAGE, "/e/small-open/arbiter/audit/"):
        form = one(desk.get(url).content, "form.logout")
        assert form["action"] == "/logout/" and form["method"] == "post"
        assert text(form.select_one("button")) == "Sign out of this tablet"
    desk.post("/logout/")
    assert desk.get(PAGE).status_code == 302
