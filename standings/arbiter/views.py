"""The arbiter's pages: thin views over the write services and the round page context."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST, require_safe
from django_htmx.middleware import HtmxDetails

from standings.events import actors, services
from standings.events.models import Event, Game

from .audit import audit_page
from .boards import board_row, buttons, controls_context, round_context, working_round
from .forms import ReopenForm, ResultForm
from .matches import team_round_context


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails  # set by django_htmx's middleware


def editable_event(request: HttpRequest, slug: str) -> Event:
    """The event of an arbiter's page: 404 when there is none, 403 unless the user may change
    it (the write services check again; this refuses the page before it is rendered)."""
    event = get_object_or_404(Event, slug=slug)
    actors.forbid_unless_may_change(request.user, event, "You are not an arbiter of this event")
    return event


def round_url(event: Event, number: int) -> str:
    return reverse("arbiter:round", args=[event.slug, number])


@login_required
@require_safe
def round_page(request: HttpRequest, slug: str, number: int | None = None) -> HttpResponse:
    event = editable_event(request, slug)
    rnd = working_round(event, number)
    if number is not None and rnd is None:
        raise Http404("No such round")
    if event.kind == Event.Kind.TEAM:  # a round of matches, each opening its boards
        return render(request, "arbiter/team_round.html", team_round_context(event, rnd))
    return render(request, "arbiter/round.html", round_context(event, rnd))


@login_required
@require_POST
def enter_result(request: HtmxHttpRequest, slug: str, number: int, board: int) -> HttpResponse:
    event = editable_event(request, slug)
    refusal = write_result(request, event, number, board)
    if not request.htmx:
        if not refusal:
            return redirect(f"{round_url(event, number)}#board-{board}")
        rnd = working_round(event, number)
        context = round_context(event, rnd, {board: refusal})
        return render(request, "arbiter/round.html", context, status=409)
    games = Game.objects.select_related("round", "white", "black", "entered_by")
    game = get_object_or_404(
        games, round__event=event, round__number=number, board=board, match__isnull=True
    )
    context = {
        "event": event,
        "buttons": buttons(event),
        "row": board_row(event.slug, number, game, refusal, offset=event.board_offset),
        "oob": True,
        **controls_context(game.round),
    }
    return render(request, "arbiter/round.html#board-answer", context)


def write_result(
    request: HttpRequest, event: Event, number: int, board: int, table: int | None = None
) -> str:
    """Enter the posted result of a board (of match `table` in a team event); the refusal
    to show, "" when it is stored."""
    form = ResultForm(request.POST)
    if not form.is_valid():
        return form.refusal()
    try:
        services.enter_result(
            event,
            number,
            board,
            form.cleaned_data["result"],
            seen_version=form.cleaned_data["version"],
            actor=request.user,
            reason=form.cleaned_data["reason"].strip(),
            table=table,
        )
    except services.WriteRefused as refused:
        return refused.message
    return ""


def _round_action(request: HttpRequest, event: Event, number: int, action, **extra) -> HttpResponse:
    try:
        action(event, number, actor=request.user, **extra)
    except services.WriteRefused as refused:
        messages.error(request, refused.message)
    return redirect(round_url(event, number))


@login_required
@require_POST
def publish_pairings(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = editable_event(request, slug)
    return _round_action(request, event, number, services.publish_pairings)


@login_required
@require_POST
def close_round(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = editable_event(request, slug)
    return _round_action(request, event, number, services.close_round)


@login_required
@require_POST
def reopen_round(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = editable_event(request, slug)
    form = ReopenForm(request.POST)
    if not form.is_valid():
        messages.error(request, form.refusal())
        return redirect(round_url(event, number))
    reason = form.cleaned_data["reason"]
    return _round_action(request, event, number, services.reopen_round, reason=reason)


@login_required
@require_safe
def audit(request: HttpRequest, slug: str) -> HttpResponse:
    event = editable_event(request, slug)
    page = audit_page(event, request.GET.get("page"))
    return render(request, "arbiter/audit.html", {"event": event, "page": page})
