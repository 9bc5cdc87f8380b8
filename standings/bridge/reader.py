"""Read a `standings-bridge-1` file, all or nothing.

A refusal is a BridgeFormatError naming the JSON path and the problem, e.g.
`$.matches[7]: the match Alpha - Beta of round 2 is listed twice (also $.matches[2])`.
The format is described in ../shared/fixtures/bridge/README.md and docs/bridge.md.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from .model import (
    BamEvent,
    BamMatch,
    BoardScore,
    BridgeEvent,
    Encounter,
    Entrant,
    KnockoutEvent,
    Pair,
    PairsEvent,
    Segment,
    Session,
    TeamMatch,
    TeamsEvent,
)

FORMAT = "standings-bridge-1"
TEAM_SYSTEMS = ("round-robin", "swiss", "knockout")


class BridgeFormatError(ValueError):
    """A file refused: `path` is where in the JSON, `problem` what is wrong there."""

    def __init__(self, path: str, problem: str) -> None:
        super().__init__(f"{path}: {problem}")
        self.path = path
        self.problem = problem


def read_bridge(text: str | bytes) -> BridgeEvent:
    """The event a file describes, or BridgeFormatError for the first problem found."""
    try:
        data = json.loads(text, parse_float=Fraction, parse_constant=_no_constant)
    except (ValueError, UnicodeDecodeError) as error:
        raise BridgeFormatError("$", f"not JSON ({error})") from None
    root = _object(data, "$")
    if root.get("format") != FORMAT:
        raise BridgeFormatError("$.format", f'must be "{FORMAT}"')
    name = _text(_need(root, "name", "$"), "$.name")
    kind = _need(root, "kind", "$")
    if kind == "teams":
        system = _need(root, "system", "$")
        if system == "knockout":
            return _knockout(root, name)
        if system not in TEAM_SYSTEMS:
            raise BridgeFormatError("$.system", f"must be one of {', '.join(TEAM_SYSTEMS)}")
        return _teams(root, name, system)
    if kind == "pairs":
        return _pairs(root, name)
    if kind == "bam":
        return _bam(root, name)
    raise BridgeFormatError("$.kind", 'must be "teams", "pairs" or "bam"')


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a number")


# --- values ---------------------------------------------------------------


def _need(obj: dict[str, Any], key: str, path: str) -> Any:
    if key not in obj:
        raise BridgeFormatError(path, f'"{key}" is missing')
    return obj[key]


def _object(value: Any, path: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise BridgeFormatError(path, "must be an object")
    return value


def _list(value: Any, path: str) -> list[Any]:
    if not isinstance(value, list):
        raise BridgeFormatError(path, "must be a list")
    return value


def _text(value: Any, path: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise BridgeFormatError(path, "must be a non-empty string")
    return value


def _integer(value: Any, path: str, *, least: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BridgeFormatError(path, "must be an integer")
    if least is not None and value < least:
        raise BridgeFormatError(path, f"must be at least {least}")
    return value


def _number(value: Any, path: str, *, negative: bool = True, what: str = "") -> Fraction:
    if isinstance(value, bool) or not isinstance(value, int | Fraction):
        raise BridgeFormatError(path, "must be a number")
    if not negative and value < 0:
        raise BridgeFormatError(path, f"negative {what or 'value'} ({float(value):g})")
    return Fraction(value)


def _pair(value: Any, path: str, *, negative: bool = True, what: str = "") -> Pair:
    items = _list(value, path)
    if len(items) != 2:
        raise BridgeFormatError(path, "must hold two numbers, home then away")
    return (
        _number(items[0], f"{path}[0]", negative=negative, what=what),
        _number(items[1], f"{path}[1]", negative=negative, what=what),
    )


# --- entrants -------------------------------------------------------------


def _entrants(root: dict[str, Any], key: str) -> tuple[Entrant, ...]:
    items = _list(_need(root, key, "$"), f"$.{key}")
    if not items:
        raise BridgeFormatError(f"$.{key}", "is empty")
    seen: dict[int, str] = {}
    entrants = []
    for i, raw in enumerate(items):
        path = f"$.{key}[{i}]"
        item = _object(raw, path)
        ident = _integer(_need(item, "id", path), f"{path}.id")
        if ident in seen:
            raise BridgeFormatError(
                f"{path}.id", f"id {ident} is listed twice (also {seen[ident]})"
            )
        seen[ident] = path
        carryover = Fraction(0)
        if "carryover" in item:
            carryover = _number(item["carryover"], f"{path}.carryover")
        entrants.append(Entrant(ident, _text(_need(item, "name", path), f"{path}.name"), carryover))
    return tuple(entrants)


def _known(value: Any, path: str, names: dict[int, str], what: str) -> int:
    ident = _integer(value, path)
    if ident not in names:
        raise BridgeFormatError(path, f"{what} of team {ident}, which is not in the teams")
    return ident


# --- teams: round robin and Swiss -----------------------------------------


def _teams(root: dict[str, Any], name: str, system: str) -> TeamsEvent:
    teams = _entrants(root, "teams")
    names = {t.id: t.name for t in teams}
    rounds = None
    if "rounds" in root:
        rounds = _integer(root["rounds"], "$.rounds", least=1)
    elif system == "round-robin":
        # Without a stated schedule a round robin is at most a double one (README).
        rounds = 2 * (len(teams) - 1 if len(teams) % 2 == 0 else len(teams))
    matches = []
    listed: dict[tuple[int, frozenset[int | None]], str] = {}
    playing: dict[tuple[int, int], str] = {}
    for i, raw in enumerate(_list(_need(root, "matches", "$"), "$.matches")):
        path = f"$.matches[{i}]"
        match = _team_match(_object(raw, path), path, names, byes=True)
        if rounds is not None and match.round > rounds:
            raise BridgeFormatError(
                f"{path}.round", f"round {match.round} is beyond the schedule of {rounds} rounds"
            )
        key = (match.round, frozenset((match.home, match.away)))
        if key in listed:
            raise BridgeFormatError(
                path,
                f"the match {_title(match, names)} of round {match.round} is listed twice"
                f" (also {listed[key]})",
            )
        listed[key] = path
        for side in (match.home, match.away):
            if side is None:
                continue
            if (match.round, side) in playing:
                raise BridgeFormatError(
                    path,
                    f"{names[side]} already plays in round {match.round}"
                    f" ({playing[match.round, side]})",
                )
            playing[match.round, side] = path
        matches.append(match)
    return TeamsEvent(name, system, teams, tuple(matches), rounds)


def _title(match: TeamMatch, names: dict[int, str]) -> str:
    away = "bye" if match.away is None else names[match.away]
    return f"{names[match.home]} - {away}"


def _team_match(item: dict[str, Any], path: str, names: dict[int, str], *, byes: bool) -> TeamMatch:
    number = _integer(_need(item, "round", path), f"{path}.round", least=1)
    home = _known(_need(item, "home", path), f"{path}.home", names, "a result")
    away_raw = _need(item, "away", path)
    away = None
    if away_raw is not None or not byes:
        away = _known(away_raw, f"{path}.away", names, "a result")
        if away == home:
            raise BridgeFormatError(f"{path}.away", f"team {home} cannot play itself")
    vps = _pair(_need(item, "vps", path), f"{path}.vps")
    imps = _pair(_need(item, "imps", path), f"{path}.imps", negative=False, what="IMPs")
    points = _pair(_need(item, "points", path), f"{path}.points", negative=False, what="points")
    return TeamMatch(number, home, away, imps, vps, points)


# --- teams: one knockout match --------------------------------------------


def _knockout(root: dict[str, Any], name: str) -> KnockoutEvent:
    teams = _entrants(root, "teams")
    if len(teams) != 2:
        raise BridgeFormatError("$.teams", "a knockout match has exactly two teams")
    names = {t.id: t.name for t in teams}
    segments = []
    seen: dict[int, str] = {}
    for i, raw in enumerate(_list(_need(root, "matches", "$"), "$.matches")):
        path = f"$.matches[{i}]"
        item = _object(raw, path)
        number = _integer(_need(item, "segment", path), f"{path}.segment", least=1)
        if number in seen:
            raise BridgeFormatError(path, f"segment {number} is listed twice (also {seen[number]})")
        seen[number] = path
        home = _known(_need(item, "home", path), f"{path}.home", names, "IMPs")
        away = _known(_need(item, "away", path), f"{path}.away", names, "IMPs")
        if away == home:
            raise BridgeFormatError(f"{path}.away", f"team {home} cannot play itself")
        imps = _pair(_need(item, "imps", path), f"{path}.imps", negative=False, what="IMPs")
        segments.append(Segment(number, home, away, imps))
    qualification = _object(root.get("qualification", {}), "$.qualification")
    ranks: dict[int, int] = {}
    ranking = _list(qualification.get("ranking", []), "$.qualification.ranking")
    for i, raw in enumerate(ranking):
        path = f"$.qualification.ranking[{i}]"
        item = _object(raw, path)
        ident = _known(_need(item, "id", path), f"{path}.id", names, "a rank")
        if ident in ranks:
            raise BridgeFormatError(path, f"team {ident} is ranked twice")
        ranks[ident] = _integer(_need(item, "rank", path), f"{path}.rank", least=1)
    matches = []
    played = _list(qualification.get("matches", []), "$.qualification.matches")
    for i, raw in enumerate(played):
        path = f"$.qualification.matches[{i}]"
        matches.append(_team_match(_object(raw, path), path, names, byes=False))
    return KnockoutEvent(name, (teams[0], teams[1]), tuple(segments), ranks, tuple(matches))


# --- pairs ----------------------------------------------------------------


def _pairs(root: dict[str, Any], name: str) -> PairsEvent:
    pairs = _entrants(root, "pairs")
    names = {p.id: p.name for p in pairs}
    sessions = []
    seen: dict[int, str] = {}
    for i, raw in enumerate(_list(_need(root, "sessions", "$"), "$.sessions")):
        path = f"$.sessions[{i}]"
        item = _object(raw, path)
        number = _integer(_need(item, "session", path), f"{path}.session", least=1)
        if number in seen:
            raise BridgeFormatError(path, f"session {number} is listed twice (also {seen[number]})")
        seen[number] = path
        sessions.append(_session(item, path, number, names))
    return PairsEvent(name, pairs, tuple(sessions))


def _session(item: dict[str, Any], path: str, number: int, names: dict[int, str]) -> Session:
    scores: dict[int, Fraction] = {}
    for j, raw in enumerate(_list(_need(item, "scores", path), f"{path}.scores")):
        where = f"{path}.scores[{j}]"
        entry = _object(raw, where)
        ident = _pair_id(_need(entry, "id", where), f"{where}.id", names)
        if ident in scores:
            raise BridgeFormatError(where, f"pair {ident} has two scores in session {number}")
        scores[ident] = _number(_need(entry, "score", where), f"{where}.score")
    missing = sorted(set(names) - set(scores))
    if missing:
        raise BridgeFormatError(f"{path}.scores", f"no score for pair {missing[0]}")
    encounters = []
    listed: dict[tuple[int, frozenset[int]], str] = {}
    for j, raw in enumerate(_list(item.get("rounds", []), f"{path}.rounds")):
        where = f"{path}.rounds[{j}]"
        entry = _object(raw, where)
        rnd = _integer(_need(entry, "round", where), f"{where}.round", least=1)
        ns = _pair_id(_need(entry, "ns", where), f"{where}.ns", names)
        ew = _pair_id(_need(entry, "ew", where), f"{where}.ew", names)
        if ns == ew:
            raise BridgeFormatError(f"{where}.ew", f"pair {ns} cannot play itself")
        key = (rnd, frozenset((ns, ew)))
        if key in listed:
            raise BridgeFormatError(
                where,
                f"round {rnd} of {names[ns]} - {names[ew]} is listed twice (also {listed[key]})",
            )
        listed[key] = where
        mps = _pair(_need(entry, "mps", where), f"{where}.mps", negative=False, what="match points")
        encounters.append(Encounter(rnd, ns, ew, mps))
    return Session(number, scores, tuple(encounters))


def _pair_id(value: Any, path: str, names: dict[int, str]) -> int:
    ident = _integer(value, path)
    if ident not in names:
        raise BridgeFormatError(path, f"pair {ident} is not in the pairs")
    return ident


# --- board-a-match --------------------------------------------------------


def _bam(root: dict[str, Any], name: str) -> BamEvent:
    teams = _entrants(root, "teams")
    names = {t.id: t.name for t in teams}
    stage = _text(root.get("stage", name), "$.stage")
    matches = []
    listed: dict[tuple[int, frozenset[int]], str] = {}
    playing: dict[tuple[int, int], str] = {}
    boards_played: dict[tuple[int, int], str] = {}
    for i, raw in enumerate(_list(_need(root, "matches", "$"), "$.matches")):
        path = f"$.matches[{i}]"
        item = _object(raw, path)
        rnd = _integer(_need(item, "round", path), f"{path}.round", least=1)
        home = _known(_need(item, "home", path), f"{path}.home", names, "BAM points")
        away = _known(_need(item, "away", path), f"{path}.away", names, "BAM points")
        if away == home:
            raise BridgeFormatError(f"{path}.away", f"team {home} cannot play itself")
        key = (rnd, frozenset((home, away)))
        if key in listed:
            raise BridgeFormatError(
                path,
                f"the match {names[home]} - {names[away]} of round {rnd} is listed twice"
                f" (also {listed[key]})",
            )
        listed[key] = path
        for side in (home, away):
            if (rnd, side) in playing:
                raise BridgeFormatError(
                    path, f"{names[side]} already plays in round {rnd} ({playing[rnd, side]})"
                )
            playing[rnd, side] = path
        bam = _pair(_need(item, "bam", path), f"{path}.bam", negative=False, what="BAM points")
        boards = []
        for j, board_raw in enumerate(_list(item.get("boards", []), f"{path}.boards")):
            where = f"{path}.boards[{j}]"
            entry = _object(board_raw, where)
            number = _integer(_need(entry, "board", where), f"{where}.board", least=1)
            for side in (home, away):
                if (side, number) in boards_played:
                    raise BridgeFormatError(
                        f"{where}.board",
                        f"{names[side]} already played board {number}"
                        f" ({boards_played[side, number]})",
                    )
                boards_played[side, number] = where
            boards.append(
                BoardScore(number, _pair(_need(entry, "points", where), f"{where}.points"))
            )
        matches.append(BamMatch(rnd, home, away, bam, tuple(boards)))
    return BamEvent(name, stage, teams, tuple(matches))
