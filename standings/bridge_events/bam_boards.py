"""A board-a-match (BAM) match scored board by board, as a drawn teams match is.

The scorer picks the match (round, home, away) and enters each board's two rooms as a hand
record prints them ("4S= N") or as North-South's score; the home team sits North-South in
the open room. The rooms are kept in the document's "boards" (as a teams event's), and
each entry rewrites the match in "matches": `boards` the points each side scored on every
board with both rooms in (match_play.BoardPlay.points), `bam` the board-a-match points of
those boards (1 to the side with more points, 0.5 each when equal; README, section 5).

A BAM match is counted board by board: it is in the matches from its first board, with
the BAM points of its complete boards, marked provisional on the pages until all of its
boards are in. Round r's match plays boards (r - 1) x N + 1 to r x N, N the event's boards
per match: a team plays each board number once in a stage (the reader refuses it twice).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from types import SimpleNamespace
from typing import Any

from django.utils.translation import gettext

from standings.bridge.match_play import BoardPlay
from standings.bridge.model import BamEvent, DrawnMatch
from standings.events.actors import Actor
from standings.events.models import Event
from standings.events.services import WriteRefused
from standings.wording.bridge import number

from .board_entry import board_results, with_rooms
from .models import BridgeEvent
from .play_pages import BoardRow, board_rows, room_ns
from .services import Entry, match_name, replace_entry, stored_number


def match_boards(bridge: BridgeEvent, round_number: int) -> range:
    """The board numbers of round `round_number`'s matches."""
    per_match = bridge.boards_per_match
    return range((round_number - 1) * per_match + 1, round_number * per_match + 1)


def enter_bam_board(
    event: Event,
    *,
    round_number: int,
    home: int,
    away: int,
    board: int,
    open_room: str,
    closed_room: str,
    seen: str = "",
    reason: str = "",
    actor: Actor,
) -> Entry | None:
    """Enter or correct a board of the BAM match `home` - `away` of the round: each room as
    typed ("4S= N", "-620", or "" when not played yet). Returns the board as stored, None
    when nothing changed."""

    def build(bridge: BridgeEvent, before: Entry | None) -> Entry:
        boards = match_boards(bridge, round_number)
        if board not in boards:
            raise WriteRefused(
                gettext("the matches of round %(round)s play boards %(first)s to %(last)s")
                % {"round": round_number, "first": boards[0], "last": boards[-1]}
            )
        stored = _stored_match(bridge.document, round_number, home, away)
        if stored is not None and not _rooms_of(bridge.document, stored):
            raise WriteRefused(
                gettext("this match is entered as totals: correct its totals instead")
            )
        base = {"round": round_number, "home": home, "away": away}
        return with_rooms(base, before, board, open_room, closed_room, seen, reason)

    def same(entry: Entry) -> bool:
        return (entry["round"], entry["home"], entry["away"], entry["board"]) == (
            round_number,
            home,
            away,
            board,
        )

    return replace_entry(
        event,
        kind="bam",
        collection="boards",
        same=same,
        build=build,
        seen=seen,
        actor=actor,
        action="bridge_board",
        target=lambda data: f"board {board}, {match_name(data, round_number, home, away)}",
        reason=reason.strip(),
        derive=lambda bridge, document: _with_bam(document, round_number, home, away),
    )


def _stored_match(
    document: dict[str, Any], round_number: int, home: int, away: int
) -> Entry | None:
    pair = {home, away}
    return next(
        (
            m
            for m in document["matches"]
            if m["round"] == round_number and {m["home"], m["away"]} == pair
        ),
        None,
    )


def _rooms_of(document: dict[str, Any], match: Entry) -> list[Entry]:
    key = (match["round"], match["home"], match["away"])
    return [b for b in document.get("boards", []) if (b["round"], b["home"], b["away"]) == key]


def _with_bam(document: dict[str, Any], round_number: int, home: int, away: int) -> dict[str, Any]:
    """The document with the match as its rooms give it: each complete board's points and
    the BAM points they win (a match whose sides are swapped in the matches is refused by
    the reader as listed twice)."""
    # The rooms read as the reader reads them (its checks included), the match listed first.
    placed = _placed(document, {"round": round_number, "home": home, "away": away, "bam": [0, 0]})
    results = [
        r for r in board_results(placed) if (r.round, r.home, r.away) == (round_number, home, away)
    ]
    boards, won = [], [Fraction(0), Fraction(0)]
    for result in sorted(results, key=lambda r: r.board):
        if result.open is None or result.closed is None:
            continue  # counted once both rooms are in
        points = BoardPlay(result).points
        boards.append({"board": result.board, "points": list(points)})
        for side, share in enumerate(bam_share(points)):
            won[side] += share
    match = {
        "round": round_number,
        "home": home,
        "away": away,
        "bam": [stored_number(won[0]), stored_number(won[1])],
        "boards": boards,
    }
    return _placed(document, match)


def _placed(document: dict[str, Any], match: Entry) -> dict[str, Any]:
    """The document with `match` in place of the one it replaces, or added."""
    key = (match["round"], match["home"], match["away"])
    matches = document["matches"]
    index = next(
        (i for i, m in enumerate(matches) if (m["round"], m["home"], m["away"]) == key), None
    )
    if index is None:
        return {**document, "matches": [*matches, match]}
    return {**document, "matches": [*matches[:index], match, *matches[index + 1 :]]}


def bam_share(points: tuple[int, int] | list[int]) -> tuple[Fraction, Fraction]:
    """A board's BAM points: 1 to the side that scored more on it, 1/2 each when equal."""
    home, away = points
    if home == away:
        return Fraction(1, 2), Fraction(1, 2)
    return (Fraction(1), Fraction(0)) if home > away else (Fraction(0), Fraction(1))


# --- what the scorer's page shows ---------------------------------------------------


@dataclass(frozen=True)
class BamMatchView:
    """A BAM match on the board page (the keys bridge/score_match.html reads)."""

    round: int
    home: int
    home_name: str
    away: int
    away_name: str
    played: int  # boards with both rooms in
    planned: int
    started: bool  # scored board by board
    scored: bool  # in the event's matches
    bam: str  # "2.5–0.5" in the reader's format
    imps: str = ""
    vps: str = ""
    totals: str = ""

    @property
    def provisional(self) -> bool:
        return self.started and self.played < self.planned


@dataclass(frozen=True)
class BamBoardRow(BoardRow):
    bam_said: str = ""  # who won the board's BAM point


def bam_match_view(
    bridge: BridgeEvent, data: BamEvent, round_number: int, home: int, away: int
) -> BamMatchView:
    names = {t.id: t.name for t in data.teams}
    match = next(
        (m for m in data.matches if (m.round, m.home, m.away) == (round_number, home, away)),
        None,
    )
    rooms = [b for b in data.boards if (b.round, b.home, b.away) == (round_number, home, away)]
    bam = number(f"{float(match.bam[0]):g}–{float(match.bam[1]):g}") if match else ""
    return BamMatchView(
        round_number,
        home,
        names[home],
        away,
        names[away],
        len(match.boards) if match and rooms else 0,
        bridge.boards_per_match,
        bool(rooms),
        match is not None,
        bam,
        totals=bam,
    )


def bam_board_rows(bridge: BridgeEvent, data: BamEvent, view: BamMatchView) -> list[BamBoardRow]:
    """The round's boards of the match, as a drawn match's rows, each with its BAM point."""
    boards = match_boards(bridge, view.round)
    # board_rows numbers a match's boards from 1: ask it up to the round's last board.
    upto = SimpleNamespace(boards_per_match=boards[-1])
    rows = board_rows(upto, data, DrawnMatch(view.round, 0, view.home, view.away))  # type: ignore[arg-type]
    points = {
        b.board: b.points
        for m in data.matches
        if (m.round, m.home, m.away) == (view.round, view.home, view.away)
        for b in m.boards
    }
    shown = []
    for row in rows[boards[0] - 1 :]:
        said = ""
        if row.home_imps is not None and row.board in points:
            home, away = bam_share(points[row.board])  # type: ignore[arg-type]
            if home == away:
                said = gettext("½ BAM point each")
            else:
                team = view.home_name if home > away else view.away_name
                said = gettext("1 BAM point to %(team)s") % {"team": team}
        shown.append(BamBoardRow(**{**vars(row), "home_imps": None}, bam_said=said))
    return shown


def bam_said(stored: Entry, names: dict[int, str]) -> str:
    """A BAM board just entered, for the scorer: "Board 3, Kaunas – Bergen: 4S= N / 420,
    1 BAM point to Bergen." """
    board, rooms = stored["board"], [stored.get("open"), stored.get("closed")]
    values: dict[str, Any] = {
        "board": board,
        "home": names.get(stored["home"], stored["home"]),
        "away": names.get(stored["away"], stored["away"]),
        "rooms": " / ".join("…" if room is None else str(room) for room in rooms),
    }
    if None in rooms:
        return (
            gettext("Board %(board)s, %(home)s – %(away)s: %(rooms)s, the other room to come.")
            % values
        )
    open_ns, closed_ns = (room_ns(room, board) for room in rooms if room is not None)
    home = max(open_ns, 0) + max(-closed_ns, 0)  # home sits North-South in the open room
    away = max(-open_ns, 0) + max(closed_ns, 0)
    if home == away:
        each = gettext("Board %(board)s, %(home)s – %(away)s: %(rooms)s, ½ BAM point each.")
        return each % values
    values["team"] = values["home"] if home > away else values["away"]
    return (
        gettext("Board %(board)s, %(home)s – %(away)s: %(rooms)s, 1 BAM point to %(team)s.")
        % values
    )
