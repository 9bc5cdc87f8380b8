"""The scorer's tablet for a round's draw and a match scored board by board: thin views over
`board_entry.py` (the writes) and `play_pages.py` (what the pages show)."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext, pgettext
from django.views.decorators.http import require_POST, require_safe

from standings.bridge.model import KnockoutEvent, TeamsEvent
from standings.bridge.reader import MAX_ROUND
from standings.events.services import WriteRefused

from . import board_entry
from .forms import BoardEntryForm, DrawTableForm, UndrawTableForm
from .models import BridgeEvent
from .play_pages import board_rows, board_said, drawn_match, round_tables, segment_view
from .scorer import refused_page, scored_bridge, wrong_kind
from .views import scored_round


def _score_url(bridge: BridgeEvent, number: int) -> str:
    return f"{reverse('bridge_events:score', args=[bridge.event.slug])}?round={number}"


def _match_url(bridge: BridgeEvent, number: int, table: int) -> str:
    return reverse("bridge_events:match", args=[bridge.event.slug, number, table])


def _not_entered(request: HttpRequest, problem: str) -> None:
    messages.error(request, gettext("Not entered: %(problem)s") % {"problem": problem})


@login_required
@require_POST
def draw_table(request: HttpRequest, slug: str) -> HttpResponse:
    bridge = scored_bridge(request, slug)
    if wrong := wrong_kind(request, bridge, "teams"):
        return wrong
    form = DrawTableForm(request.POST)
    if not form.is_valid():
        _not_entered(request, form.refusal())
        return redirect(_score_url(bridge, scored_round(bridge, request.POST.get("round", ""))))
    data = form.cleaned_data
    try:
        board_entry.draw_table(
            bridge.event,
            round_number=data["round"],
            table=data["table"],
            home=data["home"],
            away=data["away"],
            actor=request.user,
        )
    except WriteRefused as refused:
        _not_entered(request, refused.message)
    else:
        names = {t["id"]: t["name"] for t in bridge.document["teams"]}
        messages.success(
            request,
            gettext("Round %(round)s, table %(table)s: %(home)s – %(away)s.")
            % {
                "round": data["round"],
                "table": data["table"],
                "home": names.get(data["home"], data["home"]),
                "away": names.get(data["away"], data["away"]),
            },
        )
    return redirect(_score_url(bridge, data["round"]))


@login_required
@require_POST
def undraw_table(request: HttpRequest, slug: str) -> HttpResponse:
    bridge = scored_bridge(request, slug)
    if wrong := wrong_kind(request, bridge, "teams"):
        return wrong
    form = UndrawTableForm(request.POST)
    if not form.is_valid():
        _not_entered(request, form.refusal())
        return redirect(_score_url(bridge, scored_round(bridge, request.POST.get("round", ""))))
    number, table = form.cleaned_data["round"], form.cleaned_data["table"]
    try:
        board_entry.undraw_table(bridge.event, round_number=number, table=table, actor=request.user)
    except WriteRefused as refused:
        _not_entered(request, refused.message)
    else:
        messages.success(
            request,
            gettext("Round %(round)s: table %(table)s taken out of the draw.")
            % {"round": number, "table": table},
        )
    return redirect(_score_url(bridge, number))


@login_required
@require_safe
def match_page(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    """One drawn match, board by board: each board's rooms, score and IMPs, the running
    IMPs and VPs; `?next=` is the board whose open room takes the focus."""
    bridge = scored_bridge(request, slug)
    data = bridge.data()
    drawn = drawn_match(data, number, table)
    if drawn is None or not isinstance(data, TeamsEvent):
        problem = gettext("Round %(round)s has no table %(table)s.") % {
            "round": number,
            "table": table,
        }
        return refused_page(request, bridge, problem, status=404)
    view = next(t for t in round_tables(bridge, data, number) if t.table == table)
    where = pgettext("bridge", "Round %(number)s, table %(table)s") % {
        "number": number,
        "table": table,
    }
    context = {
        "event": bridge.event,
        "bridge": bridge,
        "round": number,
        "match": view,
        "boards": board_rows(bridge, data, drawn),
        "focus": focused_board(request),
        "where": where,
        "entry_url": reverse("bridge_events:enter_board", args=[bridge.event.slug, number, table]),
        "back_url": f"{_score_url(bridge, number)}#table-{table}",
        "back_label": pgettext("bridge", "Back to round %(number)s") % {"number": number},
        "totals_said": gettext(
            "This match is entered as totals; correct them on the round's page."
        ),
        "state": {"version": bridge.event.version},
    }
    return render(request, "bridge/score_match.html", context)


def focused_board(request: HttpRequest) -> int:
    """The board whose open room takes the focus (`?next=`, after an entry)."""
    asked = request.GET.get("next", "")
    return int(asked) if asked.isdigit() and len(asked) <= 3 else 0


@login_required
@require_safe
def segment_page(request: HttpRequest, slug: str, segment: int) -> HttpResponse:
    """A knockout's segment, board by board, as a drawn match's page."""
    bridge = scored_bridge(request, slug)
    data = bridge.data()
    if not isinstance(data, KnockoutEvent) or not 1 <= segment <= MAX_ROUND:
        problem = gettext("This match has no segment %(number)s.") % {"number": segment}
        return refused_page(request, bridge, problem, status=404)
    view = segment_view(bridge, data, segment)
    context = {
        "event": bridge.event,
        "bridge": bridge,
        "match": view,
        "boards": board_rows(bridge, data, view.drawn),
        "focus": focused_board(request),
        "where": gettext("Segment %(number)s") % {"number": segment},
        "entry_url": reverse(
            "bridge_events:enter_segment_board", args=[bridge.event.slug, segment]
        ),
        "back_url": reverse("bridge_events:score_knockout", args=[bridge.event.slug]),
        "back_label": gettext("Back to the match"),
        "totals_said": gettext(
            "This segment is entered as totals; correct them on the match's page."
        ),
        "state": {"version": bridge.event.version},
    }
    return render(request, "bridge/score_match.html", context)


@login_required
@require_POST
def enter_board(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    bridge = scored_bridge(request, slug)
    if wrong := wrong_kind(request, bridge, "teams"):
        return wrong

    def write(data: dict) -> board_entry.Entry | None:
        return board_entry.enter_board(
            bridge.event, round_number=number, table=table, actor=request.user, **data
        )

    return board_answer(request, bridge, _match_url(bridge, number, table), write)


@login_required
@require_POST
def enter_segment_board(request: HttpRequest, slug: str, segment: int) -> HttpResponse:
    bridge = scored_bridge(request, slug)
    if wrong := wrong_kind(request, bridge, "knockout"):
        return wrong

    def write(data: dict) -> board_entry.Entry | None:
        return board_entry.enter_segment_board(
            bridge.event, segment=segment, actor=request.user, **data
        )

    back = reverse("bridge_events:segment", args=[bridge.event.slug, segment])
    return board_answer(request, bridge, back, write)


def board_answer(
    request: HttpRequest,
    bridge: BridgeEvent,
    back: str,
    write: Callable[[dict], board_entry.Entry | None],
    said: Callable[[board_entry.Entry, dict[int, str]], str] = board_said,
) -> HttpResponse:
    """A board posted: written, then back to its page with the next board's open room
    focused, and `said` for the scorer; refused, back at the board with the sentence."""
    form = BoardEntryForm(request.POST)
    if not form.is_valid():
        _not_entered(request, form.refusal())
        return redirect(back)
    data = form.cleaned_data
    board = data["board"]
    try:
        stored = write(
            {
                "board": board,
                "open_room": data["open_room"],
                "closed_room": data["closed_room"],
                "seen": data["seen"],
                "reason": data["reason"],
            }
        )
    except WriteRefused as refused:
        _not_entered(request, refused.message)
        return redirect(f"{back}#board-{board}")
    if stored is None:
        messages.success(
            request, pgettext("bridge", "Board %(board)s: unchanged.") % {"board": board}
        )
    else:
        messages.success(request, said(stored, _sides(bridge)))
    return redirect(f"{back}?next={board + 1}#board-{board + 1}")


def _sides(bridge: BridgeEvent) -> dict[int, str]:
    return {t["id"]: t["name"] for t in bridge.document["teams"]}
