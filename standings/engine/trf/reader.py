"""Reading a TRF file: one pass over the lines, then the checks that need the whole file.

Conventions beyond the format description:
- a blank round cell inside a line is `NOT_IN_LINEUP` (" "); rounds after the end
  of a shorter line are filled up to `rounds_in_file` with "not paired" ("-", no
  opponent) in individual events and with `NOT_IN_LINEUP` in team events;
- a paired cell without a result ("  12 w  ") is a game not played yet (`PENDING`);
  a cell without opponent and without result is a zero-point bye (TRF-2026);
- the points column (81-84) is checked to be a number, not read: the writer
  computes it from the entries;
- every number is checked where its record is read: only ASCII digits count,
  points are 0-999.9 in steps of 0.1, and start numbers, team numbers, ratings
  and rounds stay within `limits` (what the database and the product hold).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import date
from decimal import Decimal

from ..catalogue import parse_tiebreak_list
from ..event import Event, Participant, RoundEntry, Scoring, Team
from ..limits import MAX_POINTS, MAX_RATING, MAX_ROUNDS, MAX_START_NO, MAX_TEAM_NO, POINTS_STEP
from ..notation import SpecError
from ..result_codes import (
    BYE_CODES,
    GAME_CODES,
    GAME_RESULTS,
    NOT_IN_LINEUP,
    NOT_PAIRED,
    PENDING,
    TRF_CODES,
)
from .records import (
    CELL,
    FIRST_CELL,
    TEAM_SCORES,
    TrfBye,
    TrfError,
    TrfFile,
    TrfForfeitedMatch,
    TrfHeader,
    TrfTeamLine,
    detect_system,
)

_PAIRS = frozenset(GAME_RESULTS) | {PENDING + PENDING}
_BREAK = re.compile(r"\r\n|\r|\n")
_BREAK_BYTES = re.compile(rb"\r\n|\r|\n")
# Only ASCII digits are digits (Python's int() would take Arabic-Indic or fullwidth ones).
_NUMBER = re.compile(r"^ *[0-9]+$")
_WHOLE = re.compile(r"[0-9]+")
_POINTS = re.compile(r"-?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")
_DATE_YMD = re.compile(r"([0-9]{4})[/.-]([0-9]{1,2})[/.-]([0-9]{1,2})")
_DATE_YY = re.compile(r"([0-9]{2})[/.-]([0-9]{1,2})[/.-]([0-9]{1,2})")
_DATE_DMY = re.compile(r"([0-9]{1,2})[/.-]([0-9]{1,2})[/.-]([0-9]{4})")
# Control characters break the columns and PostgreSQL refuses NUL; tabs are let through.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\ud800-\udfff]")
# FIDE writes cuts as "BH-C1"; our notation as "BH/C1".
_FIDE_MODIFIER = re.compile(r"-(?=(?:C|M|U|L[+-])[0-9])")


def read_trf_bytes(data: bytes) -> TrfFile:
    """Decode UTF-8 (undecodable bytes are refused naming their line) and read the file."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        before = data[: error.start]
        line = len(_BREAK_BYTES.findall(before)) + 1
        column = len(before) - max(before.rfind(b"\n"), before.rfind(b"\r"))
        raise TrfError(
            f"byte 0x{data[error.start]:02x} at column {column} is not UTF-8 text "
            "(save the file as UTF-8)",
            line,
        ) from None
    return read_trf(text)


def read_trf(text: str) -> TrfFile:
    """Read a whole file; raise TrfError for the first problem found."""
    # A DOS end-of-file mark (Ctrl-Z) is the end, not a control character inside a line.
    return _Reader().read(text.removeprefix("\ufeff").rstrip("\x1a"))


@dataclass(slots=True)
class _PlayerLine:
    line: int
    participant: Participant
    cells: list[str | None]  # raw text of each round's cell, None when blank


class _Reader:
    """One pass over the lines, then the cross-checks that need the whole file."""

    def __init__(self) -> None:
        self.texts: dict[str, str] = {}
        self.deputies: list[str] = []
        self.round_dates: tuple[date | None, ...] = ()
        self.rounds: int | None = None
        self.rounds_line: int | None = None
        self.scoring = Scoring()
        self.tiebreaks: tuple[str, ...] = ()
        self.standings_tiebreaks: tuple[str, ...] = ()
        self.match_points: tuple[float, float, float] | None = None
        self.players: list[_PlayerLine] = []
        self.teams_013: list[tuple[int, Team]] = []
        self.teams_310: list[tuple[int, Team, TrfTeamLine]] = []
        self.team_bye: tuple[int, float, float, tuple[int, ...]] | None = None
        self.byes: list[tuple[int, TrfBye]] = []
        self.forfeits: list[tuple[int, TrfForfeitedMatch]] = []
        self.other: list[str] = []
        self.dates: dict[str, date | None] = {}
        self.ranks: list[tuple[int, int]] = []

    def read(self, text: str) -> TrfFile:
        handlers: dict[str, Callable[[str, int], None]] = {
            "001": self._player,
            "013": self._team_013,
            "310": self._team_310,
            "320": self._team_bye,
            "240": self._bye,
            "330": self._forfeit,
            "042": self._date,
            "052": self._date,
            "112": lambda line, n: self.deputies.append(line[4:].strip()),
            "132": self._round_dates,
            "142": self._rounds,
            "XXR": self._rounds,
            "162": self._scoring,
            "202": self._tiebreaks,
            "212": self._tiebreaks,
            "362": self._match_points,
        }
        simple = {"012", "022", "032", "092", "102", "122", "152", "352"}
        counts = {"062", "072", "082"}  # recomputed by the writer
        for number, raw in enumerate(_BREAK.split(text), start=1):
            line = raw.rstrip()
            tag = line[:3]
            if not line or tag == "###":
                continue
            if control := _CONTROL.search(line):
                raise TrfError(
                    f"column {control.start() + 1}: control character "
                    f"U+{ord(control.group()):04X} (a TRF file is plain text)",
                    number,
                )
            if tag in handlers:
                handlers[tag](line, number)
            elif tag in simple:
                self.texts.setdefault(tag, line[4:].strip())
            elif tag not in counts:
                self.other.append(line)
        return self._finish()

    # Header records

    def _date(self, line: str, number: int) -> None:
        self.dates[line[:3]] = _parse_date(line[4:].strip(), number, f"record {line[:3]}")

    def _round_dates(self, line: str, number: int) -> None:
        if len(line) > FIRST_CELL:
            fields = [line[s : s + CELL].strip() for s in range(FIRST_CELL, len(line), CELL)]
        else:  # not aligned on the 001 grid: dates separated by spaces
            fields = line[4:].split()
        if len(fields) > MAX_ROUNDS:
            raise TrfError(
                f"record 132 has {len(fields)} round dates; an event has at most {MAX_ROUNDS} "
                "rounds",
                number,
            )
        dates = [_parse_date(f, number, "record 132") if f else None for f in fields]
        while dates and dates[-1] is None:
            dates.pop()
        self.round_dates = tuple(dates)

    def _rounds(self, line: str, number: int) -> None:
        if line[:3] == "XXR" and self.rounds_line is not None:
            return  # record 142 has the say
        text = line[4:].strip()
        if not _WHOLE.fullmatch(text):
            raise TrfError(f"the number of rounds must be a whole number, not {text!r}", number)
        self.rounds = _whole(text, number, "the number of rounds", limit=MAX_ROUNDS)
        self.rounds_line = number

    def _scoring(self, line: str, number: int) -> None:
        values = _code_values(line[4:], number, "record 162", frozenset("WDLAPX"))
        win = values.get("W", 1.0)
        draw = values.get("D", 0.5)
        absent = values.get("A", 0.0)
        self.scoring = Scoring(
            win=win,
            draw=draw,
            loss=values.get("L", 0.0),
            pairing_bye=values.get("P", win),
            full_bye=win,
            half_bye=draw,
            zero_bye=absent,
            forfeit_win=win,
            forfeit_loss=absent,
        )

    def _match_points(self, line: str, number: int) -> None:
        values = _code_values(line[4:], number, "record 362", frozenset(TEAM_SCORES))
        self.match_points = (values.get("TW", 2.0), values.get("TD", 1.0), values.get("TL", 0.0))

    def _tiebreaks(self, line: str, number: int) -> None:
        listed = re.sub(r"[,;]", " ", _FIDE_MODIFIER.sub("/", line[4:]))
        try:
            specs = parse_tiebreak_list(listed)
        except SpecError as error:
            raise TrfError(f"record {line[:3]}: {error}", number) from None
        if line[:3] == "202":
            self.tiebreaks = tuple(specs)
        else:
            self.standings_tiebreaks = tuple(specs)

    # Player records

    def _player(self, line: str, number: int) -> None:
        if len(line) < 8:
            raise TrfError(
                "player record (001) too short: the start number (columns 5-8) is incomplete",
                number,
            )
        start_no = _whole(line[4:8], number, "start number (columns 5-8)", limit=MAX_START_NO)
        if start_no is None or start_no == 0:
            raise TrfError("player record (001) without a start number (columns 5-8)", number)
        rating = _whole(line[48:52], number, "rating (columns 49-52)", limit=MAX_RATING)
        _points(line[80:84], number, "points (columns 81-84)")
        rank = _whole(line[85:89], number, "rank (columns 86-89)", limit=MAX_START_NO)
        if rank is not None:
            self.ranks.append((start_no, rank))
        cells = _cells(line, number)
        participant = Participant(
            start_no=start_no,
            name=line[14:47].strip(),
            rating=rating,
            title=line[10:13].strip(),
            federation=line[53:56].strip(),
            fide_id=line[57:68].strip(),
            sex=line[9:10].strip(),
            birth=line[69:79].strip(),
        )
        self.players.append(_PlayerLine(number, participant, cells))

    # Team records

    def _team_013(self, line: str, number: int) -> None:
        if len(self.teams_013) == MAX_TEAM_NO:
            raise TrfError(f"more than {MAX_TEAM_NO} teams (records 013)", number)
        members = _numbers(line[36:], number, "team member (from column 37)")
        self.teams_013.append((number, Team(len(self.teams_013) + 1, line[4:36].strip(), members)))

    def _team_310(self, line: str, number: int) -> None:
        team_no = _whole(line[4:7], number, "team number (columns 5-7)", limit=MAX_TEAM_NO)
        if not team_no:
            raise TrfError("team record (310) without a team number (columns 5-7)", number)
        members = _numbers(line[73:], number, "team member (from column 74)")
        extra = TrfTeamLine(
            number=team_no,
            nickname=line[41:46].strip(),
            strength=line[47:53].strip(),
            match_points=_points(line[54:60], number, "match points (columns 55-60)"),
            game_points=_points(line[61:67], number, "game points (columns 62-67)"),
            rank=_whole(line[68:71], number, "team rank (columns 69-71)", limit=MAX_TEAM_NO),
        )
        self.teams_310.append((number, Team(team_no, line[8:40].strip(), members), extra))

    def _team_bye(self, line: str, number: int) -> None:
        parts = line[4:].split()
        if len(parts) < 2:
            raise TrfError("record 320 needs the bye's match points and game points", number)
        mp = _points(parts[0], number, "record 320 match points")
        gp = _points(parts[1], number, "record 320 game points")
        teams = _numbers(" ".join(parts[2:]), number, "record 320 team number")
        self.team_bye = (number, mp or 0.0, gp or 0.0, teams)

    def _bye(self, line: str, number: int) -> None:
        parts = line[4:].split()
        kind = parts[0].upper() if parts else ""
        if kind not in ("F", "H", "Z"):
            raise TrfError(f"record 240: unknown bye type {kind!r} (F, H or Z)", number)
        if len(parts) < 2:
            raise TrfError("record 240 has no round number", number)
        round_no = _whole(parts[1], number, "record 240 round number", limit=MAX_ROUNDS) or 0
        ids = _numbers(" ".join(parts[2:]), number, "record 240 player or team number")
        self.byes.append((number, TrfBye(kind, round_no, ids, line=number)))

    def _forfeit(self, line: str, number: int) -> None:
        parts = line[4:].split()
        if len(parts) != 4 or parts[0] not in ("+-", "-+", "--"):
            raise TrfError(
                "record 330 must read: type (+-, -+ or --), round, white team, black team", number
            )
        round_no = _whole(parts[1], number, "record 330 round number", limit=MAX_ROUNDS) or 0
        white, black = _numbers(" ".join(parts[2:]), number, "record 330 team number")
        forfeit = TrfForfeitedMatch(parts[0], round_no, white, black, line=number)
        self.forfeits.append((number, forfeit))

    # The whole file

    def _finish(self) -> TrfFile:
        by_start = self._index_players()
        teams, team_lines = self._teams(by_start)
        team_event = bool(teams)
        rounds_in_file = max((_last_cell(p.cells) for p in self.players), default=0)
        if self.rounds is not None and rounds_in_file > self.rounds:
            late = next(p for p in self.players if _last_cell(p.cells) == rounds_in_file)
            raise TrfError(
                f"player {late.participant.start_no} has a result for round {rounds_in_file}, "
                f"but record 142 (line {self.rounds_line}) says the event has "
                f"{self.rounds} rounds",
                late.line,
            )
        rounds = (
            self.rounds if self.rounds is not None else max(rounds_in_file, len(self.round_dates))
        )
        pad = NOT_IN_LINEUP if team_event else NOT_PAIRED
        participants = []
        for p in self.players:
            entries = _entries(p, rounds_in_file, pad)
            participants.append(replace(p.participant, entries=entries))
        self._check_pairings(participants, by_start)
        self._check_team_records(teams, by_start, rounds)
        kind_text = self.texts.get("092", "")
        count = len(teams) if team_event else len(participants)
        event = Event(
            name=self.texts.get("012", ""),
            participants=tuple(participants),
            rounds=rounds,
            system=detect_system(kind_text, count, rounds),
            scoring=self.scoring,
            start_date=self.dates.get("042"),
            tiebreaks=self.tiebreaks or self.standings_tiebreaks,
            teams=tuple(teams),
        )
        header = TrfHeader(
            name=event.name,
            city=self.texts.get("022", ""),
            federation=self.texts.get("032", ""),
            start_date=event.start_date,
            end_date=self.dates.get("052"),
            kind_text=kind_text,
            chief_arbiter=self.texts.get("102", ""),
            deputy_arbiters=tuple(self.deputies),
            time_control=self.texts.get("122", ""),
            round_dates=self.round_dates,
            board_colors=self.texts.get("352", ""),
            match_points=self.match_points,
            initial_color=self.texts.get("152", ""),
            standings_tiebreaks=self.standings_tiebreaks,
            player_ranks=tuple(self.ranks),
            team_lines=tuple(team_lines),
            team_bye_points=None if self.team_bye is None else self.team_bye[1:3],
            team_byes=() if self.team_bye is None else self.team_bye[3],
            team_byes_line=0 if self.team_bye is None else self.team_bye[0],
            byes=tuple(b for _, b in self.byes),
            forfeited_matches=tuple(f for _, f in self.forfeits),
            other_records=tuple(self.other),
        )
        return TrfFile(event=event, header=header, rounds_in_file=rounds_in_file)

    def _index_players(self) -> dict[int, _PlayerLine]:
        by_start: dict[int, _PlayerLine] = {}
        for p in self.players:
            start_no = p.participant.start_no
            if start_no in by_start:
                raise TrfError(
                    f"start number {start_no} is used twice "
                    f"(also on line {by_start[start_no].line})",
                    p.line,
                )
            by_start[start_no] = p
        return by_start

    def _teams(self, by_start: dict[int, _PlayerLine]) -> tuple[list[Team], list[TrfTeamLine]]:
        # TRF-2026's 310 replaces TRF-16's 013 when a file has both.
        if self.teams_310:
            found = [(n, t) for n, t, _ in self.teams_310]
            extras = [e for _, _, e in self.teams_310]
        else:
            found, extras = self.teams_013, []
        seen_team: dict[int, int] = {}
        member_of: dict[int, int] = {}
        for number, team in found:
            if team.number in seen_team:
                raise TrfError(
                    f"team number {team.number} is used twice "
                    f"(also on line {seen_team[team.number]})",
                    number,
                )
            seen_team[team.number] = number
            for start_no in team.members:
                if start_no not in by_start:
                    raise TrfError(
                        f"team {team.number} ({team.name}) lists player {start_no}, "
                        "who has no player record (001)",
                        number,
                    )
                if start_no in member_of:
                    raise TrfError(
                        f"player {start_no} is listed in team {team.number} and in team "
                        f"{member_of[start_no]}",
                        number,
                    )
                member_of[start_no] = team.number
        return [t for _, t in found], extras

    def _check_pairings(
        self, participants: list[Participant], by_start: dict[int, _PlayerLine]
    ) -> None:
        """Both players of a game must tell the same story (opponent, colours, results)."""
        entries = {p.start_no: p.entries for p in participants}
        for p, line in zip(participants, self.players, strict=True):
            for e in p.entries:
                if e.opponent is None:
                    continue
                where = f"round {e.round}: "
                other_line = by_start.get(e.opponent)
                if other_line is None:
                    raise TrfError(
                        f"{where}player {p.start_no}'s opponent {e.opponent} has no player "
                        "record (001)",
                        line.line,
                    )
                if e.opponent == p.start_no:
                    raise TrfError(
                        f"{where}player {p.start_no} is paired against himself", line.line
                    )
                theirs = entries[e.opponent][e.round - 1]
                if (
                    theirs.opponent == p.start_no
                    and _opposite(e.color) == theirs.color
                    and e.code + theirs.code in _PAIRS
                ):
                    continue
                colour = {"w": " with white", "b": " with black"}.get(e.color or "", "")
                cells = other_line.cells
                said = cells[e.round - 1] if e.round <= len(cells) else None
                told = f"says {said.strip()}" if said else f"has nothing for round {e.round}"
                verb = GAME_CODES[e.code].verb
                raise TrfError(
                    f"{where}player {p.start_no} says he {verb} player {e.opponent}"
                    f"{colour}, but player {e.opponent}'s line (line {other_line.line}) {told}",
                    line.line,
                )

    def _check_team_records(
        self, teams: list[Team], by_start: dict[int, _PlayerLine], rounds: int
    ) -> None:
        team_numbers = {t.number for t in teams}
        ids = team_numbers if teams else set(by_start)
        what = "team" if teams else "player"

        def check_round(round_no: int, number: int, record: str) -> None:
            if not 1 <= round_no <= rounds:
                raise TrfError(
                    f"record {record}: round {round_no} is outside the event's rounds 1-{rounds}",
                    number,
                )

        for number, bye in self.byes:
            check_round(bye.round, number, "240")
            for n in bye.numbers:
                if n not in ids:
                    raise TrfError(f"record 240: there is no {what} {n}", number)
        for number, m in self.forfeits:
            check_round(m.round, number, "330")
            for n in (m.white, m.black):
                if n not in team_numbers:
                    raise TrfError(f"record 330: there is no team {n}", number)
        if self.team_bye is not None:
            number, _, _, byes = self.team_bye
            if len(byes) > rounds:
                raise TrfError(
                    f"record 320 lists {len(byes)} rounds, the event has {rounds}", number
                )
            for n in byes:
                if n and n not in team_numbers:
                    raise TrfError(f"record 320: there is no team {n}", number)


# Reading helpers


def _cells(line: str, number: int) -> list[str | None]:
    """The round cells of a 001 line, each checked against the 10-column grid."""
    if line[89:FIRST_CELL].strip():
        raise TrfError("columns 90-91 must be blank: the round results start at column 92", number)
    cells: list[str | None] = []
    for r, s in enumerate(range(FIRST_CELL, len(line), CELL), start=1):
        cell = line[s : s + 8].ljust(8)
        place = f"round {r} (columns {s + 1}-{s + 8})"
        if line[s + 8 : s + CELL].strip():
            raise TrfError(
                f"{place}: the cell runs into columns {s + 9}-{s + 10}, which must be blank "
                "(each round takes 10 columns: opponent, colour, result)",
                number,
            )
        if not cell.strip():
            cells.append(None)
            continue
        opponent, colour, result = cell[:4], cell[5], cell[7]
        if cell[4] != " " or cell[6] != " " or not (opponent.isspace() or _NUMBER.match(opponent)):
            raise TrfError(
                f"{place}: {cell.rstrip()!r} is not aligned as 'OOOO C R' "
                "(opponent in 4 columns, colour, result)",
                number,
            )
        if colour.lower() not in ("w", "b", "-", " "):
            raise TrfError(f"{place}: unknown colour {colour!r} (w, b or -)", number)
        if result.upper() not in TRF_CODES and result != " ":
            raise TrfError(
                f"{place}: unknown result code {result!r} ({' '.join(TRF_CODES)})", number
            )
        cells.append(cell)
    return cells


def _last_cell(cells: list[str | None]) -> int:
    for k in range(len(cells), 0, -1):
        if cells[k - 1] is not None:
            return k
    return 0


def _entries(p: _PlayerLine, rounds_in_file: int, pad: str) -> tuple[RoundEntry, ...]:
    last = _last_cell(p.cells)
    entries = []
    for r in range(1, rounds_in_file + 1):
        cell = p.cells[r - 1] if r <= last else None
        if cell is None:
            code = NOT_IN_LINEUP if r <= last else pad
            entries.append(RoundEntry(r, None, None, code))
            continue
        opponent = int(cell[:4]) if cell[:4].strip() else 0
        colour = cell[5].lower() if cell[5].lower() in ("w", "b") else None
        code = cell[7].upper()
        if opponent:
            if code in BYE_CODES:
                raise TrfError(
                    f"round {r}: a bye ({code}) cannot have an opponent ({opponent})", p.line
                )
            entries.append(RoundEntry(r, opponent, colour, code if code != " " else PENDING))
        else:
            # TRF-2026: a blank result without opponent is a zero-point bye.
            entries.append(RoundEntry(r, None, colour, code if code != " " else "Z"))
    return tuple(entries)


def _opposite(colour: str | None) -> str | None:
    return {"w": "b", "b": "w"}.get(colour or "")


def _whole(text: str, number: int, what: str, *, limit: int) -> int | None:
    """A whole number of ASCII digits, at most `limit`; None for a blank field."""
    text = text.strip()
    if not text:
        return None
    if not _WHOLE.fullmatch(text):
        raise TrfError(f"{what}: {text!r} is not a whole number", number)
    if len(text.lstrip("0")) > len(str(limit)) or int(text) > limit:
        raise TrfError(f"{what}: {_short(text)} is more than {limit}", number)
    return int(text)


def _points(text: str, number: int, what: str) -> float | None:
    """Points as the event stores them (0-999.9, steps of 0.1); None for a blank field."""
    text = text.strip()
    if not text:
        return None
    if not _POINTS.fullmatch(text):
        raise TrfError(f"{what}: {_short(text)!r} is not a number", number)
    if text.startswith("-") and text.strip("-0."):
        raise TrfError(f"{what}: {_short(text)} is negative", number)
    digits = text.lstrip("-0")
    if len(digits.partition(".")[0]) > len(str(int(MAX_POINTS))):
        raise TrfError(f"{what}: {_short(text)} is more than {MAX_POINTS}", number)
    value = Decimal(text)
    if value > MAX_POINTS:
        raise TrfError(f"{what}: {_short(text)} is more than {MAX_POINTS}", number)
    if value % POINTS_STEP:
        raise TrfError(f"{what}: {_short(text)} is not a multiple of {POINTS_STEP}", number)
    return float(abs(value))


def _short(text: str) -> str:
    """A field as a message quotes it: a runaway one cut short."""
    return text if len(text) <= 20 else f"{text[:10]}...({len(text)} characters)"


def _numbers(text: str, number: int, what: str) -> tuple[int, ...]:
    return tuple(_whole(t, number, what, limit=MAX_START_NO) or 0 for t in text.split())


def _code_values(text: str, number: int, record: str, codes: frozenset[str]) -> dict[str, float]:
    """'W 1.0    D 0.5 ...' as {code: points}."""
    parts = text.split()
    if len(parts) % 2:
        raise TrfError(f"{record}: expected pairs of code and points, got {text.strip()!r}", number)
    values = {}
    for code, points in zip(parts[::2], parts[1::2], strict=True):
        if code.upper() not in codes:
            raise TrfError(f"{record}: unknown code {code!r} ({' '.join(sorted(codes))})", number)
        values[code.upper()] = _points(points, number, f"{record} points for {code}") or 0.0
    return values


def _parse_date(text: str, number: int, what: str) -> date | None:
    if not text:
        return None
    if m := _DATE_YMD.fullmatch(text):
        y, mo, d = (int(x) for x in m.groups())
    elif m := _DATE_YY.fullmatch(text):
        y, mo, d = (int(x) for x in m.groups())
        y += 2000
    elif m := _DATE_DMY.fullmatch(text):
        d, mo, y = (int(x) for x in m.groups())
    else:
        raise TrfError(f"{what}: {text!r} is not a date (YYYY/MM/DD)", number)
    try:
        return date(y, mo, d)
    except ValueError:
        raise TrfError(f"{what}: {text!r} is not a valid date", number) from None
