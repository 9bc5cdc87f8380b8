"""What the bridge demo plays: boards' results a scorer could type, the same again for a
seed, bridge-like in their spread; a Swiss draw without rematches where one exists."""

from __future__ import annotations

from collections import Counter

from standings.bridge.contract import GAME, Contract, ns_score, parse_played, trick_score
from standings.bridge.imps import board_imps
from standings.bridge_events.demo_play import board_rooms, swiss_pairs

DEALS = [(f"7:5:{n % 6}:{n % 11}", n % 16 + 1) for n in range(3000)]


def test_every_room_is_a_result_in_the_hand_record_notation_with_tricks_in_range():
    for seed, board in DEALS:
        for room in board_rooms(seed, board=board):
            played = parse_played(room)
            assert str(played) == room
            assert 0 <= played.tricks <= 13
            if played.contract is not None:  # no declarer goes down more than seven
                assert played.tricks >= 5 and played.contract.needed - played.tricks <= 4


def test_the_same_seed_and_board_give_the_same_rooms_and_another_seed_others():
    assert [board_rooms("s", board=b) for b in range(1, 17)] == [
        board_rooms("s", board=b) for b in range(1, 17)
    ]
    assert [board_rooms("s", board=b) for b in range(1, 17)] != [
        board_rooms("t", board=b) for b in range(1, 17)
    ]


def test_the_boards_look_like_bridge():
    kinds: Counter[str] = Counter()
    swings = []
    for seed, board in DEALS:
        rooms = [parse_played(room) for room in board_rooms(seed, board=board)]
        swings.append(abs(board_imps(*(ns_score(p, board) for p in rooms))))
        for played in rooms:
            contract = played.contract
            if contract is None:
                kinds["passed"] += 1
                continue
            game = trick_score(Contract(contract.level, contract.strain)) >= GAME
            kinds["slam" if contract.level >= 6 else "game" if game else "part"] += 1
            kinds["down"] += played.tricks < contract.needed
            kinds["doubled"] += bool(contract.doubling)
    rooms = 2 * len(DEALS)
    assert 0.5 < (kinds["part"] + kinds["game"]) / rooms < 0.95  # mostly part-scores and games
    assert 0.03 < kinds["slam"] / rooms < 0.2
    assert 0.15 < kinds["down"] / rooms < 0.45
    assert 0.03 < kinds["doubled"] / rooms < 0.2
    assert 0 < kinds["passed"] / rooms < 0.05
    assert 2 < sum(swings) / len(swings) < 6  # IMPs a board, on average: mostly small swings
    assert swings.count(0) > len(swings) / 4 and max(swings) >= 13


def test_a_swiss_draw_pairs_down_the_standings_avoiding_rematches():
    assert swiss_pairs([1, 2, 3, 4], met=set()) == [(1, 2), (3, 4)]
    assert swiss_pairs([1, 2, 3, 4], met={frozenset((1, 2))}) == [(1, 3), (2, 4)]
    # 1 may meet 2, but then 3 and 4 would meet again: it looks further
    assert swiss_pairs([1, 2, 3, 4], met={frozenset((3, 4))}) == [(1, 3), (2, 4)]


def test_a_swiss_draw_with_no_way_round_a_rematch_pairs_in_order_and_leaves_an_odd_team_out():
    everyone = {frozenset(p) for p in [(1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)]}
    assert swiss_pairs([1, 2, 3, 4], met=everyone) == [(1, 2), (3, 4)]
    assert swiss_pairs([1, 2, 3], met=set()) == [(1, 2)]
