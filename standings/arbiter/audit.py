"""The event's audit log as the arbiter reads it: newest first, values in words."""

from __future__ import annotations

import json

from django.core.paginator import Page, Paginator
from django.utils.translation import gettext_lazy as _

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
    """A before/after value in words: {"result": "10", "version": 1} -> "1–0 (version 1)"."""
    if value is None or value == {}:
        return ""
    if not isinstance(value, dict):
        return json.dumps(value, ensure_ascii=False)
    parts = []
    for key, item in value.items():
        if key == "result":
            parts.append(RESULT_SHOWN.get(item, str(item)))
        elif key == "state":
            parts.append(str(STATES.get(item, item)))
        elif key == "bye":
            parts.append(str(BYES.get(item, "no bye")))  # a team's bye has the same letters
        elif key == "forfeit":
            parts.append(str(FORFEITS.get(item, item)))
        elif key == "players":
            parts.append("players " + ", ".join(map(str, item)))
        elif key == "version":
            continue
        else:
            parts.append(f"{key}: {json.dumps(item, ensure_ascii=False)}")
    text = ", ".join(parts)
    if "version" in value:
        text += f" (version {value['version']})"
    return text
