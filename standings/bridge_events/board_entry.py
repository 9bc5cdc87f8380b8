"""A teams round's draw and its matches scored board by board (round robins and Swiss),
and a knockout's segments likewise.

The scorer first draws the round, table by table (`draw_table`, `undraw_table`); then
enters each board's result at both tables (`enter_board`): the contract, declarer and
result as a hand record prints them ("4S= N", "3NTX-2 S", "pass"), or North-South's score.
A match whose every board has both rooms in is written to the event's matches, IMPs from
the boards, VPs from the IMPs on the event's WBF scale: the standings count it from then
on. Until then the pages show it in progress (bridge/match_play.py). A knockout's segment
(`enter_segment_board`) is a match of the two teams; its IMPs are written once complete.

Every write goes through `services.replace_entry`: one transaction, the whole document
checked, refused when stale (`seen`), audited; a correction of a board needs a reason.
"""

from __future__ import annotations

import json
from typing import Any

from django.utils.translation import gettext

from standings.bridge.contract import ContractError, parse_played
from standings.bridge.match_play import match_play
from standings.bridge.model import BoardResult
from standings.bridge.reader import MAX_ROUND, BridgeFormatError, read_bridge
from standings.bridge.vp_scale import victory_points
from standings.events import actors
from standings.events.actors import Actor
from standings.events.models import Event
from standings.events.services import WriteRefused
from standings.wording import bridge as wording

from .models import BridgeEvent
from .services import Entry, match_name, replace_entry, shown, stored_number


def draw_table(
    event: Event, *, round_number: int, table: int, home: int, away: int, actor: Actor
) -> Entry | None:
    """Seat `home` and `away` at `table` of the round's draw (the same again: None). The
    round is one that is drawn already or the next."""

    def build(bridge: BridgeEvent, before: Entry | None) -> Entry:
        _check_drawable(bridge, round_number)
        return {"round": round_number, "table": table, "home": home, "away": away}

    return replace_entry(
        event,
        kind="teams",
        collection="draw",
        same=lambda d: (
            (d["round"], d["table"], d["home"], d["away"]) == (round_number, table, home, away)
        ),
        build=build,
        seen="",
        actor=actor,
        action="bridge_draw",
        target=lambda data: match_name(data, round_number, home, away, table),
        derive=lambda bridge, document: _seat_scored(document, round_number),
    )


def _seat_scored(document: dict[str, Any], round_number: int) -> dict[str, Any]:
    """A drawn round holds every match of it: one entered as totals before the round was
    drawn takes the next free table."""
    draw = document.get("draw", [])
    seated = {side for d in draw if d["round"] == round_number for side in (d["home"], d["away"])}
    tables = [d["table"] for d in draw if d["round"] == round_number]
    added = []
    for match in document["matches"]:
        if match["round"] != round_number or match["away"] is None:
            continue
        if match["home"] in seated or match["away"] in seated:
            continue  # drawn already (or a clash the reader refuses)
        free = max(tables, default=0) + 1
        tables.append(free)
        added.append(
            {"round": round_number, "table": free, "home": match["home"], "away": match["away"]}
        )
    return {**document, "draw": [*draw, *added]} if added else document


def undraw_table(event: Event, *, round_number: int, table: int, actor: Actor) -> None:
    """Take a table out of the round's draw, before any of its boards is entered."""

    def build(bridge: BridgeEvent, before: Entry | None) -> None:
        if before is None:
            raise WriteRefused(
                gettext("table %(table)s of round %(round)s is not in the draw")
                % {"table": table, "round": round_number}
            )
        if _boards_of(bridge.document, before) or _scored(bridge.document, before):
            raise WriteRefused(
                gettext("this match has results: correct them instead of taking it out")
            )
        return None

    replace_entry(
        event,
        kind="teams",
        collection="draw",
        same=lambda d: (d["round"], d["table"]) == (round_number, table),
        build=build,
        seen=_draw_seen(event, round_number, table),
        actor=actor,
        action="bridge_undraw",
        target=lambda data: f"round {round_number} table {table}",
    )


def enter_board(
    event: Event,
    *,
    round_number: int,
    table: int,
    board: int,
    open_room: str,
    closed_room: str,
    seen: str = "",
    reason: str = "",
    actor: Actor,
) -> Entry | None:
    """Enter or correct a board of the match at `table`: each room as typed ("4S= N", a
    North-South score such as "-620", or "" when not played yet). Returns the board as
    stored, None when nothing changed."""
    actors.check_may_change(actor, event)  # before the draw is read
    match = _drawn(event, round_number, table)

    def build(bridge: BridgeEvent, before: Entry | None) -> Entry:
        if bridge.vp_scale == BridgeEvent.Scale.TYPED:
            raise WriteRefused(gettext("this event's VPs are typed in: enter the match's totals"))
        _check_board_number(bridge, board)
        if _scored(bridge.document, match) and not _boards_of(bridge.document, match):
            raise WriteRefused(
                gettext("this match is entered as totals: correct its totals instead")
            )
        base = {"round": round_number, "home": match["home"], "away": match["away"]}
        return with_rooms(base, before, board, open_room, closed_room, seen, reason)

    def same(entry: Entry) -> bool:
        return (entry["round"], entry["home"], entry["away"], entry["board"]) == (
            round_number,
            match["home"],
            match["away"],
            board,
        )

    return replace_entry(
        event,
        kind="teams",
        collection="boards",
        same=same,
        build=build,
        seen=seen,
        actor=actor,
        action="bridge_board",
        target=lambda data: (
            f"board {board}, {match_name(data, round_number, match['home'], match['away'])}"
        ),
        reason=reason.strip(),
        derive=lambda bridge, document: _with_totals(bridge, document, match),
    )


def enter_segment_board(
    event: Event,
    *,
    segment: int,
    board: int,
    open_room: str,
    closed_room: str,
    seen: str = "",
    reason: str = "",
    actor: Actor,
) -> Entry | None:
    """Enter or correct a board of a knockout's segment, as `enter_board` a drawn match's:
    the match's first team sits North-South in the open room. The segment's IMPs are
    written once every board of it has both rooms in."""

    def build(bridge: BridgeEvent, before: Entry | None) -> Entry:
        if not 1 <= segment <= MAX_ROUND:
            raise WriteRefused(
                gettext("segments are numbered from 1 to %(most)s") % {"most": MAX_ROUND}
            )
        _check_board_number(bridge, board)
        document = bridge.document
        by_totals = any(m["segment"] == segment for m in document["matches"])
        if by_totals and not any(b["segment"] == segment for b in document.get("boards", [])):
            raise WriteRefused(
                gettext("this segment is entered as totals: correct its totals instead")
            )
        return with_rooms({"segment": segment}, before, board, open_room, closed_room, seen, reason)

    return replace_entry(
        event,
        kind="knockout",
        collection="boards",
        same=lambda entry: (entry["segment"], entry["board"]) == (segment, board),
        build=build,
        seen=seen,
        actor=actor,
        action="bridge_board",
        target=lambda data: f"board {board}, segment {segment}",
        reason=reason.strip(),
        derive=lambda bridge, document: _with_segment_imps(bridge, document, segment),
    )


def _check_board_number(bridge: BridgeEvent, board: int) -> None:
    if not 1 <= board <= bridge.boards_per_match:
        raise WriteRefused(
            gettext("a match of this event has boards 1 to %(most)s")
            % {"most": bridge.boards_per_match}
        )


def with_rooms(
    base: Entry,
    before: Entry | None,
    board: int,
    open_room: str,
    closed_room: str,
    seen: str,
    reason: str,
) -> Entry:
    """The board entry: `base` (which match), the board, each room typed; a correction of
    what `before` held needs a reason."""
    after: Entry = {**base, "board": board}
    for room, typed in (("open", open_room), ("closed", closed_room)):
        if typed.strip():
            after[room] = _room(typed, board)
    if "open" not in after and "closed" not in after:
        raise WriteRefused(wording.entry_problem(BridgeFormatError("", "no_room")))
    # A second room's result completes a board, it corrects nothing; the same entry again
    # is nothing; a stale one is refused as such by replace_entry.
    completes = before is not None and all(after.get(k) == v for k, v in before.items())
    stale = seen != shown(before)
    if before not in (None, after) and not (completes or stale or reason.strip()):
        raise WriteRefused(gettext("a correction needs a reason"))
    return after


def _drawn(event: Event, round_number: int, table: int) -> Entry:
    """The drawn match at `table` (read before the write's lock: the write checks the whole
    document again, so a table drawn anew meanwhile is refused there, never mixed up)."""
    document = BridgeEvent.objects.get(event=event).document
    for entry in document.get("draw", []):
        if (entry["round"], entry["table"]) == (round_number, table):
            return entry
    raise WriteRefused(
        gettext("table %(table)s of round %(round)s is not in the draw")
        % {"table": table, "round": round_number}
    )


def _draw_seen(event: Event, round_number: int, table: int) -> str:
    document = BridgeEvent.objects.get(event=event).document
    for entry in document.get("draw", []):
        if (entry["round"], entry["table"]) == (round_number, table):
            return shown(entry)
    return ""


def _check_drawable(bridge: BridgeEvent, round_number: int) -> None:
    document = bridge.document
    held = [m["round"] for m in document["matches"]] + [
        d["round"] for d in document.get("draw", [])
    ]
    if round_number > max(held, default=0) + 1:
        raise WriteRefused(
            gettext("draw round %(next)s first") % {"next": max(held, default=0) + 1}
        )


def _room(typed: str, board: int) -> str | int:
    """A room as stored: the hand record's notation, or North-South's score."""
    text = typed.strip().replace("\u2212", "-")  # a typographic minus from a keyboard
    if text.lstrip("+-").isdigit() and len(text) <= 6:
        return int(text)
    try:
        played = parse_played(text)
    except ContractError as refused:
        raise WriteRefused(
            wording.entry_problem(BridgeFormatError("", refused.key, **refused.values))
        ) from None
    return str(played)


def _boards_of(document: dict[str, Any], match: Entry) -> list[Entry]:
    return [
        b
        for b in document.get("boards", [])
        if (b["round"], b["home"], b["away"]) == (match["round"], match["home"], match["away"])
    ]


def _scored(document: dict[str, Any], match: Entry) -> Entry | None:
    pair = {match["home"], match["away"]}
    return next(
        (
            m
            for m in document["matches"]
            if m["round"] == match["round"] and {m["home"], m["away"]} == pair
        ),
        None,
    )


def _with_totals(bridge: BridgeEvent, document: dict[str, Any], match: Entry) -> dict[str, Any]:
    """The document with the match's totals as its boards give them: written once every
    board has both rooms in, taken out while one has not (a board corrected away)."""
    data = board_results(document)
    results = [
        r
        for r in data
        if (r.round, r.home, r.away) == (match["round"], match["home"], match["away"])
    ]
    play = match_play(results, boards=bridge.boards_per_match)
    others = [
        m
        for m in document["matches"]
        if not (
            m["round"] == match["round"]
            and {m["home"], m["away"]} == {match["home"], match["away"]}
        )
    ]
    if not play.complete:
        return {**document, "matches": others}
    vps = victory_points(play.imps[0], play.imps[1], bridge.boards_per_match)
    totals = {
        "round": match["round"],
        "home": match["home"],
        "away": match["away"],
        "imps": [stored_number(play.imps[0]), stored_number(play.imps[1])],
        "vps": [stored_number(vps[0]), stored_number(vps[1])],
        "points": list(play.points),
    }
    return {**document, "matches": [*others, totals]}


def _with_segment_imps(
    bridge: BridgeEvent, document: dict[str, Any], segment: int
) -> dict[str, Any]:
    """The document with the segment's IMPs as its boards give them, once all are in."""
    first, second = (t["id"] for t in document["teams"])
    results = [r for r in board_results(document) if r.round == segment]
    play = match_play(results, boards=bridge.boards_per_match)
    others = [m for m in document["matches"] if m["segment"] != segment]
    if not play.complete:
        return {**document, "matches": others}
    imps = [stored_number(play.imps[0]), stored_number(play.imps[1])]
    entry = {"segment": segment, "home": first, "away": second, "imps": imps}
    return {**document, "matches": sorted([*others, entry], key=lambda m: m["segment"])}


def board_results(document: dict[str, Any]) -> tuple[BoardResult, ...]:
    """The document's board results, read as the reader reads them (its checks included:
    a refusal is the entry's)."""
    data = read_bridge(json.dumps(document))
    return getattr(data, "boards", ())
