"""TRF records 320, 330 and 240: team byes, forfeited matches and byes of later rounds."""

from __future__ import annotations

import datetime
from dataclasses import replace

import pytest

from standings.engine.event import NOT_IN_LINEUP, Team
from standings.engine.trf import (
    TrfBye,
    TrfError,
    TrfFile,
    TrfForfeitedMatch,
    TrfHeader,
    read_trf,
    write_trf,
)
from standings.events.models import (
    AuditEntry,
    ByeRequest,
    Event,
    Game,
    Match,
    Participant,
    Round,
    TeamBye,
    UnplayedRound,
)
from standings.trf.exporter import export_trf
from standings.trf.importer import import_trf
from tests.engine.builders import event_from_rows
from tests.engine.test_trf import small_file
from tests.events.test_trf_export import described
from tests.factories import TEST_ACTOR

pytestmark = pytest.mark.django_db

TEAMS = tuple(
    Team(n, name, (2 * n - 1, 2 * n))
    for n, name in enumerate(["Rooks", "Knights", "Bishops", "Pawns", "Kings"], start=1)
)
# Five teams of two, two rounds of three: the Kings sit out round 1, the Pawns round 2.
# "." is a player out of the line-up.
TEAM_ROWS = {
    1: "3w1 5w=",
    2: "4b0 6b1",
    3: "1b0 9w1",
    4: "2w1 10b=",
    5: "7w= 1b=",
    6: "8b0 2w0",
    7: "5b= .",
    8: "6w1 .",
    9: ". 3b0",
    10: ". 4w=",
}
# Six players, round 1 played (player 3 has a half-point bye), four rounds planned.
PLAYER_ROWS = {1: "4w1", 2: "5w=", 3: "H", 4: "1b0", 5: "2b=", 6: "Z"}
PLAYER_ROWS_2 = ["H", "4b1", "5w=", "2w0", "3b=", "Z"]  # round 2, players 1-6


def team_file(rows=None, **header) -> bytes:
    described_event = event_from_rows(rows or TEAM_ROWS, rounds=3, closed=set(), teams=TEAMS)
    participants = tuple(
        replace(
            p,
            entries=tuple(
                replace(e, code=NOT_IN_LINEUP) if e.code == "." else e for e in p.entries
            ),
        )
        for p in described_event.participants
    )
    return as_file(replace(described_event, participants=participants), "Team Cup", **header)


def player_file(rows=None, **header) -> bytes:
    described_event = event_from_rows(rows or PLAYER_ROWS, rounds=4, closed=set())
    return as_file(described_event, "Club Open", **header)


def as_file(described_event, name: str, **header) -> bytes:
    head = TrfHeader(
        name=name,
        start_date=datetime.date(2026, 6, 1),
        board_colors="WB" if described_event.teams else "",
        match_points=(2.0, 1.0, 0.0) if described_event.teams else None,
        **header,
    )
    rounds = max(len(p.entries) for p in described_event.participants)
    return write_trf(TrfFile(event=described_event, header=head, rounds_in_file=rounds)).encode()


def database_state() -> dict:
    models = (Event, Participant, Round, Match, Game, UnplayedRound, TeamBye, ByeRequest)
    counts = {model.__name__: model.objects.count() for model in models}
    counts["forfeits"] = sorted(Match.objects.exclude(forfeit="").values_list("forfeit", flat=True))
    counts["points"] = list(
        Event.objects.values_list("team_bye_match_points", "team_bye_game_points")
    )
    return counts


def refused(data: bytes) -> TrfError:
    before = database_state()
    with pytest.raises(TrfError) as caught:
        import_trf(data, actor=TEST_ACTOR)
    assert database_state() == before
    return caught.value


def record_at(data: bytes, error: TrfError) -> str:
    """The record code of the line the error names."""
    assert error.line, f"no line number in {error}"
    return data.decode().splitlines()[error.line - 1][:3]


def comes_back(event: Event) -> Event:
    copy = Event.objects.get(
        slug=import_trf(export_trf(event).encode(), slug="copy", actor=TEST_ACTOR).slug
    )
    assert described(copy) == described(event)
    return copy


# Record 320: pairing-allocated team byes


def test_team_byes_are_stored_with_the_points_record_320_gives_them():
    report = import_trf(team_file(team_bye_points=(2.0, 1.5), team_byes=(5, 4)), actor=TEST_ACTOR)

    event = Event.objects.get()
    assert report.team_byes_added == 2
    assert "2 team byes added" in report.summary()
    assert described(event)["team_byes"] == [(1, 5, "U"), (2, 4, "U")]
    assert (str(event.team_bye_match_points), str(event.team_bye_game_points)) == ("2.0", "1.5")
    comes_back(event)


def test_a_reimport_adds_no_team_bye_twice():
    data = team_file(team_bye_points=(2.0, 1.5), team_byes=(5, 4))
    import_trf(data, actor=TEST_ACTOR)
    before = database_state()

    report = import_trf(data, actor=TEST_ACTOR)

    assert report.team_byes_added == 0
    assert database_state() == before
    assert AuditEntry.objects.count() == 2


def test_a_reimport_giving_a_stored_team_bye_another_kind_is_refused():
    import_trf(team_file(team_bye_points=(2.0, 1.5), team_byes=(5,)), actor=TEST_ACTOR)

    data = team_file(byes=(TrfBye("F", 1, (5,)),))
    error = refused(data)

    assert "round 1" in error.message and "full-point bye" in error.message
    assert record_at(data, error) == "240"


def test_a_reimport_with_other_bye_points_is_refused():
    import_trf(team_file(team_bye_points=(2.0, 1.5), team_byes=(5, 4)), actor=TEST_ACTOR)

    data = team_file(team_bye_points=(1.0, 1.0), team_byes=(5, 4))
    error = refused(data)

    assert "record 320" in error.message
    assert record_at(data, error) == "320"


def test_a_team_bye_for_a_team_that_plays_is_refused():
    data = team_file(team_bye_points=(2.0, 1.5), team_byes=(1,))
    error = refused(data)

    assert "team 1 has a bye" in error.message and "team 2" in error.message
    assert record_at(data, error) == "320"


def test_a_team_bye_in_a_round_the_file_does_not_pair_is_refused():
    data = team_file(team_bye_points=(2.0, 1.5), team_byes=(5, 4, 3))
    error = refused(data)

    assert "round 3" in error.message and "rounds 1-2" in error.message
    assert record_at(data, error) == "320"


# Record 330: matches forfeited as a whole


def test_a_forfeited_match_marks_the_teams_match_from_the_home_teams_side():
    rows = TEAM_ROWS | {5: "7w+ 1b=", 7: "5b- .", 6: "8b- 2w0", 8: "6w+ ."}
    # The file names the Pawns (team 4) as white; the match's home team is the Bishops.
    forfeits = (TrfForfeitedMatch("-+", 1, 4, 3),)

    report = import_trf(team_file(rows, forfeited_matches=forfeits), actor=TEST_ACTOR)

    event = Event.objects.get()
    assert report.forfeited_matches == 1
    assert (1, 2, 3, 4, "+-") in described(event)["matches"]
    assert read_trf(export_trf(event)).header.forfeited_matches == (
        TrfForfeitedMatch("+-", 1, 3, 4),
    )
    comes_back(event)


def test_a_forfeited_match_without_games_gets_a_match_of_its_own():
    rows = TEAM_ROWS | {3: "1b0 .", 4: "2w1 .", 9: ". .", 10: ". ."}
    forfeits = (TrfForfeitedMatch("--", 2, 2, 5),)

    import_trf(team_file(rows, forfeited_matches=forfeits), actor=TEST_ACTOR)

    event = Event.objects.get()
    match = Match.objects.get(round__event=event, forfeit="--")
    assert (match.round.number, match.table, match.home.number, match.away.number) == (2, 2, 2, 5)
    assert not match.games.exists()
    comes_back(event)


def test_a_reimport_keeps_one_forfeited_match():
    rows = TEAM_ROWS | {3: "1b0 .", 4: "2w1 .", 9: ". .", 10: ". ."}
    data = team_file(rows, forfeited_matches=(TrfForfeitedMatch("+-", 2, 2, 5),))
    import_trf(data, actor=TEST_ACTOR)
    before = database_state()

    assert import_trf(data, actor=TEST_ACTOR).forfeited_matches == 0
    assert database_state() == before


def test_a_forfeit_contradicting_the_stored_one_is_refused():
    rows = TEAM_ROWS | {3: "1b0 .", 4: "2w1 .", 9: ". .", 10: ". ."}
    import_trf(
        team_file(rows, forfeited_matches=(TrfForfeitedMatch("+-", 2, 2, 5),)), actor=TEST_ACTOR
    )

    data = team_file(rows, forfeited_matches=(TrfForfeitedMatch("-+", 2, 2, 5),))
    error = refused(data)

    assert "round 2" in error.message and "-/+" in error.message
    assert record_at(data, error) == "330"


def test_a_forfeited_match_of_teams_playing_others_is_refused():
    data = team_file(forfeited_matches=(TrfForfeitedMatch("+-", 1, 1, 3),))
    error = refused(data)

    assert "record 330" in error.message and "team 2" in error.message
    assert record_at(data, error) == "330"


# Record 240: F, H, Z byes


def test_a_teams_bye_in_a_paired_round_is_a_team_bye():
    import_trf(team_file(byes=(TrfBye("F", 1, (5,)), TrfBye("Z", 2, (4,)))), actor=TEST_ACTOR)

    event = Event.objects.get()
    assert described(event)["team_byes"] == [(1, 5, "F"), (2, 4, "Z")]
    assert not ByeRequest.objects.exists()
    comes_back(event)


def test_a_team_with_a_bye_from_both_320_and_240_keeps_the_pairing_bye_with_a_warning():
    # FIDE's team sample (TRF-26) does this; its 801 records say the pairing bye.
    data = team_file(team_bye_points=(2.0, 1.5), team_byes=(5,), byes=(TrfBye("H", 1, (5,)),))

    report = import_trf(data, actor=TEST_ACTOR)

    assert [w for w in report.warnings if "240" in w and "team 5" in w and "round 1" in w]
    assert "warning" in report.summary()
    bye = TeamBye.objects.get()
    assert (bye.team.number, bye.kind) == (5, TeamBye.Kind.PAIRING_BYE)


def test_byes_of_later_rounds_are_kept_as_requests():
    byes = (TrfBye("H", 3, (1, 2)), TrfBye("Z", 3, (6,)), TrfBye("F", 4, (2,)))

    report = import_trf(player_file(byes=byes), actor=TEST_ACTOR)

    event = Event.objects.get()
    assert report.bye_requests == 4
    assert described(event)["bye_requests"] == [
        (3, 1, None, "H"),
        (3, 2, None, "H"),
        (3, 6, None, "Z"),
        (4, 2, None, "F"),
    ]
    comes_back(event)


def test_a_team_requesting_a_bye_is_kept_as_the_teams_request():
    import_trf(team_file(byes=(TrfBye("H", 3, (2,)),)), actor=TEST_ACTOR)

    event = Event.objects.get()
    assert described(event)["bye_requests"] == [(3, None, 2, "H")]
    comes_back(event)


def test_a_reimport_updates_requests_and_drops_those_of_rounds_now_paired():
    import_trf(player_file(byes=(TrfBye("H", 2, (1,)), TrfBye("H", 3, (2,)))), actor=TEST_ACTOR)
    later = {
        n: f"{row} {cell}"
        for (n, row), cell in zip(PLAYER_ROWS.items(), PLAYER_ROWS_2, strict=True)
    }

    import_trf(player_file(later, byes=(TrfBye("F", 3, (2,)),)), actor=TEST_ACTOR)

    assert list(
        ByeRequest.objects.values_list("round_number", "participant__start_no", "kind")
    ) == [(3, 2, "F")]
    before = database_state()
    import_trf(player_file(later, byes=(TrfBye("F", 3, (2,)),)), actor=TEST_ACTOR)
    assert database_state() == before


def test_a_players_bye_in_a_paired_round_is_the_one_of_the_cell_and_stores_nothing():
    report = import_trf(
        player_file(byes=(TrfBye("H", 1, (3,)), TrfBye("Z", 1, (6,)))), actor=TEST_ACTOR
    )

    assert report.bye_requests == 0
    assert not ByeRequest.objects.exists()
    assert set(UnplayedRound.objects.values_list("participant__start_no", "kind")) == {
        (3, "H"),
        (6, "Z"),
    }


def test_a_players_bye_contradicting_the_cell_is_refused():
    data = player_file(byes=(TrfBye("F", 1, (3,)),))
    error = refused(data)

    assert "player 3" in error.message and "bye (H)" in error.message
    assert record_at(data, error) == "240"


def test_a_bye_for_a_player_who_played_is_refused():
    data = player_file(byes=(TrfBye("H", 1, (1,)),))
    error = refused(data)

    assert "player 1" in error.message and "a game" in error.message
    assert record_at(data, error) == "240"


def test_byes_written_ahead_in_the_cells_are_requests_not_a_round():
    """JaVaFo's input before it pairs round 3: only player 4's half-point bye is there."""
    text = small_file(l8=small_file().splitlines()[7] + "  0000 - H")

    report = import_trf(text.encode(), slug="ahead", actor=TEST_ACTOR)
    event = Event.objects.get(slug="ahead")
    exported = export_trf(event)

    assert [r.number for r in event.round_set.all()] == [1, 2]
    assert list(
        event.bye_requests.values_list("round_number", "participant__start_no", "kind")
    ) == [(3, 4, "H")]
    assert report.bye_requests == 1
    assert event.participants.get(start_no=4).withdrawn_from_round is None
    assert "240 H 003    4" in exported.splitlines()
    again = import_trf(exported.encode(), slug="ahead", actor=TEST_ACTOR)
    assert (again.rounds_added, again.bye_requests) == ([], 1)
