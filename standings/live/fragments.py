"""The socket protocol: which fragments each kind of live page is sent, rendered once per push.

A page names its view in its socket's query string (`/ws/e/<slug>/?view=standings`); each
view gets #last-update (the event version and time) and only the fragments it shows, as
htmx out-of-band swaps with the ids they have on the page. No or an unknown view gets
every fragment (ALL).
"""

from __future__ import annotations

from collections.abc import Collection

from django.template.loader import render_to_string

from standings.state.event_state import EventState

# What each page's socket is sent besides #last-update. "status" pages refetch their own
# body when #last-update changes (they hold [data-refresh]).
VIEWS: dict[str, tuple[str, ...]] = {
    "standings": ("web/standings.html#standings-table",),
    "round": ("web/round.html#round-games",),  # the current round's
    "screen": (
        "web/screen.html#screen-standings",
        "web/screen.html#screen-pairings",
        "web/screen.html#screen-prizes",
    ),
    "prizes": ("web/prizes.html#prize-lists",),
    "widgetstandings": ("web/widget.html#widget-standings",),  # the embeddable widget
    "widgetpairings": ("web/widget.html#widget-pairings",),
    "status": (),
}
# A bridge event's pages (templates/bridge/push.html, standings/bridge_events/push.py):
# rendered only for a socket that names one, never for ALL (a chess event has no body of
# this kind, and a bridge event's state has no chess fragments worth sending).
BRIDGE_VIEWS: dict[str, tuple[str, ...]] = {
    "bridgestandings": ("bridge/push.html#standings",),  # at the latest round
    "bridgescreen": ("bridge/push.html#screen",),
}
ALL = "all"  # no or an unknown view: every fragment (every_fragment)
LAST_UPDATE = "web/parts.html#last-update"


def render_parts(state: EventState, views: Collection[str] | None = None) -> dict[str, str]:
    """Each live fragment of `views` (every view when None or when ALL is among them)
    rendered once, grouped by view; every view's HTML starts with #last-update (all of
    "status")."""
    shown = set(VIEWS) if views is None or ALL in views else set(views)
    context = {"state": state, "oob": True, "round": state.current_round}
    stamp = _ascii(render_to_string(LAST_UPDATE, context))
    return {
        view: stamp + "".join(_ascii(render_to_string(name, context)) for name in names)
        for view, names in (VIEWS | BRIDGE_VIEWS).items()
        if view in shown
    }


def known(view: str) -> bool:
    """Whether a socket's view is one the push renders by name."""
    return view in VIEWS or view in BRIDGE_VIEWS


def every_fragment(parts: dict[str, str]) -> str:
    """#last-update and every view's fragments, from the parts of render_parts()."""
    stamp = parts["status"]
    return stamp + "".join(
        html[len(stamp) :] for view, html in parts.items() if view in VIEWS and view != "status"
    )


def _ascii(html: str) -> str:
    # A pure-ASCII str decodes about five times faster (so does the browser's UTF-8), and
    # wire.pack encodes it as is; † becomes &#8224; and so on.
    return html.encode("ascii", "xmlcharrefreplace").decode("ascii")
