"""What the bridge pages show, as plain context: the standings with their sentences, a
round's matches with IMPs and VPs, a team's matches. Read from the event's document."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from standings.bridge.model import BamEvent, KnockoutEvent, PairsEvent, TeamsEvent
from standings.bridge.ordering import Term
from standings.bridge.reader import MAX_ROUND
from standings.bridge.standings import Place, bridge_standings, procedure_columns
from standings.events.changes import last_change_at
from standings.wording import bridge as wording

from .models import BridgeEvent
from .play_pages import TableView, board_rows, round_tables, segment_view
from .services import kind_of, shown


@dataclass(frozen=True)
class PlaceView:
    """A place as the pages show it, worded in the language the page is rendered in."""

    place: Place
    decided_by: str
    why: str
    score: str  # with its unit: "121,40 PV"
    values: list[str]  # the compared values under the standings' added columns

    @classmethod
    def of(cls, place: Place, columns: Sequence[Term] = ()) -> PlaceView:
        compared = dict(place.compared)
        return cls(
            place,
            wording.decided_by(place),
            wording.why(place.reason),
            wording.score(place.reason),
            [wording.number(compared[c]) if c in compared else "" for c in columns],
        )


@dataclass(frozen=True)
class MatchRow:
    round: int
    home: int
    home_name: str
    away: int | None
    away_name: str
    imps: str
    vps: str
    entered: str  # as services.shown() gives it: what the scorer saw
    worded: str  # the same in the reader's language
    bam: str = ""  # BAM points, for a board-a-match stage

    @property
    def is_bye(self) -> bool:
        return self.away is None


class NoSuchRound(LookupError):
    """`?round=` names no round (session) the page links."""


def page_rounds(bridge: BridgeEvent, *, with_next: bool = False) -> range:
    """The rounds (sessions of a pairs event) the pages link: every round the event holds
    (scored, or drawn), the first before any; `with_next` adds the next one within the
    schedule, where the scorer draws or enters it. None for a knockout. Read from the
    stored document, so that an asked round is checked before a cached page is looked up."""
    document = bridge.document
    if kind_of(document) == "knockout":
        return range(0)
    schedule = min(document.get("rounds", MAX_ROUND), MAX_ROUND)
    last = max(_last(document), 1)
    return range(1, min(last + 1 if with_next else last, schedule) + 1)


def next_round(bridge: BridgeEvent) -> int | None:
    """The round the scorer can start after the rounds held, None beyond the schedule."""
    held, reachable = page_rounds(bridge), page_rounds(bridge, with_next=True)
    return reachable[-1] if len(reachable) > len(held) and _last(bridge.document) else None


def page_round(bridge: BridgeEvent, asked: str, *, with_next: bool = False) -> int:
    """The round a page shows: the one `?round=` asks for (NoSuchRound if the page links
    no such round), else the last round the event holds (the first before any)."""
    rounds = page_rounds(bridge, with_next=with_next)
    if not asked:
        return max(_last(bridge.document), 1) if rounds else 0
    if not (asked.isascii() and asked.isdigit() and len(asked) <= 3 and int(asked) in rounds):
        raise NoSuchRound(asked)
    return int(asked)


def _last(document: dict[str, Any]) -> int:
    if kind_of(document) == "pairs":
        return max((s["session"] for s in document["sessions"]), default=0)
    held = [m["round"] for m in document["matches"]]
    return max(held + [d["round"] for d in document.get("draw", [])], default=0)


def standings_context(bridge: BridgeEvent, number: int) -> dict[str, Any]:
    """The standings page's context, showing round (session) `number`'s matches."""
    data = bridge.data()
    places = bridge_standings(data)
    event = bridge.event
    columns = procedure_columns(places)
    return {
        "event": event,
        "bridge": bridge,
        "data": data,
        "places": [PlaceView.of(p, columns) for p in places],
        "columns": [wording.criterion(c) for c in columns],
        "kind": kind_of(bridge.document),
        "rounds": page_rounds(bridge),
        "round": number,
        "matches": round_matches(bridge, number, data=data),
        "in_play": _in_play(bridge, data, number),
        "knockout": knockout_score(bridge, data),
        "sessions": _sessions(bridge, data, number),
        "unit": _unit(data),
        "state": {"version": event.version, "updated_at": last_change_at(event)},
    }


def _in_play(bridge: BridgeEvent, data: Any, number: int) -> list[TableView]:
    """What is being played: a round's drawn matches not scored yet, a knockout's segments
    begun board by board."""
    if isinstance(data, KnockoutEvent):
        entered = {s.segment for s in data.segments}
        started = sorted({b.round for b in data.boards} - entered)
        return [segment_view(bridge, data, segment) for segment in started]
    return [t for t in round_tables(bridge, data, number) if not t.scored]


def round_matches(bridge: BridgeEvent, number: int, *, data=None) -> list[MatchRow]:
    data = data or bridge.data()
    if not isinstance(data, TeamsEvent | BamEvent):
        return []
    names = {t.id: t.name for t in data.teams}
    raw = [m for m in bridge.document["matches"] if m["round"] == number]
    return [_row(m, names) for m in raw]


def team_context(bridge: BridgeEvent, team: int) -> dict[str, Any] | None:
    data = bridge.data()
    if not isinstance(data, TeamsEvent) or team not in {t.id for t in data.teams}:
        return None
    names = {t.id: t.name for t in data.teams}
    place: Place = next(p for p in bridge_standings(data) if p.id == team)
    rows = [
        _row(m, names, side=team)
        for m in bridge.document["matches"]
        if team in (m["home"], m["away"])
    ]
    event = bridge.event
    tables = [
        t
        for number in sorted({d.round for d in data.draw})
        for t in round_tables(bridge, data, number)
        if team in (t.home, t.away)
    ]
    return {
        "event": event,
        "team": names[team],
        "place": PlaceView.of(place),
        "rows": sorted(rows, key=lambda r: r.round),
        "in_play": [t for t in tables if not t.scored],
        "boards": [(t, board_rows(bridge, data, t.drawn)) for t in tables if t.started][::-1],
        "state": {"version": event.version, "updated_at": last_change_at(event)},
    }


def _row(match: dict[str, Any], names: dict[int, str], side: int | None = None) -> MatchRow:
    """A match; with `side`, told from that team's seat (its figures first)."""
    home, away = match["home"], match["away"]
    imps, vps = match.get("imps", [0, 0]), match.get("vps", [0, 0])
    if side is not None and side == away:
        home, away, imps, vps = away, home, imps[::-1], vps[::-1]
    if "bam" in match:
        bam = match["bam"] if side is None or side == match["home"] else match["bam"][::-1]
        return MatchRow(
            match["round"], home, names[home], away, names[away], "", "", shown(match),
            wording.entry(match), bam=f"{bam[0]:g}–{bam[1]:g}",
        )  # fmt: skip
    if away is None:
        return MatchRow(match["round"], home, names[home], None, "", "", f"{vps[0]:.2f}", "", "")
    return MatchRow(
        match["round"],
        home,
        names[home],
        away,
        names[away],
        f"{imps[0]:g}–{imps[1]:g}",
        f"{vps[0]:.2f}–{vps[1]:.2f}",
        shown(match),
        wording.entry(match),
    )


@dataclass(frozen=True)
class SessionView:
    """A pairs session on the pages: every pair's score, and what the scorer saw."""

    number: int
    scores: list[tuple[int, str, str]]  # (pair id, name, score as entered or "")
    entered: str


def _sessions(bridge: BridgeEvent, data, number: int) -> SessionView | None:
    if not isinstance(data, PairsEvent):
        return None
    stored = next((s for s in bridge.document["sessions"] if s["session"] == number), None)
    given = {s["id"]: f"{s['score']:g}" for s in stored["scores"]} if stored else {}
    return SessionView(
        number, [(p.id, p.name, given.get(p.id, "")) for p in data.pairs], shown(stored)
    )


def _unit(data) -> Promise:
    if isinstance(data, KnockoutEvent):
        return _("IMPs")
    if isinstance(data, TeamsEvent):
        return pgettext_lazy("bridge", "VP")
    return pgettext_lazy("bridge", "Score")


def knockout_score(bridge: BridgeEvent, data=None):
    """A knockout match's running score (carryover plus the segments so far, the winner
    once every segment is in) for bridge/knockout_score.html; None for another kind."""
    from .knockout_services import running_score

    data = data or bridge.data()
    return running_score(bridge, data) if isinstance(data, KnockoutEvent) else None
