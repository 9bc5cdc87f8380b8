"""What a bridge event's push carries: the standings page's and the screen's #page-body at
the latest round, rendered once per language and push (live renders templates/bridge/
push.html, whose tags are here), so that those pages follow a scored match without
fetching their body again. A page showing another round, or a team, is not carried: it
asks for the status view and refetches its body ([data-refresh]).

The live layer knows these views only by their template names (live/fragments.py), so no
import runs from one layer to the other."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from django.conf import settings
from django.template.loader import render_to_string
from django.utils.translation import get_language

from .models import BridgeEvent
from .pages import page_round, standings_context

STANDINGS = "bridgestandings"  # live's view names (live/fragments.BRIDGE_VIEWS)
STATUS = "status"  # a page the push does not carry: it refetches its body


def standings_view(bridge: BridgeEvent, number: int) -> str:
    """The live view of the standings page showing round `number`: its body pushed when
    that is the round the push carries (the latest; the screen always shows it), else the
    status view."""
    return STANDINGS if number == page_round(bridge, "") else STATUS


def pushed_context(bridge: BridgeEvent) -> dict[str, Any]:
    """The standings page's context at the latest round, as the push renders it."""
    context = standings_context(bridge, page_round(bridge, ""))
    context["oob"] = True
    return context


def render_pushed(slug: str, names: list[str]) -> str:
    """The partials `names` (out-of-band swaps) of the bridge event `slug`, in the active
    language; "" when `slug` is not a bridge event. Read when the push renders, so never
    older than the version the push announces; each version's render in a language kept
    for the other view and a joining socket's catch-up (_Kept)."""
    bridge = BridgeEvent.objects.select_related("event").filter(event__slug=slug).first()
    if bridge is None:
        return ""
    event = bridge.event  # created_at: an event made again under its slug is another
    key = (settings.RELEASE, slug, event.pk, event.created_at, event.version, get_language())
    parts = []
    for name in names:
        html = _kept.get((*key, name))
        if html is None:
            context = _kept.get(key) or _kept.put(key, pushed_context(bridge))
            html = _kept.put((*key, name), render_to_string(name, context))
        parts.append(html)
    return "".join(parts)


class _Kept:
    """The last few contexts (by release, event, version and language) and partials
    rendered (and name): the standings page's and the screen's views share one context,
    and the body of a version is the same for every push and catch-up that sends it."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.kept: OrderedDict[tuple, Any] = OrderedDict()
        self.lock = threading.Lock()  # the push threads of a process share it

    def get(self, key: tuple) -> Any:
        with self.lock:
            return self.kept.get(key)

    def put(self, key: tuple, value: Any) -> Any:
        with self.lock:
            self.kept[key] = value
            while len(self.kept) > self.size:
                self.kept.popitem(last=False)
        return value


_kept = _Kept(size=48)
