"""The two worked examples of tests/fixtures/national/README.md, number by number."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from standings.engine.crosstable import Crosstable
from standings.engine.event import Event
from standings.engine.presets import BY_KEY
from standings.engine.standings import compute_standings
from standings.engine.systems.us_chess import adjusted_scores
from standings.engine.trf import read_trf_bytes, write_trf
from tests.conftest import FIXTURES

NATIONAL = Path(FIXTURES) / "national"


def read(name: str) -> Event:
    return read_trf_bytes((NATIONAL / name).read_bytes()).event


def values(event: Event, start_no: int, specs: list[str], through_round: int = 5) -> list:
    standings = compute_standings(event, specs, through_round=through_round)
    row = next(r for r in standings.rows if r.start_no == start_no)
    return list(row.values[1:])


def adjusted(event: Event, start_no: int) -> float:
    table = Crosstable(event, 5, "2024")
    return adjusted_scores(table)[table.index[start_no]]


AVERY, BROOK, CARTER, DREW, ELLIS, FORD, GRAY, HALE = range(1, 9)


@pytest.fixture(scope="module")
def example_a() -> Event:
    return read("seed-examples.trf")


@pytest.fixture(scope="module")
def example_b() -> Event:
    return read("rr-6p.trf")


def test_a_cumulative_deducts_each_unplayed_round_once(example_a):
    got = {p: values(example_a, p, ["USCUM"])[0] for p in range(1, 9)}

    assert got == {
        AVERY: 9,
        BROOK: 10.5,
        CARTER: 8.5,
        DREW: 9,
        ELLIS: 6.5,
        FORD: 2,
        GRAY: 7,
        HALE: 5,
    }


def test_a_adjusted_scores_count_unplayed_rounds_as_half(example_a):
    assert adjusted(example_a, DREW) == 3
    assert adjusted(example_a, CARTER) == 2.5
    assert adjusted(example_a, FORD) == 1.5
    assert adjusted(example_a, GRAY) == 3


def test_a_even_score_cuts_both_ends(example_a):
    specs = ["USSOLK", "USMM", "USMED", "USMED/M2", "USOCUM"]

    assert values(example_a, CARTER, specs) == [11, 8, 8, 2.5, 27.5]


def test_a_plus_score_cuts_the_lowest(example_a):
    specs = ["USSOLK", "USMM", "USMED", "USMM/M2"]

    assert values(example_a, GRAY, specs) == [13, 10.5, 7.5, 8]


def test_a_minus_score_cuts_the_highest(example_a):
    assert values(example_a, DREW, ["USSOLK", "USMM"]) == [8, 5]
    assert values(example_a, FORD, ["USSOLK", "USMM", "USCUM"]) == [10, 7.5, 2]


def test_a_classic_systems(example_a):
    assert values(example_a, CARTER, ["KASH", "BAUM", "FLOSS"]) == [10, 2, 2]
    assert values(example_a, DREW, ["KASH", "FLOSS"]) == [9, 3]
    assert values(example_a, FORD, ["BAUM"]) == [1]
    assert values(example_a, GRAY, ["FLOSS"]) == [1]


def test_a_chess_scotland_systems(example_a):
    progressive = ["SCPS", "SCPS/C1", "SCPS/C2", "SCPS/C3"]
    buchholz = ["SCBH", "SCBH/C1", "SCBH/C2"]
    wallace = ["WALL", "WALL/C2", "WALL/C3"]
    grades = ["SCSOG", "SCSOG/C0", "SCSOG/C2", "SCSOG/C3", "SCSOG/C4"]

    assert values(example_a, CARTER, progressive) == [9, 8, 7, 5]
    assert values(example_a, CARTER, buchholz) == [10, 10, 8]
    assert values(example_a, CARTER, ["SCSB"]) == [5.5]
    assert values(example_a, CARTER, wallace) == [2.5, 1.5, 0.5]
    assert values(example_a, CARTER, grades) == [6195, 8135, 4210, 2120, 0]


def test_a_us_preset_ranks_hale_above_carter_on_solkoff(example_a):
    standings = compute_standings(example_a, BY_KEY["us-chess"].tiebreaks(example_a.system))
    order = [row.start_no for row in standings.rows]

    assert order[0] == GRAY
    assert order.index(HALE) < order.index(CARTER)


def test_b_wallace_in_an_all_play_all(example_b):
    wallace = ["WALL", "WALL/C2", "WALL/C3"]

    assert values(example_b, 1, wallace) == [1, 0.5, 0]
    assert values(example_b, 2, wallace) == [1, 0.5, 0.5]


def test_b_all_play_all_preset_puts_player_2_above_player_1(example_b):
    preset = BY_KEY["scotland-all-play-all"].tiebreaks(example_b.system)
    standings = compute_standings(example_b, preset)
    order = [row.start_no for row in standings.rows]

    assert order.index(2) < order.index(1)


def test_b_sonneborn_berger_and_buchholz(example_b):
    assert values(example_b, 3, ["SCSB"]) == [7.75]
    assert values(example_b, 1, ["SCBH", "SCBH/C1"]) == [13, 13]


def test_b_us_systems_take_forfeits_as_unplayed(example_b):
    assert adjusted(example_b, 1) == 1.5
    assert adjusted(example_b, 4) == 1
    assert values(example_b, 1, ["USSOLK", "USMM", "USCUM", "KASH"]) == [12.5, 8, 3.5, 6]


def test_b_grades_count_the_forfeiting_opponent(example_b):
    assert values(example_b, 1, ["SCSOG/C0", "SCSOG", "SCSOG/C2"]) == [10474, 8649, 6590]


def test_values_with_a_c_part_are_provisional_while_a_round_is_open(example_a):
    specs = ["USMM", "USSOLK", "USCUM", "KASH", "SCSOG", "SCBH", "WALL"]
    standings = compute_standings(example_a, specs)  # no round closed
    assert standings.fide_types[1:] == ("BC", "C", "B", "B", "D", "C", "BC")
    assert list(standings.rows[0].provisional) == [
        False,
        True,
        True,
        False,
        False,
        False,
        True,
        True,
    ]
    closed = compute_standings(replace(example_a, closed_rounds=frozenset(range(1, 6))), specs)
    assert not any(closed.rows[0].provisional)


def test_the_player_card_explains_each_national_value(example_a):
    standings = compute_standings(example_a, ["USMM", "KASH", "SCSOG", "WALL/C2"])
    carter = next(r for r in standings.rows if r.start_no == CARTER)
    usmm, kash, grades, wallace = carter.explanations[1:]
    assert [c.amount for c in usmm if c.cut] == [3, 0]
    assert [c.note for c in usmm if c.round == 4] == ["own unplayed round: counts 0; cut: lowest"]
    assert [c.note for c in kash] == ["win: 4", "loss: 1", "win: 4", "unplayed: 0", "loss: 1"]
    assert [c.amount for c in grades if c.cut] == [1940]
    assert sum(c.amount for c in wallace) == 1.5


def test_a_national_list_goes_through_trf_record_202_and_back():
    trf = read_trf_bytes((NATIONAL / "seed-examples.trf").read_bytes())
    specs = ("USMM", "SCSOG/C0", "WALL/C2", "BH/C1")
    listed = replace(trf, event=replace(trf.event, tiebreaks=specs))
    text = write_trf(listed)
    assert "202 USMM, SCSOG/C0, WALL/C2, BH/C1" in text
    assert read_trf_bytes(text.encode()).event.tiebreaks == specs


def test_an_ungraded_opponent_makes_scsog_null_and_says_why():
    edge = read("swiss-edge.trf")
    standings = compute_standings(edge, ["SCSOG"], through_round=7)
    nulls = [row for row in standings.rows if row.values[1] is None]
    assert nulls
    notes = [c.note for c in nulls[0].explanations[1]]
    assert "ungraded: the system does not apply" in notes
