"""The public side: which events are mirrored, their tokens, and how a venue's state is applied.

A batch brings the venue's event as a whole state (export.py). When only results changed
since the state applied last (a live round's usual batch), those games' results are set and
the event's TRF export checked against the venue's, which must then be equal; otherwise, or
when it is not, the state replaces the event's content through the TRF import (chess) or the
bridge document's store. Both in one transaction, with the MIRROR system actor, so the
audit, the standings, the provisional marks and the live push follow from the normal write
path. The event's version is then raised to the venue's (views.py), so that both sides show
the same version.
"""

from __future__ import annotations

import datetime
import json
import re
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import DatabaseError, connection, models, transaction
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from standings.bridge.reader import BridgeFormatError, read_bridge
from standings.bridge_events.models import BridgeEvent
from standings.engine.trf import TrfError
from standings.events.actors import MIRROR
from standings.events.changes import record_change
from standings.events.models import Event, Game, Match, Participant, Round
from standings.events.sections import record_sections_change, sections_of
from standings.trf.exporter import export_trf
from standings.trf.importer import import_trf

from .batch import canonical, new_token, state_digest, token_key
from .export import NOT_SENT, PARTICIPANT_NOT_SENT
from .models import MirroredEvent
from .shape import BadBatch, check_state

SLUG = re.compile(r"[-a-zA-Z0-9_]{1,50}")


class LocalEvent(Exception):
    """The slug names an event of this server's own: mirroring it needs `replace`."""


class SectionSlug(Exception):
    """The slug names a tournament's section here: its tournament is what a venue publishes."""


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
            if event.parent is not None:
                raise SectionSlug(event.parent.slug)
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


def apply_state(event: Event, state: dict[str, Any], previous: dict[str, Any] | None) -> str:
    """Make the event the venue's `state` (`previous`: the state applied last, if any); call
    inside a transaction. Returns how, per event: "results" (only results changed and were
    set) or "whole" (the content replaced). Raises BadBatch (and the caller's transaction
    rolls back) on content that cannot be stored, naming the field."""
    check_state(state)
    try:
        with transaction.atomic():
            sections = state.get("sections")
            if sections is None:
                if Event.objects.filter(parent=event).exists():  # its sections are gone
                    _apply_sections(event, {}, {})
                return _apply_one(event, state, previous, "")
            before = (previous or {}).get("sections")
            hows = _apply_sections(event, sections, before if isinstance(before, dict) else {})
            if "trf" in state or "bridge" in state:  # the tournament has play of its own
                own = {k: v for k, v in state.items() if k != "sections"}
                own_before = {k: v for k, v in (previous or {}).items() if k != "sections"}
                hows.insert(0, _apply_one(event, own, own_before or None, ""))
            else:
                _apply_grouping(event, state)
            return ", ".join(hows)
    except (TrfError, BridgeFormatError) as error:
        raise BadBatch(str(error)) from error
    except ValidationError as error:  # a check of the models' own, met in the import
        raise BadBatch(_said(error)) from error
    except (KeyError, TypeError, ValueError, AttributeError, ArithmeticError) as error:
        raise BadBatch(f"malformed state ({type(error).__name__}: {error})") from error
    except DatabaseError as error:  # a value out of a column's range: the venue's bug, not ours
        raise BadBatch(f"the database refused the state ({type(error).__name__})") from error


def _apply_one(
    event: Event, state: dict[str, Any], previous: dict[str, Any] | None, where: str
) -> str:
    """`where`: the state's place in the batch, that refusals name ("sections.cup-a")."""
    if isinstance(state.get("bridge"), dict):
        _apply_bridge(event, state, where)
        return "whole"
    changed = results_only(previous, state)
    if changed is not None and _apply_results(event, changed, state["trf"]):
        return "results"
    _apply_chess(event, state, where)
    return "whole"


def _apply_grouping(event: Event, state: dict[str, Any]) -> None:
    """A tournament without players of its own: its columns only."""
    if _set_columns(event, state["event"], NOT_SENT, "event"):
        _clean(event, "event", exclude=["slug", "parent", "arbiters"])
        event.save()
        record_change(event, actor=MIRROR, action="mirror_state", target="the tournament")


def _apply_sections(tournament: Event, sections: dict, previous: dict) -> list[str]:
    """Create, remove and order the tournament's sections as the venue has them, apply each
    one's state, and give each the venue's version."""
    held = {e.slug: e for e in Event.objects.filter(parent=tournament)}
    listed_before = [e.slug for e in sections_of(tournament)]
    for slug, said in sections.items():
        if slug not in held:
            if not SLUG.fullmatch(slug):
                raise BadBatch(f"{slug[:60]!r} is not a slug")
            if Event.objects.filter(slug=slug).exists():
                raise BadBatch(
                    f"{slug} names an event of this server's own: it cannot be a mirrored section"
                )
            held[slug] = Event.objects.create(slug=slug, name=slug, parent=tournament)
        order = said.get("order", 0)
        if held[slug].section_order != order:
            held[slug].section_order = order
            held[slug].save(update_fields=["section_order"])
    for slug, gone in held.items():
        if slug not in sections:
            gone.delete()
    if [e.slug for e in sections_of(tournament)] != listed_before:
        record_sections_change(tournament, actor=MIRROR)
    hows = []
    for slug, said in sections.items():
        own = {k: v for k, v in said.items() if k not in ("order", "version")}
        before = previous.get(slug)
        if isinstance(before, dict):
            before = {k: v for k, v in before.items() if k not in ("order", "version")}
        section = Event.objects.get(slug=slug)
        hows.append(f"{slug}: {_apply_one(section, own, before, f'sections.{slug}')}")
        version = said.get("version", 0)
        Event.objects.filter(pk=section.pk, version__lt=version).update(version=version)
    return hows


def results_only(previous: dict[str, Any] | None, state: dict[str, Any]) -> list | None:
    """The boards (round, table, board, white, black, result) whose result alone changed since
    `previous`, when nothing else but the TRF file did; else None."""
    if previous is None or not isinstance(previous.get("trf"), str):
        return None

    def rest(said: dict[str, Any]) -> dict[str, Any]:
        return {key: value for key, value in said.items() if key not in ("trf", "boards")}

    before, after = previous.get("boards"), state.get("boards")
    if rest(previous) != rest(state) or not isinstance(before, list) or not isinstance(after, list):
        return None
    if len(before) != len(after):
        return None
    changed = []
    for old, new in zip(before, after, strict=True):
        # `previous` may have been stored before shape.py checked rows: compared, never trusted.
        if not isinstance(old, list) or len(old) != 6 or old[:5] != new[:5]:
            return None
        if old[5] != new[5]:
            changed.append(new)
    return changed


def _apply_results(event: Event, boards: list, trf: str) -> bool:
    """Set the boards' results; True when the event's TRF export is then the venue's `trf`
    (the batch changed nothing else), else undone and False."""
    wanted = {(int(r), int(w), int(b)): str(result) for r, _t, _b, w, b, result in boards}
    games = list(
        Game.objects.filter(
            round__event=event, round__number__in={number for number, _w, _b in wanted}
        ).select_related("round", "white", "black")
    )
    found = []
    for game in games:
        result = wanted.get((game.round.number, game.white.start_no, game.black.start_no))
        if result is not None:
            game.result, game.version = result, game.version + 1
            found.append(game)
    if len(found) != len(wanted):
        return False
    point = transaction.savepoint()
    Game.objects.bulk_update(found, ["result", "version"])
    if export_trf(event) != trf:
        transaction.savepoint_rollback(point)
        return False
    transaction.savepoint_commit(point)
    record_change(
        event,
        actor=MIRROR,
        action="mirror_results",
        target=", ".join(
            f"{r}.{b}" for r, _t, b, _w, _b, _result in sorted(boards, key=lambda g: (g[0], g[2]))
        )[:200],
    )
    return True


def _set_columns(obj, values: dict[str, Any], skipped: set[str], where: str) -> list[str]:
    """Set the object's columns named in `values` (each of its JSON type, through its field's
    to_python); the names changed. BadBatch names `where`.column for a value of another type."""
    fields = {
        f.name: f for f in obj._meta.concrete_fields if f.name not in skipped and not f.is_relation
    }
    changed = []
    for name, value in values.items():
        field = fields.get(name)
        if field is None:
            continue  # a column the venue has and this server not: a newer venue
        if value is None and not field.null:
            raise BadBatch(f"{where}.{name}: null in a column that holds a value")
        if value is not None and not _of_its_type(field, value):
            raise BadBatch(f"{where}.{name}: {type(value).__name__} is not this column's type")
        try:
            value = field.to_python(value) if value is not None else None
            if isinstance(field, models.JSONField):  # full_clean skips an empty one: [] too
                for validator in field.validators:
                    validator(value)
        except ValidationError as error:
            raise BadBatch(f"{where}.{name}: {' '.join(error.messages)}") from error
        if getattr(obj, field.attname) != value:
            setattr(obj, field.attname, value)
            changed.append(field.attname)
    return changed


def _of_its_type(field: models.Field, value: object) -> bool:
    """Whether a value is of the JSON type its column is sent as (export.columns through
    DjangoJSONEncoder): whole numbers, decimals as text, dates and times as ISO text."""
    if isinstance(field, models.JSONField):
        return True
    if isinstance(field, models.BooleanField):
        return isinstance(value, bool)
    if isinstance(value, bool):
        return False
    if isinstance(field, models.IntegerField):
        return isinstance(value, int)
    if isinstance(field, models.DecimalField):
        return isinstance(value, str | int | float)
    return isinstance(value, str)


def _clean(obj: models.Model, where: str, exclude: list[str]) -> None:
    """The models' own checks (ranges, lengths, choices, validators), naming the column."""
    try:
        obj.full_clean(exclude=exclude, validate_unique=False, validate_constraints=False)
    except ValidationError as error:
        raise BadBatch(_said(error, where)) from error


def _said(error: ValidationError, where: str = "") -> str:
    if not hasattr(error, "error_dict"):
        return " ".join(error.messages)
    return "; ".join(
        f"{where}.{name}: {' '.join(ValidationError(errors).messages)}" if where else name
        for name, errors in error.error_dict.items()
    )


def _apply_event(event: Event, values: dict[str, Any], where: str) -> None:
    changed = _set_columns(event, values, NOT_SENT, _at(where, "event"))
    if changed:
        _clean(event, _at(where, "event"), exclude=["slug", "parent", "arbiters"])
        event.save(update_fields=changed)


def _at(where: str, name: str) -> str:
    return f"{where}.{name}" if where else name


def _apply_chess(event: Event, state: dict[str, Any], where: str) -> None:
    BridgeEvent.objects.filter(event=event).delete()
    event.round_set.all().delete()  # games, matches, byes with them
    event.bye_requests.all().delete()
    event.participants.all().delete()
    event.teams.all().delete()
    _apply_event(event, state["event"], where)
    import_trf(
        state["trf"].encode(),
        slug=event.slug,
        actor=MIRROR,
        audited_as=("mirror_state", "the venue's whole event"),
    )
    event.refresh_from_db()
    _apply_event(event, state["event"], where)  # what the import derived, as the venue has it
    for said in state.get("rounds", []):
        Round.objects.filter(event=event, number=int(said["number"])).update(
            state=Round.State(said["state"]),
            starts_at=_when(said.get("starts_at")),
            closed_at=_when(said.get("closed_at")),
        )
    _apply_boards(event, state.get("boards", []))
    people = {p.start_no: p for p in Participant.objects.filter(event=event)}
    for number, values in state.get("participants", {}).items():
        at = _at(where, f"participants.{number}")
        person = people.get(int(number))
        if person is None:
            raise BadBatch(f"{at}: no such start number in the TRF file")
        changed = _set_columns(person, values, PARTICIPANT_NOT_SENT, at)
        if changed:
            _clean(person, at, exclude=["event", "team"])
            person.save(update_fields=changed)


def _apply_boards(event: Event, boards: list) -> None:
    """Number the boards, and a team event's match tables, as the venue does (the import
    numbers boards by score and tables by the teams' numbers; the venue's arbiter may have
    paired in another order)."""
    wanted = {
        (int(r), int(w), int(b)): (int(table), int(board)) for r, table, board, w, b, *_ in boards
    }
    games = Game.objects.filter(round__event=event).values_list(
        "pk",
        "round__number",
        "white__start_no",
        "black__start_no",
        "board",
        "match",
        "match__table",
    )
    boards_moved: dict[int, int] = {}  # game id -> its board
    tables: dict[int, int] = {}  # match id -> its table
    for pk, number, white, black, board_now, match, table_now in games:
        place = wanted.get((number, white, black))
        if place is None:
            continue
        table, board = place
        if board != board_now:
            boards_moved[pk] = board
        if match is not None and table and table != table_now:
            tables[match] = table
    # Out of the way first: boards are unique per round.
    _set_column(Game, "board", {pk: board + 30000 for pk, board in boards_moved.items()})
    _set_column(Game, "board", boards_moved)
    _set_column(Match, "table", tables)


def _set_column(model: type[models.Model], name: str, values: dict[int, int]) -> None:
    """Set the column `name` of each row (by id) to its value: one prepared UPDATE run for
    every row. bulk_update's CASE over 20,000 games took 16 s on SQLite (each row's update
    walks the whole CASE)."""
    column = model._meta.get_field(name)
    assert isinstance(column, models.Field) and column.column and model._meta.pk is not None
    quote = connection.ops.quote_name
    sql = (
        f"UPDATE {quote(model._meta.db_table)} SET {quote(column.column)}"
        f" = %s WHERE {quote(model._meta.pk.column)} = %s"
    )
    with connection.cursor() as cursor:
        cursor.executemany(sql, [(value, pk) for pk, value in values.items()])


def _when(value):
    return parse_datetime(value) if isinstance(value, str) else None


def _apply_bridge(event: Event, state: dict[str, Any], where: str) -> None:
    said = state["bridge"]
    read_bridge(json.dumps(said["document"]))  # refuses a document the format does not hold
    _apply_event(event, state["event"], where)
    event.round_set.all().delete()
    event.participants.all().delete()
    bridge = BridgeEvent.objects.filter(event=event).first() or BridgeEvent(event=event)
    _set_columns(bridge, said, {"id", "event"}, _at(where, "bridge"))
    _clean(bridge, _at(where, "bridge"), exclude=["event"])
    bridge.save()
    record_change(event, actor=MIRROR, action="mirror_state", target="the venue's whole event")


def mark_applied(
    mirrored: MirroredEvent, seq: int, digest: str, venue_version: int, state: dict[str, Any]
) -> None:
    """Remember the batch and the state it brought; raise the event's version to the venue's
    (never lower it: the pages' caches are keyed by it)."""
    mirrored.last_seq, mirrored.last_digest, mirrored.venue_version = seq, digest, venue_version
    mirrored.state = canonical(state)
    mirrored.state_digest = state_digest(state)
    mirrored.heard_at = timezone.now()
    mirrored.save(
        update_fields=[
            *("last_seq", "last_digest", "venue_version", "state", "state_digest", "heard_at")
        ]
    )
    Event.objects.filter(pk=mirrored.event_id, version__lt=venue_version).update(
        version=venue_version
    )


def hear(mirrored: MirroredEvent, beat: int) -> bool:
    """The venue's heartbeat `beat` (its own count, ever rising): False when not above the
    last one heard (a replay, or the venue's clock set back)."""
    return bool(
        MirroredEvent.objects.filter(pk=mirrored.pk, last_beat__lt=beat).update(
            last_beat=beat, heard_at=timezone.now()
        )
    )


def offline_since(event: Event) -> datetime.datetime | None:
    """When the venue publishing `event` (or its tournament) was last heard, if that is more
    than MIRROR_OFFLINE_AFTER seconds ago; else None (online, or not a mirror)."""
    heard = (
        MirroredEvent.objects.filter(event_id__in=[event.pk, event.parent_id])
        .values_list("heard_at", flat=True)
        .first()
    )
    if heard is None:
        return None  # never heard yet, or not a mirror
    late = timezone.now() - heard > datetime.timedelta(seconds=settings.MIRROR_OFFLINE_AFTER)
    return heard if late else None


def applied_state(mirrored: MirroredEvent) -> dict[str, Any] | None:
    return json.loads(mirrored.state) if mirrored.state else None
