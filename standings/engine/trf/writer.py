"""Writing a TRF file that the reader reads back as the same `TrfFile`."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date

from ..event import (
    NOT_IN_LINEUP,
    NOT_PAIRED,
    PENDING,
    Event,
    Participant,
    RoundEntry,
    Scoring,
    System,
    Team,
)
from .records import FIRST_CELL, TEAM_SCORES, TrfFile, TrfTeamLine, detect_system


def write_trf(trf: TrfFile) -> str:
    """The file `read_trf` reads back as the same `TrfFile`."""
    event, header = trf.event, trf.header
    team_event = bool(event.teams)
    out: list[str] = []

    def record(tag: str, text: str) -> None:
        if text:
            out.append(f"{tag} {text}")

    record("012", event.name or header.name)
    record("022", header.city)
    record("032", header.federation)
    record("042", _date_text(event.start_date or header.start_date) or header.start_date_text)
    record("052", _date_text(header.end_date) or header.end_date_text)
    record("062", str(len(event.participants)))
    record("072", str(sum(1 for p in event.participants if p.rating)))
    if team_event:
        record("082", str(len(event.teams)))
    record("092", _kind_text(event, header.kind_text))
    record("102", header.chief_arbiter)
    for deputy in header.deputy_arbiters:
        record("112", deputy)
    record("122", header.time_control)
    if header.round_dates:
        cells = "".join(_short_date(d).ljust(10) for d in header.round_dates)
        out.append(("132".ljust(FIRST_CELL) + cells).rstrip())
    record("142", str(event.rounds))
    record("152", header.initial_color)
    record("162", _scoring_text(event.scoring))
    record("202", ", ".join(event.tiebreaks))
    record("212", ", ".join(header.standings_tiebreaks))
    record("352", header.board_colors)
    if header.match_points is not None:
        record(
            "362",
            "   ".join(
                f"{k} {_number(v)}" for k, v in zip(TEAM_SCORES, header.match_points, strict=True)
            ),
        )
    ranks = dict(header.player_ranks)
    pad = NOT_IN_LINEUP if team_event else NOT_PAIRED
    kept = _entries_to_write(event.participants, trf.rounds_in_file, pad)
    for p, entries in zip(event.participants, kept, strict=True):
        out.append(_player_line(p, entries, event.scoring, ranks.get(p.start_no)))
    extras = {t.number: t for t in header.team_lines}
    for team in event.teams:
        out.append(_team_line(team, extras.get(team.number), bool(header.team_lines)))
    if header.team_bye_points is not None:
        mp, gp = header.team_bye_points
        out.append(
            f"320 {_number(mp):>4} {_number(gp):>4}" + "".join(f" {t:3d}" for t in header.team_byes)
        )
    for bye in header.byes:
        out.append(f"240 {bye.kind} {bye.round:03d}" + "".join(f" {n:4d}" for n in bye.numbers))
    for m in header.forfeited_matches:
        out.append(f"330 {m.kind} {m.round:03d} {m.white:03d} {m.black:03d}")
    if any(r.startswith("XX") for r in header.other_records):
        # A pairing program's file (JaVaFo's records): those programs read the number of
        # rounds from XXR, not 142. The reader gives 142 the say, so this changes nothing.
        out.append(f"XXR {event.rounds}")
    out.extend(header.other_records)
    return "\n".join(out) + "\n"


# Writing helpers


def _entries_to_write(
    participants: Iterable[Participant], rounds_in_file: int, pad: str
) -> list[tuple[RoundEntry, ...]]:
    """Each line's entries without the trailing filler the reader adds back.

    A line that reaches `rounds_in_file` keeps its filler if no other line would
    carry the last round, so the reader finds the same `rounds_in_file`.
    """
    lists = [p.entries[:rounds_in_file] for p in participants]
    trimmed = [_trim(entries, pad) for entries in lists]
    if rounds_in_file and all(len(t) < rounds_in_file for t in trimmed):
        trimmed = [
            e if len(e) == rounds_in_file else t for e, t in zip(lists, trimmed, strict=True)
        ]
    return trimmed


def _trim(entries: tuple[RoundEntry, ...], pad: str) -> tuple[RoundEntry, ...]:
    end = len(entries)
    while end and _is_filler(entries[end - 1], pad):
        end -= 1
    if end < len(entries) and end and _is_filler(entries[end - 1], NOT_IN_LINEUP):
        end += 1  # a blank cell must not end the line: it would read as filler
    return entries[:end]


def _is_filler(e: RoundEntry, pad: str) -> bool:
    return e.opponent is None and e.color is None and e.code == pad


def _player_line(
    p: Participant, entries: tuple[RoundEntry, ...], scoring: Scoring, rank: int | None
) -> str:
    points = sum(_points(e, scoring) for e in entries)
    head = (
        f"001 {p.start_no:4d} {p.sex[:1]:1}{p.title[:3]:>3} {p.name[:33]:<33} "
        f"{_optional(p.rating, 4)} {p.federation[:3]:<3} {p.fide_id[:11]:>11} "
        f"{p.birth[:10]:<10} {points:4.1f} {_optional(rank, 4)}"
    )
    return (head + "".join("  " + _cell(e) for e in entries)).rstrip()


def _cell(e: RoundEntry) -> str:
    if e.opponent is None and e.code == NOT_IN_LINEUP and e.color is None:
        return " " * 8
    opponent = f"{e.opponent:4d}" if e.opponent else "0000"
    code = " " if e.code == PENDING else e.code
    return f"{opponent} {e.color or '-'} {code}"


def _points(e: RoundEntry, scoring: Scoring) -> float:
    if e.code == PENDING or (e.opponent is None and e.code in (NOT_PAIRED, NOT_IN_LINEUP)):
        return 0.0
    return scoring.points(e.code)


def _team_line(team: Team, extra: TrfTeamLine | None, as_310: bool) -> str:
    members = " ".join(f"{m:4d}" for m in team.members)
    if not as_310:
        return f"013 {team.name[:32]:<32}{members}".rstrip()
    extra = extra or TrfTeamLine(team.number)
    return (
        f"310 {team.number:3d} {team.name[:32]:<32} {extra.nickname[:5]:<5} "
        f"{extra.strength[:6]:>6} {_optional(extra.match_points, 6)} "
        f"{_optional(extra.game_points, 6)} {_optional(extra.rank, 3)}  {members}"
    ).rstrip()


def _optional(value: float | int | None, width: int) -> str:
    if value is None:
        return " " * width
    if isinstance(value, float):
        return f"{_number(value):>{width}}"
    return f"{value:>{width}d}"


def _number(value: float) -> str:
    """Points with one decimal, or as many as they need."""
    return f"{value:.1f}" if round(value, 1) == value else repr(value)


def _scoring_text(s: Scoring) -> str:
    # X (unknown result) is written as a draw, the format's default; the reader ignores it.
    items = (
        ("W", s.win),
        ("D", s.draw),
        ("L", s.loss),
        ("A", s.zero_bye),
        ("P", s.pairing_bye),
        ("X", s.draw),
    )
    return " " + "    ".join(f"{code} {_number(v):>3}" for code, v in items)


def _date_text(d: date | None) -> str:
    return "" if d is None else f"{d.year:04d}/{d.month:02d}/{d.day:02d}"


def _short_date(d: date | None) -> str:
    return "" if d is None else f"{d.year % 100:02d}/{d.month:02d}/{d.day:02d}"


def _kind_text(event: Event, text: str) -> str:
    """Record 092 as read, unless it would make the reader see another system."""
    count = len(event.teams) if event.teams else len(event.participants)
    if detect_system(text, count, event.rounds) is event.system:
        return text
    name = {
        System.SWISS: "Swiss System",
        System.ROUND_ROBIN: "Round Robin",
        System.DOUBLE_ROUND_ROBIN: "Double Round Robin",
    }[event.system]
    return f"Team {name}" if event.teams else name
