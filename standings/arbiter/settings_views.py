"""The event's tie-break settings page: a preset or a custom list, previewed before saving."""

from __future__ import annotations

from dataclasses import replace

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_safe

from standings.engine.editions import choose_edition
from standings.engine.event import System
from standings.engine.presets import PRESETS
from standings.engine.result import Standings
from standings.engine.standings import compute_standings
from standings.events import services
from standings.events.models import Event
from standings.events.snapshot import (
    engine_event,
    event_standings,
    rule_edition,
    team_tiebreaks,
)

from .forms import TiebreakSettingsForm, settings_initial
from .views import editable_event

PREVIEW_ROWS = 30


def _form(event: Event, data=None) -> TiebreakSettingsForm:
    system = System(event.system)
    initial = settings_initial(event, system)
    return TiebreakSettingsForm(
        data, initial=initial, system=system, team=event.kind == Event.Kind.TEAM
    )


def preview(event: Event, form: TiebreakSettingsForm) -> dict:
    """The standings as they would be with the form's settings, beside today's ranks."""
    if not form.is_valid():
        return {"refusal": form.refusal()}
    data = form.cleaned_data
    described = replace(engine_event(event), shared_places=data["ties"] == "shared")
    rules = choose_edition(event.start_date, data["rule_edition"] or None)
    chosen = list(form.chosen())
    if event.kind == Event.Kind.TEAM:  # ranked as the team standings rank on it
        chosen = team_tiebreaks(chosen)
    new: Standings = compute_standings(described, chosen, rules=rules)
    if event.kind == Event.Kind.TEAM:
        stored = team_tiebreaks(event.tiebreak_list())
        today = compute_standings(engine_event(event), stored, rules=rule_edition(event))
    else:
        today = event_standings(event)
    now = {row.start_no: row.rank for row in today.rows}
    rows = [(row, now.get(row.start_no)) for row in new.rows[:PREVIEW_ROWS]]
    return {"standings": new, "rows": rows, "more": max(0, len(new.rows) - PREVIEW_ROWS)}


def _presets(event: Event) -> list[tuple[str, str]]:
    system = System(event.system)
    # A team preset names its primary score itself (MPTS); PTS comes first otherwise.
    return [
        (p.key, " ".join(p.tiebreaks(system) if p.team else ("PTS", *p.tiebreaks(system))))
        for p in PRESETS
    ]


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def settings_page(request: HttpRequest, slug: str) -> HttpResponse:
    event = editable_event(request, slug)
    form = _form(event, request.POST if request.method == "POST" else None)
    status, save_refusal = 200, ""
    if request.method == "POST":
        if form.is_valid():
            data = form.cleaned_data
            try:
                services.change_tiebreak_settings(
                    event,
                    tiebreaks=form.chosen(),
                    rule_edition=data["rule_edition"],
                    shared_places=data["ties"] == "shared",
                    seen_version=data["version"],
                    actor=request.user,
                )
            except services.WriteRefused as refused:
                save_refusal = refused.message
            else:
                messages.success(
                    request, gettext("Tie-break settings saved; the standings are updated")
                )
                return redirect(reverse("arbiter:settings", args=[event.slug]))
        status = 400
    shown = preview(event, form) if form.is_bound else {}
    context = {
        "event": event,
        "form": form,
        "presets": _presets(event),
        "save_refusal": save_refusal,
        **shown,
    }
    return render(request, "arbiter/settings.html", context, status=status)


@login_required
@require_safe
def settings_preview(request: HttpRequest, slug: str) -> HttpResponse:
    """The preview fragment for the form as typed (htmx, on every change)."""
    event = editable_event(request, slug)
    form = _form(event, request.GET)
    context = {"event": event, "form": form, **preview(event, form)}
    return render(request, "arbiter/settings.html#preview", context)
