"""TRF import: new events, re-imports adding rounds and results, refusals that change nothing."""

from __future__ import annotations

import datetime
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import PermissionDenied
from django.core.management import CommandError, call_command

from standings.engine.event import Scoring, Team
from standings.engine.trf import TrfError, TrfFile, TrfHeader
from standings.events.models import (
    AuditEntry,
    Event,
    Game,
    Match,
    Participant,
    Round,
    UnplayedRound,
)
from standings.events.models import Team as TeamRow
from standings.trf.exporter import export_trf
from standings.trf.importer import import_trf, import_trf_file, record_lines
from tests.conftest import FIXTURES
from tests.engine.builders import event_from_rows
from tests.engine.test_trf import cell, player, six_players, small_file
from tests.engine.test_trf_team_scores import two_matches
from tests.factories import TEST_ACTOR

pytestmark = pytest.mark.django_db

SWISS_01 = FIXTURES / "fide" / "swiss-01.trf"

# Six players, three rounds: round 1 played (with a half-point bye), round 2 half
# entered, round 3 paired only. Player 6 withdraws after round 1.
ROWS = {
    1: "4w1 2b= 3w*",
    2: "5w1 1w= 4b*",
    3: "H 4b* 1b*",
    4: "1b0 3w* 2w*",
    5: "2b0 6w+ Z",
    6: "Z 5b- Z",
}


def trf_file(rows=None, *, name="Spring Open", teams=(), rounds_planned=5, **header) -> TrfFile:
    rows = rows or ROWS
    described = event_from_rows(
        rows,
        rounds=rounds_planned,
        closed=set(),
        teams=teams,
        tiebreaks=("BH/C1", "SB"),
        scoring=Scoring(pairing_bye=0.5),
    )
    header = {
        "start_date": datetime.date(2026, 4, 3),
        "city": "Perth",
        "federation": "SCO",
    } | header
    return TrfFile(
        event=described,
        header=TrfHeader(name=name, **header),
        rounds_in_file=max(len(row.split()) for row in rows.values()),
    )


def lines_of(rows=None) -> dict[int, int]:
    """Start number -> line, as if the 001 records followed ten header lines."""
    return {start_no: 10 + i for i, start_no in enumerate(rows or ROWS, start=1)}


def database_state() -> dict:
    """Counts of every table an import writes, and each event's version."""
    counts = {
        model.__name__: model.objects.count()
        for model in (Event, Participant, TeamRow, Round, Match, Game, UnplayedRound, AuditEntry)
    }
    counts["versions"] = sorted(Event.objects.values_list("slug", "version"))
    return counts


def games(event, number) -> list[tuple[int, int, int, str]]:
    return [
        (g.board, g.white.start_no, g.black.start_no, g.result)
        for g in Game.objects.filter(round__event=event, round__number=number).order_by("board")
    ]


def with_cell(rows: dict[int, str], start_no: int, number: int, cell: str) -> dict[int, str]:
    changed = dict(rows)
    cells = changed[start_no].split()
    cells[number - 1] = cell
    changed[start_no] = " ".join(cells)
    return changed


# A new event


def test_new_event_takes_the_files_settings_people_rounds_games_and_byes():
    report = import_trf_file(trf_file(), lines=lines_of(), actor=TEST_ACTOR)

    event = Event.objects.get(slug="spring-open")
    assert report.created and report.slug == "spring-open"
    assert (event.name, event.location, event.federation) == ("Spring Open", "Perth", "SCO")
    assert event.start_date == datetime.date(2026, 4, 3)
    assert (event.rounds_planned, event.system, event.kind) == (5, "swiss", "individual")
    assert event.tiebreaks == "BH/C1 SB"
    assert str(event.points_pairing_bye) == "0.5"
    assert event.participants.count() == 6
    assert [r.state for r in event.round_set.all()] == ["closed", "in_progress", "draft"]
    # Boards: higher score group first, then the lower start number.
    assert games(event, 1) == [(1, 1, 4, "10"), (2, 2, 5, "10")]
    assert games(event, 2) == [(1, 2, 1, "=="), (2, 4, 3, ""), (3, 5, 6, "+-")]
    assert games(event, 3) == [(1, 1, 3, ""), (2, 4, 2, "")]
    byes = UnplayedRound.objects.filter(round__event=event)
    assert sorted((b.round.number, b.participant.start_no, b.kind) for b in byes) == [
        (1, 3, "H"),
        (1, 6, "Z"),
        (3, 5, "Z"),
        (3, 6, "Z"),
    ]
    withdrawn = dict(event.participants.values_list("start_no", "withdrawn_from_round"))
    assert withdrawn == {1: None, 2: None, 3: None, 4: None, 5: 3, 6: 3}


def test_an_import_is_one_audited_change():
    import_trf_file(trf_file(), lines=lines_of(), actor=TEST_ACTOR)

    event = Event.objects.get()
    (entry,) = AuditEntry.objects.filter(event=event)
    assert event.version == 1
    assert entry.action == "import_trf"
    assert entry.after["created"] is True
    assert entry.after["rounds_added"] == [1, 2, 3]


def test_the_slug_is_made_free_and_a_given_slug_is_used():
    Event.objects.create(slug="spring-open", name="Another event")

    assert import_trf_file(trf_file(), lines=lines_of(), actor=TEST_ACTOR).slug == "spring-open-2"
    assert (
        import_trf_file(trf_file(), slug="spring-b", lines=lines_of(), actor=TEST_ACTOR).slug
        == "spring-b"
    )


def test_a_team_event_gets_its_teams_members_and_matches():
    rows = {
        1: "3w1 5w=",
        2: "4b=",
        3: "1b0 6b0",
        4: "2w=",
        5: "7w1 1b=",
        6: "8b1 3w1",
    }
    rows.update({7: "5b0", 8: "6w0"})
    teams = (
        Team(1, "Rooks", (1, 2)),
        Team(2, "Knights", (3, 4)),
        Team(3, "Bishops", (5, 6)),
        Team(4, "Pawns", (7, 8)),
    )
    trf = trf_file(rows, teams=teams, board_colors="WB", match_points=(2.0, 1.0, 0.0))

    report = import_trf_file(trf, lines=lines_of(rows), actor=TEST_ACTOR)

    event = Event.objects.get()
    assert event.kind == "team" and event.board_colors == "WB"
    assert [(t.number, t.name) for t in event.teams.all()] == [
        (1, "Rooks"),
        (2, "Knights"),
        (3, "Bishops"),
        (4, "Pawns"),
    ]
    rooks = event.teams.get(number=1)
    assert [(m.start_no, m.board_order) for m in rooks.members.order_by("board_order")] == [
        (1, 1),
        (2, 2),
    ]
    matches = Match.objects.filter(round__event=event, round__number=1)
    assert [(m.table, m.home.number, m.away.number) for m in matches] == [(1, 1, 2), (2, 3, 4)]
    first = matches[0]
    assert [(g.board, g.white.start_no, g.black.start_no) for g in first.games.all()] == [
        (1, 1, 3),
        (2, 4, 2),
    ]
    # Round 2 is not clear-cut (the Bishops meet two teams): its games have no match.
    assert report.rounds_without_matches == [2]
    assert not Game.objects.filter(round__number=2).exclude(match=None).exists()
    # Players out of the line-up have no bye.
    assert not UnplayedRound.objects.filter(round__event=event).exists()


# Re-import


def test_reimport_fills_pending_results_and_adds_rounds_without_duplicating_anyone():
    import_trf_file(trf_file(), lines=lines_of(), actor=TEST_ACTOR)
    later = with_cell(with_cell(ROWS, 3, 2, "4b="), 4, 2, "3w=")
    later = with_cell(with_cell(later, 1, 3, "3w1"), 3, 3, "1b0")
    later = with_cell(with_cell(later, 2, 3, "4b="), 4, 3, "2w=")
    later = {n: row + " Z" for n, row in later.items()}
    later[1], later[2] = later[1][:-1] + "2w*", later[2][:-1] + "1b*"
    later[7] = "Z Z Z 3w*"
    later[3], later[4] = later[3][:-1] + "7b*", later[4][:-1] + "U"

    report = import_trf_file(trf_file(later), lines=lines_of(later), actor=TEST_ACTOR)

    event = Event.objects.get()
    assert not report.created
    assert report.participants_added == 1
    assert report.rounds_added == [4]
    assert report.results_filled == 3
    assert report.rounds_closed == [2, 3]
    assert event.participants.count() == 7
    assert Game.objects.filter(round__event=event).count() == 9
    assert [r.state for r in event.round_set.all()] == ["closed", "closed", "closed", "draft"]
    assert games(event, 2)[1] == (2, 4, 3, "==")
    filled = Game.objects.get(round__event=event, round__number=2, board=2)
    assert filled.version == 1 and filled.entered_at is not None
    assert AuditEntry.objects.filter(event=event, action="import_trf").count() == 2


def test_reimport_of_the_same_file_changes_nothing_but_the_audit():
    import_trf_file(trf_file(), lines=lines_of(), actor=TEST_ACTOR)
    before = database_state()

    report = import_trf_file(trf_file(), lines=lines_of(), actor=TEST_ACTOR)

    after = database_state()
    assert (report.games_added, report.byes_added, report.results_filled) == (0, 0, 0)
    assert after["AuditEntry"] == before["AuditEntry"] + 1
    assert {k: v for k, v in after.items() if k not in ("AuditEntry", "versions")} == {
        k: v for k, v in before.items() if k not in ("AuditEntry", "versions")
    }


def test_reimport_by_slug_is_found_even_under_another_name():
    import_trf_file(trf_file(), slug="spring", lines=lines_of(), actor=TEST_ACTOR)

    report = import_trf_file(
        trf_file(name="Renamed"), slug="spring", lines=lines_of(), actor=TEST_ACTOR
    )

    assert not report.created
    assert Event.objects.count() == 1


def test_reimport_keeps_a_result_entered_here_when_the_file_still_has_it_pending():
    import_trf_file(trf_file(), lines=lines_of(), actor=TEST_ACTOR)
    Game.objects.filter(round__number=3, board=1).update(result="01")

    import_trf_file(trf_file(), lines=lines_of(), actor=TEST_ACTOR)

    assert Game.objects.get(round__number=3, board=1).result == "01"


def test_reimport_replaces_unpublished_pairings_without_results():
    import_trf_file(trf_file(), lines=lines_of(), actor=TEST_ACTOR)
    repaired = with_cell(with_cell(ROWS, 1, 3, "2w*"), 2, 3, "1b*")
    repaired = with_cell(with_cell(repaired, 3, 3, "4w*"), 4, 3, "3b*")

    report = import_trf_file(trf_file(repaired), lines=lines_of(repaired), actor=TEST_ACTOR)

    assert report.drafts_replaced == [3] and report.rounds_added == []
    assert games(Event.objects.get(), 3) == [(1, 1, 2, ""), (2, 3, 4, "")]


def test_reimport_by_a_user_who_is_not_an_arbiter_is_refused(stranger):
    import_trf_file(trf_file(), lines=lines_of(), actor=TEST_ACTOR)

    with pytest.raises(PermissionDenied):
        import_trf_file(trf_file(), actor=stranger, lines=lines_of())


# Refusals: nothing written


def refused(trf: TrfFile, rows=None, **kwargs) -> TrfError:
    before = database_state()
    with pytest.raises(TrfError) as caught:
        import_trf_file(trf, lines=lines_of(rows), actor=TEST_ACTOR, **kwargs)
    assert database_state() == before
    return caught.value


def test_a_result_contradicting_an_entered_one_is_refused_naming_line_round_board_and_both():
    import_trf_file(trf_file(), lines=lines_of(), actor=TEST_ACTOR)
    Game.objects.filter(round__number=2, board=2).update(result="10")
    rows = with_cell(with_cell(ROWS, 4, 2, "3w0"), 3, 2, "4b1")

    error = refused(trf_file(rows), rows)

    assert error.line == 14
    assert error.message == (
        "round 2 board 2 (P4 - P3): the file has 0-1, the event has 1-0: correct the file, or "
        "correct the result in the event first (an import never overwrites one)"
    )
    assert Game.objects.get(round__number=2, board=2).result == "10"


def test_a_pairing_contradicting_the_stored_round_is_refused():
    import_trf_file(trf_file(), lines=lines_of(), actor=TEST_ACTOR)
    Round.objects.filter(number=3).update(state=Round.State.PAIRINGS)
    rows = with_cell(with_cell(ROWS, 1, 3, "2w*"), 2, 3, "1b*")
    rows = with_cell(with_cell(rows, 3, 3, "4w*"), 4, 3, "3b*")

    error = refused(trf_file(rows), rows)

    assert error.line == 11
    assert error.message == (
        "round 3: the file pairs P1 - P2, the event has board 1: P1 - P3: write the event's "
        "pairings in the file (export the event for them), or change them in the event first"
    )


def test_a_bye_where_the_event_has_a_game_is_refused():
    import_trf_file(trf_file(), lines=lines_of(), actor=TEST_ACTOR)
    rows = with_cell(with_cell(ROWS, 4, 2, "U"), 3, 2, "H")

    error = refused(trf_file(rows), rows)

    assert error.message == (
        "round 2: the file has P3 with a half-point bye, the event has board 2: P4 - P3: write "
        "the event's round in the file (export the event for it), or change it in the event first"
    )


def test_a_start_number_naming_another_person_is_refused():
    import_trf_file(trf_file(), lines=lines_of(), actor=TEST_ACTOR)
    trf = trf_file()
    people = list(trf.event.participants)
    people[1] = type(people[1])(**{**_fields(people[1]), "name": "Somebody Else"})
    changed = TrfFile(
        event=type(trf.event)(**{**_fields(trf.event), "participants": tuple(people)}),
        header=trf.header,
        rounds_in_file=trf.rounds_in_file,
    )

    error = refused(changed)

    assert error.line == 12
    assert error.message == (
        "start number 2 is P2 in the event but Somebody Else in the file: keep each player's "
        "start number from the event, or import into a new event"
    )


def test_a_participant_missing_from_the_file_is_refused():
    import_trf_file(trf_file(), lines=lines_of(), actor=TEST_ACTOR)
    Participant.objects.create(event=Event.objects.get(), start_no=9, name="Late Entry")

    error = refused(trf_file())

    assert error.message == (
        "start number 9 (Late Entry) is in the event but not in the file: a file adds to an "
        "event and removes nothing (export the event and start from its file, or import into "
        "a new event)"
    )


def test_contradictory_results_are_refused():
    rows = with_cell(ROWS, 4, 1, "1b1")

    error = refused(trf_file(rows), rows)

    assert error.line in (11, 14)
    assert "contradictory results" in error.message


def test_an_unknown_opponent_is_refused():
    rows = with_cell(ROWS, 4, 2, "9w=")

    error = refused(trf_file(rows), rows)

    assert error.line in (13, 14)


def test_a_one_sided_pairing_is_refused():
    rows = with_cell(ROWS, 6, 1, "3b0")

    error = refused(trf_file(rows), rows)

    assert error.line == 16
    assert "round 1" in error.message


def test_an_over_long_field_is_refused_on_every_database():
    error = refused(trf_file(federation="SCOTLAND"))

    assert "longer than 3" in error.message


def _fields(instance) -> dict:
    return {name: getattr(instance, name) for name in instance.__slots__}


# Files (through the TRF reader)


def test_record_lines_finds_each_start_numbers_line():
    data = b"012 X\n001    1 m    A\r\n001   12 m    B\n"
    assert record_lines(data) == {1: 2, 12: 3}


def fixture_bytes() -> bytes:
    return SWISS_01.read_bytes()


def cell_span(round_no: int) -> slice:
    start = 91 + 10 * (round_no - 1)
    return slice(start, start + 8)


def edit_line(data: bytes, number: int, edit) -> bytes:
    lines = data.split(b"\n")
    lines[number - 1] = edit(lines[number - 1])
    return b"\n".join(lines)


def first_player_line(data: bytes) -> int:
    return next(i for i, line in enumerate(data.split(b"\n"), 1) if line.startswith(b"001"))


def file_refused(data: bytes, **kwargs) -> TrfError:
    before = database_state()
    with pytest.raises(TrfError) as caught:
        import_trf(data, actor=TEST_ACTOR, **kwargs)
    assert database_state() == before
    return caught.value


def test_a_fixture_file_is_imported():
    report = import_trf(fixture_bytes(), actor=TEST_ACTOR)

    event = Event.objects.get(slug=report.slug)
    text = SWISS_01.read_text()
    players = [line for line in text.splitlines() if line.startswith("001")]
    assert event.participants.count() == len(players)
    assert event.round_set.count() == report.rounds_added[-1]
    assert all(r.state != "draft" for r in event.round_set.all())


def test_a_truncated_line_is_refused_with_its_number():
    data = fixture_bytes()
    line = first_player_line(data)

    error = file_refused(edit_line(data, line, lambda text: text[:95]))

    assert error.line == line


def test_a_line_with_shifted_columns_is_refused_with_its_number():
    data = fixture_bytes()
    line = first_player_line(data) + 2

    error = file_refused(edit_line(data, line, lambda text: text[:4] + b" " + text[4:]))

    assert error.line in (line, line + 1)  # the shift may show on the shifted player's opponent


def test_garbage_bytes_are_refused_with_their_line():
    data = fixture_bytes()
    line = first_player_line(data) + 1

    error = file_refused(
        edit_line(data, line, lambda text: text[:20] + b"\xff\xfe\x00" + text[23:])
    )

    assert error.line == line


def test_an_unknown_opponent_in_a_file_is_refused():
    data = fixture_bytes()
    line = first_player_line(data)

    def edit(text: bytes) -> bytes:
        span = cell_span(1)
        cell = bytearray(text[span])
        cell[0:4] = b"9999"
        return text[: span.start] + bytes(cell) + text[span.stop :]

    error = file_refused(edit_line(data, line, edit))

    assert error.line == line


def test_contradictory_results_in_a_file_are_refused():
    data = fixture_bytes()
    line = first_player_line(data)
    player_line = data.split(b"\n")[line - 1]
    cell = player_line[cell_span(1)]
    opponent = int(cell[0:4])
    opponent_line = next(
        i
        for i, text in enumerate(data.split(b"\n"), 1)
        if text.startswith(b"001") and int(text[4:8]) == opponent
    )
    won = b"1" if cell[7:8] != b"1" else b"0"

    def edit(text: bytes) -> bytes:
        span = cell_span(1)
        return text[: span.stop - 1] + won + text[span.stop :]

    flipped = edit_line(edit_line(data, line, edit), opponent_line, edit)
    error = file_refused(flipped)

    assert error.line in (line, opponent_line)


def test_a_reimport_contradicting_an_entered_result_is_refused():
    data = fixture_bytes()
    report = import_trf(data, actor=TEST_ACTOR)
    event = Event.objects.get(slug=report.slug)
    game = Game.objects.filter(round__event=event, round__number=1).exclude(result="").first()
    other = "01" if game.result != "01" else "10"
    Game.objects.filter(pk=game.pk).update(result=other)

    error = file_refused(data, slug=event.slug)

    assert error.line == record_lines(data)[game.white.start_no]
    assert f"round 1 board {game.board}" in error.message
    assert game.get_result_display() in error.message
    assert dict(Game.result.field.choices)[other] in error.message


# The command


def test_the_import_command_prints_a_summary(capsys):
    call_command("import_trf", str(SWISS_01), "--event", "swiss-one")

    printed = capsys.readouterr().out
    assert printed.startswith("swiss-one: created;")
    assert "; read as UTF-8" in printed
    assert Event.objects.filter(slug="swiss-one").exists()


def test_the_import_command_refuses_a_bad_file_in_one_line(tmp_path):
    data = fixture_bytes()
    line = first_player_line(data)
    bad = tmp_path / "bad.trf"
    bad.write_bytes(edit_line(data, line, lambda text: text[:95]))
    before = database_state()

    with pytest.raises(CommandError) as caught:
        call_command("import_trf", str(bad))

    assert str(caught.value).startswith(f"{bad} line {line}: ")
    assert database_state() == before


def test_the_import_command_exits_with_status_1_and_one_line_on_stderr(tmp_path):
    bad = tmp_path / "bad.trf"
    bad.write_bytes(b"012 Broken\n001 xx\n")

    done = subprocess.run(
        [sys.executable, "manage.py", "import_trf", str(bad)],
        cwd=Path(__file__).resolve().parents[2],
        capture_output=True,
        text=True,
        timeout=60,
    )

    assert done.returncode == 1
    assert done.stderr.count("\n") == 1
    assert f"{bad} line 2: " in done.stderr


def test_team_fixture_games_are_grouped_into_matches():
    report = import_trf((FIXTURES / "fide" / "team-swiss-01.trf").read_bytes(), actor=TEST_ACTOR)

    event = Event.objects.get(slug=report.slug)
    assert report.rounds_without_matches == []
    assert not Game.objects.filter(round__event=event, match=None).exists()
    for match in Match.objects.filter(round__event=event).prefetch_related("games"):
        teams = {(g.white.team_id, g.black.team_id) for g in match.games.all()}
        assert {t for pair in teams for t in pair} == {match.home_id, match.away_id}


def test_an_invalid_slug_is_refused():
    error = refused(trf_file(), slug="not a slug")

    assert "not a valid event slug" in error.message


def test_the_summary_says_how_the_file_was_read():
    with_bom = b"\xef\xbb\xbf" + fixture_bytes()

    report = import_trf(with_bom, slug="bom", actor=TEST_ACTOR)

    assert report.encoding == "UTF-8 with BOM"
    assert report.summary().endswith("; read as UTF-8 with BOM")


# Issue 25: what real files bring, through the import


def test_a_stray_team_record_imports_an_individual_event_and_exports_it_back():
    stray = f"013 {'Two Friends':<32}{1:4d}{2:5d}"

    report = import_trf(six_players(stray).encode(), slug="stray", actor=TEST_ACTOR)

    event = Event.objects.get(slug="stray")
    assert event.kind == Event.Kind.INDIVIDUAL
    assert not event.teams.exists()
    assert any("team record (013) holds 2 of the 6" in w for w in report.warnings)
    assert stray in export_trf(event).splitlines()


def test_team_totals_the_boards_do_not_give_import_with_a_warning():
    report = import_trf(two_matches(a=(1.0, 2.0)).encode(), slug="totals", actor=TEST_ACTOR)

    assert Event.objects.get(slug="totals").kind == Event.Kind.TEAM
    assert [w for w in report.warnings if "from the boards" in w] == [
        "line 7: team 1 (Team A): match points 1.0 in the file, 2.0 from the boards; "
        "game points 2.0 in the file, 1.5 from the boards"
    ]


def test_a_round_with_contradicting_colours_imports_the_rounds_before_it():
    text = small_file(l6=player(2, cell(1, "b", "0"), cell(4, "b", "1")))

    report = import_trf(text.encode(), slug="colours", actor=TEST_ACTOR)

    event = Event.objects.get(slug="colours")
    assert list(Round.objects.filter(event=event).values_list("number", flat=True)) == [1]
    assert event.rounds_planned == 3
    assert [w for w in report.warnings if "colour" in w] == [
        "line 6: round 2: player 2 has colour b against player 4, whose line 8 says b: the"
        " round is left out, and the rounds after it; the standings are those after round 1"
    ]
