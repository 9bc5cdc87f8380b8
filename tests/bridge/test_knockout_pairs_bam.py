"""Sections 2, 4 and 5 beyond the examples: the knockout's fall-backs (R18), the pairs'
common opponents (R20), BAM's direct match (R25); and the sentences with their numbers."""

from __future__ import annotations

import json

from standings.bridge.model import Entrant, TeamsEvent
from standings.bridge.reader import read_bridge
from standings.bridge.standings import bridge_standings
from tests.bridge.builders import match
from tests.conftest import FIXTURES


def knockout(segments, ranks, qualification=()):
    data = {
        "format": "standings-bridge-1",
        "name": "KO",
        "kind": "teams",
        "system": "knockout",
        "teams": [{"id": 1, "name": "Alpha", "carryover": 0.5}, {"id": 2, "name": "Beta"}],
        "matches": [
            {"segment": i + 1, "home": 1, "away": 2, "imps": list(imps)}
            for i, imps in enumerate(segments)
        ],
        "qualification": {
            "ranking": [{"id": 1, "rank": ranks[0]}, {"id": 2, "rank": ranks[1]}],
            "matches": [
                {
                    "round": 1,
                    "home": 1,
                    "away": 2,
                    "imps": list(imps),
                    "vps": [10, 10],
                    "points": [0, 0],
                }
                for imps in qualification
            ],
        },
    }
    return [(p.rank, p.name, p.decided_by) for p in bridge_standings(read_bridge(json.dumps(data)))]


def test_knockout_level_on_imps_goes_to_the_qualification_rank():
    # 0.5 carryover + 30 = 30.5 each.
    assert knockout([(30, 30.5)], (4, 2)) == [
        (1, "Beta", "2 higher rank in the qualification"),
        (2, "Alpha", "2 higher rank in the qualification"),
    ]


def test_knockout_sentence_shows_the_ranks_and_the_imps():
    data = json.loads((FIXTURES / "bridge" / "example-ko02.json").read_text())
    data["matches"][2]["imps"] = [31.5, 36]  # 101 IMPs each
    jena = bridge_standings(read_bridge(json.dumps(data)))[0]
    assert jena.why == "ahead of Quimper on qualification rank 2 to 3 after both scored 101.00 IMPs"


def test_knockout_equal_ranks_go_to_their_qualification_match():
    assert knockout([(30, 30.5)], (2, 2), qualification=[(20, 25), (30, 21)])[0][1] == "Alpha"


def test_knockout_still_level_is_a_play_off_with_no_extra_boards():
    rows = knockout([(30, 30.5)], (2, 2))
    assert [row[0] for row in rows] == [1, 1]


def test_pairs_common_opponents_from_the_highest_ranked():
    # P1 and P2 both score 50 in each of two sessions and both met P3 (best) and P4.
    # Against P3 they scored 10 and 12 match points: P2 ahead.
    data = {
        "format": "standings-bridge-1",
        "name": "Pairs",
        "kind": "pairs",
        "pairs": [{"id": i, "name": f"P{i}"} for i in range(1, 5)],
        "sessions": [
            {
                "session": s,
                "scores": [
                    {"id": 1, "score": 50},
                    {"id": 2, "score": 50},
                    {"id": 3, "score": 60},
                    {"id": 4, "score": 40},
                ],
                "rounds": rounds,
            }
            for s, rounds in (
                (
                    1,
                    [
                        {"round": 1, "ns": 1, "ew": 3, "mps": [10, 14]},
                        {"round": 1, "ns": 2, "ew": 4, "mps": [12, 12]},
                    ],
                ),
                (
                    2,
                    [
                        {"round": 1, "ns": 2, "ew": 3, "mps": [12, 12]},
                        {"round": 1, "ns": 1, "ew": 4, "mps": [14, 10]},
                    ],
                ),
            )
        ],
    }
    places = bridge_standings(read_bridge(json.dumps(data)))
    assert [p.name for p in places] == ["P3", "P2", "P1", "P4"]
    assert places[1].decided_by == "4 match points against common opponents"
    assert (
        places[1].why == "ahead of P1 on match points against P3 12 to 10 after both scored 100.00"
    )


def test_bam_direct_match_only_when_all_met():
    path = FIXTURES / "bridge" / "example-bam02.json"
    event = read_bridge(path.read_text())
    assert {p.decided_by for p in bridge_standings(event)} <= {
        "score",
        "5a score without carryover",
        "5b Swiss points (average of opponents' scores)",
        "5c weighted average",
        "5d direct match result",
        "5e net points on common boards",
        "play-off needed (sudden death)",
    }


def test_the_sentence_names_the_step_and_both_values():
    # A and B level on 20 VPs; IMP quotient 30/20 = 1.500 against 20/30 = 0.667.
    cases = (match("A-B 10-10", imps=(20, 10)), match("A-C 10-5"), match("B-C 10-5"))
    event = TeamsEvent("s", "round-robin", tuple(Entrant(ord(c), c) for c in "ABC"), cases)
    why = {p.name: p.why for p in bridge_standings(event)}
    assert why["A"] == "ahead of B on IMP quotient 1.500 to 0.667 after both scored 20.00 VP"
    assert why["B"] == "behind A on IMP quotient 1.500 to 0.667 after both scored 20.00 VP"
    assert why["C"] == "behind B on VP 20.00 to 10.00"
