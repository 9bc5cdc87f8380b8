"""Hooper's board count (Chess Scotland, seed 004 item 10), worked by hand.

Two teams tied after they met add up the numbers of the boards each won in that match; the
lower total ranks higher. Any other tied group: the system does not apply, and the next
tie-break (bottom board elimination) decides.
"""

from __future__ import annotations

from standings.engine.presets import BY_KEY
from standings.engine.standings import compute_standings
from standings.engine.trf import read_trf_bytes

LIST = ["MPTS", "GPTS", "HOOPER", "BBE"]


def team_file(matches: list[tuple[int, int, str]]) -> bytes:
    """One round of four-board matches: (team, opponent, the first team's board results as
    '1', '=', '0'); team t's players are 4t-3 .. 4t, on boards 1-4."""
    players, teams = [], []
    for home, away, results in matches:
        for board, result in enumerate(results, 1):
            a, b = 4 * (home - 1) + board, 4 * (away - 1) + board
            other = {"1": "0", "0": "1", "=": "="}[result]
            white = board % 2 == 1
            players.append((a, home, 2400 - a, result, b, "w" if white else "b"))
            players.append((b, away, 2400 - b, other, a, "b" if white else "w"))
        for team in (home, away):
            numbers = "".join(f"{4 * (team - 1) + k:5d}" for k in range(1, 5))
            teams.append(f"013 {f'Team {team:03d}':<31}{numbers}")
    lines = ["012 hooper", "142 1", "352 WBWB", "362 TW 2.0   TD 1.0   TL 0.0"]
    for sno, team, rating, result, opponent, colour in sorted(players):
        points = {"1": 1.0, "=": 0.5, "0": 0.0}[result]
        name = f"Team{team:03d}, Player{sno:04d}"
        lines.append(
            f"001 {sno:4d} m    {name:<33} {rating:4d} FID {0:>11} 2000/01/01 "
            f"{points:4.1f} {0:4d}  {opponent:4d} {colour} {result}"
        )
    return ("\n".join(lines + sorted(teams)) + "\n").encode()


def standings(matches):
    return compute_standings(read_trf_bytes(team_file(matches)).event, LIST)


def test_two_teams_tied_after_their_match_the_lower_board_total_ranks_higher():
    # 2-2: team 2 won boards 1 and 2 (1 + 2 = 3), team 1 boards 3 and 4 (3 + 4 = 7)
    rows = standings([(1, 2, "0011")]).rows
    assert [(r.start_no, r.values[:3]) for r in rows] == [(2, (1, 2, 3)), (1, (1, 2, 7))]
    assert [r.rank for r in rows] == [1, 2]
    notes = [c.note for c in rows[0].explanations[2]]
    assert notes == ["boards won: 1, 2"]


def test_a_draw_on_a_board_counts_for_neither_team():
    # 2-2 with two draws: team 1 won board 1 (1), team 2 board 4 (4)
    rows = standings([(1, 2, "1==0")]).rows
    assert [(r.start_no, r.values[2]) for r in rows] == [(1, 1), (2, 4)]


def test_a_group_of_more_than_two_is_left_to_bottom_board_elimination():
    # Four teams, two 2-2 matches: all four tied on MP and GP; Hooper does not apply.
    rows = standings([(1, 2, "1100"), (3, 4, "0110")]).rows
    assert all(r.values[2] is None for r in rows)
    assert all(r.values[:2] == (1, 2) for r in rows)
    # BBE drops board 4: teams 1 and 3 keep 2 points, 2 and 4 keep 1; then board 3: 1 ahead
    assert [r.start_no for r in rows][:2] == [1, 3]


def test_the_chess_scotland_team_preset_lists_it_between_game_points_and_bbe():
    assert BY_KEY["scotland-teams"].swiss == ("MPTS", "GPTS", "HOOPER", "BBE")
