"""Section 1 by hand-made cases, one per branch of 1.1, 1.2 and 1.3 (README R8-R13).

Each case is worked out in its comment: VP totals first, then the step that decides.
Unless a case says otherwise every match is 10-10 IMPs and 1000-1000 points.
"""

from __future__ import annotations

from tests.bridge.builders import decided, match, places

RR = "round-robin"


# --- 1.1 two teams --------------------------------------------------------
# A and B draw 10-10 and both score 10 against C: A 20, B 20, C 10.


def test_1_1a_imp_quotient():
    # A-B IMPs 20-10: A 30/20 = 1.5, B 20/30 = 0.667.
    cases = (match("A-B 10-10", imps=(20, 10)), match("A-C 10-5"), match("B-C 10-5"))
    assert places(RR, *cases) == "A B C"
    assert decided(RR, *cases)["A"] == "1.1a IMP quotient"


def test_1_1b_imps_in_their_match():
    # A-B IMPs 20-10, A-C 10-20, B-C 20-10: both 30/30 = 1; in their match A 20, B 10.
    cases = (
        match("A-B 10-10", imps=(20, 10)),
        match("A-C 10-5", imps=(10, 20)),
        match("B-C 10-5", imps=(20, 10)),
    )
    assert places(RR, *cases) == "A B C"
    assert decided(RR, *cases)["B"] == "1.1b IMPs in the match between the tied teams"


def test_1_1c_points_in_their_match():
    # IMPs level; points A-B 1500-1000, A-C 1000-1500, B-C 1500-1000: quotients 1, A 1500 to 1000.
    cases = (
        match("A-B 10-10", points=(1500, 1000)),
        match("A-C 10-5", points=(1000, 1500)),
        match("B-C 10-5", points=(1500, 1000)),
    )
    assert places(RR, *cases) == "A B C"
    assert decided(RR, *cases)["A"] == "1.1c points in the match between the tied teams"


def test_1_1d_total_point_quotient():
    # Only A-C points differ, 2000-1000: A's quotient 3000/2000, B's 2000/2000; IMPs and
    # their match are level.
    cases = (match("A-B 10-10"), match("A-C 10-5", points=(2000, 1000)), match("B-C 10-5"))
    assert places(RR, *cases) == "A B C"
    assert decided(RR, *cases)["A"] == "1.1d total point quotient"


def test_1_1e_everything_level_is_a_play_off():
    cases = (match("A-B 10-10"), match("A-C 10-5"), match("B-C 10-5"))
    assert places(RR, *cases) == "A=B C"
    assert decided(RR, *cases)["A"] == "play-off"


# --- 1.2 three teams ------------------------------------------------------
# A, B, C level; D (the fourth team) is only there to make the VP totals level.


def test_1_2a_imp_quotient_separates_all_three():
    # Cyclic 12-8 wins, all 20 among them, 10 each against D: 30, 30, 30; D 15.
    # IMPs A-B 30-10, B-C 20-10, C-A 15-10: A 50/35, C 35/40, B 40/50.
    cases = (
        match("A-B 12-8", imps=(30, 10)),
        match("B-C 12-8", imps=(20, 10)),
        match("C-A 12-8", imps=(15, 10)),
        match("A-D 10-5"),
        match("B-D 10-5"),
        match("C-D 10-5"),
    )
    assert places(RR, *cases) == "A C B D"
    assert set(decided(RR, *cases).values()) == {"1.2a IMP quotient", "VP"}


def test_1_2a_leaves_two_to_1_1():
    # Totals 30 as above. A: IMPs 40/30; B (15-10 over C, 15-10 over D) 40/40 and C 40/40.
    # B and C go to 1.1: quotient level, then IMPs in their match 15 to 10.
    cases = (
        match("A-B 12-8", imps=(20, 10)),
        match("B-C 12-8", imps=(15, 10)),
        match("C-A 12-8"),
        match("A-D 10-5"),
        match("B-D 10-5", imps=(15, 10)),
        match("C-D 10-5", imps=(20, 15)),
    )
    assert places(RR, *cases) == "A B C D"
    steps = decided(RR, *cases)
    assert steps["A"] == "1.2a IMP quotient"
    assert steps["B"] == steps["C"] == "1.1b IMPs in the match between the tied teams"


def test_1_2b_one_beat_both():
    # A beats B and C 12-8, B and C draw: A 24, B 18, C 18; against D A 5, B 11, C 11: 29 each,
    # D 33. A beat both; B and C go to 1.1, level throughout: a play-off for third.
    cases = (
        match("A-B 12-8"),
        match("A-C 12-8"),
        match("B-C 10-10"),
        match("A-D 5-15"),
        match("B-D 11-9"),
        match("C-D 11-9"),
    )
    assert places(RR, *cases) == "D A B=C"
    assert decided(RR, *cases)["A"] == "1.2b beat both"


def test_1_2c_one_beat_one_and_tied_the_other():
    # A draws B and beats C; C beats B (12-8 in VPs and IMPs): among them A 22, B 18, C 20;
    # against D 5, 9 and 7: 27 each. Only A beat one and tied one. B and C go to 1.1: IMP
    # quotients are level (B 12-8 over D, C 8-12) and C won their match 12 IMPs to 8.
    cases = (
        match("A-B 10-10"),
        match("A-C 12-8"),
        match("C-B 12-8", imps=(12, 8)),
        match("A-D 5-15"),
        match("B-D 9-11", imps=(12, 8)),
        match("C-D 7-13", imps=(8, 12)),
    )
    assert places(RR, *cases) == "D A C B"
    steps = decided(RR, *cases)
    assert steps["A"] == "1.2c beat one, tied the other"
    assert steps["C"] == "1.1b IMPs in the match between the tied teams"


def test_1_2d_one_beaten_by_both():
    # A and B draw and both beat C (R8: two teams "beat one, tied the other", so c does not
    # apply): among them A 22, B 22, C 16; against D 5, 5, 11: 27 each. C is third.
    cases = (
        match("A-B 10-10"),
        match("A-C 12-8"),
        match("B-C 12-8"),
        match("A-D 5-15"),
        match("B-D 5-15"),
        match("C-D 11-9"),
    )
    assert places(RR, *cases) == "D A=B C"
    assert decided(RR, *cases)["C"] == "1.2d beaten by both"


def cyclic(*, imps=None, points=None, d_points=(1000, 1000)):
    """A beats B, B beats C, C beats A (12-8), each 10 against D: 30 each, D 15.

    With `imps` (or `points`) A-B 30-10, B-C 20-10, C-A 15-10 and D's matches set so that
    every quotient stays 1: A-D 10-25, B-D 20-10, C-D 15-10.
    """
    among = ((30, 10), (20, 10), (15, 10))
    against_d = ((10, 25), (20, 10), (15, 10))
    level = ((10, 10),) * 3
    imps_among, imps_d = (among, against_d) if imps else (level, level)
    pts_among, pts_d = (
        (
            tuple((a * 100, b * 100) for a, b in among),
            tuple((a * 100, b * 100) for a, b in against_d),
        )
        if points
        else (((1000, 1000),) * 3, (d_points, (1000, 1000), (1000, 1000)))
    )
    return (
        match("A-B 12-8", imps=imps_among[0], points=pts_among[0]),
        match("B-C 12-8", imps=imps_among[1], points=pts_among[1]),
        match("C-A 12-8", imps=imps_among[2], points=pts_among[2]),
        match("A-D 10-5", imps=imps_d[0], points=pts_d[0]),
        match("B-D 10-5", imps=imps_d[1], points=pts_d[1]),
        match("C-D 10-5", imps=imps_d[2], points=pts_d[2]),
    )


def test_1_2_other_cases_net_imps_between_them():
    # Cyclic results: none of b-d applies. Quotients all 50/50 or 40/40 = 1.
    # Net IMPs among them: A +20 - 5 = 15, C -10 + 5 = -5, B -20 + 10 = -10.
    assert places(RR, *cyclic(imps=True)) == "A C B D"
    assert decided(RR, *cyclic(imps=True))["A"] == "1.2 net IMPs between the tied teams"


def test_1_2_other_cases_net_points_between_them():
    # The same figures as total points (x100), IMPs level: net points A, C, B.
    assert places(RR, *cyclic(points=True)) == "A C B D"
    assert decided(RR, *cyclic(points=True))["B"] == "1.2 net points between the tied teams"


def test_1_2_other_cases_total_point_quotient():
    # Level among them; A's match with D 2000-1000 lifts A's point quotient; B and C
    # then go to 1.1, level throughout.
    cases = cyclic(d_points=(2000, 1000))
    assert places(RR, *cases) == "A B=C D"
    assert decided(RR, *cases)["A"] == "1.2 total point quotient"


def test_1_2_other_cases_sudden_death():
    assert places(RR, *cyclic()) == "A=B=C D"


# --- 1.3 four teams or more -------------------------------------------------
# A, B, C, D level; E is there for the VP totals.


def four(results: dict[str, str], against_e: dict[str, int], **settings) -> tuple:
    """Matches among A-D from `results` ("A-B": "12-8"), then each against E."""
    cases = [match(f"{pair} {vps}", **settings.get(pair, {})) for pair, vps in results.items()]
    for team, vps in against_e.items():
        cases.append(match(f"{team}-E {vps}-5", **settings.get(f"{team}-E", {})))
    return tuple(cases)


ALL_DRAWN = {p: "10-10" for p in ("A-B", "A-C", "A-D", "B-C", "B-D", "C-D")}
LEVEL_E = {"A": 10, "B": 10, "C": 10, "D": 10}


def test_1_3a_imp_quotient_then_three_to_1_2():
    # All drawn, 10 each against E: 40 each. A beat E 20-10 in IMPs: 50/40. B, C, D go to
    # 1.2, where nothing separates them.
    cases = four(ALL_DRAWN, LEVEL_E, **{"A-E": {"imps": (20, 10)}})
    assert places(RR, *cases) == "A B=C=D E"
    assert decided(RR, *cases)["A"] == "1.3a IMP quotient"


def test_1_3b_one_beat_all_the_others():
    # A beats B, C, D 12-8, the rest draw: A 36, others 28; against E 5 and 13: 41 each.
    results = dict(ALL_DRAWN, **{"A-B": "12-8", "A-C": "12-8", "A-D": "12-8"})
    cases = four(results, {"A": 5, "B": 13, "C": 13, "D": 13})
    assert places(RR, *cases) == "A B=C=D E"
    assert decided(RR, *cases)["A"] == "1.3b beat all others"


def test_1_3b_one_uniquely_tied_one_and_beat_the_rest():
    # A draws B, beats C and D; C and D beat B and draw each other: A 34, B 26, C 30, D 30;
    # against E 6, 14, 10, 10: 40 each. A alone tied one and beat the rest (C and D each
    # drew one but lost to A). B, C, D go to 1.2: C and D both beat one and tied one, so
    # not c; B beaten by both is third (d); C and D go to 1.1: a play-off.
    results = {
        "A-B": "10-10",
        "A-C": "12-8",
        "A-D": "12-8",
        "C-B": "12-8",
        "D-B": "12-8",
        "C-D": "10-10",
    }
    cases = four(results, {"A": 6, "B": 14, "C": 10, "D": 10})
    assert places(RR, *cases) == "A C=D B E"
    steps = decided(RR, *cases)
    assert steps["A"] == "1.3b tied one, beat all others"
    assert steps["B"] == "1.2d beaten by both"


def test_1_3b_two_teams_tied_each_other_and_beat_the_rest_is_no_winner():
    # R11: A and B draw and both beat C and D; not unique, so 1.3b passes to 1.3c.
    results = dict(ALL_DRAWN, **{"A-C": "12-8", "A-D": "12-8", "B-C": "12-8", "B-D": "12-8"})
    cases = four(results, {"A": 6, "B": 6, "C": 14, "D": 14})
    steps = decided(RR, *cases)
    assert "1.3b" not in " ".join(steps.values())


def test_1_3c_total_point_quotient():
    # All drawn, level IMPs; A beat E 2000-1000 in points, B 1500-1000: A, B, then C and D
    # go to 1.1 and share third.
    settings = {"A-E": {"points": (2000, 1000)}, "B-E": {"points": (1500, 1000)}}
    cases = four(ALL_DRAWN, LEVEL_E, **settings)
    assert places(RR, *cases) == "A B C=D E"
    assert decided(RR, *cases)["B"] == "1.3c total point quotient"


def test_1_3d_four_level_after_everything_is_a_play_off():
    assert places(RR, *four(ALL_DRAWN, LEVEL_E)) == "A=B=C=D E"


def test_after_a_1_3b_winner_four_left_go_to_1_3c():
    # R12: five level teams A-E (F for the totals); A beats all, the rest draw. Four are
    # left, so 1.3c (not 1.3b again, not 1.2): B's point quotient is the best of them.
    teams = "ABCDE"
    cases = []
    for i, one in enumerate(teams):
        for other in teams[i + 1 :]:
            cases.append(match(f"{one}-{other} {'12-8' if one == 'A' else '10-10'}"))
    for team in teams:
        vps = 4 if team == "A" else 14  # A 48 + 4, the others 8 + 30 + 14: all 52
        points = (1500, 1000) if team == "B" else (1000, 1000)
        cases.append(match(f"{team}-F {vps}-5", points=points))
    steps = decided(RR, *cases)
    assert places(RR, *cases) == "A B C=D=E F"
    assert steps["A"] == "1.3b beat all others"
    assert steps["B"] == "1.3c total point quotient"
