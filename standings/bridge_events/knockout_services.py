"""Scoring a knockout match on the tablet: a segment's IMPs, entered or corrected through
the bridge entries' one write path (`services.replace_entry`), and how many segments the
match has (`BridgeEvent.segments`, a setting of the match like its boards, audited).

A segment is given in the match's orientation: IMPs of its first team, then its second
(the document's `teams` order); a stored segment keeps the home and away it was stored with.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.db import transaction
from django.utils.translation import gettext

from standings.bridge.model import KnockoutEvent
from standings.bridge.reader import MAX_ROUND
from standings.events import actors
from standings.events.actors import Actor
from standings.events.changes import record_change
from standings.events.models import Event
from standings.events.services import WriteRefused
from standings.wording.bridge import number as local_number

from . import services
from .models import BridgeEvent

Entry = dict[str, Any]
ACTION = "bridge_segment"


def seen_token(segment: Entry | None) -> str:
    """A stored segment as the scorer saw it ("34-39 IMPs", home first as stored; "" for
    none): the `seen` a correction carries. `services.shown` must give the same."""
    if segment is None:
        return ""
    imps = segment["imps"]
    return f"{imps[0]:g}-{imps[1]:g} IMPs"


def enter_segment(
    event: Event,
    *,
    segment: int,
    imps: tuple[int, int],
    seen: str = "",
    reason: str = "",
    actor: Actor,
) -> Entry | None:
    """Enter or correct one segment of a knockout match: `imps` of the match's first and
    second team. A correction (a segment already entered) needs a reason, kept in the audit
    entry. Returns the segment as stored, None when nothing changed."""
    actors.check_may_change(actor, event)
    if not 1 <= segment <= MAX_ROUND:
        raise WriteRefused(
            gettext("segments are numbered from 1 to %(most)s") % {"most": MAX_ROUND}
        )
    if min(imps) < 0:
        raise WriteRefused(gettext("IMPs cannot be negative"))
    with transaction.atomic():
        bridge = BridgeEvent.objects.select_for_update().get(event=event)
        services.check_kind(bridge, "knockout")
        first, second = (t["id"] for t in bridge.document["teams"])
        if any(b["segment"] == segment for b in bridge.document.get("boards", [])):
            raise WriteRefused(gettext("this segment is scored board by board: correct a board"))
        before = _stored(bridge, segment)
        after = _segment(segment, first, second, imps, before)
        if before == after:
            return None  # the same segment again
        if seen != seen_token(before):
            now = said(bridge, before) if before else gettext("not entered")
            raise WriteRefused(
                gettext(
                    "segment %(number)s was changed meanwhile: it now reads %(now)s. "
                    "Check and enter again."
                )
                % {"number": segment, "now": now}
            )
        if before is not None and not reason.strip():
            raise WriteRefused(
                gettext("segment %(number)s is entered already: a correction needs a reason")
                % {"number": segment}
            )
        stored = services.replace_entry(
            event,
            kind="knockout",
            collection="matches",  # the format keeps a knockout's segments under "matches"
            same=lambda s: s["segment"] == segment,
            build=lambda bridge, before: after,
            seen=seen,
            actor=actor,
            action=ACTION,
            target=lambda data: f"segment {segment}",
            reason=reason.strip()[:500],
        )
    return stored


def set_segments(event: Event, *, segments: int, actor: Actor) -> bool:
    """How many segments the knockout match has; not fewer than the highest entered.
    Returns whether it changed."""
    actors.check_may_change(actor, event)
    if not 1 <= segments <= MAX_ROUND:
        raise WriteRefused(gettext("a match has from 1 to %(most)s segments") % {"most": MAX_ROUND})
    with transaction.atomic():
        bridge = BridgeEvent.objects.select_for_update().get(event=event)
        services.check_kind(bridge, "knockout")
        highest = max((s["segment"] for s in bridge.document["matches"]), default=0)
        if segments < highest:
            raise WriteRefused(
                gettext("segment %(number)s is entered: the match has at least %(number)s")
                % {"number": highest}
            )
        if segments == bridge.segments:
            return False
        before = {"segments": bridge.segments}
        bridge.segments = segments
        bridge.save(update_fields=["segments"])
        record_change(
            event,
            actor=actor,
            action="bridge_segments",
            target=f"{segments} segments",
            before=before,
            after={"segments": segments},
        )
    return True


@dataclass(frozen=True)
class Side:
    """A team of the match with its IMPs: carryover, and carryover plus every segment."""

    id: int
    name: str
    carryover: str  # as the reader's language writes numbers: "1,5"
    total: str
    value: Fraction


@dataclass(frozen=True)
class SegmentRow:
    """An entered segment, told in the match's orientation (first team's IMPs first)."""

    number: int
    imps: tuple[str, str]
    raw: tuple[int | float, int | float]  # the same as numbers, for the correction's inputs
    seen: str  # seen_token: what a correction carries


@dataclass(frozen=True)
class RunningScore:
    """A knockout match so far: carryover plus the segments entered."""

    first: Side
    second: Side
    segments: list[SegmentRow]
    planned: int  # the segments the match has (more if more were entered)
    next: int | None  # the first segment not entered, while the match is not decided

    @property
    def entered(self) -> int:
        return len(self.segments)

    @property
    def decided(self) -> bool:
        return self.next is None

    @property
    def winner(self) -> Side | None:
        """The team that advances: more IMPs once every segment is in."""
        if not self.decided or self.first.value == self.second.value:
            return None
        return self.first if self.first.value > self.second.value else self.second

    @property
    def tied(self) -> bool:
        return self.decided and self.first.value == self.second.value

    @property
    def ahead(self) -> Side | None:
        if self.first.value == self.second.value:
            return None
        return self.first if self.first.value > self.second.value else self.second


def running_score(bridge: BridgeEvent, data: KnockoutEvent | None = None) -> RunningScore:
    """The knockout match's running score, from its stored document."""
    match = data if data is not None else bridge.data()
    assert isinstance(match, KnockoutEvent)
    first, second = match.teams
    totals = {first.id: Fraction(first.carryover), second.id: Fraction(second.carryover)}
    rows = []
    for stored in sorted(bridge.document["matches"], key=lambda s: s["segment"]):
        imps = stored["imps"] if stored["home"] == first.id else stored["imps"][::-1]
        totals[first.id] += Fraction(imps[0])
        totals[second.id] += Fraction(imps[1])
        rows.append(
            SegmentRow(
                stored["segment"],
                (_local(imps[0]), _local(imps[1])),
                (imps[0], imps[1]),
                seen_token(stored),
            )
        )
    numbers = {row.number for row in rows}
    planned = max(bridge.segments, max(numbers, default=0))
    missing = next((n for n in range(1, planned + 1) if n not in numbers), None)

    def side(team: Any) -> Side:
        total = totals[team.id]
        return Side(team.id, team.name, _local(team.carryover), _local(total), total)

    return RunningScore(side(first), side(second), rows, planned, missing)


def _stored(bridge: BridgeEvent, segment: int) -> Entry | None:
    return next((s for s in bridge.document["matches"] if s["segment"] == segment), None)


def _segment(
    number: int, first: int, second: int, imps: tuple[int, int], before: Entry | None
) -> Entry:
    if before is not None and before["home"] != first:  # keep the stored orientation
        return {"segment": number, "home": second, "away": first, "imps": [imps[1], imps[0]]}
    return {"segment": number, "home": first, "away": second, "imps": [imps[0], imps[1]]}


def said(bridge: BridgeEvent, segment: Entry) -> str:
    """A segment as a sentence's part, in the match's orientation: "Jena 34-39 Quimper"."""
    first, second = bridge.document["teams"]
    imps = segment["imps"] if segment["home"] == first["id"] else segment["imps"][::-1]
    score = local_number(f"{_shown(imps[0])}-{_shown(imps[1])}")
    return f"{first['name']} {score} {second['name']}"


def _shown(value: Fraction | int | float) -> str:
    return f"{float(value):g}"


def _local(value: Fraction | int | float) -> str:
    return local_number(_shown(value))
