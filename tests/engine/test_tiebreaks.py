"""Each tie-break on small events, checked against the regulations' definitions by hand."""

from __future__ import annotations

import pytest

from standings.engine.event import System
from standings.engine.notation import SpecError
from standings.engine.standings import compute_standings
from tests.engine.builders import event_from_rows

# Round 1: 1-2 1-0, 3-4 1-0; round 2: 1-3 draw, 2-4 1-0; round 3: 1-4 1-0, 3-2 1-0.
SMALL = event_from_rows(
    {
        1: "2w1 3b= 4w1",  # 2.5
        2: "1b0 4w1 3b0",  # 1
        3: "4b1 1w= 2w1",  # 2.5
        4: "3w0 2b0 1b0",  # 0
    }
)


def values(event, specs, start_no, **kwargs):
    standings = compute_standings(event, specs, **kwargs)
    row = next(r for r in standings.rows if r.start_no == start_no)
    return dict(zip(standings.tiebreaks, row.values, strict=True))


def test_points_and_own_results():
    got = values(SMALL, ["WIN", "WON", "BPG", "BWG", "GE", "PS", "PS/C1"], 1)
    assert got == {
        "PTS": 2.5,
        "WIN": 2,
        "WON": 2,
        "BPG": 1,
        "BWG": 0,
        "GE": 3,
        "PS": 1 + 1.5 + 2.5,
        "PS/C1": 1.5 + 2.5,
    }


def test_buchholz_sums_opponents_scores():
    assert values(SMALL, ["BH"], 1)["BH"] == 1 + 2.5 + 0


def test_cut_and_median_drop_least_and_most_significant():
    got = values(SMALL, ["BH/C1", "BH/C2", "BH/M1"], 1)
    assert got["BH/C1"] == 3.5  # opponent 4 scored 0
    assert got["BH/C2"] == 2.5
    assert got["BH/M1"] == 1.0


def test_sonneborn_berger_weights_by_result():
    assert values(SMALL, ["SB"], 1)["SB"] == 1 * 1 + 2.5 * 0.5 + 0 * 1


def test_sonneborn_berger_cut_takes_lowest_opponent_then_worst_result():
    # Player 3: beat 4 (0 points), drew 1 (2.5), beat 2 (1): the opponent with 0 goes.
    assert values(SMALL, ["SB/C1"], 3)["SB/C1"] == 2.5 * 0.5 + 1 * 1


def test_koya_counts_points_against_opponents_with_half_the_maximum():
    assert values(SMALL, ["KS"], 1)["KS"] == 0.5  # only 3 reached 1.5
    assert values(SMALL, ["KS/L-1"], 1)["KS/L-1"] == 0.5 + 1  # limit 1: 2 counts too


def test_direct_encounter_separates_by_games_between_the_tied():
    event = event_from_rows({1: "2w1 3b0", 2: "1b0 3w1", 3: "2b0 1w1"})
    # All on 1 point; 1 beat 2, 2 beat 3, 3 beat 1: a circle, nobody separated.
    assert values(event, ["DE"], 1)["DE"] == 0
    event = event_from_rows({1: "2w1 3b=", 2: "1b0 4w1", 3: "4w= 1w=", 4: "3b= 2b0"})
    # 2 and 3 are tied on 1 point and never met: in a Swiss event nobody is placed (6.3).
    got2, got3 = values(event, ["DE"], 2)["DE"], values(event, ["DE"], 3)["DE"]
    assert (got2, got3) == (0, 0)


def test_direct_encounter_places_the_winner_first():
    event = event_from_rows({1: "2w0 3b1", 2: "1b1 3w0", 3: "4w1 2b1", 4: "3b0 1w0"})
    # 1 and 2 are tied on 1 point; 2 beat 1.
    assert values(event, ["DE"], 2)["DE"] == 1
    assert values(event, ["DE"], 1)["DE"] == 2


def test_direct_encounter_averages_repeated_meetings():
    event = event_from_rows(
        {1: "2w1 2b0 3w=", 2: "1b0 1w1 3b1", 3: "-", 4: "-"},
        system=System.DOUBLE_ROUND_ROBIN,
    )
    assert values(event, ["DE"], 1)["DE"] == 0  # averaged 0.5 each


# Round 1: 1 half-point bye, 2 beat 3, 4 pairing-allocated bye; round 2: 1 beat 2, 3-4 draw.
BYES = event_from_rows({1: "H 2w1", 2: "3w1 1b0", 3: "2b0 4w=", 4: "U 3b="})


def test_requested_bye_is_a_virtual_opponent_with_own_score_2024():
    assert values(BYES, ["BH"], 1, rules="2024")["BH"] == 1.5 + 1


def test_2026_caps_the_virtual_opponent_at_half_the_maximum():
    assert values(BYES, ["BH"], 1, rules="2026")["BH"] == 1.0 + 1


def test_cut_removes_the_requested_bye_first():
    # The bye contributes 1.5, more than the least significant 1: Art. 16.5 cuts the bye.
    assert values(BYES, ["BH/C1"], 1, rules="2024")["BH/C1"] == 1


def test_pairing_allocated_bye_is_not_cut_first():
    assert values(BYES, ["BH/C1"], 4, rules="2024")["BH/C1"] == 1.5  # the 0.5 opponent goes


def test_withdrawn_players_later_rounds_count_as_draws_for_opponents():
    event = event_from_rows({1: "2w1 Z Z", 2: "1b0 3w1 4w1", 3: "4w1 2b0 Z", 4: "3b0 U 2b0"})
    # For 2's Buchholz, 1 counts 1 + 0.5 + 0.5 (Art. 16.3).
    got = compute_standings(event, ["BH"], rules="2024")
    row = next(r for r in got.rows if r.start_no == 2)
    contributions = row.explanations[1]
    assert contributions[0].amount == 2.0


def test_round_robin_forfeit_counts_as_played():
    event = event_from_rows({1: "2w+ 3b1", 2: "1b- 3w1", 3: "-", 4: "-"}, system=System.ROUND_ROBIN)
    assert values(event, ["BH"], 1)["BH"] == 1.0  # 2's score; 3 has 0


def test_fore_buchholz_takes_final_round_games_as_draws():
    event = event_from_rows({1: "2w1 3w1", 2: "1b0 4w1", 3: "4w1 1b0", 4: "3b0 2b0"})
    # Final round: 1-3 and 2-4 as draws: 2 has 0 + 0.5, 3 has 1 + 0.5.
    assert values(event, ["FB"], 1)["FB"] == 0.5 + 1.5
    assert (
        values(event, ["FB"], 1, through_round=1)["FB"]
        == values(event, ["BH"], 1, through_round=1)["BH"]
    )


def test_average_of_opponents_buchholz_is_rounded_to_two_decimals():
    got = values(SMALL, ["AOB", "BH"], 1)
    bh = {r.start_no: r.values[1] for r in compute_standings(SMALL, ["BH"]).rows}
    assert got["AOB"] == round((bh[2] + bh[3] + bh[4]) / 3, 2)


def test_unknown_tiebreak_is_refused():
    with pytest.raises(SpecError):
        compute_standings(SMALL, ["XYZ"])
    with pytest.raises(SpecError):
        compute_standings(SMALL, ["WIN/C1"])


def test_round_out_of_range_is_refused():
    with pytest.raises(ValueError):
        compute_standings(SMALL, ["BH"], through_round=9)


def test_lots_are_reproducible_and_shared_places_share():
    event = event_from_rows({1: "2w=", 2: "1b=", 3: "4w=", 4: "3b="}, lots_seed=42)
    first = [r.start_no for r in compute_standings(event, []).rows]
    assert first == [r.start_no for r in compute_standings(event, []).rows]
    assert sorted(r.rank for r in compute_standings(event, []).rows) == [1, 2, 3, 4]
    from dataclasses import replace

    shared = compute_standings(replace(event, shared_places=True), [])
    assert [r.rank for r in shared.rows] == [1, 1, 1, 1]


def test_open_round_makes_type_c_values_provisional_only():
    event = event_from_rows(SMALL_ROWS, closed={1, 2})
    standings = compute_standings(event, ["BH", "WIN", "SB", "FB", "DE"])
    row = standings.rows[0]
    flags = dict(zip(standings.tiebreaks, row.provisional, strict=True))
    assert flags == {"PTS": False, "BH": True, "WIN": False, "SB": True, "FB": False, "DE": True}


def test_pending_game_scores_nothing_but_counts_the_opponent():
    event = event_from_rows({1: "2w1 3b*", 2: "1b0 4w1", 3: "4b1 1w*", 4: "3w0 2b0"}, closed={1})
    got = values(event, ["BH", "GE", "WIN"], 1)
    assert got["PTS"] == 1
    assert got["BH"] == 1 + 1  # 2 and 3, one point each so far
    assert got["GE"] == 2


SMALL_ROWS = {1: "2w1 3b= 4w1", 2: "1b0 4w1 3b0", 3: "4b1 1w= 2w1", 4: "3w0 2b0 1b0"}
