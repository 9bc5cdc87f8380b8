"""The venue's side of a batch: the event's whole state at one version, as its own export.

A chess event (individual or team) is its TRF file as trf/exporter writes it, plus what a
TRF file does not hold: the event's settings (tie-breaks, scoring, prizes...), each round's
state and times (the provisional marks follow from them), each board's number and result (so
that the public side sees when a batch changed results only: public.py), and the
participants' columns the file leaves out. A bridge event is its document and its settings.
A tournament carries its sections' states.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from standings.bridge_events.models import BridgeEvent
from standings.events.models import Event, Game, Participant
from standings.trf.exporter import export_trf

from .batch import FORMAT

# Event columns a batch does not carry: the row's identity and the public side's own.
NOT_SENT = {"id", "slug", "version", "created_at", "updated_at", "parent", "section_order"}
# Participant columns the public side takes from the TRF file itself.
PARTICIPANT_NOT_SENT = {"id", "event", "team", "start_no"}


class NotMirrorable(ValueError):
    """An event the mirror does not publish alone (a tournament's section: its tournament
    carries it)."""


def columns(obj, skipped: set[str]) -> dict[str, Any]:
    """The object's concrete columns by name, as JSON-ready values (field.value_to_string
    is not used: it turns JSON columns into text)."""
    found = {}
    for field in obj._meta.concrete_fields:
        if field.name in skipped or field.is_relation:
            continue
        found[field.name] = getattr(obj, field.attname)
    return found


def state_at_version(slug: str) -> tuple[int, dict[str, Any]]:
    """(version, the event's state at that version): read twice until no write came between."""
    while True:
        with transaction.atomic():
            event = Event.objects.get(slug=slug)
            described = describe(event)
        if Event.objects.filter(pk=event.pk, version=event.version).exists():
            return event.version, described


def describe(event: Event) -> dict[str, Any]:
    """The event's state; a tournament's holds each section's under "sections" (by slug, with
    its place and its version), and its own play only when it has players of its own."""
    if event.parent is not None:
        raise NotMirrorable(
            f"{event.slug} is a section of {event.parent.slug}: publish the tournament,"
            f" {event.parent.slug}, which carries its sections"
        )
    sections = list(event.sections.order_by("section_order", "name", "pk"))
    if not sections:
        return describe_one(event)
    if event.participants.exists() or event.teams.exists():
        state = describe_one(event)
    else:  # a plain grouping
        state = {"format": FORMAT, "event": columns(event, NOT_SENT)}
    state["sections"] = {
        section.slug: {
            **describe_one(section),
            "order": section.section_order,
            "version": section.version,
        }
        for section in sections
    }
    return state


def describe_one(event: Event) -> dict[str, Any]:
    state: dict[str, Any] = {"format": FORMAT, "event": columns(event, NOT_SENT)}
    bridge = BridgeEvent.objects.filter(event=event).first()
    if bridge is not None:
        state["bridge"] = columns(bridge, {"id", "event"})
        return state
    state["trf"] = export_trf(event)
    state["rounds"] = [
        {"number": r.number, "state": r.state, "starts_at": r.starts_at, "closed_at": r.closed_at}
        for r in event.round_set.order_by("number")
    ]
    state["boards"] = [
        [number, table or 0, board, white, black, result]
        for number, table, board, white, black, result in Game.objects.filter(
            round__event=event
        ).values_list(
            "round__number", "match__table", "board", "white__start_no", "black__start_no", "result"
        )
    ]
    state["participants"] = {
        str(p.start_no): columns(p, PARTICIPANT_NOT_SENT)
        for p in Participant.objects.filter(event=event)
    }
    return state
