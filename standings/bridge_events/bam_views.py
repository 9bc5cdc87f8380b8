"""The scorer's tablet for a BAM match scored board by board: thin views over
`bam_boards.py`, on the page and with the answer of a drawn match's boards."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext, pgettext
from django.views.decorators.http import require_POST, require_safe

from standings.bridge.model import BamEvent

from . import bam_boards
from .board_views import board_answer, focused_board
from .models import BridgeEvent
from .pages import page_rounds
from .scorer import refused_page, scored_bridge, wrong_kind


def _page_url(bridge: BridgeEvent, number: int, home: int, away: int) -> str:
    return reverse("bridge_events:bam_match", args=[bridge.event.slug, number, home, away])


def _round_url(bridge: BridgeEvent, number: int) -> str:
    return f"{reverse('bridge_events:score', args=[bridge.event.slug])}?round={number}"


def _may_play(bridge: BridgeEvent, data: BamEvent, number: int, home: int, away: int) -> bool:
    """Whether the page can hold the match: two teams of the event, a round the scorer's
    page links (one held, or the next)."""
    teams = {t.id for t in data.teams}
    return {home, away} <= teams and home != away and number in page_rounds(bridge, with_next=True)


def _no_match(request: HttpRequest, bridge: BridgeEvent) -> HttpResponse:
    return refused_page(request, bridge, gettext("This event has no such match."), status=404)


@login_required
@require_safe
def match_page(request: HttpRequest, slug: str, number: int, home: int, away: int) -> HttpResponse:
    """A BAM match, board by board: each board's rooms, scores and BAM point, the running
    BAM points (provisional until every board is in); `?next=` takes the focus."""
    bridge = scored_bridge(request, slug)
    data = bridge.data()
    if not isinstance(data, BamEvent) or not _may_play(bridge, data, number, home, away):
        return _no_match(request, bridge)
    swapped = next(
        (m for m in data.matches if (m.round, m.home, m.away) == (number, away, home)), None
    )
    if swapped is not None:  # the match as stored: its home team sits North-South in the open room
        return redirect(_page_url(bridge, number, away, home))
    view = bam_boards.bam_match_view(bridge, data, number, home, away)
    context = {
        "event": bridge.event,
        "bridge": bridge,
        "round": number,
        "match": view,
        "boards": bam_boards.bam_board_rows(bridge, data, view),
        "focus": focused_board(request),
        "where": pgettext("bridge", "Round %(number)s") % {"number": number},
        "entry_url": reverse("bridge_events:enter_bam_board", args=[slug, number, home, away]),
        "back_url": _round_url(bridge, number),
        "back_label": pgettext("bridge", "Back to round %(number)s") % {"number": number},
        "totals_said": gettext(
            "This match is entered as totals; correct them on the round's page."
        ),
        "state": {"version": bridge.event.version},
    }
    return render(request, "bridge/score_match.html", context)


@login_required
@require_POST
def enter_board(request: HttpRequest, slug: str, number: int, home: int, away: int) -> HttpResponse:
    bridge = scored_bridge(request, slug)
    if wrong := wrong_kind(request, bridge, "bam"):
        return wrong
    if not _may_play(bridge, bridge.data(), number, home, away):  # type: ignore[arg-type]
        return _no_match(request, bridge)

    def write(data: dict) -> bam_boards.Entry | None:
        return bam_boards.enter_bam_board(
            bridge.event, round_number=number, home=home, away=away, actor=request.user, **data
        )

    back = _page_url(bridge, number, home, away)
    return board_answer(request, bridge, back, write, said=bam_boards.bam_said)


class StartForm(forms.Form):
    home = forms.IntegerField()
    away = forms.IntegerField()


@login_required
@require_safe
def start_match(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """The board page of the match the scorer picked (home and away) on the round's page."""
    bridge = scored_bridge(request, slug)
    if wrong := wrong_kind(request, bridge, "bam"):
        return wrong
    form = StartForm(request.GET)
    teams = {t["id"] for t in bridge.document["teams"]}
    if form.is_valid():
        home, away = form.cleaned_data["home"], form.cleaned_data["away"]
        if home != away and {home, away} <= teams:
            return redirect(_page_url(bridge, number, home, away))
    messages.error(request, gettext("Pick two different teams."))
    return redirect(_round_url(bridge, number))
