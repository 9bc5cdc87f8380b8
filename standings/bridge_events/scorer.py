"""What every scorer's view starts with: the event, for its arbiters only, and a request
refused with a page in the reader's language (never cached)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext

from standings.events import actors
from standings.events.services import WriteRefused

from . import services
from .models import BridgeEvent


def bridge_of(slug: str) -> BridgeEvent:
    return get_object_or_404(BridgeEvent.objects.select_related("event"), event__slug=slug)


def scored_bridge(request: HttpRequest, slug: str) -> BridgeEvent:
    """The event a scorer's request is about: 403 unless they may change it."""
    bridge = bridge_of(slug)
    said = gettext("You are not an arbiter of this event")
    actors.forbid_unless_may_change(request.user, bridge.event, said)
    return bridge


def refused_page(
    request: HttpRequest, bridge: BridgeEvent, problem: str, *, status: int
) -> HttpResponse:
    """A request refused (a page that does not exist, an entry of the wrong kind), said in
    the reader's language with a way back."""
    context = {"event": bridge.event, "problem": problem}
    return render(request, "bridge/refused.html", context, status=status)


def wrong_kind(request: HttpRequest, bridge: BridgeEvent, kind: str) -> HttpResponse | None:
    """400 for an entry the event does not take (a pairs session for a teams event)."""
    try:
        services.check_kind(bridge, kind)
    except WriteRefused as refused:
        problem = gettext("Not entered: %(problem)s") % {"problem": refused.message}
        return refused_page(request, bridge, problem, status=400)
    return None
