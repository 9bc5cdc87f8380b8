"""Team standings from the one engine: the score basis is an axis of the catalogue.

The reference values of all 16 team files are checked through the command
(tests/events/test_team_tiebreaks_command.py); here, what the files do not show.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from standings.engine.event import RoundEntry
from standings.engine.notation import SpecError
from standings.engine.standings import compute_standings
from standings.engine.team_standings import primary_basis, team_event
from standings.engine.trf import read_trf_bytes
from tests.conftest import FIXTURES

FIDE = Path(FIXTURES) / "fide"


def event_of(name: str):
    return read_trf_bytes((FIDE / name).read_bytes()).event


def column(standings, spec: str) -> dict[int, float | None]:
    k = standings.tiebreaks.index(spec)
    return {row.start_no: row.values[k] for row in standings.rows}


def test_the_primary_score_is_the_first_of_pts_mpts_gpts():
    assert primary_basis(["BH", "GPTS", "MPTS"]) == "GP"
    assert primary_basis(["PTS", "GPTS"]) == "MP"
    assert primary_basis(["BH"]) == "MP"


def test_one_list_mixes_both_bases_and_a_spec_is_written_once():
    event = event_of("team-swiss-01.trf")
    mixed = compute_standings(event, ["MPTS", "BH:GP", "SB", "SB:GP", "BH"], through_round=5)
    on_gp = compute_standings(event, ["GPTS", "BH", "SB"], through_round=5)
    assert mixed.tiebreaks == ("MPTS", "BH:GP", "SB", "SB:GP", "BH")
    assert column(mixed, "BH:GP") == column(on_gp, "BH")
    assert column(mixed, "SB:GP") == column(on_gp, "SB")
    assert column(mixed, "BH") != column(mixed, "BH:GP")


def test_the_list_ranks_with_its_primary_score_first():
    event = event_of("team-swiss-03.trf")
    standings = compute_standings(event, ["BH", "GPTS", "MPTS"], through_round=5)
    assert standings.tiebreaks == ("GPTS", "BH", "MPTS")
    gp = [row.values[0] for row in standings.rows]
    assert gp == sorted(gp, reverse=True)
    assert compute_standings(event, ["BH"], through_round=5).tiebreaks == ("MPTS", "BH")


def test_team_only_entries_and_bases_are_refused_for_individual_events():
    event = event_of("swiss-01.trf")
    for spec in ("MPTS", "BBE", "BH:GP", "EMGSB"):
        with pytest.raises(SpecError, match="team events only"):
            compute_standings(event, [spec])


def test_a_basis_is_refused_on_team_only_entries():
    with pytest.raises(SpecError):
        compute_standings(event_of("team-rr-01.trf"), ["EMGSB:GP"])


def test_type_c_values_of_teams_are_provisional_until_the_round_closes():
    event = event_of("team-swiss-01.trf")
    specs = ["MPTS", "GPTS", "BH", "EMGSB", "BBE", "SSSC"]
    open_ = compute_standings(replace(event, closed_rounds=frozenset({1, 2})), specs)
    closed = compute_standings(replace(event, closed_rounds=frozenset(range(1, 6))), specs)
    row = open_.rows[0]
    assert row.provisional[:3] == (False, False, True)
    assert row.provisional[3] and row.provisional[5]
    assert not any(any(r.provisional) for r in closed.rows)


def test_every_team_value_is_explained():
    event = event_of("team-swiss-03.trf")
    specs = ["GPTS", "MPTS", "TBR", "EDE", "BBE", "BC", "BH:MP", "EGGSB/C1", "SSSC", "WIN"]
    standings = compute_standings(event, specs, through_round=5)
    team4 = next(row for row in standings.rows if row.start_no == 4)
    explained = dict(zip(standings.tiebreaks, team4.explanations, strict=True))
    # Round 5 is team 4's pairing-allocated bye: 1.5 game points, every board a win for BC.
    assert explained["GPTS"][4].amount == 1.5
    assert explained["BC"][-1].note == "boards 1: 1, 2: 1, 3: 1"
    cut = [c for c in explained["EGGSB/C1"] if c.cut]
    assert len(cut) == 1
    assert "divided by" in explained["SSSC"][1].note
    assert sum(c.amount for c in explained["WIN"]) == team4.values[standings.tiebreaks.index("WIN")]


def test_a_match_with_every_board_forfeited_is_an_unplayed_match():
    event = event_of("team-rr-01.trf")
    team = event.teams[0]
    people = {p.start_no: p for p in event.participants}
    lost = set(team.members)
    opponents = {people[m].entries[0].opponent for m in team.members if people[m].entries}
    players = []
    for p in event.participants:
        if p.start_no in lost | opponents and p.entries and p.entries[0].opponent is not None:
            first = p.entries[0]
            code = "-" if p.start_no in lost else "+"
            p = replace(
                p, entries=(RoundEntry(1, first.opponent, first.color, code),) + p.entries[1:]
            )
        players.append(p)
    forfeited = replace(event, participants=tuple(players))
    standings = compute_standings(forfeited, ["MPTS", "GPTS"], through_round=1)
    row = next(r for r in standings.rows if r.start_no == team.number)
    assert row.values == (0.0, 0.0)
    assert team_event(forfeited, 1).participant(team.number).entries[0].code == "-"
    winner = next(iter(opponents))
    assert team_event(forfeited, 1).participant(winner_team(event, winner)).entries[0].code == "+"


def winner_team(event, start_no: int) -> int:
    return next(t.number for t in event.teams if start_no in t.members)


def test_a_match_forfeited_as_a_whole_330_scores_every_board_to_the_winner():
    text = (FIDE / "team-rr-01.trf").read_text()
    event = read_trf_bytes(text.encode()).event
    home = event.teams[0]
    away = team_event(event, 1).participant(home.number).entries[0].opponent
    forfeited = read_trf_bytes(f"{text.rstrip()}\n330 -+ 1 {home.number} {away}\n".encode()).event
    assert forfeited.boards == 4

    standings = compute_standings(forfeited, ["MPTS", "GPTS", "BC"], through_round=1)

    values = {row.start_no: row.values for row in standings.rows}
    assert values[home.number] == (0.0, 0.0, 0.0)
    assert values[away] == (2.0, 4.0, 1 + 2 + 3 + 4)
    assert team_event(forfeited, 1).participant(away).entries[0].code == "+"
