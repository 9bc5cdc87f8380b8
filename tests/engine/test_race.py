"""The race for first place (standings/engine/race.py): hand-made events with known answers,
and the fast answer against the full enumeration on generated events, for every preset list
of individual tie-breaks; the tables the fast path relies on (how far each tie-break reads,
which never decrease when someone else scores more) checked on generated events."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from standings.engine.catalogue import lookup
from standings.engine.event import PENDING, Event, Participant, RoundEntry, System, Team
from standings.engine.presets import PRESETS
from standings.engine.race import (
    CLINCHED,
    ELIMINATED,
    POSSIBLE,
    UNDETERMINED,
    depth_of,
    enumerate_race,
    is_monotone,
    race,
)
from standings.engine.ranking import sort_key
from standings.engine.standings import compute_standings
from tests.engine.builders import event_from_rows

INDIVIDUAL_LISTS = sorted({t for p in PRESETS if not p.team for t in (p.swiss, p.round_robin)})
# Short lists tie participants on every value often: the by-lots answers get exercised.
SHORT_LISTS = [(), ("BH",)]
CODES = {"1-0": ("1", "0"), "1/2-1/2": ("=", "="), "0-1": ("0", "1")}


def with_results(event: Event, witness) -> Event:
    """The event with each open game of a witness given its result."""
    codes = {}
    for game in witness:
        white, black = CODES[game.result]
        codes[game.white], codes[game.black] = white, black
    last = max(len(p.entries) for p in event.participants)
    parts = []
    for p in event.participants:
        if p.start_no in codes:
            entry = replace(p.entries[last - 1], code=codes[p.start_no])
            p = replace(p, entries=(*p.entries[: last - 1], entry))
        parts.append(p)
    return replace(event, participants=tuple(parts))


def first_in(standings, start_no: int) -> tuple[bool, bool]:
    """(ranks first, first alone): nobody strictly ahead; nobody else equal on every value."""
    k = next(k for k, row in enumerate(standings.rows) if row.start_no == start_no)
    first = all(standings.rows[m].parted_by is None for m in range(1, k + 1))
    alone = first and (len(standings.rows) == k + 1 or standings.rows[k + 1].parted_by is not None)
    return first, alone and k == 0


def by_start(found):
    return {c.start_no: c for c in found.chances}


def answers(found):
    """What must not depend on the way the answer was found (a witness may)."""
    return [(c.start_no, c.status, c.by_lots, c.places) for c in found.chances]


# -- hand-made events -----------------------------------------------------------------------


def round_robin_of_four() -> Event:
    """Berger pairings; after two rounds 1 and 3 have 1.5, 2 has 1, 4 nothing; the last
    round's games (2-4, 3-1) are open."""
    return event_from_rows(
        {
            1: "4w1 2w= 3b*",
            2: "3w= 1b= 4w*",
            3: "2b= 4b1 1w*",
            4: "1b0 3w0 2b*",
        },
        system=System.ROUND_ROBIN,
        closed={1, 2},
    )


def test_a_round_robin_of_four():
    found = race(round_robin_of_four(), ("DE", "SB", "KS", "WIN"), budget=None)
    chances = by_start(found)
    assert found.round == 3 and found.final_round
    assert [(g.board, g.white, g.black) for g in found.open_games] == [(1, 3, 1), (2, 2, 4)]
    # 1 and 3 meet: the winner is alone at the top (2.5), a loss leaves the other ahead.
    for start_no, win in ((1, "0-1"), (3, "1-0")):
        assert chances[start_no].status == POSSIBLE
        assert chances[start_no].by_lots is False
        assert {(g.white, g.result) for g in chances[start_no].witness} >= {(3, win)}
    # 2 reaches 2.0 only when 1 and 3 draw: level with both on every value (they drew
    # each other, all beat 4, the same Sonneborn-Berger and Koya): first by lots only.
    assert chances[2].status == POSSIBLE and chances[2].by_lots is True
    assert {(g.white, g.result) for g in chances[2].witness} == {(3, "1/2-1/2"), (2, "1-0")}
    assert chances[4].status == ELIMINATED and chances[4].witness is None
    # In the order of the current standings.
    now = compute_standings(round_robin_of_four(), ("DE", "SB", "KS", "WIN"))
    assert [c.start_no for c in found.chances] == [row.start_no for row in now.rows]
    assert [c.start_no for c in found.first_place] == [
        r.start_no for r in now.rows if r.start_no != 4
    ]
    reference = enumerate_race(round_robin_of_four(), ("DE", "SB", "KS", "WIN"))
    assert answers(found) == answers(reference)


def swiss_with_a_bye_and_a_forfeit() -> Event:
    """Five players: in the last round 1-2 is open, 4 wins against 3 by forfeit, 5 has the
    pairing-allocated bye. Before it: 1 has 2, 2 and 3 have 1.5, 4 has 1, 5 nothing."""
    return event_from_rows(
        {
            1: "5w1 4b1 2w*",
            2: "3w= U 1b*",
            3: "2b= 5w+ 4b-",
            4: "U 1w0 3w+",
            5: "1b0 3b- U",
        },
        closed={1, 2},
    )


def test_a_swiss_with_a_bye_and_a_forfeit():
    event = swiss_with_a_bye_and_a_forfeit()
    found = race(event, ("BH/C1", "BH", "SB", "DE", "WIN", "BPG"), budget=None)
    chances = by_start(found)
    # 1 wins or draws: alone at the top (3 or 2.5 against 2.5 at most); 1 loses: 2 has 2.5.
    assert chances[1].status == POSSIBLE and chances[1].by_lots is False
    assert chances[2].status == POSSIBLE and chances[2].by_lots is False
    assert [g.result for g in chances[2].witness] == ["0-1"]
    # 4 ends on 2 with the forfeit win, 3 on 1.5, 5 on 1 with the bye: someone always has 2.5.
    for start_no in (3, 4, 5):
        assert chances[start_no].status == ELIMINATED
    assert [(r.own, r.best, r.worst) for r in chances[1].places][:2] == [
        ("win", 1, 1),
        ("draw", 1, 1),
    ]
    # One open game: each own result is one outcome, best and worst the same place.
    for chance in found.first_place:
        assert all(r.best == r.worst for r in chance.places)
    assert answers(found) == answers(
        enumerate_race(event, ("BH/C1", "BH", "SB", "DE", "WIN", "BPG"))
    )


def test_a_lead_of_more_than_a_point_has_clinched():
    """3 and 4 were absent twice: whatever happens, nobody reaches 1's 2 points."""
    event = event_from_rows({1: "2w1 3w+ 4w*", 2: "1b0 Z 3w*", 3: "Z 1b- 2b*", 4: "Z Z 1b*"})
    chances = by_start(race(event, ("BH",), budget=None))
    assert chances[1].status == CLINCHED and chances[1].by_lots is False
    assert [(r.own, r.best, r.worst) for r in chances[1].places] == [
        ("win", 1, 1),
        ("draw", 1, 1),
        ("loss", 1, 1),
    ]
    assert {c.status for start_no, c in chances.items() if start_no != 1} == {ELIMINATED}


def test_the_witness_reads_the_boards_given():
    found = race(round_robin_of_four(), ("DE",), boards={3: 7, 2: 8}, budget=None)
    assert [g.board for g in found.open_games] == [7, 8]
    assert {g.board for g in by_start(found)[1].witness} == {7, 8}


def test_the_json_shape():
    found = race(swiss_with_a_bye_and_a_forfeit(), ("BH",), budget=None)
    shown = found.to_json()
    assert shown["round"] == 3 and shown["open_games"] == 1 and shown["final_round"] is True
    assert [c["start_no"] for c in shown["first_place"]] == [1, 2]
    one = shown["first_place"][0]
    assert one["status"] == POSSIBLE and one["by_lots"] is False
    assert one["witness"][0]["board"] == 1 and one["witness"][0]["result"] in ("1-0", "1/2-1/2")
    assert one["places"][0] == {"own": "win", "best": 1, "worst": 1}


def test_a_round_not_paired_yet_has_no_open_game():
    event = event_from_rows({1: "2w1", 2: "1b0", 3: "4w=", 4: "3b="})
    found = race(event, ("BH",), budget=None)
    assert found.open_games == ()
    assert by_start(found)[1].status == CLINCHED
    assert by_start(found)[1].places[0].own == ""  # no open game of their own


def test_refusals():
    with pytest.raises(ValueError, match="pending game"):
        race(event_from_rows({1: "2w*", 2: "1b0"}), ("BH",))
    team_event = replace(round_robin_of_four(), teams=(Team(1, "A", (1, 2)), Team(2, "B", (3, 4))))
    with pytest.raises(ValueError, match="individual"):
        race(team_event, ("BH",))
    with pytest.raises(ValueError, match="too many"):
        enumerate_race(round_robin_of_four(), ("BH",), most_games=1)


def test_no_budget_leaves_the_hard_questions_undetermined_never_guessed():
    event = round_robin_of_four()
    reference = by_start(enumerate_race(event, ("DE", "SB")))
    for start_no, chance in by_start(race(event, ("DE", "SB"), budget=0.0)).items():
        assert chance.status in (UNDETERMINED, reference[start_no].status)
        assert all(r.best is None or r.best >= 1 for r in chance.places)
    # 4 is out on points alone: no search needed.
    assert by_start(race(event, ("DE", "SB"), budget=0.0))[4].status == ELIMINATED


# -- generated events against the full enumeration ------------------------------------------

RESULTS = [("1", "0")] * 4 + [("=", "=")] * 3 + [("0", "1")] * 4
FORFEITS = [("+", "-"), ("-", "+"), ("-", "-")]


def generated_swiss(rng: random.Random) -> Event:
    """4-10 players, 3-5 rounds paired by score, absences (H, Z, F byes), pairing-allocated
    byes, forfeits; up to 6 of the last round's games open."""
    size, rounds, open_games = rng.randint(4, 10), rng.randint(3, 5), rng.randint(0, 6)
    entries: dict[int, list[RoundEntry]] = {s: [] for s in range(1, size + 1)}
    score = dict.fromkeys(entries, 0.0)
    for r in range(1, rounds + 1):
        absent = set(rng.sample(sorted(entries), k=rng.choice([0, 0, 0, 1, 2]) if size > 5 else 0))
        for s in absent:
            entries[s].append(RoundEntry(r, None, None, rng.choice("HZF")))
        present = [s for s in entries if s not in absent]
        present.sort(key=lambda s: (-score[s], rng.random()))
        if len(present) % 2:
            entries[present.pop(rng.randrange(len(present)))].append(RoundEntry(r, None, None, "U"))
        for k, (a, b) in enumerate(zip(present[::2], present[1::2], strict=True)):
            if r == rounds and k < open_games:
                ca = cb = PENDING
            else:
                ca, cb = rng.choice(RESULTS + FORFEITS)
            if rng.random() < 0.5:
                a, b, ca, cb = b, a, cb, ca
            entries[a].append(RoundEntry(r, b, "w", ca))
            entries[b].append(RoundEntry(r, a, "b", cb))
        for s in entries:
            code = entries[s][-1].code
            score[s] += {"1": 1.0, "+": 1.0, "U": 1.0, "F": 1.0, "=": 0.5, "H": 0.5}.get(code, 0)
    return generated_event(rng, entries, rounds, System.SWISS)


def generated_round_robin(rng: random.Random) -> Event:
    """4-8 players (a free round when odd), Berger pairings cut after a random round whose
    games are open, up to 4 of them."""
    size = rng.randint(4, 8)
    seats: list[int | None] = [*range(1, size + 1), *([None] if size % 2 else [])]
    rounds, open_games = rng.randint(2, len(seats) - 1), rng.randint(0, 4)
    entries: dict[int, list[RoundEntry]] = {s: [] for s in range(1, size + 1)}
    for r in range(1, rounds + 1):
        k = 0
        for x in range(len(seats) // 2):
            a, b = seats[x], seats[-1 - x]
            if a is None or b is None:
                entries[a or b].append(RoundEntry(r, None, None, "-"))  # the free round
                continue
            if r == rounds and k < open_games:
                ca = cb = PENDING
                k += 1
            else:
                ca, cb = rng.choice(RESULTS + FORFEITS[:1])
            if (r + x) % 2:
                a, b, ca, cb = b, a, cb, ca
            entries[a].append(RoundEntry(r, b, "w", ca))
            entries[b].append(RoundEntry(r, a, "b", cb))
        seats = [seats[0], seats[-1], *seats[1:-1]]
    return generated_event(rng, entries, len(seats) - 1, System.ROUND_ROBIN)


def generated_event(rng, entries, rounds, system) -> Event:
    unrated = set(rng.sample(sorted(entries), k=rng.choice([0, 0, 0, 1])))
    participants = tuple(
        Participant(s, f"P{s}", None if s in unrated else rng.randrange(1400, 2600, 5), entries=e)
        for s, e in ((s, tuple(e)) for s, e in entries.items())
    )
    return Event(
        "generated",
        participants,
        rounds,
        system,
        lots_seed=rng.randrange(1000),
        shared_places=rng.random() < 0.2,
    )


def check_against_enumeration(event: Event, tiebreaks, rules: str) -> Counter:
    reference = enumerate_race(event, tiebreaks, rules=rules)
    fast = race(event, tiebreaks, rules=rules, budget=None)
    assert fast.open_games == reference.open_games
    seen: Counter = Counter()
    assert answers(fast) == answers(reference), (tiebreaks, rules)
    for mine in fast.chances:
        seen[mine.status] += 1
        seen["by lots"] += mine.by_lots is True
        if mine.witness is not None:  # it really has them first: alone unless by lots
            standings = compute_standings(with_results(event, mine.witness), tiebreaks, rules=rules)
            first, alone = first_in(standings, mine.start_no)
            assert first and alone is not mine.by_lots, (tiebreaks, rules, mine)
            assert len(mine.witness) == len(fast.open_games)
    return seen


def test_the_fast_answer_is_the_enumerations_on_generated_events():
    """240 events (about 30 % round robins), each with the five preset lists of individual
    tie-breaks and two short lists, rules of 2024 or 2026: 1,680 races, every one the same as
    the full enumeration's, every witness checked in its standings."""
    rng = random.Random(29)
    seen: Counter = Counter()
    races = 0
    for _ in range(240):
        event = generated_round_robin(rng) if rng.random() < 0.3 else generated_swiss(rng)
        for tiebreaks in (*INDIVIDUAL_LISTS, *SHORT_LISTS):
            seen += check_against_enumeration(event, tiebreaks, rng.choice(["2024", "2026"]))
            races += 1
    assert races == 1680
    # The events exercise every answer.
    assert seen[CLINCHED] > 50 and seen[POSSIBLE] > 500 and seen[ELIMINATED] > 1000
    assert seen["by lots"] > 20


def test_bounds_spare_most_of_the_enumeration():
    """A 16-player Swiss whose last round has 7 open games: 2,187 outcomes enumerated; the
    fast answer, the same, reads far fewer standings."""
    rng = random.Random(7)
    entries: dict[int, list[RoundEntry]] = {s: [] for s in range(1, 17)}
    for r in range(1, 5):
        order = sorted(entries, key=lambda s: (-sum(e.code == "1" for e in entries[s]), s))
        for k, (a, b) in enumerate(zip(order[::2], order[1::2], strict=True)):
            ca, cb = (PENDING, PENDING) if r == 4 and k < 7 else rng.choice(RESULTS)
            entries[a].append(RoundEntry(r, b, "w", ca))
            entries[b].append(RoundEntry(r, a, "b", cb))
    event = generated_event(rng, entries, 4, System.SWISS)
    tiebreaks = ("BH/C1", "BH", "SB", "DE", "WIN", "BPG")
    reference = enumerate_race(event, tiebreaks)
    fast = race(event, tiebreaks, budget=None, places=False)
    assert [(c.status, c.by_lots) for c in fast.chances] == [
        (c.status, c.by_lots) for c in reference.chances
    ]
    assert any(c.status != ELIMINATED for c in fast.chances[1:])  # not decided on points alone
    assert reference.evaluations == 3**7
    assert fast.evaluations < 3**7 / 10


# -- the tables the fast path relies on -----------------------------------------------------

TABLE_SPECS = sorted(
    {t for lst in INDIVIDUAL_LISTS for t in lst}
    | {"BH/C1", "BH/C2", "BH/M1", "SB/C1", "FB", "FB/C1", "AOB", "KS/L+1", "ARO", "TPR"}
    | {"PTP", "APRO", "APPO", "WON", "BWG", "PS", "GE", "USMED", "FLOSS", "SCBH/C1"}
)


def product_events(rng: random.Random):
    """Generated events with open games, twice: each open side's result drawn on its own
    (the product of the sides' results that the bounds read, both sides winning too), then
    the same with one side's result raised (a loss to a draw, a draw to a win)."""
    while True:
        event = generated_round_robin(rng) if rng.random() < 0.3 else generated_swiss(rng)
        last = max(len(p.entries) for p in event.participants)
        sides = [
            p.start_no
            for p in event.participants
            if len(p.entries) == last and p.entries[-1].code == PENDING
        ]
        if not sides:
            continue
        drawn = {s: rng.randrange(3) for s in sides}  # 0 loss, 1 draw, 2 win
        raised = rng.choice(sides)
        drawn[raised] = min(drawn[raised], 1)
        yield (
            with_own_results(event, drawn),
            with_own_results(event, {**drawn, raised: drawn[raised] + 1}),
            raised,
        )


def with_own_results(event: Event, own: dict[int, int]) -> Event:
    last = max(len(p.entries) for p in event.participants)
    parts = []
    for p in event.participants:
        if p.start_no in own:
            entry = replace(p.entries[last - 1], code=("0", "=", "1")[own[p.start_no]])
            p = replace(p, entries=(*p.entries[: last - 1], entry))
        parts.append(p)
    return replace(event, participants=tuple(parts))


def distances(event: Event, source: int) -> dict[int, int]:
    """Pairing-graph distance of every participant from `source` (start numbers)."""
    neighbours: dict[int, set[int]] = {p.start_no: set() for p in event.participants}
    for p in event.participants:
        for e in p.entries:
            if e.opponent in neighbours and e.opponent != p.start_no:
                neighbours[p.start_no].add(e.opponent)
                neighbours[e.opponent].add(p.start_no)
    found, frontier = {source: 0}, [source]
    while frontier:
        nxt = []
        for s in frontier:
            for t in neighbours[s]:
                if t not in found:
                    found[t] = found[s] + 1
                    nxt.append(t)
        frontier = nxt
    return found


def _tables_apply(text: str) -> bool:
    """Not a place inside a group, nor a value that reads the whole field: the race's tables
    say something of it."""
    spec, entry = lookup(text)
    return not (entry.sub_rank or (not is_monotone(spec, entry) and depth_of(entry) is None))


@pytest.mark.parametrize("text", [text for text in TABLE_SPECS if _tables_apply(text)])
def test_the_tables_of_depth_and_monotony(text):
    """Raising one side's result never ranks anybody else lower under a tie-break the race
    calls monotone (nor that side itself, where it says so), and changes the values only of
    participants within the depth the race gives the tie-break."""
    spec, entry = lookup(text)
    monotone, own = is_monotone(spec, entry), is_monotone(spec, entry, own=True)
    depth = depth_of(entry)
    rng = random.Random(text)
    events = product_events(rng)
    for _ in range(200):
        before, after, raised = next(events)
        rules = rng.choice(["2024", "2026"])
        low = {
            r.start_no: r.values[-1] for r in compute_standings(before, [text], rules=rules).rows
        }
        high = {
            r.start_no: r.values[-1] for r in compute_standings(after, [text], rules=rules).rows
        }
        away = distances(before, raised)
        for start_no, value in low.items():
            if depth is not None and high[start_no] != value:
                assert away.get(start_no, 99) <= depth, (text, start_no, raised)
            if monotone and (start_no != raised or own):
                worse = sort_key(high[start_no], entry.higher_is_better) > sort_key(
                    value, entry.higher_is_better
                )
                assert not worse, (text, start_no, raised, value, high[start_no])
