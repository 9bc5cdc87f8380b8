"""Section 3 by hand-made cases: Swiss points, then each branch of 3.1, 3.2 and 3.3
(README R15-R17). The cases are complete round robins filed as Swiss events, so teams
level on VPs are level on Swiss points too, unless a case says otherwise; where the
Swiss order differs from section 1 the same file is ranked both ways."""

from __future__ import annotations

from tests.bridge.builders import bye, decided, match, places
from tests.bridge.test_round_robin import ALL_DRAWN, LEVEL_E, cyclic, four

SWISS = "swiss"
RR = "round-robin"


def test_swiss_points_come_first():
    # A and B both 10 VPs; A's opponent C has 15 (5 + 10 from E), B's opponent D 5.
    cases = (match("A-C 10-5"), match("B-D 10-5"), match("C-E 10-0"))
    assert places(SWISS, *cases) == "C A B D E"
    assert decided(SWISS, *cases)["A"] == "3 Swiss points"


def test_3_1i_their_match_before_the_imp_quotient():
    # A and B draw (20 IMPs to 10) and both score 10 against C: 20 VPs each, Swiss points
    # 30 each. A's IMP quotient is worse (30/50 against 20/30), but 3.1i looks at their
    # match first; section 1.1 would not.
    cases = (
        match("A-B 10-10", imps=(20, 10)),
        match("A-C 10-5", imps=(10, 40)),
        match("B-C 10-5"),
    )
    assert places(SWISS, *cases) == "A B C"
    assert decided(SWISS, *cases)["A"] == "3.1i IMPs in the match between the tied teams"
    assert places(RR, *cases) == "B A C"


def test_3_1_teams_that_never_met_skip_their_match():
    # A beat C and B beat D, 10-5 each: A and B level on VPs and on Swiss points (5), never
    # met (R17): 3.1i is skipped and the IMP quotient (A 20/10, B 10/10) decides; C and D
    # likewise, D's 10/10 above C's 10/20.
    cases = (match("A-C 10-5", imps=(20, 10)), match("B-D 10-5"))
    assert places(SWISS, *cases) == "A B D C"
    steps = decided(SWISS, *cases)
    assert steps["A"] == steps["D"] == "3.1ii IMP quotient"


def test_3_2i_beat_both_before_the_imp_quotient():
    # As 1.2b (A beat B and C, 29 VPs each) but A lost 0-50 IMPs to D: the worst quotient.
    # Swiss: A beat both (3.2i comes first). Round robin: 1.2a puts A last of the three.
    cases = (
        match("A-B 12-8"),
        match("A-C 12-8"),
        match("B-C 10-10"),
        match("A-D 5-15", imps=(0, 50)),
        match("B-D 11-9"),
        match("C-D 11-9"),
    )
    assert places(SWISS, *cases) == "D A B=C"
    assert decided(SWISS, *cases)["A"] == "3.2i beat both"
    assert places(RR, *cases) == "D B=C A"


def test_3_2ii_imp_quotient():
    # Cyclic results, A's quotient best thanks to D (20-10); B and C go to 3.1: a play-off.
    cases = list(cyclic())
    cases[3] = match("A-D 10-5", imps=(20, 10))
    assert places(SWISS, *cases) == "A B=C D"
    assert decided(SWISS, *cases)["A"] == "3.2ii IMP quotient"


def test_3_2iii_beat_one_tied_the_other():
    # As 1.2c: A alone beat one and tied one; C then won its match with B 12 IMPs to 8 (3.1i).
    cases = (
        match("A-B 10-10"),
        match("A-C 12-8"),
        match("C-B 12-8", imps=(12, 8)),
        match("A-D 5-15"),
        match("B-D 9-11", imps=(12, 8)),
        match("C-D 7-13", imps=(8, 12)),
    )
    assert places(SWISS, *cases) == "D A C B"
    steps = decided(SWISS, *cases)
    assert steps["A"] == "3.2iii beat one, tied the other"
    assert steps["C"] == "3.1i IMPs in the match between the tied teams"


def test_3_2iv_beaten_by_both():
    # As 1.2d: A and B drew and both beat C, so C is third.
    cases = (
        match("A-B 10-10"),
        match("A-C 12-8"),
        match("B-C 12-8"),
        match("A-D 5-15"),
        match("B-D 5-15"),
        match("C-D 11-9"),
    )
    assert places(SWISS, *cases) == "D A=B C"
    assert decided(SWISS, *cases)["C"] == "3.2iv beaten by both"


def test_3_2_other_cases_net_imps_then_points_then_quotient_then_play_off():
    assert decided(SWISS, *cyclic(imps=True))["A"] == "3.2 net IMPs between the tied teams"
    assert decided(SWISS, *cyclic(points=True))["A"] == "3.2 net points between the tied teams"
    quotient = cyclic(d_points=(2000, 1000))
    assert decided(SWISS, *quotient)["A"] == "3.2 total point quotient"
    assert places(SWISS, *cyclic()) == "A=B=C D"


def test_3_3i_beat_all_before_the_imp_quotient():
    # As 1.3b, but A lost 0-50 IMPs to E: Swiss ranks A first (3.3i), the round robin last
    # of the four (1.3a).
    results = dict(ALL_DRAWN, **{"A-B": "12-8", "A-C": "12-8", "A-D": "12-8"})
    cases = four(results, {"A": 5, "B": 13, "C": 13, "D": 13}, **{"A-E": {"imps": (0, 50)}})
    assert places(SWISS, *cases) == "A B=C=D E"
    assert decided(SWISS, *cases)["A"] == "3.3i beat all others"
    assert places(RR, *cases) == "B=C=D A E"


def test_3_3i_uniquely_tied_one_and_beat_the_rest_then_3_2():
    # As the 1.3b case: A wins; B, C, D go to 3.2, where B is beaten by both (3.2iv).
    results = {
        "A-B": "10-10",
        "A-C": "12-8",
        "A-D": "12-8",
        "C-B": "12-8",
        "D-B": "12-8",
        "C-D": "10-10",
    }
    cases = four(results, {"A": 6, "B": 14, "C": 10, "D": 10})
    assert places(SWISS, *cases) == "A C=D B E"
    steps = decided(SWISS, *cases)
    assert steps["A"] == "3.3i tied one, beat all others"
    assert steps["B"] == "3.2iv beaten by both"


def test_3_3i_needs_every_match_played():
    # R17. A and D each met B, C and E; B and C each met A, D and E; each had a bye. So all
    # four have the same Swiss points. A beat B and C but never met D: not "beat all". B and
    # C drew D. VPs: A 12+12+10+6 (bye), B and C 8+10+10+12, D 10+10+10+10: 40 each.
    # IMP quotients are level; D's 1500-1000 against E gives the best point quotient (3.3iii);
    # A, B, C go to 3.2, where A beat both (3.2i); B and C never met: a play-off.
    cases = (
        match("A-B 12-8"),
        match("A-C 12-8"),
        match("D-B 10-10"),
        match("D-C 10-10"),
        *(match(f"{team}-E 10-5") for team in "ABC"),
        match("D-E 10-5", points=(1500, 1000)),
        bye("A", 6),
        bye("B", 12),
        bye("C", 12),
        bye("D", 10),
    )
    assert places(SWISS, *cases) == "D A B=C E"
    steps = decided(SWISS, *cases)
    assert steps["D"] == "3.3iii total point quotient"
    assert steps["A"] == "3.2i beat both"


def test_3_3ii_imp_quotient_and_3_3iii_point_quotient():
    imps = four(ALL_DRAWN, LEVEL_E, **{"A-E": {"imps": (20, 10)}})
    assert places(SWISS, *imps) == "A B=C=D E"
    assert decided(SWISS, *imps)["A"] == "3.3ii IMP quotient"
    points = four(ALL_DRAWN, LEVEL_E, **{"A-E": {"points": (2000, 1000)}})
    assert decided(SWISS, *points)["A"] == "3.3iii total point quotient"


def test_3_3iv_four_level_after_everything_is_a_play_off():
    assert places(SWISS, *four(ALL_DRAWN, LEVEL_E)) == "A=B=C=D E"
