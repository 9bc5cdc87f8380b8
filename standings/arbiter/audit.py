"""The event's audit log as the arbiter reads it: newest first, values in words."""

from __future__ import annotations

import json

from django.core.paginator import Page, Paginator
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from standings.events.models import (
    RESULT_SHOWN,
    AuditEntry,
    Event,
    Forfeit,
    Round,
    UnplayedRound,
)

PER_PAGE = 50
STATES = dict(Round.State.choices)
BYES = dict(UnplayedRound.Kind.choices)
ACTIONS = {
    "result": _("Result"),
    "create_round": _("Pairings prepared"),
    "publish_pairings": _("Pairings published"),
    "close_round": _("Round closed"),
    "reopen_round": _("Round reopened"),
    "bye": _("Bye"),
    "forfeit_match": _("Match forfeited"),
    "team_bye": _("Team bye"),
    "lineup": _("Line-up"),
    "settings": _("Tie-break settings"),
    "import_trf": _("TRF import"),
    "sections": _("Sections"),
    "load_demo": _("Demo loaded"),
    "admin_add": _("Added in the admin"),
    "admin_edit": _("Changed in the admin"),
    "admin_delete": _("Deleted in the admin"),
    "import_bridge": _("Bridge import"),
    "bridge_match": _("Bridge match"),
    "bridge_session": _("Bridge session"),
    "bridge_bam_match": _("Bridge board-a-match"),
    "bridge_draw": _("Bridge draw: a table"),
    "bridge_undraw": _("Bridge draw: a table taken out"),
    "bridge_board": _("Bridge board"),
    "bridge_segment": _("Knockout segment"),
    "bridge_segments": _("Knockout segments planned"),
    "prizes_final": _("Prize list declared final"),
    "prizes_not_final": _("Prize list no longer final"),
    "mirror_results": _("Results from the venue's server"),
    "mirror_state": _("The whole event from the venue's server"),
}
# An action whose label depends on what it changed: the settings page saves either list.
BY_TARGET = {("settings", "prizes"): _("Prize settings")}
FORFEITS = dict(Forfeit.choices)


def audit_page(event: Event, number: str | None) -> Page:
    entries = AuditEntry.objects.filter(event=event).select_related("user").order_by("-at", "-id")
    return Paginator(entries, PER_PAGE).get_page(number)


def action_label(action: str, target: str = "") -> str:
    label = BY_TARGET.get((action, target)) or ACTIONS.get(action)
    return str(label or action.replace("_", " ").capitalize())


def describe(value: object) -> str:
    """A before/after value in words: {"result": "10", "version": 1} -> "1–0 (version 1)".

    Entries recorded over the years have many shapes (a count where a list is usual, a
    list where a code is): whatever a value holds, it is worded, never an error."""
    if value is None or value == {}:
        return ""
    if not isinstance(value, dict):
        return raw(value)
    parts = []
    for key, item in value.items():
        if key == "result":
            parts.append(looked_up(RESULT_SHOWN, item))
        elif key == "state":
            parts.append(looked_up(STATES, item))
        elif key == "bye":
            # a team's bye has the same letters
            parts.append(looked_up(BYES, item, missing=str(_("no bye"))))
        elif key == "forfeit":
            parts.append(looked_up(FORFEITS, item))
        elif key == "players" and isinstance(item, list):
            parts.append(_("players %(numbers)s") % {"numbers": ", ".join(map(raw, item))})
        elif key == "players" and isinstance(item, int) and not isinstance(item, bool):
            parts.append(ngettext("%(count)d player", "%(count)d players", item) % {"count": item})
        elif key == "version":
            continue
        else:
            parts.append(f"{key}: {raw(item)}")
    text = ", ".join(parts)
    if "version" in value:
        text += " " + _("(version %(version)s)") % {"version": raw(value["version"])}
    return text


def looked_up(table: dict, item: object, missing: str | None = None) -> str:
    """The label of a code, or the value as recorded when it is no code of the table."""
    if isinstance(item, str | int) and item in table:
        return str(table[item])
    return missing if missing is not None and isinstance(item, str | int) else raw(item)


def raw(item: object) -> str:
    return item if isinstance(item, str) else json.dumps(item, ensure_ascii=False)
