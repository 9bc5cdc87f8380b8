"""What a venue's state must look like before any of it is applied (public.apply_state).

Every row's shape, every number's range, no NUL character and no non-finite number anywhere,
and the caps on what one batch may hold: sections, and players, rounds and games per event and
in all (settings MIRROR_MAX_*). Each cap bounds the work of applying a batch, and of the pages
that read it after. A refusal names the field (`boards[3][5]`, `sections.cup-a.trf`) and is
raised before anything is written. A whole state is checked alone, never against the one
stored, so no stored state can wedge the mirror.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.utils.dateparse import parse_datetime

from standings.engine.limits import MAX_START_NO
from standings.events.models import Result, Round

from .batch import FORMAT

MAX_VERSION = 2**31 - 1  # an event's version column
MAX_ORDER = 32767  # a section's place, a small integer column
MAX_DEPTH = 24  # objects and lists within each other; a state has 6, prize rules a few more
MAX_WHOLE = 2**63 - 1  # past any column, and past what a JSON column is read back as
RESULTS = frozenset(Result.values)
ROUND_STATES = frozenset(Round.State.values)


class BadBatch(ValueError):
    """A batch whose content cannot be applied; nothing was changed."""


def bounded(value: object, top: int, where: str = "", *, least: int = 0) -> int:
    """A whole number of a batch, least..top (its column's range); BadBatch otherwise."""
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= top:
        said = f"{str(value)[:30]} is not a whole number from {least} to {top}"
        raise BadBatch(f"{where}: {said}" if where else said)
    return value


@dataclass
class _Totals:
    players: int = 0
    cells: int = 0  # a player's round in a TRF file: two to a game


def check_state(state: Any) -> None:
    """Raise BadBatch naming the first fault of `state`, before anything is applied."""
    if not isinstance(state, dict):
        raise BadBatch("state: not an object")
    _check_values(state)
    totals = _Totals()
    sections = state.get("sections")
    if sections is None:
        _check_event(state, "", totals)
    else:
        _check_sections(sections, totals)
        if "trf" in state or "bridge" in state:  # the tournament's own play
            _check_event(state, "", totals)
        else:
            _check_grouping(state)
    if totals.players > settings.MIRROR_MAX_BATCH_PLAYERS:
        raise BadBatch(
            f"sections: {totals.players} players in all, more than a batch may hold"
            f" (MIRROR_MAX_BATCH_PLAYERS = {settings.MIRROR_MAX_BATCH_PLAYERS})"
        )
    if totals.cells // 2 > settings.MIRROR_MAX_GAMES:
        raise BadBatch(
            f"trf: about {totals.cells // 2} games in all, more than a batch may hold"
            f" (MIRROR_MAX_GAMES = {settings.MIRROR_MAX_GAMES})"
        )


def _check_values(state: dict) -> None:
    """No NUL (PostgreSQL stores none), no NaN or infinity, no number past 64 bits, no
    nesting past MAX_DEPTH: anywhere, keys included. One pass without recursion."""
    stack: list[tuple[Any, tuple, int]] = [(state, (), 0)]
    while stack:
        value, path, depth = stack.pop()
        if isinstance(value, dict):
            if depth >= MAX_DEPTH:
                raise BadBatch(f"{_path(path)}: nested deeper than {MAX_DEPTH}")
            for key, inner in value.items():
                if "\x00" in key:
                    raise BadBatch(f"{_path(path)}: a key holds a NUL character")
                stack.append((inner, (*path, key), depth + 1))
        elif isinstance(value, list):
            if depth >= MAX_DEPTH:
                raise BadBatch(f"{_path(path)}: nested deeper than {MAX_DEPTH}")
            stack.extend((inner, (*path, i), depth + 1) for i, inner in enumerate(value))
        elif isinstance(value, str):
            if "\x00" in value:
                raise BadBatch(f"{_path(path)}: a NUL character")
        elif isinstance(value, float):
            if not math.isfinite(value):
                raise BadBatch(f"{_path(path)}: {value} is not a number a column holds")
        elif isinstance(value, int) and not isinstance(value, bool):
            if abs(value) > MAX_WHOLE:
                raise BadBatch(f"{_path(path)}: a number past 64 bits")


def _path(path: tuple) -> str:
    said = ""
    for step in path:
        said += f"[{step}]" if isinstance(step, int) else f".{str(step)[:60]}"
    return said.lstrip(".") or "state"


def _at(where: str, name: str) -> str:
    return f"{where}.{name}" if where else name


def _check_sections(sections: Any, totals: _Totals) -> None:
    if not isinstance(sections, dict):
        raise BadBatch("sections: not an object")
    if len(sections) > settings.MIRROR_MAX_SECTIONS:
        raise BadBatch(
            f"sections: {len(sections)} sections, more than a batch may hold"
            f" (MIRROR_MAX_SECTIONS = {settings.MIRROR_MAX_SECTIONS})"
        )
    for slug, section in sections.items():
        where = f"sections.{slug[:60]}"
        if not isinstance(section, dict):
            raise BadBatch(f"{where}: not a state")
        if "sections" in section:
            raise BadBatch(f"{where}.sections: a section has no sections")
        bounded(section.get("order", 0), MAX_ORDER, f"{where}.order")
        bounded(section.get("version", 0), MAX_VERSION, f"{where}.version")
        _check_event(section, where, totals)


def _check_grouping(state: dict) -> None:
    if state.get("format") != FORMAT:
        raise BadBatch(f"format: not a {FORMAT} state")
    if not isinstance(state.get("event"), dict):
        raise BadBatch("event: not an object")


def _check_event(state: dict, where: str, totals: _Totals) -> None:
    """One event's state: its TRF file (or bridge document), rounds, boards and players."""
    if state.get("format") != FORMAT:
        raise BadBatch(f"{_at(where, 'format')}: not a {FORMAT} state")
    if not isinstance(state.get("event"), dict):
        raise BadBatch(f"{_at(where, 'event')}: not an object")
    if "bridge" in state:
        bridge = state["bridge"]
        if not isinstance(bridge, dict) or not isinstance(bridge.get("document"), dict):
            raise BadBatch(f"{_at(where, 'bridge')}: not an object holding a document")
        return
    trf = state.get("trf")
    if not isinstance(trf, str):
        raise BadBatch(f"{_at(where, 'trf')}: the state holds neither a TRF file nor a bridge")
    players, cells, rounds = _trf_size(trf)
    if players > settings.MIRROR_MAX_PLAYERS:
        raise BadBatch(
            f"{_at(where, 'trf')}: {players} players, more than an event may hold"
            f" (MIRROR_MAX_PLAYERS = {settings.MIRROR_MAX_PLAYERS})"
        )
    top_round = settings.MIRROR_MAX_ROUNDS
    if rounds > top_round:
        raise BadBatch(
            f"{_at(where, 'trf')}: {rounds} rounds, more than an event may hold"
            f" (MIRROR_MAX_ROUNDS = {top_round})"
        )
    totals.players += players
    totals.cells += cells
    _check_rounds(state.get("rounds", []), _at(where, "rounds"), top_round)
    _check_boards(state.get("boards", []), _at(where, "boards"), top_round, cells)
    _check_participants(state.get("participants", {}), _at(where, "participants"), players)


def _trf_size(trf: str) -> tuple[int, int, int]:
    """(players, round cells, rounds) of a TRF file, from its 001 lines' count and lengths:
    a round's cell takes 10 columns after the 91st."""
    players = cells = rounds = 0
    for line in trf.splitlines():
        if line.startswith("001"):
            players += 1
            written = max(0, (len(line.rstrip()) - 82) // 10)
            cells += written
            rounds = max(rounds, written)
    return players, cells, rounds


def _check_rounds(rounds: Any, where: str, top_round: int) -> None:
    if not isinstance(rounds, list) or len(rounds) > top_round:
        raise BadBatch(f"{where}: not a list of at most {top_round} rounds")
    for index, said in enumerate(rounds):
        at = f"{where}[{index}]"
        if not isinstance(said, dict):
            raise BadBatch(f"{at}: not an object")
        bounded(said.get("number"), top_round, f"{at}.number", least=1)
        if not isinstance(said.get("state"), str) or said["state"] not in ROUND_STATES:
            raise BadBatch(f"{at}.state: not one of {', '.join(sorted(ROUND_STATES))}")
        for name in ("starts_at", "closed_at"):
            _check_time(said.get(name), f"{at}.{name}")


def _check_time(value: Any, where: str) -> None:
    if value is None:
        return
    try:
        when = parse_datetime(value) if isinstance(value, str) else None
    except ValueError:
        when = None
    if when is None:
        raise BadBatch(f"{where}: not a date and time (ISO 8601) or null")


def _check_boards(boards: Any, where: str, top_round: int, cells: int) -> None:
    """[round, table, board, white, black, result]: as many as the file's cells allow."""
    if not isinstance(boards, list):
        raise BadBatch(f"{where}: not a list")
    if len(boards) > cells:
        raise BadBatch(f"{where}: {len(boards)} boards, more than the TRF file's games")
    top_board = settings.MIRROR_MAX_PLAYERS
    for index, row in enumerate(boards):
        at = f"{where}[{index}]"
        if not isinstance(row, list) or len(row) != 6:
            raise BadBatch(f"{at}: not [round, table, board, white, black, result]")
        bounded(row[0], top_round, f"{at}[0]", least=1)
        bounded(row[1], top_board, f"{at}[1]")
        bounded(row[2], top_board, f"{at}[2]", least=1)
        bounded(row[3], MAX_START_NO, f"{at}[3]", least=1)
        bounded(row[4], MAX_START_NO, f"{at}[4]", least=1)
        if not isinstance(row[5], str) or row[5] not in RESULTS:
            raise BadBatch(f"{at}[5]: not a result code")


def _check_participants(people: Any, where: str, players: int) -> None:
    if not isinstance(people, dict):
        raise BadBatch(f"{where}: not an object")
    if len(people) > players:
        raise BadBatch(f"{where}: {len(people)} players, more than the TRF file's {players}")
    for number, columns in people.items():
        if not (number.isascii() and number.isdigit() and 1 <= int(number) <= MAX_START_NO):
            raise BadBatch(f"{where}.{number[:10]}: not a start number")
        if not isinstance(columns, dict):
            raise BadBatch(f"{where}.{number}: not an object")
