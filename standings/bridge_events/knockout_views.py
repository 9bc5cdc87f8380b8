"""The knockout scorer's page: a match's segments, each a row with its IMPs (a correction
carries the segment as it was seen and a reason), the next segment's form, the running
score and, once every segment is in, the team that advances. Thin views over
`knockout_services.py`; a refused entry answers 400 with the page and the sentence."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST, require_safe

from standings.bridge.reader import MAX_ROUND
from standings.events.services import WriteRefused

from . import knockout_services, services
from .forms import EntryForm
from .models import BridgeEvent
from .pages import standings_context
from .scorer import scored_bridge, wrong_kind


class SegmentForm(EntryForm):
    """A segment's IMPs, first team then second; a correction (`seen` not "") a reason."""

    segment = forms.IntegerField(min_value=1, max_value=MAX_ROUND, label=_("Segment"))
    home_imps = forms.IntegerField(min_value=0, max_value=999, label=_("IMPs home"))
    away_imps = forms.IntegerField(min_value=0, max_value=999, label=_("IMPs away"))
    reason = forms.CharField(required=False, max_length=500, label=_("Reason"))

    def clean(self) -> dict:
        cleaned = super().clean()
        if cleaned.get("seen") and not cleaned.get("reason", "").strip():
            self.add_error("reason", gettext("a correction needs a reason"))
        return cleaned


class SegmentsForm(forms.Form):
    segments = forms.IntegerField(
        min_value=1, max_value=MAX_ROUND, label=_("Segments in the match")
    )


def knockout_page(
    request: HttpRequest, bridge: BridgeEvent, *, refusal: str = "", status: int = 200
) -> HttpResponse:
    """The scorer's page of a knockout match (views.score_page's, for a knockout)."""
    context = standings_context(bridge, 0)
    data = context["data"]
    context["knockout"] = knockout_services.running_score(bridge, data)
    context["refusal"] = refusal
    return render(request, "bridge/score_knockout.html", context, status=status)


@login_required
@require_safe
def score_page(request: HttpRequest, slug: str) -> HttpResponse:
    bridge = scored_bridge(request, slug)
    if services.kind_of(bridge.document) != "knockout":
        return redirect("bridge_events:score", slug=slug)
    return knockout_page(request, bridge)


def _refused(request: HttpRequest, bridge: BridgeEvent, problem: str) -> HttpResponse:
    refusal = gettext("Not entered: %(problem)s") % {"problem": problem}
    return knockout_page(request, bridge, refusal=refusal, status=400)


@login_required
@require_POST
def enter_segment(request: HttpRequest, slug: str) -> HttpResponse:
    bridge = scored_bridge(request, slug)
    if wrong := wrong_kind(request, bridge, "knockout"):
        return wrong
    form = SegmentForm(request.POST)
    if not form.is_valid():
        return _refused(request, bridge, form.refusal())
    data = form.cleaned_data
    try:
        stored = knockout_services.enter_segment(
            bridge.event,
            segment=data["segment"],
            imps=(data["home_imps"], data["away_imps"]),
            seen=data["seen"],
            reason=data["reason"],
            actor=request.user,
        )
    except WriteRefused as refused:
        return _refused(request, bridge, refused.message)
    number = data["segment"]
    if stored is None:
        note = gettext("Segment %(number)s: unchanged.") % {"number": number}
    else:
        score = knockout_services.said(bridge, stored)
        note = gettext("Segment %(number)s: %(score)s.") % {"number": number, "score": score}
    messages.success(request, note)
    return redirect("bridge_events:score_knockout", slug=slug)


@login_required
@require_POST
def set_segments(request: HttpRequest, slug: str) -> HttpResponse:
    bridge = scored_bridge(request, slug)
    if wrong := wrong_kind(request, bridge, "knockout"):
        return wrong
    form = SegmentsForm(request.POST)
    if not form.is_valid():
        error = form.errors.get("segments", [""])[0]
        problem = gettext("%(field)s: %(problem)s") % {
            "field": form.fields["segments"].label,
            "problem": error,
        }
        return _refused(request, bridge, problem)
    count = form.cleaned_data["segments"]
    try:
        knockout_services.set_segments(bridge.event, segments=count, actor=request.user)
    except WriteRefused as refused:
        return _refused(request, bridge, refused.message)
    said = ngettext("The match has %(count)s segment.", "The match has %(count)s segments.", count)
    messages.success(request, said % {"count": count})
    return redirect("bridge_events:score_knockout", slug=slug)
