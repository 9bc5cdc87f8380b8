"""Every write of a bridge event: one transaction, the whole document checked by the
reader before it is stored (all or nothing), an audit entry and a new event version
(`events.changes.record_change`, which also starts the live push).

Entries (a team match, a pairs session, a BAM match) share one path, `replace_entry`: the
scorer sends the entry as they saw it (`seen`, "" for a new one); if another entry changed
it meanwhile the write is refused with what it reads now, and the same entry sent twice
is written once.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from django.core.validators import slug_re
from django.db import IntegrityError, transaction
from django.utils.functional import Promise
from django.utils.text import slugify
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from standings.bridge.model import BridgeEvent as BridgeData
from standings.bridge.model import PairsEvent
from standings.bridge.reader import BridgeFormatError, read_bridge
from standings.bridge.vp_scale import victory_points
from standings.bridge.writer import bridge_document
from standings.events import actors
from standings.events.actors import Actor
from standings.events.changes import record_change
from standings.events.models import Event
from standings.events.services import WriteRefused
from standings.wording import bridge as wording

from .models import MAX_BOARDS, SLUG_LENGTH, BridgeEvent

Entry = dict[str, Any]

# What each kind of entry is for, by the event's kind (kind_of): a refusal names it.
ENTRY_FOR: dict[str, Promise] = {
    "teams": _("team round robins and Swiss events"),
    "pairs": _("pairs events"),
    "bam": _("board-a-match events"),
    "knockout": _("knockout matches"),
}


def import_bridge(text: str | bytes, *, slug: str = "", actor: Actor, boards: int = 16) -> Event:
    """A new event from a standings-bridge-1 file; BridgeFormatError when refused. Only staff
    and system actors create events."""
    actors.check_may_change(actor, None)
    if not 1 <= boards <= MAX_BOARDS:
        raise WriteRefused(
            gettext("boards per match must be between 1 and %(most)s") % {"most": MAX_BOARDS}
        )
    if slug and not (len(slug) <= SLUG_LENGTH and slug_re.fullmatch(slug)):
        raise WriteRefused(
            gettext(
                "%(slug)s cannot be an event's address: at most %(most)s letters, digits, "
                "hyphens and underscores"
            )
            % {"slug": repr(slug[:60]), "most": SLUG_LENGTH}
        )
    data = read_bridge(text)
    slug = slug or _free_slug(data.name)
    exists = WriteRefused(gettext("an event %(slug)s exists already") % {"slug": repr(slug)})
    if Event.objects.filter(slug=slug).exists():
        raise exists
    try:
        with transaction.atomic():
            event = Event.objects.create(slug=slug, name=data.name)
            BridgeEvent.objects.create(
                event=event, document=bridge_document(data), boards_per_match=boards
            )
            record_change(event, actor=actor, action="import_bridge", target=data.name)
    except IntegrityError:  # the same slug taken meanwhile by another import
        raise exists from None
    return event


def kind_of(document: dict[str, Any]) -> str:
    """An event's kind from its document: "teams" (a round robin or a Swiss), "knockout",
    "pairs" or "bam"."""
    if document["kind"] == "teams" and document["system"] == "knockout":
        return "knockout"
    return document["kind"]


def check_kind(bridge: BridgeEvent, kind: str) -> None:
    """WriteRefused unless the event takes entries of `kind` (a key of ENTRY_FOR)."""
    if kind_of(bridge.document) != kind:
        raise WriteRefused(gettext("this entry is for %(what)s") % {"what": ENTRY_FOR[kind]})


def enter_match(
    event: Event,
    *,
    round_number: int,
    home: int,
    away: int,
    imps: tuple[int, int],
    points: tuple[int, int],
    typed_vps: tuple[Fraction, Fraction] | None = None,
    seen: str = "",
    actor: Actor,
) -> Entry | None:
    """Enter or correct one match of a team round robin or Swiss: IMPs and total points of
    each side; VPs by the WBF scale for the event's boards (or typed, when the event uses
    another scale). Returns the match as stored, None when nothing changed."""

    def build(bridge: BridgeEvent, before: Entry | None) -> Entry:
        if any(
            b["round"] == round_number and {b["home"], b["away"]} == {home, away}
            for b in bridge.document.get("boards", [])
        ):
            raise WriteRefused(gettext("this match is scored board by board: correct a board"))
        sides = (home, away, imps, points, typed_vps)
        if before is not None and before["home"] != home:  # keep the stored orientation
            sides = (away, home, imps[::-1], points[::-1], typed_vps[::-1] if typed_vps else None)
        first, second, goals, totals, typed = sides
        if bridge.vp_scale == BridgeEvent.Scale.TYPED:
            if typed is None:
                raise WriteRefused(gettext("this event's VPs are typed in: enter both sides' VPs"))
            vps = typed
        else:
            vps = victory_points(goals[0], goals[1], bridge.boards_per_match)
        return {
            "round": round_number,
            "home": first,
            "away": second,
            "imps": list(goals),
            "vps": [stored_number(vps[0]), stored_number(vps[1])],
            "points": list(totals),
        }

    return replace_entry(
        event,
        kind="teams",
        collection="matches",
        same=lambda m: m["round"] == round_number and {m["home"], m["away"]} == {home, away},
        build=build,
        seen=seen,
        actor=actor,
        action="bridge_match",
        target=lambda data: match_name(data, round_number, home, away),
    )


def enter_session(
    event: Event, *, session: int, scores: dict[int, Fraction], seen: str = "", actor: Actor
) -> Entry | None:
    """Enter or correct a pairs session: every pair's session score (the encounters the
    file gave for it, used for common opponents, are kept)."""

    def build(bridge: BridgeEvent, before: Entry | None) -> Entry:
        return {
            "session": session,
            "scores": [{"id": p, "score": stored_number(score)} for p, score in scores.items()],
            "rounds": before["rounds"] if before else [],
        }

    return replace_entry(
        event,
        kind="pairs",
        collection="sessions",
        same=lambda s: s["session"] == session,
        build=build,
        seen=seen,
        actor=actor,
        action="bridge_session",
        target=lambda data: f"session {session}",
    )


def enter_bam_match(
    event: Event,
    *,
    round_number: int,
    home: int,
    away: int,
    bam: tuple[Fraction, Fraction],
    seen: str = "",
    actor: Actor,
) -> Entry | None:
    """Enter or correct a BAM match: the board-a-match points each side won."""

    def build(bridge: BridgeEvent, before: Entry | None) -> Entry:
        if any(
            b["round"] == round_number and {b["home"], b["away"]} == {home, away}
            for b in bridge.document.get("boards", [])
        ):
            raise WriteRefused(gettext("this match is scored board by board: correct a board"))
        first, second, won = home, away, bam
        if before is not None and before["home"] != home:
            first, second, won = away, home, bam[::-1]
        return {
            "round": round_number,
            "home": first,
            "away": second,
            "bam": [stored_number(won[0]), stored_number(won[1])],
            "boards": before["boards"] if before else [],
        }

    return replace_entry(
        event,
        kind="bam",
        collection="matches",
        same=lambda m: m["round"] == round_number and {m["home"], m["away"]} == {home, away},
        build=build,
        seen=seen,
        actor=actor,
        action="bridge_bam_match",
        target=lambda data: match_name(data, round_number, home, away),
    )


def shown(entry: Entry | None) -> str:
    """An entry as the scorer's page shows it ("32-18 IMPs, 13.51-6.49 VPs"), "" if none."""
    if entry is None:
        return ""
    if "board" in entry:  # a board's rooms, of a drawn match or a knockout's segment
        return " / ".join(str(entry.get(room, "")) for room in ("open", "closed"))
    if "segment" in entry:  # a knockout's segment: knockout_services.seen_token
        return f"{entry['imps'][0]:g}-{entry['imps'][1]:g} IMPs"
    if "imps" in entry:
        imps, vps = entry["imps"], entry["vps"]
        return f"{imps[0]:g}-{imps[1]:g} IMPs, {vps[0]:.2f}-{vps[1]:.2f} VPs"
    if "bam" in entry:
        return f"{entry['bam'][0]:g}-{entry['bam'][1]:g} BAM points"
    if "table" in entry:
        return f"table {entry['table']}: {entry['home']}-{entry['away']}"
    return ", ".join(f"{s['id']}: {s['score']:g}" for s in entry["scores"])


def replace_entry(
    event: Event,
    *,
    kind: str,
    collection: str,
    same: Callable[[Entry], bool],
    build: Callable[[BridgeEvent, Entry | None], Entry | None],
    seen: str,
    actor: Actor,
    action: str,
    target: Callable[[BridgeData], str],
    reason: str = "",
    derive: Callable[[BridgeEvent, dict[str, Any]], dict[str, Any]] | None = None,
) -> Entry | None:
    """Replace (or add) the one entry of `collection` that `same` picks, audited; `build`
    returning None removes it. `derive` brings the rest of the document in line with the
    change (a match's totals with its boards) before the whole is checked."""
    actors.check_may_change(actor, event)
    with transaction.atomic():
        bridge = BridgeEvent.objects.select_for_update().get(event=event)
        check_kind(bridge, kind)
        data = bridge.data()
        document = bridge.document
        entries: list[Entry] = document.get(collection, [])
        index = next((i for i, entry in enumerate(entries) if same(entry)), None)
        before = entries[index] if index is not None else None
        after = build(bridge, before)
        if before == after:
            return None  # the same entry again
        if seen != shown(before):
            raise WriteRefused(
                gettext("this was changed meanwhile: it now reads %(now)s. Check and enter again.")
                % {"now": wording.entry(before)}
            )
        kept = [] if after is None else [after]
        if index is None:
            changed = [*entries, *kept]
        else:
            changed = [*entries[:index], *kept, *entries[index + 1 :]]
        candidate = {**document, collection: changed}
        try:
            if derive is not None:
                candidate = derive(bridge, candidate)
            read_bridge(json.dumps(candidate))
        except BridgeFormatError as refused:
            raise WriteRefused(wording.entry_problem(refused)) from None
        bridge.document = candidate
        bridge.save(update_fields=["document"])
        record_change(
            event,
            actor=actor,
            action=action,
            target=target(data),
            before=before,
            after=after,
            reason=reason,
        )
    return after


def entrant_name(data: BridgeData, ident: int) -> str:
    entrants = data.pairs if isinstance(data, PairsEvent) else data.teams
    return next((e.name for e in entrants if e.id == ident), str(ident))


def match_name(data: BridgeData, round_number: int, home: int, away: int, table: int = 0) -> str:
    """A match as the audit log names it: "round 5 table 2 Aalborg - Bergen"."""
    names = f"{entrant_name(data, home)} - {entrant_name(data, away)}"
    at = f" table {table}" if table else ""
    return f"round {round_number}{at} {names}"


def stored_number(value: Fraction | int) -> int | float:
    """A number as the document stores it: an int when whole."""
    value = Fraction(value)
    return value.numerator if value.denominator == 1 else float(value)


def _free_slug(name: str) -> str:
    base = slugify(name)[:40] or "bridge"
    slug, n = base, 1
    while Event.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug
