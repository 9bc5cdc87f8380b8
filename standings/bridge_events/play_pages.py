"""What the pages show of a round's draw and of matches scored board by board: each table
with its boards played and running IMPs (VPs marked provisional until every board is in),
and one match's boards for the scorer's tablet."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext, ngettext

from standings.bridge.contract import dealer, ns_score, parse_played, vulnerability
from standings.bridge.imps import board_imps
from standings.bridge.match_play import BoardPlay, MatchPlay, boards_of, match_play
from standings.bridge.model import DrawnMatch, KnockoutEvent, TeamsEvent
from standings.bridge.vp_scale import victory_points
from standings.bridge.writer import room_value
from standings.wording.bridge import SEATS, VULNERABLE

from .models import BridgeEvent
from .services import shown


@dataclass(frozen=True)
class TableView:
    """A drawn match: who plays at the table, and how far its scoring is."""

    round: int
    table: int
    home: int
    home_name: str
    away: int
    away_name: str
    play: MatchPlay
    scored: bool  # the match is in the event's matches (complete, or entered as totals)
    totals: str  # "40–20" IMPs as the matches hold them, when scored without boards
    with_vps: bool = True  # a knockout's segment has none

    @property
    def drawn(self) -> DrawnMatch:
        return DrawnMatch(self.round, self.table, self.home, self.away)

    @property
    def played(self) -> int:
        return self.play.played

    @property
    def planned(self) -> int:
        return self.play.planned

    @property
    def started(self) -> bool:
        return bool(self.play.boards)

    @property
    def provisional(self) -> bool:
        return self.started and not self.play.complete

    @property
    def imps(self) -> str:
        home, away = self.play.imps
        return f"{float(home):g}–{float(away):g}"

    @property
    def vps(self) -> str:
        """The VPs the IMPs so far would give (provisional while boards are to come)."""
        if not self.with_vps:
            return ""
        home, away = victory_points(self.play.imps[0], self.play.imps[1], self.play.planned)
        return f"{float(home):.2f}–{float(away):.2f}"


def round_tables(bridge: BridgeEvent, data: Any, number: int) -> list[TableView]:
    """Round `number`'s draw, table by table; [] when the round has none."""
    if not isinstance(data, TeamsEvent):
        return []
    names = {t.id: t.name for t in data.teams}
    scored = {frozenset((m.home, m.away)): m for m in data.matches if m.round == number and m.away}
    tables = []
    for drawn in sorted((d for d in data.draw if d.round == number), key=lambda d: d.table):
        play = match_play(boards_of(data.boards, drawn), boards=bridge.boards_per_match)
        match = scored.get(frozenset((drawn.home, drawn.away)))
        totals = ""
        if match is not None:
            imps = match.imps if match.home == drawn.home else match.imps[::-1]
            totals = f"{float(imps[0]):g}–{float(imps[1]):g}"
        tables.append(
            TableView(
                drawn.round,
                drawn.table,
                drawn.home,
                names[drawn.home],
                drawn.away,
                names[drawn.away],
                play,
                match is not None,
                totals,
            )
        )
    return tables


def segment_view(bridge: BridgeEvent, data: KnockoutEvent, segment: int) -> TableView:
    """A knockout's segment as a match board by board: the first team at home."""
    first, second = data.teams
    drawn = DrawnMatch(segment, 1, first.id, second.id)
    play = match_play(boards_of(data.boards, drawn), boards=bridge.boards_per_match)
    stored = next((s for s in data.segments if s.segment == segment), None)
    totals = ""
    if stored is not None:
        imps = stored.imps if stored.home == first.id else stored.imps[::-1]
        totals = f"{float(imps[0]):g}–{float(imps[1]):g}"
    return TableView(
        segment,
        1,
        first.id,
        first.name,
        second.id,
        second.name,
        play,
        stored is not None,
        totals,
        with_vps=False,
    )


def undrawn_teams(data: Any, number: int) -> list[tuple[int, str]]:
    """The teams the round's draw can still seat: not drawn, not given a bye."""
    if not isinstance(data, TeamsEvent):
        return []
    busy = {side for d in data.draw if d.round == number for side in (d.home, d.away)}
    busy |= {
        side
        for m in data.matches
        if m.round == number
        for side in (m.home, m.away)
        if side is not None
    }
    return [(t.id, t.name) for t in data.teams if t.id not in busy]


def next_table(data: Any, number: int) -> int:
    if not isinstance(data, TeamsEvent):
        return 1
    return max((d.table for d in data.draw if d.round == number), default=0) + 1


@dataclass(frozen=True)
class BoardRow:
    """A board on the scorer's tablet: its deal data, each room as typed, what it scored."""

    board: int
    dealer: str
    vulnerable: str
    open: str  # as stored: "4S= N", "-620", "" when not played
    closed: str
    open_ns: str  # North-South's score there
    closed_ns: str
    home_imps: int | None
    entered: str  # the token a correction carries (services.shown)

    @property
    def imps_won(self) -> int:
        """The board's IMPs, to whichever side won them."""
        return abs(self.home_imps or 0)


def board_rows(
    bridge: BridgeEvent, data: TeamsEvent | KnockoutEvent, drawn: DrawnMatch
) -> list[BoardRow]:
    given = {b.board: b for b in boards_of(data.boards, drawn)}
    rows = []
    for number in range(1, bridge.boards_per_match + 1):
        result = given.get(number)
        rooms = (result.open, result.closed) if result else (None, None)
        typed = [str(room_value(r)) if r is not None else "" for r in rooms]
        stored: dict[str, str | int] | None = None
        if result is not None:
            stored = {"board": number}
            for room, played in zip(("open", "closed"), rooms, strict=True):
                if played is not None:
                    stored[room] = room_value(played)
        rows.append(
            BoardRow(
                number,
                str(SEATS[dealer(number)]),
                str(VULNERABLE[vulnerability(number)]),
                typed[0],
                typed[1],
                f"{rooms[0].ns:d}" if rooms[0] else "",
                f"{rooms[1].ns:d}" if rooms[1] else "",
                BoardPlay(result).home_imps if result else None,
                shown(stored) if stored else "",
            )
        )
    return rows


def drawn_match(data: Any, number: int, table: int) -> DrawnMatch | None:
    if not isinstance(data, TeamsEvent):
        return None
    return next((d for d in data.draw if (d.round, d.table) == (number, table)), None)


def board_said(stored: dict[str, Any], names: dict[int, str]) -> str:
    """A board just entered, for the scorer: "Board 3, Aalborg – Bergen: 4S= N / 4S-1 N,
    10 IMPs to Aalborg." """
    board = stored["board"]
    rooms = [stored.get("open"), stored.get("closed")]
    first, second, *_ = names  # a knockout's segment: its first team at home
    home, away = stored.get("home", first), stored.get("away", second)
    values: dict[str, Any] = {
        "board": board,
        "home": names.get(home, home),
        "away": names.get(away, away),
        "rooms": " / ".join("…" if room is None else str(room) for room in rooms),
    }
    if None in rooms:
        return (
            gettext("Board %(board)s, %(home)s – %(away)s: %(rooms)s, the other room to come.")
            % values
        )
    open_ns, closed_ns = (room_ns(room, board) for room in rooms if room is not None)
    won = board_imps(open_ns, closed_ns)
    if won == 0:
        return gettext("Board %(board)s, %(home)s – %(away)s: %(rooms)s, no IMPs.") % values
    values |= {"imps": abs(won), "team": values["home"] if won > 0 else values["away"]}
    return (
        ngettext(
            "Board %(board)s, %(home)s – %(away)s: %(rooms)s, %(imps)s IMP to %(team)s.",
            "Board %(board)s, %(home)s – %(away)s: %(rooms)s, %(imps)s IMPs to %(team)s.",
            abs(won),
        )
        % values
    )


def room_ns(room: str | int, board: int) -> int:
    """North-South's score of a room as stored (the notation, or the score itself)."""
    return room if isinstance(room, int) else ns_score(parse_played(room), board)
