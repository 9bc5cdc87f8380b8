"""The public side: which events are mirrored, their tokens, and a batch's replace.

A batch carries the venue's whole event (export.py); it replaces the mirrored event's
content in one transaction through the TRF import (chess) or the bridge document's store,
with the MIRROR system actor, so the audit, the version, the standings, the provisional
marks and the live push follow from the normal write path. The mirror's version is its own
(each batch is one import: its version moves on by the import's change); the venue's
version a batch carried is kept in `MirroredEvent.venue_version`.
"""

from __future__ import annotations

import json
from typing import Any

from django.db import transaction
from django.utils.dateparse import parse_datetime

from standings.bridge.reader import BridgeFormatError, read_bridge
from standings.bridge_events.models import BridgeEvent
from standings.engine.trf import TrfError
from standings.events.actors import MIRROR
from standings.events.changes import record_change
from standings.events.models import Event, Game, Participant, Round
from standings.trf.importer import import_trf

from .batch import FORMAT, new_token, token_key
from .export import NOT_SENT, PARTICIPANT_NOT_SENT
from .models import MirroredEvent


class LocalEvent(Exception):
    """The slug names an event of this server's own: mirroring it needs `replace`."""


class BadBatch(ValueError):
    """A batch whose content cannot be applied; nothing was changed."""


def grant_token(slug: str, *, replace: bool = False) -> str:
    """A new token for the venue publishing `slug` (the event created when needed); the
    previous token, if any, stops working."""
    token = new_token()
    with transaction.atomic():
        event = Event.objects.select_for_update().filter(slug=slug).first()
        mirrored = None
        if event is None:
            # Empty until the venue's first batch, which is recorded as an import.
            event = Event.objects.create(slug=slug, name=slug)
        else:
            mirrored = MirroredEvent.objects.select_for_update().filter(event=event).first()
            if mirrored is None and not replace:
                raise LocalEvent(slug)  # this server's own event, however empty
        mirrored = mirrored or MirroredEvent(event=event)
        mirrored.token_key = token_key(token)
        mirrored.save()
    return token


def revoke_token(slug: str) -> bool:
    """Withdraw the venue's token; the event stays mirrored (read-only). False: no mirror."""
    return bool(MirroredEvent.objects.filter(event__slug=slug).update(token_key=""))


def apply_state(event: Event, state: dict[str, Any]) -> None:
    """Replace the event's content with the venue's `state`; call inside a transaction.
    Raises BadBatch (and the caller's transaction rolls back) on content that cannot be
    stored."""
    if state.get("format") != FORMAT or not isinstance(state.get("event"), dict):
        raise BadBatch("not a standings-mirror-1 state")
    try:
        with transaction.atomic():
            if isinstance(state.get("bridge"), dict):
                _apply_bridge(event, state)
            elif isinstance(state.get("trf"), str):
                _apply_chess(event, state)
            else:
                raise BadBatch("the state holds neither a TRF file nor a bridge document")
    except (TrfError, BridgeFormatError) as error:
        raise BadBatch(str(error)) from error
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise BadBatch(f"malformed state ({type(error).__name__}: {error})") from error


def _set_columns(obj, values: dict[str, Any], skipped: set[str]) -> list[str]:
    """Set the object's columns named in `values` (each through its field's to_python);
    the names changed."""
    fields = {
        f.name: f for f in obj._meta.concrete_fields if f.name not in skipped and not f.is_relation
    }
    changed = []
    for name, value in values.items():
        field = fields.get(name)
        if field is None:
            continue  # a column the venue has and this server not: a newer venue
        value = field.to_python(value) if value is not None else None
        if getattr(obj, field.attname) != value:
            setattr(obj, field.attname, value)
            changed.append(field.attname)
    return changed


def _apply_event(event: Event, values: dict[str, Any]) -> None:
    changed = _set_columns(event, values, NOT_SENT)
    if changed:
        event.full_clean(exclude=["slug", "parent", "arbiters"], validate_unique=False)
        event.save(update_fields=changed)


def _apply_chess(event: Event, state: dict[str, Any]) -> None:
    BridgeEvent.objects.filter(event=event).delete()
    event.round_set.all().delete()  # games, matches, byes with them
    event.bye_requests.all().delete()
    event.participants.all().delete()
    event.teams.all().delete()
    _apply_event(event, state["event"])
    import_trf(state["trf"].encode(), slug=event.slug, actor=MIRROR)
    event.refresh_from_db()
    _apply_event(event, state["event"])  # what the import derived, as the venue has it
    for said in state.get("rounds", []):
        Round.objects.filter(event=event, number=int(said["number"])).update(
            state=Round.State(said["state"]),
            starts_at=_when(said.get("starts_at")),
            closed_at=_when(said.get("closed_at")),
        )
    _apply_boards(event, state.get("boards", []))
    people = {p.start_no: p for p in Participant.objects.filter(event=event)}
    for number, values in state.get("participants", {}).items():
        person = people[int(number)]
        changed = _set_columns(person, values, PARTICIPANT_NOT_SENT)
        if changed:
            person.save(update_fields=changed)


def _apply_boards(event: Event, boards: list) -> None:
    """Number the boards as the venue does (the import numbers them by score)."""
    wanted = {
        (int(r), int(w), int(b)): (int(table), int(board)) for r, table, board, w, b in boards
    }
    games = list(Game.objects.filter(round__event=event).select_related("round", "white", "black"))
    moved = []
    for game in games:
        place = wanted.get((game.round.number, game.white.start_no, game.black.start_no))
        if place is not None and place[1] != game.board:
            game.board = place[1] + 30000  # out of the way first: boards are unique per round
            moved.append(game)
    Game.objects.bulk_update(moved, ["board"])
    for game in moved:
        game.board -= 30000
    Game.objects.bulk_update(moved, ["board"])


def _when(value):
    return parse_datetime(value) if isinstance(value, str) else None


def _apply_bridge(event: Event, state: dict[str, Any]) -> None:
    said = state["bridge"]
    read_bridge(json.dumps(said["document"]))  # refuses a document the format does not hold
    _apply_event(event, state["event"])
    event.round_set.all().delete()
    event.participants.all().delete()
    bridge = BridgeEvent.objects.filter(event=event).first() or BridgeEvent(event=event)
    _set_columns(bridge, said, {"id", "event"})
    bridge.save()
    # Recorded as what it is, the import of a bridge document (the audit's label exists).
    record_change(event, actor=MIRROR, action="import_bridge", target="mirrored from the venue")


def mark_applied(mirrored: MirroredEvent, seq: int, digest: str, venue_version: int) -> None:
    mirrored.last_seq, mirrored.last_digest, mirrored.venue_version = seq, digest, venue_version
    mirrored.save(update_fields=["last_seq", "last_digest", "venue_version"])
