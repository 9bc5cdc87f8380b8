"""The arbiter's pages of a team event: thin views over `services.enter_result(table=...)`
and `events.team_services`, a form for every POST."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST, require_safe

from standings.events import services, team_services
from standings.events.models import Event, Match, Round

from .boards import board_row
from .forms import ForfeitForm, LineupForm, TeamByeForm
from .matches import match_answer_context, match_context
from .views import HtmxHttpRequest, editable_event, round_url, write_result


def _match(event: Event, number: int, table: int) -> Match:
    matches = Match.objects.select_related("round", "home", "away")
    return get_object_or_404(matches, round__event=event, round__number=number, table=table)


def _match_url(event: Event, number: int, table: int) -> str:
    return reverse("arbiter:match", args=[event.slug, number, table])


@login_required
@require_safe
def match_page(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    event = editable_event(request, slug)
    match = _match(event, number, table)
    return render(request, "arbiter/match.html", match_context(event, match.round, match))


@login_required
@require_POST
def enter_result(
    request: HtmxHttpRequest, slug: str, number: int, table: int, board: int
) -> HttpResponse:
    event = editable_event(request, slug)
    refusal = write_result(request, event, number, board, table)
    match = _match(event, number, table)
    if not request.htmx:
        if not refusal:
            return redirect(f"{_match_url(event, number, table)}#board-{board}")
        context = match_context(event, match.round, match, {board: refusal})
        return render(request, "arbiter/match.html", context, status=409)
    game = get_object_or_404(
        match.games.select_related("white", "black", "entered_by", "match"), board=board
    )
    row = board_row(event.slug, number, game, refusal)
    context = match_answer_context(event, match.round, match, row)
    return render(request, "arbiter/match.html#board-answer", context)


@login_required
@require_POST
def forfeit_match(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    event = editable_event(request, slug)
    form = ForfeitForm(request.POST)
    if form.is_valid():
        _try(
            request,
            team_services.forfeit_match,
            event,
            number,
            table,
            form.cleaned_data["forfeit"],
            actor=request.user,
            reason=form.cleaned_data["reason"].strip(),
        )
    else:
        messages.error(request, form.refusal())
    return redirect(_match_url(event, number, table))


@login_required
@require_POST
def set_lineup(request: HttpRequest, slug: str, number: int, table: int, team: int) -> HttpResponse:
    event = editable_event(request, slug)
    match = _match(event, number, table)
    form = LineupForm(request.POST, boards=match.games.count())
    if form.is_valid():
        lineup = form.players()
        _try(
            request,
            team_services.set_lineup,
            event,
            number,
            table,
            team,
            lineup,
            actor=request.user,
        )
    else:
        messages.error(request, form.refusal())
    return redirect(_match_url(event, number, table))


@login_required
@require_POST
def team_bye(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = editable_event(request, slug)
    get_object_or_404(Round, event=event, number=number)
    form = TeamByeForm(request.POST)
    if form.is_valid():
        team, kind = form.cleaned_data["team"], form.cleaned_data["kind"]
        _try(request, team_services.set_team_bye, event, number, team, kind, actor=request.user)
    else:
        messages.error(request, form.refusal())
    return redirect(round_url(event, number))


def _try(request: HttpRequest, write, *args, **kwargs) -> None:
    """Run a write; its refusal becomes the message the next page shows."""
    try:
        write(*args, **kwargs)
    except services.WriteRefused as refused:
        messages.error(request, refused.message)
