"""What a bridge event's push carries: the standings page's and the screen's #page-body at
the latest round, rendered once per language and push (live renders templates/bridge/
push.html, whose tags are here), so that those pages follow a scored match without
fetching their body again. A page showing another round, or a team, is not carried: it
asks for the status view and refetches its body ([data-refresh]).

The live layer knows these views only by their template names (live/fragments.py), so no
import runs from one layer to the other."""

from __future__ import annotations

from typing import Any

from django.template.loader import render_to_string

from .models import BridgeEvent
from .pages import page_round, standings_context

STANDINGS = "bridgestandings"  # live's view names (live/fragments.BRIDGE_VIEWS)
STATUS = "status"  # a page the push does not carry: it refetches its body


def standings_view(bridge: BridgeEvent, number: int) -> str:
    """The live view of the standings page showing round `number`: its body pushed when
    that is the round the push carries (the latest; the screen always shows it), else the
    status view."""
    return STANDINGS if number == page_round(bridge, "") else STATUS


def pushed_context(slug: str) -> dict[str, Any] | None:
    """The standings page's context at the latest round, as the push renders it (None for
    an event that is not a bridge event). Read when the push renders: never older than the
    version the push announces."""
    bridge = BridgeEvent.objects.select_related("event").filter(event__slug=slug).first()
    if bridge is None:
        return None
    context = standings_context(bridge, page_round(bridge, ""))
    context["oob"] = True
    return context


def render_pushed(slug: str, names: list[str]) -> str:
    """The partials `names` (out-of-band swaps) of the bridge event `slug`, in the active
    language; "" when `slug` is not a bridge event."""
    context = pushed_context(slug)
    if context is None:
        return ""
    return "".join(render_to_string(name, context) for name in names)
