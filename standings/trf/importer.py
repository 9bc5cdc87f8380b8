"""A TRF file into the database: all or nothing; a re-import adds rounds and fills results.

The file is first read into a plan, round by round (games with their results,
byes), checked without touching the database; then one transaction creates or
completes the event. Every refusal is a `TrfError` naming the file's line.

Board numbers: within a round, games are ordered by the higher score of the two
players before the round (highest first), then by the lower start number.
Team events: games are grouped into a `Match` per pair of teams when every game
of the round is between two different teams and no team meets two others;
otherwise the round's games have no match. A game a re-import adds to a stored
round gets no match and the next free board number.
Team byes (320, 240), forfeited matches (330) and byes of rounds not paired yet
(240) are stored by `trf_unplayed`, which says what each becomes.
Not stored: the 001 rank column (ranks are the engine's to compute; an export leaves
it blank).
The reader has range-checked every number; what the database still refuses (a value
its column cannot hold, a broken constraint) becomes a `TrfError` too, after the
transaction is rolled back: a file never half-imports and never crashes the caller.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, replace
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import DatabaseError, models, transaction
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext, ngettext

from standings.engine import event as engine
from standings.engine.trf import TrfError, TrfFile, TrfWarning, read_trf_bytes
from standings.events import actors
from standings.events.actors import Actor
from standings.events.changes import record_change
from standings.events.models import (
    Event,
    Game,
    Match,
    Participant,
    Result,
    Round,
    Team,
    UnplayedRound,
)
from standings.events.sections import record_sections_change, sections_of
from standings.events.snapshot import SCORING_FIELDS
from standings.wording.phrases import trf_warning
from standings.wording.trf_messages import OTHER_WARNINGS, WARNING_KINDS
from standings.wording.unplayed import BYE_NAMES

from .unplayed import UnplayedPlan, plan_unplayed, store_unplayed

RESULTS = {choice.value for choice in Result} - {Result.PENDING.value}
BYE_CODES = {
    engine.PAIRING_BYE: UnplayedRound.Kind.PAIRING_BYE,
    engine.FULL_BYE: UnplayedRound.Kind.FULL_BYE,
    engine.HALF_BYE: UnplayedRound.Kind.HALF_BYE,
    engine.ZERO_BYE: UnplayedRound.Kind.ZERO_BYE,
    engine.NOT_PAIRED: UnplayedRound.Kind.NOT_PAIRED,
}
_SLUG = re.compile(r"[-a-zA-Z0-9_]{1,50}")
STATE_ORDER: list[str] = [
    Round.State.DRAFT,
    Round.State.PAIRINGS,
    Round.State.IN_PROGRESS,
    Round.State.CLOSED,
]


@dataclass
class ImportReport:
    """What an import did, for the command's summary line, the page's message and the audit."""

    slug: str
    created: bool
    participants_added: int = 0
    participants_updated: int = 0
    teams_added: int = 0
    rounds_added: list[int] = field(default_factory=list)
    rounds_closed: list[int] = field(default_factory=list)
    drafts_replaced: list[int] = field(default_factory=list)
    games_added: int = 0
    results_filled: int = 0
    byes_added: int = 0
    team_byes_added: int = 0
    forfeited_matches: int = 0
    bye_requests: int = 0
    rounds_without_matches: list[int] = field(default_factory=list)
    tiebreaks: list[str] = field(default_factory=list)  # kept from the file (202/212), new events
    encoding: str = "UTF-8"  # how the file was decoded
    warnings: list[str] = field(default_factory=list)  # the reader's, "line N: ...", English
    read_warnings: tuple[TrfWarning, ...] = field(default=(), repr=False)  # the same, worded

    def summary(self, *, with_warnings: bool = True) -> str:
        """One line in the active language (the command's: English), the reader's warnings
        too unless the caller lists them (`warning_groups`)."""
        said = {
            "slug": self.slug,
            "participants": self.participants_added,
            "updated": self.participants_updated,
            "rounds": _numbers(self.rounds_added) or gettext("none"),
            "games": self.games_added,
            "byes": self.byes_added,
            "results": self.results_filled,
        }
        if self.created:
            text = gettext(
                "%(slug)s: created; %(participants)s participants added, %(updated)s updated,"
                " rounds added: %(rounds)s, %(games)s games and %(byes)s byes added,"
                " %(results)s results filled"
            )
        else:
            text = gettext(
                "%(slug)s: updated; %(participants)s participants added, %(updated)s updated,"
                " rounds added: %(rounds)s, %(games)s games and %(byes)s byes added,"
                " %(results)s results filled"
            )
        text %= said
        if self.teams_added:
            text += gettext(", %(count)s teams added") % {"count": self.teams_added}
        if self.team_byes_added:
            text += gettext(", %(count)s team byes added") % {"count": self.team_byes_added}
        if self.forfeited_matches:
            text += gettext(", %(count)s matches forfeited") % {"count": self.forfeited_matches}
        if self.bye_requests:
            text += gettext(", %(count)s byes of later rounds") % {"count": self.bye_requests}
        if self.drafts_replaced:
            text += gettext(", draft pairings replaced: %(rounds)s") % {
                "rounds": _numbers(self.drafts_replaced)
            }
        if self.rounds_closed:
            text += gettext(", rounds closed: %(rounds)s") % {
                "rounds": _numbers(self.rounds_closed)
            }
        if self.rounds_without_matches:
            text += gettext(" (team games of rounds %(rounds)s not grouped)") % {
                "rounds": _numbers(self.rounds_without_matches)
            }
        if self.tiebreaks:
            text += gettext(", tie-breaks from the file: %(tiebreaks)s") % {
                "tiebreaks": " ".join(self.tiebreaks)
            }
        text += gettext("; read as %(encoding)s") % {"encoding": self.encoding}
        if self.warnings and not with_warnings:
            count = len(self.warnings)
            text += ngettext("; %(count)s warning", "; %(count)s warnings", count) % {
                "count": count
            }
        elif self.warnings:
            count = len(self.warnings)
            text += ngettext("; %(count)s warning: ", "; %(count)s warnings: ", count) % {
                "count": count
            } + "; ".join([trf_warning(w) for w in self.read_warnings] or self.warnings)
        return text

    def warning_groups(self) -> list[tuple[str, list[str]]]:
        """The reader's warnings by kind, in the active language: (kind, ["line 12: ..."]),
        kinds in the order of their first line."""
        groups: dict[str, list[str]] = {}
        for said in self.read_warnings:
            key = said.said.key.removesuffix(".one").removesuffix(".many") if said.said else ""
            kind = str(WARNING_KINDS.get(key, OTHER_WARNINGS))
            groups.setdefault(kind, []).append(trf_warning(said))
        return list(groups.items())

    def as_dict(self) -> dict:
        """For the audit log: the warnings in English only."""
        said = asdict(replace(self, read_warnings=()))
        del said["read_warnings"]
        return said


@dataclass
class PlannedGame:
    white: int  # start numbers
    black: int
    result: str  # a `Result` value, "" while pending
    line: int | None


@dataclass
class PlannedBye:
    start_no: int
    kind: str  # an `UnplayedRound.Kind` value
    line: int | None


@dataclass
class PlannedRound:
    number: int
    games: list[PlannedGame]  # in board order
    byes: list[PlannedBye]

    @property
    def has_result(self) -> bool:
        return any(g.result for g in self.games)

    @property
    def complete(self) -> bool:
        return all(g.result for g in self.games)


def import_trf(
    data: bytes,
    *,
    slug: str | None = None,
    actor: Actor,
    section_of: Event | None = None,
    name: str = "",
    audited_as: tuple[str, str] | None = None,
) -> ImportReport:
    """Read a TRF file and create or complete its event, all or nothing.

    With `section_of`, the event is a section of that tournament (one file is one section),
    named `name` or else by the file's record 012, and found again by that name there.
    `audited_as`: the audit entry's (action, target), when the import is part of another
    change (a mirror's batch)."""
    trf = read_trf_bytes(data)
    return import_trf_file(
        trf,
        slug=slug,
        actor=actor,
        lines=record_lines(data),
        section_of=section_of,
        name=name,
        audited_as=audited_as,
    )


def record_lines(data: bytes) -> dict[int, int]:
    """The 1-based line of each start number's 001 record, for messages."""
    lines: dict[int, int] = {}
    for number, line in enumerate(re.split(rb"\r\n|\r|\n", data), start=1):
        if line.startswith(b"001") and line[4:8].strip().isdigit():
            lines.setdefault(int(line[4:8]), number)
    return lines


def import_trf_file(
    trf: TrfFile,
    *,
    slug: str | None = None,
    actor: Actor,
    lines: dict[int, int] | None = None,
    section_of: Event | None = None,
    name: str = "",
    audited_as: tuple[str, str] | None = None,
) -> ImportReport:
    """Create or complete the event described by an already read file.

    The actor must be allowed to change the event the file completes, or, for a new
    event, its tournament (`section_of`); only staff and system actors create an event of
    their own (`actors.check_may_change`, called once the event is looked up)."""
    lines = lines or {}
    if slug is not None and not _SLUG.fullmatch(slug):
        raise TrfError(
            gettext("'%(slug)s' is not a valid event slug (letters, digits, '-' and '_')")
            % {"slug": slug}
        )
    if section_of is not None and section_of.parent_id is not None:
        raise TrfError(
            gettext("%(slug)s is itself a section: sections hold no sections")
            % {"slug": section_of.slug}
        )
    rounds = plan_rounds(trf, lines)
    unplayed = plan_unplayed(trf, {r.number: {b.start_no: b.kind for b in r.byes} for r in rounds})
    name = name.strip() or (trf.header.name or trf.event.name).strip()
    if not name and not slug:
        raise TrfError(gettext("the file has no tournament name (record 012)"))
    start_date = trf.header.start_date or trf.event.start_date
    try:
        with transaction.atomic():
            report = _store(
                trf, rounds, unplayed, name, start_date, slug, actor, lines, section_of, audited_as
            )
            if section_of is not None and report.created:
                record_sections_change(section_of, actor=actor)
            return report
    except (DatabaseError, ArithmeticError) as error:
        # A last line of defence: the reader's checks should leave nothing for the database
        # to refuse. ArithmeticError covers OverflowError and the decimal module's errors.
        problem = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        raise TrfError(
            gettext("the database refused the file (%(problem)s); nothing was imported")
            % {"problem": problem}
        ) from error


def _store(
    trf: TrfFile,
    rounds: list[PlannedRound],
    unplayed: UnplayedPlan,
    name: str,
    start_date: datetime.date | None,
    slug: str | None,
    actor: Actor,
    lines: dict[int, int],
    section_of: Event | None = None,
    audited_as: tuple[str, str] | None = None,
) -> ImportReport:
    """Create or complete the event from the plan; call inside the import's transaction."""
    event = _existing_event(slug, name, start_date, section_of)
    # The event the file completes, else the tournament it adds a section to, else None:
    # a new event of its own.
    actors.check_may_change(actor, event if event is not None else section_of)
    user = actors.user_of(actor)  # who entered the file's results
    if event is None:
        event = _create_event(trf, name, start_date, slug, section_of)
        report = ImportReport(slug=event.slug, created=True)
    else:
        if section_of is not None and event.parent_id != section_of.pk:
            raise TrfError(
                gettext("%(slug)s is not a section of %(tournament)s")
                % {"slug": event.slug, "tournament": section_of.slug}
            )
        report = ImportReport(slug=event.slug, created=False)
        if trf.event.rounds > event.rounds_planned:
            event.rounds_planned = trf.event.rounds
            event.save(update_fields=["rounds_planned"])
    kept = kept_records(trf)
    if event.trf_records != kept:
        event.trf_records = kept
        event.save(update_fields=["trf_records"])
    people = _merge_participants(event, trf, lines, report)
    teams = _merge_teams(event, trf, people, report)
    for planned in rounds:
        is_last = planned.number == len(rounds)
        _merge_round(event, planned, is_last, people, teams, trf, user, report)
    stored = store_unplayed(event, unplayed, people, teams)
    report.team_byes_added = stored.team_byes_added
    report.forfeited_matches = stored.forfeited_matches
    report.bye_requests = stored.bye_requests
    report.encoding = trf.encoding
    if report.created:
        report.tiebreaks = list(trf.event.tiebreaks)
    report.warnings = [str(w) for w in trf.warnings]
    report.read_warnings = trf.warnings
    action, target = audited_as or ("import_trf", f"TRF file, {len(rounds)} rounds")
    record_change(event, actor=actor, action=action, target=target, after=report.as_dict())
    return report


def kept_records(trf: TrfFile) -> str:
    """What the export writes back for a pairing program: the records not interpreted, and 212.

    The event stores one tie-break list (202, or 212 without 202), so record 212 is kept
    here as read (tie-breaks the engine does not compute already left out).
    """
    lines = list(trf.header.other_records)
    if trf.header.standings_tiebreaks:
        lines.insert(0, "212 " + ", ".join(trf.header.standings_tiebreaks))
    return "\n".join(lines)


# Reading the file into a plan (no database)


def plan_rounds(trf: TrfFile, lines: dict[int, int]) -> list[PlannedRound]:
    """Each round of the file as games and byes, checked for consistency."""
    participants = {p.start_no: p for p in trf.event.participants}
    team_event = bool(trf.event.teams)
    scores = dict.fromkeys(participants, 0.0)
    planned = []
    # Rounds after the last one the file pairs hold byes requested ahead (trf_unplayed).
    for number in range(1, trf.rounds_paired + 1):
        games, byes = [], []
        for p in trf.event.participants:
            line = lines.get(p.start_no)
            entry = p.entry(number) or engine.RoundEntry(number, None, None, engine.NOT_IN_LINEUP)
            if entry.opponent is None:
                kind = _bye_kind(entry, team_event, line)
                if kind is not None:
                    byes.append(PlannedBye(p.start_no, kind, line))
                continue
            game = _game(p, entry, participants, line)
            if game is not None:
                games.append(game)
        games.sort(key=lambda g: (-max(scores[g.white], scores[g.black]), min(g.white, g.black)))
        for p in trf.event.participants:
            played = p.entry(number)
            if played is not None and played.code != engine.PENDING:
                scores[p.start_no] += trf.event.scoring.points(played.code)
        planned.append(PlannedRound(number, games, byes))
    return planned


def _bye_kind(entry: engine.RoundEntry, team_event: bool, line: int | None) -> str | None:
    if entry.code == engine.NOT_IN_LINEUP:
        # An empty cell: out of the line-up in a team event, a zero-point bye otherwise.
        return None if team_event else UnplayedRound.Kind.ZERO_BYE
    if entry.code in BYE_CODES:
        return BYE_CODES[entry.code]
    raise TrfError(
        gettext("round %(round)s: result '%(code)s' without an opponent")
        % {"round": entry.round, "code": entry.code},
        line,
    )


def _game(
    p: engine.Participant,
    entry: engine.RoundEntry,
    participants: dict[int, engine.Participant],
    line: int | None,
) -> PlannedGame | None:
    """The game from white's side (None from black's), its pairing checked from both sides."""
    n = entry.round
    opponent = None if entry.opponent is None else participants.get(entry.opponent)
    if opponent is None:
        raise TrfError(
            gettext("round %(round)s: player %(player)s's opponent %(opponent)s is unknown")
            % {"round": n, "player": p.start_no, "opponent": entry.opponent},
            line,
        )
    other = opponent.entry(n)
    if other is None or other.opponent != p.start_no:
        said = gettext("no opponent") if other is None or other.opponent is None else other.opponent
        raise TrfError(
            gettext(
                "round %(round)s: player %(player)s is paired with %(opponent)s, whose record"
                " says %(said)s"
            )
            % {"round": n, "player": p.start_no, "opponent": opponent.start_no, "said": said},
            line,
        )
    colors = (entry.color, other.color)
    if colors not in (("w", "b"), ("b", "w"), (None, None)):
        raise TrfError(
            gettext(
                "round %(round)s: players %(player)s and %(opponent)s both have colour '%(colour)s'"
            )
            % {
                "round": n,
                "player": p.start_no,
                "opponent": opponent.start_no,
                "colour": entry.color or "-",
            },
            line,
        )
    # Without colours, the lower start number is taken as white.
    is_white = entry.color == "w" or (entry.color is None and p.start_no < opponent.start_no)
    if not is_white:
        return None
    codes = (entry.code, other.code)
    if codes == (engine.PENDING, engine.PENDING):
        result = ""
    else:
        result = "".join(codes)
        if result not in RESULTS:
            raise TrfError(
                gettext(
                    "round %(round)s: contradictory results '%(code)s' for player %(player)s"
                    " and '%(other)s' for player %(opponent)s"
                )
                % {
                    "round": n,
                    "code": entry.code,
                    "player": p.start_no,
                    "other": other.code,
                    "opponent": opponent.start_no,
                },
                line,
            )
    return PlannedGame(p.start_no, opponent.start_no, result, line)


def withdrawn_from(p: engine.Participant, rounds_in_file: int, swiss: bool) -> int | None:
    """First round of the zero-point byes that run to the file's last round (a withdrawal).

    In a Swiss event a line that stops early (read as "not paired") counts too; in a
    round robin "not paired" is the free round of an odd field.
    """
    empty = {engine.ZERO_BYE, engine.NOT_IN_LINEUP} | ({engine.NOT_PAIRED} if swiss else set())
    first = None
    for number in range(rounds_in_file, 0, -1):
        entry = p.entry(number)
        if entry is not None and (entry.opponent is not None or entry.code not in empty):
            break
        first = number
    return first


# Writing the plan into the database


def _existing_event(
    slug: str | None, name: str, start_date, section_of: Event | None
) -> Event | None:
    found = Event.objects.select_for_update()
    if slug:
        return found.filter(slug=slug).first()
    if section_of is not None:  # sections' files often share the tournament's 012 and date
        return found.filter(parent=section_of, name=name).order_by("pk").first()
    return found.filter(name=name, start_date=start_date).order_by("pk").first()


def _create_event(
    trf: TrfFile, name: str, start_date, slug: str | None, section_of: Event | None = None
) -> Event:
    header, described = trf.header, trf.event
    s = described.scoring
    event = Event(
        slug=slug or _free_slug(name),
        name=name or slug or "",
        kind=Event.Kind.TEAM if described.teams else Event.Kind.INDIVIDUAL,
        system=Event.System(described.system.value),
        rounds_planned=described.rounds or trf.rounds_in_file,
        start_date=start_date,
        end_date=header.end_date,
        location=header.city,
        federation=header.federation,
        chief_arbiter=header.chief_arbiter,
        deputy_arbiters="\n".join(header.deputy_arbiters),
        time_control=header.time_control,
        tiebreaks=" ".join(described.tiebreaks),
        **{field: _points(getattr(s, name)) for name, field in SCORING_FIELDS.items()},
        board_colors=header.board_colors,
    )
    if header.match_points is not None:
        win, draw, loss = header.match_points
        event.match_points_win = _points(win)
        event.match_points_draw = _points(draw)
        event.match_points_loss = _points(loss)
    if section_of is not None:
        event.parent = section_of
        event.section_order = len(sections_of(section_of)) + 1
        if not slug:
            event.slug = _free_slug(f"{section_of.slug} {name}")
    _check_columns(event, None)
    event.save()
    return event


def _free_slug(name: str) -> str:
    base = slugify(name)[:40] or "event"
    slug, n = base, 1
    while Event.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug


def _points(value: float) -> Decimal:
    return Decimal(str(value)).quantize(Decimal("0.1"))


def _merge_participants(
    event: Event, trf: TrfFile, lines: dict[int, int], report: ImportReport
) -> dict[int, Participant]:
    """Participants by start number: new ones created, known ones checked and brought up to date."""
    stored = {p.start_no: p for p in event.participants.select_for_update()}
    in_file = {p.start_no for p in trf.event.participants}
    missing = sorted(set(stored) - in_file)
    if missing:
        p = stored[missing[0]]
        raise TrfError(
            gettext(
                "start number %(start_no)s (%(name)s) is in the event but not in the file: a"
                " file adds to an event and removes nothing (export the event and start from"
                " its file, or import into a new event)"
            )
            % {"start_no": p.start_no, "name": p.name}
        )
    new, changed = [], []
    swiss = trf.event.system == engine.System.SWISS
    for described in trf.event.participants:
        line = lines.get(described.start_no)
        details = {
            "name": described.name.strip(),
            "title": described.title,
            "sex": described.sex,
            "federation": described.federation,
            "fide_id": described.fide_id,
            "birth": described.birth,
            "rating": described.rating,
            "national_rating": described.national_rating,
            "withdrawn_from_round": (
                None if trf.event.teams else withdrawn_from(described, trf.rounds_paired, swiss)
            ),
        }
        person = stored.get(described.start_no)
        if person is None:
            person = Participant(event=event, start_no=described.start_no, **details)
            _check_columns(person, line)
            new.append(person)
            continue
        if not _same_person(person, described):
            raise TrfError(
                gettext(
                    "start number %(start_no)s is %(stored)s in the event but %(described)s in"
                    " the file: keep each player's start number from the event, or import"
                    " into a new event"
                )
                % {
                    "start_no": person.start_no,
                    "stored": person.name + _fide(person.fide_id),
                    "described": described.name.strip() + _fide(described.fide_id),
                },
                line,
            )
        updates = {k: v for k, v in details.items() if getattr(person, k) != v}
        if updates:
            for key, value in updates.items():
                setattr(person, key, value)
            _check_columns(person, line)
            changed.append(person)
    Participant.objects.bulk_create(new)
    if changed:
        fields = [f for f in _PARTICIPANT_DETAILS if f != "name"]
        Participant.objects.bulk_update(changed, fields)
    report.participants_added = len(new)
    report.participants_updated = len(changed)
    return {p.start_no: p for p in event.participants.all()}


_PARTICIPANT_DETAILS = [
    "name",
    "title",
    "sex",
    "federation",
    "fide_id",
    "birth",
    "rating",
    "national_rating",
    "withdrawn_from_round",
]


def _same_person(person: Participant, described: engine.Participant) -> bool:
    if " ".join(person.name.split()).casefold() != " ".join(described.name.split()).casefold():
        return False
    return not (person.fide_id and described.fide_id and person.fide_id != described.fide_id)


def _fide(fide_id: str) -> str:
    return gettext(" (FIDE id %(id)s)") % {"id": fide_id} if fide_id else ""


def _merge_teams(
    event: Event, trf: TrfFile, people: dict[int, Participant], report: ImportReport
) -> dict[int, Team]:
    """Teams by number, members in board order; a known number must keep its name."""
    stored = {t.number: t for t in event.teams.all()}
    members = []
    for described in trf.event.teams:
        team = stored.get(described.number)
        if team is None:
            team = Team(event=event, number=described.number, name=described.name.strip())
            _check_columns(team, None)
            team.save()
            stored[team.number] = team
            report.teams_added += 1
        elif team.name.casefold() != described.name.strip().casefold():
            raise TrfError(
                gettext("team %(number)s is %(stored)s in the event but %(described)s in the file")
                % {"number": team.number, "stored": team.name, "described": described.name}
            )
        for order, start_no in enumerate(described.members, start=1):
            person = people.get(start_no)
            if person is None:
                raise TrfError(
                    gettext("team %(number)s names an unknown player %(start_no)s")
                    % {"number": team.number, "start_no": start_no}
                )
            if person.team_id != team.pk or person.board_order != order:
                person.team, person.board_order = team, order
                members.append(person)
    Participant.objects.bulk_update(members, ["team", "board_order"])
    return stored


def _merge_round(
    event: Event,
    planned: PlannedRound,
    is_last: bool,
    people: dict[int, Participant],
    teams: dict[int, Team],
    trf: TrfFile,
    user,
    report: ImportReport,
) -> None:
    rnd = Round.objects.select_for_update().filter(event=event, number=planned.number).first()
    if rnd is not None and _replaceable_draft(rnd, planned, people):
        rnd.delete()  # unpublished pairings without results: the file's pairings replace them
        rnd = None
        report.drafts_replaced.append(planned.number)
    if rnd is None:
        rnd = Round.objects.create(
            event=event,
            number=planned.number,
            state=_state(planned, is_last),
            starts_at=_round_start(trf, planned.number),
        )
        if rnd.state == Round.State.CLOSED:
            rnd.closed_at = timezone.now()
            rnd.save(update_fields=["closed_at"])
        _add_round(rnd, planned, people, teams, trf, user, report)
        if planned.number not in report.drafts_replaced:
            report.rounds_added.append(planned.number)
        return
    _complete_round(rnd, planned, people, user, report)
    stored_complete = not rnd.games.filter(result="").exists()
    state = _state(PlannedRound(planned.number, planned.games, planned.byes), is_last)
    if state == Round.State.CLOSED and not stored_complete:
        state = Round.State.IN_PROGRESS
    if STATE_ORDER.index(state) > STATE_ORDER.index(rnd.state):
        rnd.state = state
        if state == Round.State.CLOSED:
            rnd.closed_at = timezone.now()
            report.rounds_closed.append(rnd.number)
        rnd.save(update_fields=["state", "closed_at"])


def _state(planned: PlannedRound, is_last: bool) -> str:
    if planned.games and not planned.has_result:
        return Round.State.DRAFT
    if planned.complete and not is_last:
        return Round.State.CLOSED
    return Round.State.IN_PROGRESS


def _round_start(trf: TrfFile, number: int) -> datetime.datetime | None:
    dates = trf.header.round_dates
    day = dates[number - 1] if number <= len(dates) else None
    if day is None:
        return None
    return timezone.make_aware(datetime.datetime.combine(day, datetime.time()))


def _replaceable_draft(rnd: Round, planned: PlannedRound, people: dict[int, Participant]) -> bool:
    if rnd.state != Round.State.DRAFT or rnd.games.exclude(result="").exists():
        return False
    stored: set[tuple[int, int | str]] = {(g.white_id, g.black_id) for g in rnd.games.all()}
    stored |= {(b.participant_id, b.kind) for b in rnd.unplayed.all()}
    wanted: set[tuple[int, int | str]] = {
        (people[g.white].pk, people[g.black].pk) for g in planned.games
    }
    wanted |= {(people[b.start_no].pk, b.kind) for b in planned.byes}
    return not stored <= wanted  # what the file only adds to is completed instead


def _add_round(rnd, planned, people, teams, trf, user, report) -> None:
    now = timezone.now()
    matches = _group_matches(rnd, planned, trf, teams)
    if matches is None:
        if trf.event.teams:
            report.rounds_without_matches.append(rnd.number)
        placed: Sequence[tuple[Match | None, int, PlannedGame]] = [
            (None, board, g) for board, g in enumerate(planned.games, start=1)
        ]
    else:
        placed = matches
    games = [
        Game(
            round=rnd,
            match=match,
            board=board,
            white=people[g.white],
            black=people[g.black],
            result=g.result,
            entered_by=user if g.result else None,
            entered_at=now if g.result else None,
        )
        for match, board, g in placed
    ]
    Game.objects.bulk_create(games)
    UnplayedRound.objects.bulk_create(
        UnplayedRound(round=rnd, participant=people[b.start_no], kind=b.kind) for b in planned.byes
    )
    report.games_added += len(games)
    report.byes_added += len(planned.byes)


def _group_matches(rnd, planned, trf, teams) -> list[tuple[Match, int, PlannedGame]] | None:
    """The round's games placed in matches (match, board, game), or None if not clear-cut."""
    if not trf.event.teams or not planned.games:
        return None
    team_of, position = {}, {}
    for team in trf.event.teams:
        for index, start_no in enumerate(team.members):
            team_of[start_no], position[start_no] = team.number, index
    pairs: dict[frozenset, list[PlannedGame]] = {}
    for g in planned.games:
        a, b = team_of.get(g.white), team_of.get(g.black)
        if a is None or b is None or a == b:
            return None
        pairs.setdefault(frozenset((a, b)), []).append(g)
    playing = [number for pair in pairs for number in pair]
    if len(playing) != len(set(playing)):
        return None  # a team meets two others in one round
    home_has_white = not trf.header.board_colors.upper().startswith("B")
    placed: list[tuple[Match, int, PlannedGame]] = []
    ordered = sorted(pairs.items(), key=lambda item: min(item[0]))
    for table, (_, games) in enumerate(ordered, start=1):
        games.sort(key=lambda g: min(position[g.white], position[g.black]))
        first = games[0]
        home = team_of[first.white] if home_has_white else team_of[first.black]
        away = team_of[first.black] if home_has_white else team_of[first.white]
        match = Match.objects.create(round=rnd, table=table, home=teams[home], away=teams[away])
        placed.extend((match, board, g) for board, g in enumerate(games, start=1))
    return placed


def _complete_round(rnd, planned, people, user, report) -> None:
    """Add the file's new pairings and results to a stored round; refuse any contradiction."""
    by_id = {p.pk: p for p in people.values()}
    games = list(rnd.games.select_for_update())
    doing: dict[int, str] = {}  # participant pk -> what the database has them do this round
    by_pair = {}
    for game in games:
        by_pair[(game.white_id, game.black_id)] = game
        text = gettext("board %(board)s: %(white)s - %(black)s") % {
            "board": game.board,
            "white": by_id[game.white_id].name,
            "black": by_id[game.black_id].name,
        }
        doing[game.white_id] = doing[game.black_id] = text
    byes = {b.participant_id: b for b in rnd.unplayed.all()}
    for pk, bye in byes.items():
        doing[pk] = gettext("%(kind)s for %(name)s") % {
            "kind": BYE_NAMES[bye.kind],
            "name": by_id[pk].name,
        }
    now = timezone.now()
    filled = []
    for g in planned.games:
        white, black = people[g.white], people[g.black]
        game = by_pair.get((white.pk, black.pk))
        if game is None:
            for person in (white, black):
                if person.pk in doing:
                    raise TrfError(
                        gettext(
                            "round %(round)s: the file pairs %(white)s - %(black)s, the event has"
                            " %(doing)s: write the event's pairings in the file (export the event"
                            " for them), or change them in the event first"
                        )
                        % {
                            "round": rnd.number,
                            "white": white.name,
                            "black": black.name,
                            "doing": doing[person.pk],
                        },
                        g.line,
                    )
            _add_game(rnd, white, black, g.result, user, now)
            report.games_added += 1
            continue
        if not g.result or g.result == game.result:
            continue  # a pending result in the file leaves the stored one alone
        if game.result:
            raise TrfError(
                gettext(
                    "round %(round)s board %(board)s (%(white)s - %(black)s): the file has"
                    " %(file)s, the event has %(event)s: correct the file, or correct the"
                    " result in the event first (an import never overwrites one)"
                )
                % {
                    "round": rnd.number,
                    "board": game.board,
                    "white": white.name,
                    "black": black.name,
                    "file": _shown(g.result),
                    "event": _shown(game.result),
                },
                g.line,
            )
        game.result, game.entered_at, game.version = g.result, now, game.version + 1
        game.entered_by = user
        filled.append(game)
    Game.objects.bulk_update(filled, ["result", "entered_at", "entered_by", "version"])
    report.results_filled += len(filled)
    for b in planned.byes:
        person = people[b.start_no]
        bye = byes.get(person.pk)
        if bye is not None and bye.kind == b.kind:
            continue
        if person.pk in doing:
            raise TrfError(
                gettext(
                    "round %(round)s: the file has %(name)s %(unplayed)s, the event has"
                    " %(doing)s: write the event's round in the file (export the event for it),"
                    " or change it in the event first"
                )
                % {
                    "round": rnd.number,
                    "name": person.name,
                    "unplayed": _unplayed(b.kind),
                    "doing": doing[person.pk],
                },
                b.line,
            )
        UnplayedRound.objects.create(round=rnd, participant=person, kind=b.kind)
        report.byes_added += 1


def _add_game(rnd: Round, white, black, result: str, user, now) -> None:
    board = (rnd.games.filter(match=None).aggregate(models.Max("board"))["board__max"] or 0) + 1
    Game.objects.create(
        round=rnd,
        board=board,
        white=white,
        black=black,
        result=result,
        entered_by=user if result else None,
        entered_at=now if result else None,
    )


def _unplayed(kind: str) -> str:
    if kind == UnplayedRound.Kind.NOT_PAIRED:
        return str(BYE_NAMES[kind])
    return gettext("with a %(kind)s") % {"kind": BYE_NAMES[kind]}


def _shown(result: str) -> str:
    return Result(result).label


def _check_columns(instance: models.Model, line: int | None) -> None:
    """What a column cannot hold, refused before the database sees it.

    PostgreSQL refuses an over-long text and SQLite stores it; SQLite stores a number its
    DecimalField cannot read back. The model's validators (lengths, ranges, tie-breaks)
    say it once for both.
    """
    for f in instance._meta.concrete_fields:
        value = getattr(instance, f.attname)
        if f.is_relation or value in (None, ""):
            continue
        try:
            f.run_validators(f.to_python(value))
        except ValidationError as error:
            if isinstance(f, models.CharField) and f.max_length and len(value) > f.max_length:
                text = gettext("%(field)s '%(value)s' is longer than %(length)s characters")
            else:
                text = gettext("%(field)s %(value)s: %(problems)s")
            said = {
                "field": f.verbose_name,
                "value": value,
                "length": f.max_length,
                "problems": " ".join(error.messages),
            }
            raise TrfError(text % said, line) from None


def _numbers(numbers: list[int]) -> str:
    return ", ".join(str(n) for n in numbers)
