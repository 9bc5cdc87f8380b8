"""Reading a TRF file: one pass over the lines, then the checks that need the whole file.

Conventions beyond the format description:
- a blank round cell inside a line is `NOT_IN_LINEUP` (" "); rounds after the end
  of a shorter line are filled up to `rounds_in_file` with "not paired" ("-", no
  opponent) in individual events and with `NOT_IN_LINEUP` in team events;
- a paired cell without a result ("  12 w  ") is a game not played yet (`PENDING`);
  a cell without opponent and without result is a zero-point bye (TRF-2026);
- other programs' ways of writing a round without opponent are read as what they
  mean, each convention met listed once in the warnings: "0000 - +" a full-point
  bye (`FULL_BYE`, as the reference program reads it; a board won by default in team
  events), "0000 - =" a half-point bye, "0000 - 0" a zero-point bye; an opponent
  written "0" is no opponent;
- the points column (81-84) is checked to be a number and compared with the
  rounds read (`points_column`): blank rounds are read as the column says when only
  one reading fits, a file where it leaves them open is refused, any other difference
  is a warning naming the player (the writer computes the column from the entries);
- what the standings do not need is never a reason to refuse a file: dates in
  other forms (kept as text when no date can be read), column rulers, legends and
  comment lines (skipped), tie-breaks in 202/212 the engine does not compute
  (dropped), a federation longer than three letters (blanked), unknown titles and
  odd birth dates (kept); each is a warning;
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

from ..catalogue import CATALOGUE, parse_tiebreak_list
from ..event import Event, MatchForfeit, Participant, RoundEntry, Scoring, Team, TeamBye
from ..limits import MAX_POINTS, MAX_RATING, MAX_ROUNDS, MAX_START_NO, MAX_TEAM_NO, POINTS_STEP
from ..notation import SpecError, parse_spec, unknown_modifiers
from ..phrases import Param, Phrase, phrase
from ..result_codes import (
    BYE_CODES,
    FULL_BYE,
    GAME_RESULTS,
    HALF_BYE,
    NOT_IN_LINEUP,
    NOT_PAIRED,
    PENDING,
    TRF_CODES,
    UNPLAYED_CODES,
    ZERO_BYE,
)
from .phrases import counted, field
from .points_column import ClaimedPoints, check_points_column
from .records import (
    CELL,
    DEFAULT_MATCH_POINTS,
    FIRST_CELL,
    TEAM_SCORES,
    TrfBye,
    TrfError,
    TrfFile,
    TrfForfeitedMatch,
    TrfHeader,
    TrfTeamLine,
    TrfWarning,
    detect_system,
    last_paired,
    warning,
)
from .team_checks import check_lineups

_PAIRS = frozenset(GAME_RESULTS) | {PENDING + PENDING}
_BREAK = re.compile(r"\r\n|\r|\n")
_BREAK_BYTES = re.compile(rb"\r\n|\r|\n")
# Only ASCII digits are digits (Python's int() would take Arabic-Indic or fullwidth ones).
_NUMBER = re.compile(r"^ *[0-9]+$")
_WHOLE = re.compile(r"[0-9]+")
_ON_GRID = re.compile(r" *[0-9]*")  # a right-aligned number or blanks
_DECIMAL_COMMA = re.compile(r"[0-9]+,[0-9]")
_POINTS = re.compile(r"-?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")
_DATE_YMD = re.compile(r"([0-9]{4})[/.-] *([0-9]{1,2})[/.-] *([0-9]{1,2})")
_DATE_YY = re.compile(r"([0-9]{2})[/.-] *([0-9]{1,2})[/.-] *([0-9]{1,2})")
_DATE_DMY = re.compile(r"([0-9]{1,2})[/.-] *([0-9]{1,2})[/.-] *([0-9]{4})")
_DATE_MONTH_FIRST = re.compile(r"([A-Za-z]{3,9})\.? +([0-9]{1,2}),? +([0-9]{4})")  # Oct 13, 2024
_DATE_DAY_FIRST = re.compile(r"([0-9]{1,2})\.? +([A-Za-z]{3,9})\.?,? +([0-9]{4})")  # 13 Oct 2024
_MONTHS = {
    m: n
    for n, m in enumerate(
        ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"),
        start=1,
    )
}
# Swiss-Manager's and Krause's column rulers ("1234567890...", "         1         2")
# and legends ("DDD SSSS sTTT NNNN..."): help for the eye, not records.
_RULER = re.compile(r"[0-9 ]*(?:0123456789|1234567890)[0-9 ]*|(?: {4,}[0-9]+)+ *")
_LEGEND = re.compile(r"([A-Z])\1\1(?: |$)")
# FIDE's titles, as TRF-16 writes them and in the older one- or two-letter codes (g = GM).
_TITLES = frozenset(
    ("GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM", "HGM", "HIM", "HFM")
    + ("G", "M", "F", "C", "WG", "WM", "WF", "WC")
)
_BIRTH = re.compile(r"[0-9]{4}(?:[/.-][0-9]{2}[/.-][0-9]{2})?")
# Control characters break the columns and PostgreSQL refuses NUL; tabs are let through.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\ud800-\udfff]")


def read_trf_bytes(data: bytes) -> TrfFile:
    """Decode UTF-8 (with or without BOM), else Windows-1252 (Latin-1's superset), and read.

    Bytes that are neither (the five Windows-1252 leaves undefined) are refused naming
    their line. The result's `encoding` says which was used.
    """
    text, encoding = _decode(data)
    trf = read_trf(text)
    warnings = trf.warnings
    if encoding == "Windows-1252":
        warnings = (warning(0, phrase("trf.windows_1252")),)
        warnings += trf.warnings
    return replace(trf, encoding=encoding, warnings=warnings)


def _decode(data: bytes) -> tuple[str, str]:
    if data.startswith(b"\xef\xbb\xbf"):
        encoding, codec = "UTF-8 with BOM", "utf-8-sig"
    else:
        encoding, codec = "UTF-8", "utf-8"
    try:
        return data.decode(codec), encoding
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252"), "Windows-1252"
    except UnicodeDecodeError as error:
        before = data[: error.start]
        line = len(_BREAK_BYTES.findall(before)) + 1
        column = len(before) - max(before.rfind(b"\n"), before.rfind(b"\r"))
        byte = f"0x{data[error.start]:02x}"
        raise TrfError(phrase("trf.undecodable", byte=byte, column=column), line) from None


def read_trf(text: str) -> TrfFile:
    """Read a whole file; raise TrfError for the first problem that breaks it."""
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
        self.tiebreak_lines: dict[str, int] = {}
        self.match_points: tuple[float, float, float] | None = None
        self.players: list[_PlayerLine] = []
        self.teams_013: list[tuple[int, Team]] = []
        self.team_013_lines: list[str] = []  # as written, kept when they make no team event
        self.teams_310: list[tuple[int, Team, TrfTeamLine]] = []
        self.team_bye: tuple[int, float, float, tuple[int, ...]] | None = None
        self.byes: list[tuple[int, TrfBye]] = []
        self.forfeits: list[tuple[int, TrfForfeitedMatch]] = []
        self.other: list[str] = []
        self.dates: dict[str, date | None] = {}
        self.date_texts: dict[str, str] = {}
        self.text_lines: dict[str, int] = {}
        self.ranks: list[tuple[int, int]] = []
        self.warnings: list[TrfWarning] = []
        self.comments: list[int] = []  # lines of "###" comments
        # A way of writing a round read as something else: the line of each such cell.
        self.conventions: dict[str, list[int]] = {}
        self.points_column: dict[int, float | None] = {}

    def warn(self, line: int, said: Phrase) -> None:
        self.warnings.append(warning(line, said))

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
            "112": self._deputy,
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
            if not line:
                continue
            if tag == "###":
                self.comments.append(number)
                continue
            if tag not in handlers and (_RULER.fullmatch(line) or _LEGEND.match(line)):
                self.warn(number, phrase("trf.ruler", text=_short(line.strip())))
                continue
            if control := _CONTROL.search(line):
                char = f"U+{ord(control.group()):04X}"
                raise TrfError(phrase("trf.control", column=control.start() + 1, char=char), number)
            if tag in handlers:
                handlers[tag](line, number)
            elif tag in simple:
                self.texts.setdefault(tag, line[4:].strip())
                self.text_lines.setdefault(tag, number)
            elif tag not in counts:
                self.other.append(line)
        return self._finish()

    # Header records

    def _date(self, line: str, number: int) -> None:
        text = line[4:].strip()
        when = _parse_date(text)
        if when is None and text:
            self.date_texts[line[:3]] = text
            self.warn(number, phrase("trf.date_kept", record=line[:3], text=_short(text)))
        self.dates[line[:3]] = when

    def _deputy(self, line: str, number: int) -> None:
        if line[4:].strip():  # Krause writes an empty 112
            self.deputies.append(line[4:].strip())

    def _round_dates(self, line: str, number: int) -> None:
        if len(line) > FIRST_CELL:
            fields = [line[s : s + CELL].strip() for s in range(FIRST_CELL, len(line), CELL)]
        else:  # not aligned on the 001 grid: dates separated by spaces
            fields = line[4:].split()
        if len(fields) > MAX_ROUNDS:
            raise TrfError(
                phrase("trf.round_dates_too_many", count=len(fields), limit=MAX_ROUNDS), number
            )
        dates = [_parse_date(f) for f in fields]
        unread = [f for f, d in zip(fields, dates, strict=True) if f and d is None]
        if unread:
            self.warn(number, phrase("trf.round_dates_unread", texts=", ".join(map(repr, unread))))
        while dates and dates[-1] is None:
            dates.pop()
        self.round_dates = tuple(dates)

    def _rounds(self, line: str, number: int) -> None:
        if line[:3] == "XXR" and self.rounds_line is not None:
            return  # record 142 has the say
        text = line[4:].strip()
        if not _WHOLE.fullmatch(text):
            raise TrfError(phrase("trf.rounds_not_whole", text=text), number)
        self.rounds = _whole(text, number, phrase("trf.rounds"), limit=MAX_ROUNDS)
        self.rounds_line = number

    def _scoring(self, line: str, number: int) -> None:
        values = _code_values(line[4:], number, "162", frozenset("WDLAPX"))
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
        # Only TW, TD, TL say how a match scores: other codes a program adds are left out.
        values = _code_values(line[4:], number, "362", None)
        other = [code for code in values if code not in TEAM_SCORES]
        if other:
            said = phrase("trf.codes_left_out", record="362", codes=", ".join(other))
            self.warn(number, said)
        self.match_points = (values.get("TW", 2.0), values.get("TD", 1.0), values.get("TL", 0.0))

    def _tiebreaks(self, line: str, number: int) -> None:
        known, unknown, modified = [], [], []
        modifiers: dict[str, None] = {}
        for item in re.sub(r"[,;]", " ", line[4:]).split():
            name = re.split(r"[:/-]", item, maxsplit=1)[0].upper()
            if name not in CATALOGUE:
                unknown.append(item)
            elif mods := unknown_modifiers(item):
                modified.append(item)
                modifiers.update(dict.fromkeys(f"/{m}" for m in mods))
            else:
                known.append(item)
        # Each left out named with its reason (the import's summary shows them).
        if unknown:
            left_out = ", ".join(unknown)
            self.warn(number, phrase("trf.tiebreaks_left_out", record=line[:3], specs=left_out))
        if modified:
            said = counted(
                "trf.modifiers_left_out",
                len(modifiers),
                record=line[:3],
                specs=", ".join(modified),
                modifiers=", ".join(modifiers),
            )
            self.warn(number, said)
        try:
            specs = parse_tiebreak_list(" ".join(known))
        except SpecError as error:
            refused = phrase("trf.tiebreak_list", record=line[:3], problem=error.phrase)
            raise TrfError(refused, number) from None
        if line[:3] == "202":
            self.tiebreaks = tuple(specs)
        else:
            self.standings_tiebreaks = tuple(specs)
        self.tiebreak_lines[line[:3]] = number

    def _individual_tiebreaks(self, tag: str, specs: tuple[str, ...]) -> tuple[str, ...]:
        """An individual event's list without the team tie-breaks (MPVGP, BH:GP), warned."""
        team = [s for s in specs if CATALOGUE[parse_spec(s).name].team or parse_spec(s).basis]
        if team:
            said = phrase("trf.team_tiebreaks_left_out", record=tag, specs=", ".join(team))
            self.warn(self.tiebreak_lines[tag], said)
        return tuple(s for s in specs if s not in team)

    # Player records

    def _player(self, line: str, number: int) -> None:
        if len(line) < 8:
            raise TrfError(phrase("trf.player_short"), number)
        start_no = _whole(line[4:8], number, field("start_no"), limit=MAX_START_NO)
        if start_no is None or start_no == 0:
            raise TrfError(phrase("trf.player_no_start"), number)
        rating = _whole(line[48:52], number, field("rating"), limit=MAX_RATING)
        self.points_column[start_no] = _points(line[80:84], number, field("points"))
        rank = _whole(line[85:89], number, field("rank"), limit=MAX_START_NO)
        if rank is not None:
            self.ranks.append((start_no, rank))
        cells = _cells(line, number, self.conventions)
        fide_id = line[57:68]
        if line[56:57].strip():  # a federation running on takes the id's first columns
            fide_id = fide_id.partition(" ")[2]
        participant = Participant(
            start_no=start_no,
            name=line[14:47].strip(),
            rating=rating,
            title=line[10:13].strip(),
            federation=self._federation(line, number),
            fide_id=fide_id.strip(),
            sex=line[9:10].strip(),
            birth=line[69:79].strip(),
        )
        if participant.title and participant.title.upper() not in _TITLES:
            title = participant.title
            self.warn(number, phrase("trf.unknown_title", player=start_no, title=title))
        if participant.birth and not _BIRTH.fullmatch(participant.birth):
            birth = participant.birth
            self.warn(number, phrase("trf.birth_kept", player=start_no, birth=birth))
        self.players.append(_PlayerLine(number, participant, cells))

    def _federation(self, line: str, number: int) -> str:
        """Columns 54-56; a longer text (running into column 57) is blanked."""
        if line[56:57].strip():
            text = line[53:57].strip() + line[57:].split(" ", 1)[0]
            self.warn(number, phrase("trf.federation_long", federation=text))
            return ""
        return line[53:56].strip()

    # Team records

    def _team_013(self, line: str, number: int) -> None:
        if len(self.teams_013) == MAX_TEAM_NO:
            raise TrfError(phrase("trf.too_many_teams", limit=MAX_TEAM_NO), number)
        members = _numbers(line[36:], number, field("member_013"))
        self.teams_013.append((number, Team(len(self.teams_013) + 1, line[4:36].strip(), members)))
        self.team_013_lines.append(line)

    def _team_310(self, line: str, number: int) -> None:
        team_no = _whole(line[4:7], number, field("team_no"), limit=MAX_TEAM_NO)
        if not team_no:
            raise TrfError(phrase("trf.team_no_number"), number)
        members = _numbers(line[73:], number, field("member_310"))
        extra = TrfTeamLine(
            number=team_no,
            nickname=line[41:46].strip(),
            strength=line[47:53].strip(),
            match_points=_points(line[54:60], number, field("match_points")),
            game_points=_points(line[61:67], number, field("game_points")),
            rank=_whole(line[68:71], number, field("team_rank"), limit=MAX_TEAM_NO),
        )
        self.teams_310.append((number, Team(team_no, line[8:40].strip(), members), extra))

    def _team_bye(self, line: str, number: int) -> None:
        parts = line[4:].split()
        if len(parts) < 2:
            raise TrfError(phrase("trf.team_bye_points"), number)
        mp = _points(parts[0], number, field("bye_match_points"))
        gp = _points(parts[1], number, field("bye_game_points"))
        what = field("bye_team")
        grid = [line[k : k + 4] for k in range(13, len(line), 4)]
        if len(line[4:13].split()) == 2 and all(_ON_GRID.fullmatch(f) for f in grid):
            # One 4-column field per round from column 14; a blank one: no bye that round.
            teams = tuple(_whole(f, number, what, limit=MAX_TEAM_NO) or 0 for f in grid)
        else:
            teams = _numbers(" ".join(parts[2:]), number, what)
        self.team_bye = (number, mp or 0.0, gp or 0.0, teams)

    def _bye(self, line: str, number: int) -> None:
        parts = line[4:].split()
        kind = parts[0].upper() if parts else ""
        if kind not in ("F", "H", "Z"):
            raise TrfError(phrase("trf.bye_type", kind=kind), number)
        if len(parts) < 2:
            raise TrfError(phrase("trf.bye_no_round"), number)
        round_no = _whole(parts[1], number, field("bye_round"), limit=MAX_ROUNDS) or 0
        ids = _numbers(" ".join(parts[2:]), number, field("bye_numbers"))
        self.byes.append((number, TrfBye(kind, round_no, ids, line=number)))

    def _forfeit(self, line: str, number: int) -> None:
        parts = line[4:].split()
        if len(parts) != 4 or parts[0] not in ("+-", "-+", "--"):
            raise TrfError(phrase("trf.forfeit_form"), number)
        round_no = _whole(parts[1], number, field("forfeit_round"), limit=MAX_ROUNDS) or 0
        white, black = _numbers(" ".join(parts[2:]), number, field("forfeit_team"))
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
            said = counted(
                "trf.rounds_exceeded",
                self.rounds,
                player=late.participant.start_no,
                round=rounds_in_file,
                line=self.rounds_line or 0,
                rounds=self.rounds,
            )
            raise TrfError(said, late.line)
        rounds = (
            self.rounds if self.rounds is not None else max(rounds_in_file, len(self.round_dates))
        )
        pad = NOT_IN_LINEUP if team_event else NOT_PAIRED
        claims = [
            ClaimedPoints(
                p.line,
                replace(p.participant, entries=_entries(p, rounds_in_file, pad)),
                self.points_column.get(p.participant.start_no),
                _blank_rounds(p.cells, team_event=team_event),
                _last_written(p.cells),
            )
            for p in self.players
        ]
        paired = last_paired((c.participant for c in claims), rounds_in_file)
        participants, points_warnings = check_points_column(claims, self.scoring, paired)
        self._forget_reread(claims, participants)
        self.warnings += points_warnings
        clash = _colour_clash(participants, by_start)
        if clash is not None:
            # The rounds before the first round whose colours contradict are still results.
            clash_round, clash_line, said = clash
            self.warn(clash_line, said)
            rounds_in_file = clash_round - 1
            participants = [replace(p, entries=p.entries[:rounds_in_file]) for p in participants]
        self._check_pairings(participants, by_start)
        self._check_team_records(teams, by_start, rounds)
        check_lineups(
            teams,
            participants,
            len(self.texts.get("352", "").strip()),
            {start_no: p.line for start_no, p in by_start.items()},
            rounds_in_file,
        )
        self._drop_byes_given_twice()
        team_byes: tuple[TeamBye, ...] = ()
        match_forfeits: tuple[MatchForfeit, ...] = ()
        if team_event:
            team_byes, match_forfeits = self._team_scores(
                teams, team_lines, participants, rounds_in_file
            )
        kind_text = self.texts.get("092", "")
        count = len(teams) if team_event else len(participants)
        federation = self.texts.get("032", "")
        if len(federation) > 3:
            self.warn(self.text_lines["032"], phrase("trf.federation_032", federation=federation))
            federation = ""
        if not team_event:
            self.tiebreaks = self._individual_tiebreaks("202", self.tiebreaks)
            self.standings_tiebreaks = self._individual_tiebreaks("212", self.standings_tiebreaks)
        event = Event(
            name=self.texts.get("012", ""),
            participants=tuple(participants),
            rounds=rounds,
            system=detect_system(kind_text, count, rounds),
            scoring=self.scoring,
            start_date=self.dates.get("042"),
            tiebreaks=self.tiebreaks or self.standings_tiebreaks,
            teams=tuple(teams),
            team_byes=team_byes,
            match_points=self.match_points or DEFAULT_MATCH_POINTS,
            match_forfeits=match_forfeits,
            boards=len(self.texts.get("352", "").strip()) if team_event else 0,
        )
        header = TrfHeader(
            name=event.name,
            city=self.texts.get("022", ""),
            federation=federation,
            start_date=event.start_date,
            end_date=self.dates.get("052"),
            start_date_text=self.date_texts.get("042", ""),
            end_date_text=self.date_texts.get("052", ""),
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
        return TrfFile(
            event=event,
            header=header,
            rounds_in_file=rounds_in_file,
            warnings=self._all_warnings(team_event),
        )

    def _team_scores(
        self,
        teams: list[Team],
        team_lines: list[TrfTeamLine],
        participants: list[Participant],
        rounds_in_file: int,
    ) -> tuple[tuple[TeamBye, ...], tuple[MatchForfeit, ...]]:
        """A team file's byes and forfeited matches; its 310 totals checked against the
        boards (a warning each: the boards are the record, 310 a summary)."""
        from .team_scores import TeamRecords, check_team_scores, team_byes  # team files only

        records = TeamRecords(
            teams=tuple(teams),
            lines=tuple(team_lines),
            byes=tuple(b for _, b in self.byes),
            pairing_byes=() if self.team_bye is None else self.team_bye[3],
            pairing_bye_points=None if self.team_bye is None else self.team_bye[1:3],
            forfeits=tuple(f for _, f in self.forfeits),
            match_points=self.match_points,
            abnormal_points=any(r.startswith("299") for r in self.other),
            boards=len(self.texts.get("352", ""))
            or max((len(t.members) for t in teams), default=0),
        )
        self.warnings += check_team_scores(
            records,
            participants,
            self.scoring,
            rounds_in_file,
            {extra.number: number for number, _, extra in self.teams_310},
        )
        forfeits = tuple(MatchForfeit(f.round, f.white, f.black, f.kind) for f in records.forfeits)
        return team_byes(records, self.scoring, rounds_in_file), forfeits

    def _forget_reread(self, claims: list[ClaimedPoints], read: list[Participant]) -> None:
        """Blank cells the points column re-read no longer count as their convention."""
        for claim, p, line in zip(claims, read, self.players, strict=True):
            for before, after in zip(claim.participant.entries, p.entries, strict=True):
                cell = None if before == after else line.cells[before.round - 1]
                written = None if cell is None else _written(cell)
                if written is None:
                    continue
                self.conventions[written].remove(line.line)
                if not self.conventions[written]:
                    del self.conventions[written]

    def _all_warnings(self, team_event: bool) -> tuple[TrfWarning, ...]:
        warnings = list(self.warnings)
        if self.comments:
            count = len(self.comments)
            warnings.append(warning(self.comments[0], counted("trf.comments", count, count=count)))
        for written, lines in self.conventions.items():
            meaning = _convention_meaning(written, team_event)
            count = len(lines)
            said = counted("trf.conventions", count, count=count, written=written, meaning=meaning)
            warnings.append(warning(lines[0], said))
        return tuple(sorted(warnings, key=lambda w: w.line))

    def _index_players(self) -> dict[int, _PlayerLine]:
        by_start: dict[int, _PlayerLine] = {}
        for p in self.players:
            start_no = p.participant.start_no
            if start_no in by_start:
                other = by_start[start_no].line
                raise TrfError(phrase("trf.start_no_twice", start_no=start_no, other=other), p.line)
            by_start[start_no] = p
        return by_start

    def _teams(self, by_start: dict[int, _PlayerLine]) -> tuple[list[Team], list[TrfTeamLine]]:
        # TRF-2026's 310 replaces TRF-16's 013 when a file has both.
        if self.teams_310:
            found = [(n, t) for n, t, _ in self.teams_310]
            extras = [e for _, _, e in self.teams_310]
        elif self._stray_teams(by_start):
            return [], []
        else:
            found, extras = self.teams_013, []
        seen_team: dict[int, int] = {}
        member_of: dict[int, int] = {}
        for number, team in found:
            if team.number in seen_team:
                other = seen_team[team.number]
                raise TrfError(phrase("trf.team_no_twice", team=team.number, other=other), number)
            seen_team[team.number] = number
            for start_no in team.members:
                if start_no not in by_start:
                    said = phrase(
                        "trf.member_unknown", team=team.number, name=team.name, player=start_no
                    )
                    raise TrfError(said, number)
                if start_no in member_of:
                    said = phrase(
                        "trf.member_twice",
                        player=start_no,
                        team=team.number,
                        other=member_of[start_no],
                    )
                    raise TrfError(said, number)
                member_of[start_no] = team.number
        return [t for _, t in found], extras

    def _stray_teams(self, by_start: dict[int, _PlayerLine]) -> bool:
        """013 records holding fewer than half the players (one team of two among 52, as in a
        JaVaFo sample) leave the event individual: a warning, the records kept as written."""
        members = {m for _, team in self.teams_013 for m in team.members}
        if not self.teams_013 or 2 * len(members & set(by_start)) >= len(by_start):
            return False
        said = counted(
            "trf.stray_teams",
            len(self.teams_013),
            count=len(self.teams_013),
            members=len(members),
            players=len(by_start),
        )
        self.warn(self.teams_013[0][0], said)
        self.other[:0] = self.team_013_lines
        return True

    def _check_pairings(
        self, participants: list[Participant], by_start: dict[int, _PlayerLine]
    ) -> None:
        """Both players of a game must tell the same story (opponent, colours, results)."""
        entries = {p.start_no: p.entries for p in participants}
        for p, line in zip(participants, self.players, strict=True):
            for e in p.entries:
                if e.opponent is None:
                    continue
                game = {"round": e.round, "player": p.start_no}
                other_line = by_start.get(e.opponent)
                if other_line is None:
                    said = phrase(
                        "trf.opponent_unknown",
                        **game,
                        opponent=e.opponent,
                        columns=_columns(e.round, 1, 4),
                    )
                    raise TrfError(said, line.line)
                if e.opponent == p.start_no:
                    said = phrase("trf.self_paired", **game, columns=_columns(e.round, 1, 4))
                    raise TrfError(said, line.line)
                theirs = entries[e.opponent][e.round - 1]
                if (
                    theirs.opponent == p.start_no
                    and _opposite(e.color) == theirs.color
                    and e.code + theirs.code in _PAIRS
                ):
                    continue
                colour = {"w": "trf.with_white", "b": "trf.with_black"}.get(e.color or "")
                cells = other_line.cells
                theirs_written = cells[e.round - 1] if e.round <= len(cells) else None
                told = {"said": theirs_written.strip()} if theirs_written else {}
                said = phrase(
                    "trf.game_says" if theirs_written else "trf.game_missing",
                    **game,
                    **told,
                    verb=phrase(f"trf.verb.{e.code}"),
                    opponent=e.opponent,
                    colour=phrase(colour) if colour else "",
                    line=other_line.line,
                    cell=_mirror(p.start_no, e),
                    columns=_columns(e.round, 1, 8),
                )
                raise TrfError(said, line.line)

    def _drop_byes_given_twice(self) -> None:
        """A team 320 gives the pairing bye loses a 240 bye of the same round (a warning).

        FIDE's team sample lists such a team in both; the pairing bye is what its 801 says.
        """
        if self.team_bye is None:
            return
        number_320, _, _, paired = self.team_bye
        kept = []
        for number, bye in self.byes:
            given = paired[bye.round - 1] if bye.round <= len(paired) else 0
            if given in bye.numbers:
                said = phrase(
                    "trf.bye_given_twice",
                    team=given,
                    round=bye.round,
                    line=number_320,
                    kind=bye.kind,
                )
                self.warn(number, said)
                numbers = tuple(n for n in bye.numbers if n != given)
                if not numbers:
                    continue
                bye = replace(bye, numbers=numbers)
            kept.append((number, bye))
        self.byes = kept

    def _check_team_records(
        self, teams: list[Team], by_start: dict[int, _PlayerLine], rounds: int
    ) -> None:
        team_numbers = {t.number for t in teams}
        ids = team_numbers if teams else set(by_start)
        no_such = "trf.bye_no_team" if teams else "trf.bye_no_player"

        def check_round(round_no: int, number: int, record: str) -> None:
            if not 1 <= round_no <= rounds:
                said = phrase("trf.round_outside", record=record, round=round_no, rounds=rounds)
                raise TrfError(said, number)

        for number, bye in self.byes:
            check_round(bye.round, number, "240")
            for n in bye.numbers:
                if n not in ids:
                    raise TrfError(phrase(no_such, number=n), number)
        for number, m in self.forfeits:
            check_round(m.round, number, "330")
            for n in (m.white, m.black):
                if n not in team_numbers:
                    raise TrfError(phrase("trf.forfeit_no_team", number=n), number)
        if self.team_bye is not None:
            number, _, _, byes = self.team_bye
            if len(byes) > rounds:
                said = phrase("trf.team_bye_rounds", count=len(byes), rounds=rounds)
                raise TrfError(said, number)
            for n in byes:
                if n and n not in team_numbers:
                    raise TrfError(phrase("trf.team_bye_no_team", number=n), number)


# Reading helpers


def _colour_clash(
    participants: list[Participant], by_start: dict[int, _PlayerLine]
) -> tuple[int, int, Phrase] | None:
    """The first round with a game whose two players agree on each other and on the result
    but not on the colours (both white, say): its round, the line and what is wrong."""
    entries = {p.start_no: p.entries for p in participants}
    opposite = {"w": "b", "b": "w"}
    found: tuple[int, int, Phrase] | None = None
    for p in participants:
        for e in p.entries:
            if found is not None and e.round >= found[0]:
                break
            # Each game once, from its lower start number.
            if e.opponent is None or e.opponent <= p.start_no:
                continue
            theirs_all = entries.get(e.opponent, ())
            if len(theirs_all) < e.round:
                continue
            theirs = theirs_all[e.round - 1]
            if opposite.get(e.color or "") == theirs.color:
                continue
            if theirs.opponent != p.start_no or e.code + theirs.code not in _PAIRS:
                continue  # refused by _check_pairings
            said = phrase(
                "trf.colours_clash",
                round=e.round,
                player=p.start_no,
                colour=e.color or "-",
                opponent=e.opponent,
                other_line=by_start[e.opponent].line,
                their_colour=theirs.color or "-",
                last=e.round - 1,
            )
            found = (e.round, by_start[p.start_no].line, said)
    return found


# Results without opponent that other programs write, and what they are read as.
# A game's result (rated or not) without opponent is read as the bye it scores like.
_UNOPPOSED = {
    "+": FULL_BYE,
    "1": FULL_BYE,
    "W": FULL_BYE,
    "=": HALF_BYE,
    "D": HALF_BYE,
    "0": ZERO_BYE,
    "L": ZERO_BYE,
}
_UNOPPOSED_MEANING = {
    "+": phrase("trf.meaning.full_bye"),
    "1": phrase("trf.meaning.full_bye"),
    "W": phrase("trf.meaning.full_bye"),
    "=": phrase("trf.meaning.half_bye"),
    "D": phrase("trf.meaning.half_bye"),
    "0": phrase("trf.meaning.zero_bye"),
    "L": phrase("trf.meaning.zero_bye"),
    " ": phrase("trf.meaning.blank"),
}
_TEAM_BOARD_WON = phrase("trf.meaning.board_won")


def _written(cell: str) -> str | None:
    """How a cell without opponent is written, when not TRF-16's "0000 - X" with a bye code."""
    opponent, colour, result = cell[:4], cell[5], cell[7]
    if result in _UNOPPOSED_MEANING:
        return f"0000 - {result}" if opponent.strip() else f"     {colour} {result}"
    if opponent != "0000" and result in BYE_CODES | {NOT_PAIRED}:
        return cell.rstrip()  # lichess leaves out the 0000, some write "   0"
    return None


def _note_unopposed(cell: str, number: int, conventions: dict[str, list[int]]) -> None:
    """Count a cell without opponent written other than TRF-16's way."""
    written = _written(cell)
    if written is None:
        return
    conventions.setdefault(written, []).append(number)


def _convention_meaning(written: str, team_event: bool) -> Phrase:
    result = written[7:8] or " "
    if _UNOPPOSED.get(result) == FULL_BYE and team_event:
        return _TEAM_BOARD_WON
    if result in _UNOPPOSED_MEANING:
        return _UNOPPOSED_MEANING[result]
    return phrase(f"trf.meaning.{UNPLAYED_CODES[result].code}")


def _cells(line: str, number: int, conventions: dict[str, list[int]]) -> list[str | None]:
    """The round cells of a 001 line, each checked against the 10-column grid.

    Cells without opponent written other than TRF-16's way are counted in `conventions`.
    """
    if line[89:FIRST_CELL].strip():
        raise TrfError(phrase("trf.columns_90_91"), number)
    cells: list[str | None] = []
    for r, s in enumerate(range(FIRST_CELL, len(line), CELL), start=1):
        cell = line[s : s + 8].ljust(8)
        if line[s + 8 : s + CELL].strip():
            said = phrase("trf.cell_runs_on", place=_place(r, s), first=s + 9, last=s + 10)
            raise TrfError(said, number)
        if not cell.strip():
            cells.append(None)
            continue
        opponent, colour, result = cell[:4], cell[5], cell[7]
        if cell[4] != " " or cell[6] != " " or not (opponent.isspace() or _NUMBER.match(opponent)):
            raise TrfError(_misaligned(_place(r, s), cell, s + 1), number)
        if colour.lower() not in ("w", "b", "-", " "):
            said = phrase("trf.unknown_colour", place=_place(r, s), colour=colour)
            raise TrfError(said, number)
        if result.upper() not in TRF_CODES and result != " ":
            key = _CODE_HINTS.get(result, "trf.unknown_result")
            said = phrase(key, place=_place(r, s), code=result, codes=" ".join(TRF_CODES))
            raise TrfError(said, number)
        if _WHOLE.fullmatch(opponent.strip() or "0") and not int(opponent.strip() or "0"):
            _note_unopposed(cell, number, conventions)
        cells.append(cell)
    return cells


# A result code that TRF does not have, with how it is written.
_CODE_HINTS = {"½": "trf.unknown_result_half", "B": "trf.unknown_result_bye"}


def _place(round_no: int, start: int) -> Phrase:
    """A round's cell in a message: "round 3 (columns 112-119)" (made only for one)."""
    return phrase("trf.place", round=round_no, first=start + 1, last=start + 8)


def _misaligned(place: Phrase, cell: str, column: int) -> Phrase:
    """A misaligned cell, with how it is written on the grid when its three parts can be told."""
    parts = cell.split()
    written = cell.rstrip()
    if len(parts) != 3 or not _WHOLE.fullmatch(parts[0]) or len(parts[0]) > 4:
        return phrase("trf.misaligned", place=place, cell=written)
    if len(parts[1]) != 1 or len(parts[2]) != 1:
        return phrase("trf.misaligned", place=place, cell=written)
    aligned = f"{parts[0]:>4} {parts[1]} {parts[2]}"
    return phrase("trf.misaligned_write", place=place, cell=written, aligned=aligned, column=column)


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
                said = phrase("trf.bye_with_opponent", round=r, code=code, opponent=opponent)
                raise TrfError(said, p.line)
            entries.append(RoundEntry(r, opponent, colour, code if code != " " else PENDING))
        elif code in _UNOPPOSED:
            entries.append(RoundEntry(r, None, colour, _UNOPPOSED[code]))
        else:
            # TRF-2026: a blank result without opponent is a zero-point bye.
            entries.append(RoundEntry(r, None, colour, code if code != " " else ZERO_BYE))
    return tuple(entries)


def _blank_rounds(cells: list[str | None], *, team_event: bool) -> tuple[int, ...]:
    """Rounds written with neither opponent nor result, up to the line's last cell.

    A blank cell of a team event is a player out of the line-up, not a blank round.
    """
    blank = []
    for r, cell in enumerate(cells[: _last_cell(cells)], start=1):
        if cell is None:
            if not team_event:
                blank.append(r)
        elif cell[7] == " " and not int(cell[:4].strip() or "0"):
            blank.append(r)
    return tuple(blank)


# The other player's result code of a game, from one player's (the first pair that fits).
_OTHER_SIDE: dict[str, str] = {}
for _pair in (*GAME_RESULTS, PENDING + PENDING):
    _OTHER_SIDE.setdefault(_pair[0], _pair[1])


def _mirror(start_no: int, e: RoundEntry) -> str:
    """The cell the opponent's line needs for the game `e` of player `start_no`."""
    result = _OTHER_SIDE[e.code].replace(PENDING, " ")
    return f"{start_no:4d} {_opposite(e.color) or '-'} {result}".rstrip()


def _columns(round_no: int, first: int, last: int) -> Phrase:
    """Columns `first` to `last` of a round's cell (1-based within the cell)."""
    start = FIRST_CELL + CELL * (round_no - 1)
    return phrase("trf.columns", first=start + first, last=start + last)


def _last_written(cells: list[str | None]) -> int:
    """The last round whose cell has an opponent or a result, 0 if none."""
    for r in range(len(cells), 0, -1):
        cell = cells[r - 1]
        if cell is not None and (cell[7] != " " or int(cell[:4].strip() or "0")):
            return r
    return 0


def _opposite(colour: str | None) -> str | None:
    return {"w": "b", "b": "w"}.get(colour or "")


def _whole(text: str, number: int, what: Phrase, *, limit: int) -> int | None:
    """A whole number of ASCII digits, at most `limit`; None for a blank field."""
    text = text.strip()
    if not text:
        return None
    if not _WHOLE.fullmatch(text):
        raise TrfError(phrase("trf.not_whole", what=what, text=text), number)
    if len(text.lstrip("0")) > len(str(limit)) or int(text) > limit:
        raise TrfError(phrase("trf.more_than", what=what, text=_short(text), limit=limit), number)
    return int(text)


def _points(text: str, number: int, what: Phrase) -> float | None:
    """Points as the event stores them (0-999.9, steps of 0.1); None for a blank field.

    A decimal comma (`1,5`, as some European programs write) is read as a point.
    """
    text = text.strip()
    if not text:
        return None
    if _DECIMAL_COMMA.fullmatch(text):
        text = text.replace(",", ".")
    said: dict[str, Param] = {"what": what, "text": _short(text)}
    if not _POINTS.fullmatch(text):
        raise TrfError(phrase("trf.not_number", **said), number)
    if text.startswith("-") and text.strip("-0."):
        raise TrfError(phrase("trf.negative", **said), number)
    digits = text.lstrip("-0")
    too_many = phrase("trf.more_than", **said, limit=str(MAX_POINTS))
    if len(digits.partition(".")[0]) > len(str(int(MAX_POINTS))):
        raise TrfError(too_many, number)
    value = Decimal(text)
    if value > MAX_POINTS:
        raise TrfError(too_many, number)
    if value % POINTS_STEP:
        raise TrfError(phrase("trf.not_multiple", **said, step=str(POINTS_STEP)), number)
    return float(abs(value))


def _short(text: str) -> str:
    """A field as a message quotes it: a runaway one cut short."""
    return text if len(text) <= 20 else f"{text[:10]}...({len(text)} characters)"


def _numbers(text: str, number: int, what: Phrase) -> tuple[int, ...]:
    return tuple(_whole(t, number, what, limit=MAX_START_NO) or 0 for t in text.split())


def _code_values(
    text: str, number: int, record: str, codes: frozenset[str] | None
) -> dict[str, float]:
    """'W 1.0    D 0.5 ...' as {code: points}; any code when `codes` is None."""
    parts = text.split()
    named = phrase("trf.record", record=record)
    if len(parts) % 2:
        raise TrfError(phrase("trf.code_pairs", record=named, text=text.strip()), number)
    values = {}
    for code, points in zip(parts[::2], parts[1::2], strict=True):
        if codes is not None and code.upper() not in codes:
            listed = " ".join(sorted(codes))
            said = phrase("trf.unknown_code", record=named, code=code, codes=listed)
            raise TrfError(said, number)
        what = phrase("trf.code_points", record=named, code=code)
        values[code.upper()] = _points(points, number, what) or 0.0
    return values


def _parse_date(text: str) -> date | None:
    """The date a header field holds in any common form; None when none can be read.

    Tried in order: 2005/07/28, 05/07/28 (TRF's short form, else Krause's yy.dd.mm),
    28.07.2005 (else 07/28/2005), "Oct 13, 2024", "13 Oct 2024".
    """
    candidates: list[tuple[int, int, int]] = []  # (year, month, day)
    if m := _DATE_YMD.fullmatch(text):
        y, mo, d = (int(x) for x in m.groups())
        candidates.append((y, mo, d))
    elif m := _DATE_YY.fullmatch(text):
        y, mo, d = (int(x) for x in m.groups())
        candidates += [(2000 + y, mo, d), (2000 + y, d, mo)]
    elif m := _DATE_DMY.fullmatch(text):
        d, mo, y = (int(x) for x in m.groups())
        candidates += [(y, mo, d), (y, d, mo)]
    elif m := _DATE_MONTH_FIRST.fullmatch(text):
        candidates.append(
            (int(m.group(3)), _MONTHS.get(m.group(1)[:3].lower(), 0), int(m.group(2)))
        )
    elif m := _DATE_DAY_FIRST.fullmatch(text):
        candidates.append(
            (int(m.group(3)), _MONTHS.get(m.group(2)[:3].lower(), 0), int(m.group(1)))
        )
    for y, mo, d in candidates:
        try:
            return date(y, mo, d)
        except ValueError:
            continue
    return None
