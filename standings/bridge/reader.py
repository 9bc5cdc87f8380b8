"""Read a `standings-bridge-1` file, all or nothing.

A refusal is a BridgeFormatError naming the JSON path and the problem, e.g.
`$.matches[7]: the match Alpha - Beta of round 2 is listed twice (also $.matches[2])`.
The format is described in tests/fixtures/bridge/README.md and docs/bridge.md.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from typing import Any

from .contract import PROBLEMS as CONTRACT_PROBLEMS
from .contract import ContractError, ns_score, parse_played
from .model import (
    BamEvent,
    BamMatch,
    BoardResult,
    BoardScore,
    BridgeEvent,
    DrawnMatch,
    Encounter,
    Entrant,
    KnockoutEvent,
    Pair,
    PairsEvent,
    RoomResult,
    Segment,
    Session,
    TeamMatch,
    TeamsEvent,
)

FORMAT = "standings-bridge-1"
TEAM_SYSTEMS = ("round-robin", "swiss", "knockout")

# Bounds on what a file may hold, checked before any costly step (a client may misbehave).
MAX_BYTES = 5 * 1024 * 1024  # the import form and the command state it
MAX_DEPTH = 10  # the format nests 6 deep; the json module recurses once per level
MAX_NUMBER_TEXT = 32  # characters of one number: a Fraction of it is then cheap to make
MAX_EXPONENT = 400  # either way ("1e10000000" would take minutes to make exact)
LARGEST = 10**12  # every number is smaller in size, so what the writer writes reads again
MAX_ROUND = 99  # rounds, sessions and segments, as the scorer's forms take them
MAX_NAME = 200  # characters of a name, as the event's name is stored
MAX_TABLE = 999  # tables of a round's draw
MAX_BOARD = 128  # boards of a match
MAX_NS_SCORE = 7600  # the most a board can score (7NTXX+6 vulnerable); a multiple of 10


# What can be wrong at a place of a file, by stable key: the English the command prints;
# the pages word the same keys and values in the reader's language (bridge_events/wording).
PROBLEMS: dict[str, str] = {
    "not_json": "not JSON ({error})",
    "too_big": "the file is larger than {most} MB",
    "too_deep": "nested deeper than {most} levels",
    "not_utf8": "not UTF-8 text (byte {byte})",
    "long_number": "a number of more than {most} characters",
    "exponent": "a number whose exponent is beyond {most}",
    "too_large": "must be between -{most} and {most}",
    "at_most": "must be at most {most}",
    "long_text": "longer than {most} characters",
    "not_finite": "{name} is not a number",
    "bad_character": (
        "holds a character that cannot be stored, a control character or a lone surrogate "
        "(character {at})"
    ),
    "format": 'must be "{format}"',
    "system": "must be one of {systems}",
    "kind": 'must be "teams", "pairs" or "bam"',
    "missing": '"{field}" is missing',
    "object": "must be an object",
    "list": "must be a list",
    "text": "must be a non-empty string",
    "integer": "must be an integer",
    "at_least": "must be at least {least}",
    "number": "must be a number",
    "negative": "negative {what} ({value})",
    "two_numbers": "must hold two numbers, home then away",
    "empty": "is empty",
    "id_twice": "id {id} is listed twice (also {also})",
    "unknown_team": "{what} of team {id}, which is not in the teams",
    "beyond_schedule": "round {round} is beyond the schedule of {rounds} rounds",
    "match_twice": "the match {home} - {away} of round {round} is listed twice (also {also})",
    "already_plays": "{team} already plays in round {round} ({also})",
    "plays_itself": "team {id} cannot play itself",
    "knockout_teams": "a knockout match has exactly two teams",
    "segment_twice": "segment {segment} is listed twice (also {also})",
    "ranked_twice": "team {id} is ranked twice",
    "session_twice": "session {session} is listed twice (also {also})",
    "two_scores": "pair {id} has two scores in session {session}",
    "no_score": "no score for pair {id}",
    "pair_plays_itself": "pair {id} cannot play itself",
    "encounter_twice": "round {round} of {ns} - {ew} is listed twice (also {also})",
    "unknown_pair": "pair {id} is not in the pairs",
    "board_twice": "{team} already played board {board} ({also})",
    "table_twice": "table {table} of round {round} is listed twice (also {also})",
    "drawn_twice": "{team} is drawn twice in round {round} (also {also})",
    "not_drawn": "{home} - {away} is not a match of round {round}'s draw",
    "board_listed_twice": (
        "board {board} of {home} - {away} in round {round} is listed twice (also {also})"
    ),
    "segment_board_twice": "board {board} of segment {segment} is listed twice (also {also})",
    "no_room": "a board needs the result of at least one room, open or closed",
    "ns_score": "a North-South score is a multiple of 10 from -{most} to {most}, not {score}",
    # A room's result in the usual notation ("4S= N") is refused as the contract module says.
    **CONTRACT_PROBLEMS,
}
# The `what` of "negative" and "unknown_team", by key.
WHAT: dict[str, str] = {
    "value": "value",
    "imps": "IMPs",
    "points": "points",
    "match_points": "match points",
    "bam_points": "BAM points",
    "result": "a result",
    "rank": "a rank",
    "draw": "a draw",
    "board": "a board",
}


class BridgeFormatError(ValueError):
    """A file refused: `path` is where in the JSON, `key` what is wrong there (PROBLEMS),
    `values` the figures and names it names; `problem` says it in English."""

    def __init__(self, path: str, key: str, **values: Any) -> None:
        self.path = path
        self.key = key
        self.values = values
        super().__init__(f"{path}: {self.problem}")

    @property
    def problem(self) -> str:
        values = dict(self.values)
        if "what" in values:
            values["what"] = WHAT[values["what"]]
        if values.get("away", "") is None:
            values["away"] = "bye"
        return PROBLEMS[self.key].format(**values)


def read_bridge(text: str | bytes) -> BridgeEvent:
    """The event a file describes, or BridgeFormatError for the first problem found."""
    root = _object(_parse(text), "$")
    if root.get("format") != FORMAT:
        raise BridgeFormatError("$.format", "format", format=FORMAT)
    name = _text(_need(root, "name", "$"), "$.name")
    kind = _need(root, "kind", "$")
    if kind == "teams":
        system = _need(root, "system", "$")
        if system == "knockout":
            return _knockout(root, name)
        if system not in TEAM_SYSTEMS:
            raise BridgeFormatError("$.system", "system", systems=", ".join(TEAM_SYSTEMS))
        return _teams(root, name, system)
    if kind == "pairs":
        return _pairs(root, name)
    if kind == "bam":
        return _bam(root, name)
    raise BridgeFormatError("$.kind", "kind")


def _parse(text: str | bytes) -> Any:
    """The JSON of a file within the bounds above; a number too long to read is kept as
    an UnreadNumber, refused where a number is expected (so the refusal names the path)."""
    if len(text) > MAX_BYTES or (isinstance(text, str) and len(text.encode()) > MAX_BYTES):
        raise BridgeFormatError("$", "too_big", most=MAX_BYTES // (1024 * 1024))
    if isinstance(text, bytes):
        try:
            text = text.decode(json.detect_encoding(text))
        except UnicodeDecodeError as error:
            raise BridgeFormatError("$", "not_utf8", byte=error.start + 1) from None
    if _too_deep(text):
        raise BridgeFormatError("$", "too_deep", most=MAX_DEPTH)
    try:
        return json.loads(
            text, parse_int=_integer_text, parse_float=_number_text, parse_constant=_constant
        )
    except RecursionError:  # not expected after the check; kept as the last guard
        raise BridgeFormatError("$", "too_deep", most=MAX_DEPTH) from None
    except json.JSONDecodeError as error:
        raise BridgeFormatError(
            "$", "not_json", error=str(error), line=error.lineno, column=error.colno
        ) from None


# The depth check works on bytes of brackets only, "(" and ")", with C-speed bytes methods.
_BRACKETS = bytes.maketrans(b"[{]}", b"(())")
_NOT_BRACKETS = bytes(sorted(set(range(256)) - set(b"[]{}")))
_DEEPER = b"(" * (MAX_DEPTH + 1)


def _too_deep(text: str) -> bool:
    """Whether the file nests deeper than MAX_DEPTH, without Python recursion or a Python
    loop per character. Brackets in strings are counted at first; only a file that seems
    too deep is looked at again without its strings."""
    raw = text.encode()
    if not _nests_deeper(raw):
        return False
    unescaped = raw.replace(b"\\\\", b"").replace(b'\\"', b"")
    return _nests_deeper(b"".join(unescaped.split(b'"')[::2]))


def _nests_deeper(raw: bytes) -> bool:
    # Each pass removes the innermost pairs, so a pair left after MAX_DEPTH passes sat
    # deeper; a run of openers catches what is opened and never closed.
    brackets = raw.translate(_BRACKETS, _NOT_BRACKETS)
    for _ in range(MAX_DEPTH):
        if _DEEPER in brackets:
            return True
        shorter = brackets.replace(b"()", b"")
        if len(shorter) == len(brackets):
            break
        brackets = shorter
    return b"()" in brackets or _DEEPER in brackets


class UnreadNumber:
    """A number of the file not made exact: too long, its exponent too large, or NaN and
    the infinities. Refused where the file has it, as `key` with `values`."""

    def __init__(self, key: str, **values: Any) -> None:
        self.key = key
        self.values = values


def _integer_text(text: str) -> int | UnreadNumber:
    if len(text) > MAX_NUMBER_TEXT:
        return UnreadNumber("long_number", most=MAX_NUMBER_TEXT)
    return int(text)


def _number_text(text: str) -> Fraction | UnreadNumber:
    if len(text) > MAX_NUMBER_TEXT:
        return UnreadNumber("long_number", most=MAX_NUMBER_TEXT)
    _, _, exponent = text.lower().partition("e")
    if exponent and abs(int(exponent)) > MAX_EXPONENT:
        return UnreadNumber("exponent", most=MAX_EXPONENT)
    return Fraction(text)


def _constant(name: str) -> UnreadNumber:
    return UnreadNumber("not_finite", name=name)


# --- values ---------------------------------------------------------------


def _need(obj: dict[str, Any], key: str, path: str) -> Any:
    if key not in obj:
        raise BridgeFormatError(path, "missing", field=key)
    return obj[key]


def _object(value: Any, path: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise BridgeFormatError(path, "object")
    return value


def _list(value: Any, path: str) -> list[Any]:
    if not isinstance(value, list):
        raise BridgeFormatError(path, "list")
    return value


# Characters a name may not hold: controls (PostgreSQL refuses NUL) and lone surrogates
# (a JSON escape can make one; no page or database could encode it).
_BAD_CHARACTER = re.compile(r"[\x00-\x1f\x7f-\x9f\ud800-\udfff]")


def _text(value: Any, path: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise BridgeFormatError(path, "text")
    if len(value) > MAX_NAME:
        raise BridgeFormatError(path, "long_text", most=MAX_NAME)
    bad = _BAD_CHARACTER.search(value)
    if bad:
        raise BridgeFormatError(path, "bad_character", at=bad.start() + 1)
    return value


def _integer(value: Any, path: str, *, least: int | None = None, most: int | None = None) -> int:
    _unread(value, path)
    if not isinstance(value, int) or isinstance(value, bool):
        raise BridgeFormatError(path, "integer")
    if least is not None and value < least:
        raise BridgeFormatError(path, "at_least", least=least)
    if most is not None and value > most:
        raise BridgeFormatError(path, "at_most", most=most)
    _sized(value, path)
    return value


def _number(value: Any, path: str, *, negative: bool = True, what: str = "value") -> Fraction:
    _unread(value, path)
    if isinstance(value, bool) or not isinstance(value, int | Fraction):
        raise BridgeFormatError(path, "number")
    _sized(value, path)
    if not negative and value < 0:
        raise BridgeFormatError(path, "negative", what=what, value=f"{float(value):g}")
    return Fraction(value)


def _unread(value: Any, path: str) -> None:
    if isinstance(value, UnreadNumber):
        raise BridgeFormatError(path, value.key, **value.values)


def _sized(value: int | Fraction, path: str) -> None:
    if not -LARGEST < value < LARGEST:
        raise BridgeFormatError(path, "too_large", most=LARGEST - 1)


def _pair(value: Any, path: str, *, negative: bool = True, what: str = "value") -> Pair:
    items = _list(value, path)
    if len(items) != 2:
        raise BridgeFormatError(path, "two_numbers")
    return (
        _number(items[0], f"{path}[0]", negative=negative, what=what),
        _number(items[1], f"{path}[1]", negative=negative, what=what),
    )


# --- entrants -------------------------------------------------------------


def _entrants(root: dict[str, Any], key: str) -> tuple[Entrant, ...]:
    items = _list(_need(root, key, "$"), f"$.{key}")
    if not items:
        raise BridgeFormatError(f"$.{key}", "empty")
    seen: dict[int, str] = {}
    entrants = []
    for i, raw in enumerate(items):
        path = f"$.{key}[{i}]"
        item = _object(raw, path)
        ident = _integer(_need(item, "id", path), f"{path}.id")
        if ident in seen:
            raise BridgeFormatError(f"{path}.id", "id_twice", id=ident, also=seen[ident])
        seen[ident] = path
        carryover = Fraction(0)
        if "carryover" in item:
            carryover = _number(item["carryover"], f"{path}.carryover")
        entrants.append(Entrant(ident, _text(_need(item, "name", path), f"{path}.name"), carryover))
    return tuple(entrants)


def _known(value: Any, path: str, names: dict[int, str], what: str) -> int:
    ident = _integer(value, path)
    if ident not in names:
        raise BridgeFormatError(path, "unknown_team", what=what, id=ident)
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
                f"{path}.round", "beyond_schedule", round=match.round, rounds=rounds
            )
        key = (match.round, frozenset((match.home, match.away)))
        if key in listed:
            raise BridgeFormatError(
                path,
                "match_twice",
                home=names[match.home],
                away=None if match.away is None else names[match.away],
                round=match.round,
                also=listed[key],
            )
        listed[key] = path
        for side in (match.home, match.away):
            if side is None:
                continue
            if (match.round, side) in playing:
                raise BridgeFormatError(
                    path,
                    "already_plays",
                    team=names[side],
                    round=match.round,
                    also=playing[match.round, side],
                )
            playing[match.round, side] = path
        matches.append(match)
    draw = _draw(root, names, rounds)
    _matches_follow_draw(matches, draw, names, playing)
    boards = _board_results(root, names, draw)
    return TeamsEvent(name, system, teams, tuple(matches), rounds, draw, boards)


def _draw(
    root: dict[str, Any], names: dict[int, str], rounds: int | None
) -> tuple[DrawnMatch, ...]:
    """The rounds' draws: which teams meet at which table, before their match is scored."""
    drawn: list[DrawnMatch] = []
    tables: dict[tuple[int, int], str] = {}
    seated: dict[tuple[int, int], str] = {}
    for i, raw in enumerate(_list(root.get("draw", []), "$.draw")):
        path = f"$.draw[{i}]"
        item = _object(raw, path)
        number = _integer(_need(item, "round", path), f"{path}.round", least=1, most=MAX_ROUND)
        if rounds is not None and number > rounds:
            raise BridgeFormatError(f"{path}.round", "beyond_schedule", round=number, rounds=rounds)
        table = _integer(_need(item, "table", path), f"{path}.table", least=1, most=MAX_TABLE)
        if (number, table) in tables:
            raise BridgeFormatError(
                f"{path}.table",
                "table_twice",
                table=table,
                round=number,
                also=tables[number, table],
            )
        tables[number, table] = path
        home = _known(_need(item, "home", path), f"{path}.home", names, "draw")
        away = _known(_need(item, "away", path), f"{path}.away", names, "draw")
        if away == home:
            raise BridgeFormatError(f"{path}.away", "plays_itself", id=home)
        for side in (home, away):
            if (number, side) in seated:
                raise BridgeFormatError(
                    path, "drawn_twice", team=names[side], round=number, also=seated[number, side]
                )
            seated[number, side] = path
        drawn.append(DrawnMatch(number, table, home, away))
    return tuple(drawn)


def _matches_follow_draw(
    matches: list[TeamMatch],
    draw: tuple[DrawnMatch, ...],
    names: dict[int, str],
    playing: dict[tuple[int, int], str],
) -> None:
    """In a round that has a draw, a scored match is one of it, and a bye is a team's that
    is not drawn."""
    drawn_rounds = {d.round for d in draw}
    pairs = {(d.round, frozenset((d.home, d.away))) for d in draw}
    seated = {(d.round, side) for d in draw for side in (d.home, d.away)}
    for match in matches:
        if match.round not in drawn_rounds:
            continue
        path = playing[match.round, match.home]
        if match.away is None:
            if (match.round, match.home) in seated:
                raise BridgeFormatError(
                    path, "already_plays", team=names[match.home], round=match.round, also="$.draw"
                )
        elif (match.round, frozenset((match.home, match.away))) not in pairs:
            raise BridgeFormatError(
                path,
                "not_drawn",
                home=names[match.home],
                away=names[match.away],
                round=match.round,
            )


def _board_results(
    root: dict[str, Any], names: dict[int, str], draw: tuple[DrawnMatch, ...]
) -> tuple[BoardResult, ...]:
    """Each board of a drawn match, as its rooms' results come in."""
    drawn = {(d.round, d.home, d.away) for d in draw}
    results: list[BoardResult] = []
    listed: dict[tuple[int, int, int, int], str] = {}
    for i, raw in enumerate(_list(root.get("boards", []), "$.boards")):
        path = f"$.boards[{i}]"
        item = _object(raw, path)
        number = _integer(_need(item, "round", path), f"{path}.round", least=1, most=MAX_ROUND)
        home = _known(_need(item, "home", path), f"{path}.home", names, "board")
        away = _known(_need(item, "away", path), f"{path}.away", names, "board")
        if (number, home, away) not in drawn:
            raise BridgeFormatError(
                path, "not_drawn", home=names[home], away=names[away], round=number
            )
        board = _integer(_need(item, "board", path), f"{path}.board", least=1, most=MAX_BOARD)
        key = (number, home, away, board)
        if key in listed:
            raise BridgeFormatError(
                path,
                "board_listed_twice",
                board=board,
                home=names[home],
                away=names[away],
                round=number,
                also=listed[key],
            )
        listed[key] = path
        rooms = [
            _room(item[room], f"{path}.{room}", board) if item.get(room) is not None else None
            for room in ("open", "closed")
        ]
        if rooms == [None, None]:
            raise BridgeFormatError(path, "no_room")
        results.append(BoardResult(number, home, away, board, rooms[0], rooms[1]))
    return tuple(results)


def _room(value: Any, path: str, board: int) -> RoomResult:
    """A room's result: the contract, declarer and result as a hand record prints them
    ("4S= N", "3NTX-2 S", "pass"), or North-South's score alone (an integer)."""
    if isinstance(value, str):
        try:
            played = parse_played(value)
        except ContractError as refused:
            raise BridgeFormatError(path, refused.key, **refused.values) from None
        return RoomResult(ns_score(played, board), played)
    ns = _integer(value, path)
    if ns % 10 or abs(ns) > MAX_NS_SCORE:
        raise BridgeFormatError(path, "ns_score", most=MAX_NS_SCORE, score=ns)
    return RoomResult(ns)


def _team_match(item: dict[str, Any], path: str, names: dict[int, str], *, byes: bool) -> TeamMatch:
    number = _integer(_need(item, "round", path), f"{path}.round", least=1, most=MAX_ROUND)
    home = _known(_need(item, "home", path), f"{path}.home", names, "result")
    away_raw = _need(item, "away", path)
    away = None
    if away_raw is not None or not byes:
        away = _known(away_raw, f"{path}.away", names, "result")
        if away == home:
            raise BridgeFormatError(f"{path}.away", "plays_itself", id=home)
    vps = _pair(_need(item, "vps", path), f"{path}.vps")
    imps = _pair(_need(item, "imps", path), f"{path}.imps", negative=False, what="imps")
    points = _pair(_need(item, "points", path), f"{path}.points", negative=False, what="points")
    return TeamMatch(number, home, away, imps, vps, points)


# --- teams: one knockout match --------------------------------------------


def _knockout(root: dict[str, Any], name: str) -> KnockoutEvent:
    teams = _entrants(root, "teams")
    if len(teams) != 2:
        raise BridgeFormatError("$.teams", "knockout_teams")
    names = {t.id: t.name for t in teams}
    segments = []
    seen: dict[int, str] = {}
    for i, raw in enumerate(_list(_need(root, "matches", "$"), "$.matches")):
        path = f"$.matches[{i}]"
        item = _object(raw, path)
        number = _integer(_need(item, "segment", path), f"{path}.segment", least=1, most=MAX_ROUND)
        if number in seen:
            raise BridgeFormatError(path, "segment_twice", segment=number, also=seen[number])
        seen[number] = path
        home = _known(_need(item, "home", path), f"{path}.home", names, "imps")
        away = _known(_need(item, "away", path), f"{path}.away", names, "imps")
        if away == home:
            raise BridgeFormatError(f"{path}.away", "plays_itself", id=home)
        imps = _pair(_need(item, "imps", path), f"{path}.imps", negative=False, what="imps")
        segments.append(Segment(number, home, away, imps))
    qualification = _object(root.get("qualification", {}), "$.qualification")
    ranks: dict[int, int] = {}
    ranking = _list(qualification.get("ranking", []), "$.qualification.ranking")
    for i, raw in enumerate(ranking):
        path = f"$.qualification.ranking[{i}]"
        item = _object(raw, path)
        ident = _known(_need(item, "id", path), f"{path}.id", names, "rank")
        if ident in ranks:
            raise BridgeFormatError(path, "ranked_twice", id=ident)
        ranks[ident] = _integer(_need(item, "rank", path), f"{path}.rank", least=1)
    matches = []
    played = _list(qualification.get("matches", []), "$.qualification.matches")
    for i, raw in enumerate(played):
        path = f"$.qualification.matches[{i}]"
        matches.append(_team_match(_object(raw, path), path, names, byes=False))
    boards = _segment_boards(root, teams[0].id, teams[1].id)
    return KnockoutEvent(name, (teams[0], teams[1]), tuple(segments), ranks, tuple(matches), boards)


def _segment_boards(root: dict[str, Any], first: int, second: int) -> tuple[BoardResult, ...]:
    """A knockout segment's boards: the first team sits North-South in the open room."""
    results: list[BoardResult] = []
    listed: dict[tuple[int, int], str] = {}
    for i, raw in enumerate(_list(root.get("boards", []), "$.boards")):
        path = f"$.boards[{i}]"
        item = _object(raw, path)
        number = _integer(_need(item, "segment", path), f"{path}.segment", least=1, most=MAX_ROUND)
        board = _integer(_need(item, "board", path), f"{path}.board", least=1, most=MAX_BOARD)
        if (number, board) in listed:
            raise BridgeFormatError(
                path, "segment_board_twice", board=board, segment=number, also=listed[number, board]
            )
        listed[number, board] = path
        rooms = [
            _room(item[room], f"{path}.{room}", board) if item.get(room) is not None else None
            for room in ("open", "closed")
        ]
        if rooms == [None, None]:
            raise BridgeFormatError(path, "no_room")
        results.append(BoardResult(number, first, second, board, rooms[0], rooms[1]))
    return tuple(results)


# --- pairs ----------------------------------------------------------------


def _pairs(root: dict[str, Any], name: str) -> PairsEvent:
    pairs = _entrants(root, "pairs")
    names = {p.id: p.name for p in pairs}
    sessions = []
    seen: dict[int, str] = {}
    for i, raw in enumerate(_list(_need(root, "sessions", "$"), "$.sessions")):
        path = f"$.sessions[{i}]"
        item = _object(raw, path)
        number = _integer(_need(item, "session", path), f"{path}.session", least=1, most=MAX_ROUND)
        if number in seen:
            raise BridgeFormatError(path, "session_twice", session=number, also=seen[number])
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
            raise BridgeFormatError(where, "two_scores", id=ident, session=number)
        scores[ident] = _number(_need(entry, "score", where), f"{where}.score")
    missing = sorted(set(names) - set(scores))
    if missing:
        raise BridgeFormatError(f"{path}.scores", "no_score", id=missing[0])
    encounters = []
    listed: dict[tuple[int, frozenset[int]], str] = {}
    for j, raw in enumerate(_list(item.get("rounds", []), f"{path}.rounds")):
        where = f"{path}.rounds[{j}]"
        entry = _object(raw, where)
        rnd = _integer(_need(entry, "round", where), f"{where}.round", least=1)
        ns = _pair_id(_need(entry, "ns", where), f"{where}.ns", names)
        ew = _pair_id(_need(entry, "ew", where), f"{where}.ew", names)
        if ns == ew:
            raise BridgeFormatError(f"{where}.ew", "pair_plays_itself", id=ns)
        key = (rnd, frozenset((ns, ew)))
        if key in listed:
            raise BridgeFormatError(
                where, "encounter_twice", round=rnd, ns=names[ns], ew=names[ew], also=listed[key]
            )
        listed[key] = where
        mps = _pair(_need(entry, "mps", where), f"{where}.mps", negative=False, what="match_points")
        encounters.append(Encounter(rnd, ns, ew, mps))
    return Session(number, scores, tuple(encounters))


def _pair_id(value: Any, path: str, names: dict[int, str]) -> int:
    ident = _integer(value, path)
    if ident not in names:
        raise BridgeFormatError(path, "unknown_pair", id=ident)
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
        rnd = _integer(_need(item, "round", path), f"{path}.round", least=1, most=MAX_ROUND)
        home = _known(_need(item, "home", path), f"{path}.home", names, "bam_points")
        away = _known(_need(item, "away", path), f"{path}.away", names, "bam_points")
        if away == home:
            raise BridgeFormatError(f"{path}.away", "plays_itself", id=home)
        key = (rnd, frozenset((home, away)))
        if key in listed:
            raise BridgeFormatError(
                path,
                "match_twice",
                home=names[home],
                away=names[away],
                round=rnd,
                also=listed[key],
            )
        listed[key] = path
        for side in (home, away):
            if (rnd, side) in playing:
                raise BridgeFormatError(
                    path, "already_plays", team=names[side], round=rnd, also=playing[rnd, side]
                )
            playing[rnd, side] = path
        bam = _pair(_need(item, "bam", path), f"{path}.bam", negative=False, what="bam_points")
        boards = []
        for j, board_raw in enumerate(_list(item.get("boards", []), f"{path}.boards")):
            where = f"{path}.boards[{j}]"
            entry = _object(board_raw, where)
            number = _integer(_need(entry, "board", where), f"{where}.board", least=1)
            for side in (home, away):
                if (side, number) in boards_played:
                    raise BridgeFormatError(
                        f"{where}.board",
                        "board_twice",
                        team=names[side],
                        board=number,
                        also=boards_played[side, number],
                    )
                boards_played[side, number] = where
            boards.append(
                BoardScore(number, _pair(_need(entry, "points", where), f"{where}.points"))
            )
        matches.append(BamMatch(rnd, home, away, bam, tuple(boards)))
    # The rooms of matches scored board by board, as a drawn teams match's ("boards"): each
    # of a match listed above, its home team North-South in the open room.
    scored = tuple(DrawnMatch(m.round, 0, m.home, m.away) for m in matches)
    return BamEvent(name, stage, teams, tuple(matches), _board_results(root, names, scored))
