"""Find my board: a player by any part of the name or by start number, across the events of
a tournament (its sections), with their board in the current round.

Reads EventStates only (what state/cache.py keeps), so a search costs no database query; a
state's folded names are worked out once per event version and kept in this process.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

from standings.state.cache import Kept
from standings.state.event_state import EventState, SectionLink
from standings.state.parts import Board, Person

LIMIT = 25  # answers shown; a query as short as "a" would list everyone
QUERY_MAX_LENGTH = 100
# Letters that carry no combining mark to drop in NFKD (Ø stays Ø): read as the plain
# Latin letters a searcher types.
PLAIN = str.maketrans({"ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "æ": "ae", "œ": "oe"})


def fold(text: str) -> str:
    """Lower case without accents: "Łukasz Müller-Ørsted" -> "lukasz muller-orsted"."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return bare.translate(PLAIN)


@dataclass(frozen=True, slots=True)
class Found:
    """A player found, where to see them: their section and this round's board, if any."""

    section: SectionLink
    person: Person
    round: int | None  # the current round's number; None before pairings
    board: int | None  # their board in it (shown number); None when not paired
    colour: str  # "white", "black", or "" without a board
    table: int | None  # a team event's match their board is in; None in individual events
    bye: str  # the bye they have this round instead ("Half-point bye"), or ""


@dataclass(frozen=True, slots=True)
class Index:
    """One event version's players, ready to search."""

    section: SectionLink
    names: tuple[tuple[str, Person], ...]  # folded name, person; in start-number order
    by_start_no: dict[int, Person]
    seats: dict[int, tuple[int, str, int | None]]  # start no -> (board, colour, match table)
    byes: dict[int, str]  # start no -> the bye's code ("H")
    round: int | None


# Per (slug, version): a version's players do not change, and a search reads no state then
# (unpickling five 400-player states cost a second a search).
_INDEXES = Kept(64)


def cached_index(slug: str, version: int) -> Index | None:
    """The index of this event version, if this process built it already."""
    return _INDEXES.get((slug, version))


def index(state: EventState) -> Index:
    """The state's search index, built once per event version and process."""
    found = cached_index(state.slug, state.version)
    if found is None:
        found = _build_index(state)
        _INDEXES.put((state.slug, state.version), found)
    return found


def _build_index(state: EventState) -> Index:
    people = sorted(state.people.values(), key=lambda p: p.start_no)
    seats: dict[int, tuple[int, str, int | None]] = {}
    byes: dict[int, str] = {}
    current = state.current_round
    if current is not None:
        boards: list[tuple[Board, int | None]] = [(board, None) for board in current.boards]
        team_round = state.teams.round(current.number) if state.teams else None
        if team_round is not None:  # a team event's boards are its matches'
            boards = [
                (board, match.table) for match in team_round.matches for board in match.boards
            ]
        for board, table in boards:
            seats[board.white.start_no] = (board.number, "white", table)
            seats[board.black.start_no] = (board.number, "black", table)
        byes = {bye.person.start_no: bye.code or bye.kind for bye in current.byes}
    return Index(
        section=SectionLink(state.slug, state.name),
        names=tuple((fold(p.name), p) for p in people),
        by_start_no={p.start_no: p for p in people},
        seats=seats,
        byes=byes,
        round=current.number if current else None,
    )


def search(indexes: Iterable[Index], query: str, limit: int = LIMIT) -> list[Found]:
    """Players whose start number is the query, or whose name holds every word of it
    (accents and case ignored, any order), section by section in start-number order."""
    query = query.strip()[:QUERY_MAX_LENGTH]
    if not query:
        return []
    found: list[Found] = []
    for each in indexes:
        if len(found) >= limit:
            break
        found.extend(_search_one(each, query, limit - len(found)))
    return found


def _search_one(idx: Index, query: str, limit: int) -> list[Found]:
    if query.isdecimal() and query.isascii():
        person = idx.by_start_no.get(int(query))
        return [] if person is None else [_found(idx, person)]
    words = fold(query).split()
    hits = []
    for name, person in idx.names:
        if all(word in name for word in words):
            hits.append(_found(idx, person))
            if len(hits) >= limit:
                break
    return hits


def _found(idx: Index, person: Person) -> Found:
    board, colour, table = idx.seats.get(person.start_no, (None, "", None))
    return Found(
        section=idx.section,
        person=person,
        round=idx.round,
        board=board,
        colour=colour,
        table=table,
        bye=idx.byes.get(person.start_no, ""),
    )
