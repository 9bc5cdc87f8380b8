"""The event's prize settings: categories and prizes as one JSON document, edited on the
page or imported from a file, exported as a file (docs/prizes.md)."""

from __future__ import annotations

import json
from dataclasses import dataclass

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from standings.engine.standings import compute_standings
from standings.events import services
from standings.events.models import Event
from standings.events.prizes import (
    declare_final,
    prize_file,
    prize_list,
    prize_rules,
    withdraw_final,
)
from standings.events.snapshot import engine_event, rule_edition
from standings.prizes.projection import Award, CategoryList
from standings.prizes.rules import Prize, PrizeRules

from .forms import PrizeSettingsForm, ReopenForm
from .views import editable_event

EXAMPLE = {
    "ties": "equal",
    "stacking": False,
    "currency": "€",
    "categories": [
        {"key": "overall", "name": "Overall"},
        {"key": "u1800", "name": "U1800", "rating": {"max": 1799, "unrated": False}},
    ],
    "prizes": [
        {"category": "overall", "place": 1, "amount": "300"},
        {"category": "u1800", "place": 1, "amount": "100"},
    ],
}


def shown_document(document: dict) -> str:
    return json.dumps(document or EXAMPLE, ensure_ascii=False, indent=2)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def prize_settings(request: HttpRequest, slug: str) -> HttpResponse:
    event = editable_event(request, slug)
    initial = {"document": shown_document(event.prize_rules), "version": event.version}
    if request.method != "POST":
        form = PrizeSettingsForm(initial=initial)
        return _page(request, event, form, status=200)
    form = PrizeSettingsForm(request.POST, request.FILES, initial=initial)
    refusal = ""
    if form.is_valid():
        try:
            services.change_prizes(
                event,
                form.cleaned_data["parsed"],
                seen_version=form.cleaned_data["version"],
                actor=request.user,
            )
        except services.WriteRefused as refused:
            refusal = refused.message
        else:
            messages.success(request, gettext("Prizes saved; the prize list is updated"))
            return redirect(reverse("arbiter:prizes", args=[event.slug]))
    return _page(request, event, form, status=400, refusal=refusal or form.refusal())


def _page(request, event, form: PrizeSettingsForm, *, status: int, refusal: str = ""):
    context = {"event": event, "form": form, "refusal": refusal}
    context.update(preview(event, prize_rules(event), saved=True))
    return render(request, "arbiter/prizes.html", context, status=status)


@dataclass(frozen=True, slots=True)
class PreviewRow:
    """One prize of the preview's table and who is in line for it, with their names."""

    listed: CategoryList
    prize: Prize
    in_line: list[tuple[str, Award]]


def preview(event: Event, rules: PrizeRules, *, saved: bool) -> dict:
    """The prize list these rules give on today's standings, one row a prize."""
    projected, rows = None, []
    if not rules.empty and event.kind != Event.Kind.TEAM:  # a team event's is not projected
        described = engine_event(event)
        standings = compute_standings(described, event.tiebreak_list(), rules=rule_edition(event))
        projected = prize_list(event, described, standings, rules)
        names = {p.start_no: p.name for p in described.participants}
        for listed in projected.lists if projected else ():
            by_prize: dict[Prize, list[tuple[str, Award]]] = {}
            for award in listed.awards:
                if award.prize is not None:
                    by_prize.setdefault(award.prize, []).append((names[award.start_no], award))
            rows += [PreviewRow(listed, p, by_prize.get(p, [])) for p in listed.prizes]
    return {"rules": rules, "projected": projected, "rows": rows, "saved": saved}


@login_required
@require_POST
def prize_preview(request: HttpRequest, slug: str) -> HttpResponse:
    """The preview fragment for the document as typed (htmx, on every change); saves nothing."""
    event = editable_event(request, slug)
    form = PrizeSettingsForm(request.POST)
    context: dict = {"event": event, "form": form}
    if form.is_valid():
        context.update(preview(event, form.cleaned_data["rules"], saved=False))
    else:
        context["refusal"] = form.refusal()
    return render(request, "arbiter/prizes.html#preview", context)


@login_required
@require_safe
def prize_export(request: HttpRequest, slug: str) -> HttpResponse:
    """The categories and prizes as a JSON file, to import into this or another event."""
    event = editable_event(request, slug)
    response = HttpResponse(prize_file(event), content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{event.slug}-prizes.json"'
    return response


@login_required
@require_POST
def prize_final(request: HttpRequest, slug: str) -> HttpResponse:
    """Declare the prize list final before the last planned round, or take that back with a
    reason: each an audited change (docs/prizes.md, "Provisional and final")."""
    event = editable_event(request, slug)
    try:
        if request.POST.get("final") == "withdraw":
            form = ReopenForm(request.POST)
            if not form.is_valid():
                raise services.WriteRefused(form.refusal())
            withdraw_final(event, actor=request.user, reason=form.cleaned_data["reason"])
            messages.success(request, gettext("The prize list is no longer declared final"))
        else:
            declare_final(event, actor=request.user)
            messages.success(request, gettext("The prize list is declared final"))
    except services.WriteRefused as refused:
        messages.error(request, refused.message)
    return redirect(reverse("arbiter:prizes", args=[event.slug]))
