"""The race for first place (issue 29, section 3): who can still finish first, exactly.

The outcomes considered: every combination of 1-0, 1/2-1/2 and 0-1 for the open games of the
current round, the last round with entries. An open game is a game of that round whose two
sides both hold the PENDING code; every result entered stands, byes and forfeits as entered
(a pending game of an earlier round stays as it is: it scores nothing yet, as in the
standings). An open game becomes the codes "1", "=", "0" (a rated game over the board).

- A participant *ranks first* in an outcome when nobody is strictly ahead of them in that
  outcome's standings (`compute_standings`, the event's list): they are in the group of the
  first row, equal to it on every value, before lots.
- *clinched*: first in every outcome, and nobody equal to them on every value in any.
  *eliminated*: in every outcome somebody is strictly ahead. *possible*: anything else, with a
  *witness*, the results of every open game in one outcome where the participant ranks first.
  `by_lots` is false when some outcome has them first alone (the witness is such an outcome),
  true when every outcome that has them first ties them with others on every value.
  *undetermined*: the work went past its budget (CPU seconds of the calling thread); a
  witness found before that is still given, since it proves the participant can be first.
- *Places*, for every participant not eliminated and each result of their own open game
  (win, draw, loss; "" without an open game): the place is 1 + the number strictly ahead (the
  place shared by all those equal on every value); `best` the smallest over every outcome of
  the other open games, `worst` the largest (None: undetermined within the budget).

`enumerate_race` is the reference: every outcome, `compute_standings` for each (a handful of
open games only). `race` gives the same answers with far less work:

1. Points first: each participant plays at most one open game, so points bounds are exact
   per game. Who cannot reach the top score is eliminated; who is above everybody's maximum
   has clinched; a search for "first" only allows the results that leave everybody at or
   below the participant's score.
2. Tie-break bounds: for the tie-breaks that never rank a participant lower when another
   scores more (`_MONOTONE`; `_OWN_MONOTONE`: nor when they themselves do), two evaluations
   (every undecided game lost by both sides, and won by both) bound every value over a whole
   subtree of the search. Each other participant, and each undecided game result by result,
   is judged against the participant: surely ahead, surely behind, surely level on every
   value, or open.
3. A depth-first search over the games that can change an open judgement: the games of who
   may end level on points, and the games within the reach of the list's tie-breaks
   (`_DEPTH`: own games, opponents' results, opponents' opponents') of an open participant or
   of the one asked about. A game judged for every result is settled by its best result,
   without branching; games between two opponents of one participant are fixed first (the
   bounds counted both as winners). The most promising complete outcome is tried at once;
   the participant's own win first.
4. Every evaluation is cached and shared by all the questions of one call; the budget is
   shared in two passes (an equal share of half of it each, then the rest to the questions
   still open), so that a hard question does not starve the easy ones.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace

from .catalogue import lookup
from .crosstable import Crosstable
from .editions import choose_edition
from .event import PENDING, Event, Participant
from .standings import compute_standings

TYPE_CHECKING = False  # typing only for the type checker (see pickled.py)
if TYPE_CHECKING:
    from .catalogue.base import TieBreak, Value
    from .notation import Spec
    from .result import Standings

CLINCHED, POSSIBLE, ELIMINATED, UNDETERMINED = "clinched", "possible", "eliminated", "undetermined"
# A game's outcome by index, as written from White's side: white wins, draw, black wins.
RESULTS = ("1-0", "1/2-1/2", "0-1")
# A participant's own result by index: white's own result is the outcome's index, black's
# is 2 minus it.
OWN_RESULTS = ("win", "draw", "loss")
_OWN_CODES = ("1", "=", "0")
_TRY_ORDER = (1, 0, 2)  # the result an undecided game is fixed to first: a draw

# How far each tie-break reads in the graph of pairings (all rounds, the current one too):
# 0 the participant's own games (and fixed data: ratings, colours), 1 the opponents' results
# too, 2 the opponents' opponents'. DE reads the games between the participants it compares.
# A tie-break not listed reads the whole field (WALL: everybody's score groups).
_DEPTH = {
    **dict.fromkeys(("PTS", "WIN", "WON", "BPG", "BWG", "PS", "GE", "DE"), 0),
    **dict.fromkeys(("ARO", "TPR", "PTP", "USCUM", "KASH", "BAUM", "FLOSS", "SCSOG", "SCPS"), 0),
    **dict.fromkeys(("BH", "FB", "SB", "KS", "APRO", "APPO"), 1),
    **dict.fromkeys(("USMM", "USMED", "USSOLK", "USOCUM", "SCBH", "SCSB"), 1),
    "AOB": 2,
}
# Tie-breaks that, the participant's own results fixed, never rank them lower when another
# participant scores more in the current round (each side's result taken on its own, both
# sides winning included): sums over opponents' scores and their order statistics, counts of
# their own results, fixed data. Not SB with a cut (cutting the weakest opponent can drop a
# won game for a lost one), not DE (a place inside a group), not WALL (the whole field).
# tests/engine/test_race.py checks both tables on generated events.
_MONOTONE = frozenset(
    (
        *("PTS", "WIN", "WON", "BPG", "BWG", "PS", "GE", "ARO", "TPR", "PTP", "APRO", "APPO"),
        *("BH", "FB", "SB", "KS", "AOB"),
        *("USMM", "USMED", "USSOLK", "USCUM", "USOCUM", "KASH", "BAUM", "FLOSS"),
        *("SCSOG", "SCPS", "SCBH", "SCSB"),
    )
)
# Of those, the ones that never rank a participant lower when they themselves score more:
# not USMM (a score turning from minus to even cuts the lowest opponent too).
_OWN_MONOTONE = _MONOTONE - {"USMM"}
_CACHE_LIMIT = 50_000  # evaluations kept per call
_SAME_BUDGET = -1.0  # race()'s places_budget by default: the same as its budget

# A participant compared with the one the question is about, over a whole subtree.
_AHEAD, _BEHIND, _TIE, _OPEN = range(4)
# The questions asked of a search.
_SOLE, _FIRST, _NOT_SOLE, _FEWEST, _MOST = range(5)


def depth_of(entry: TieBreak) -> int | None:
    """How far a tie-break reads (`_DEPTH`); None: the whole field."""
    return _DEPTH.get(entry.acronym)


def is_monotone(spec: Spec, entry: TieBreak, *, own: bool = False) -> bool:
    """Does the tie-break never rank a participant lower when another scores more (`own`:
    when they themselves score more, too)?"""
    if entry.acronym not in (_OWN_MONOTONE if own else _MONOTONE) or entry.sub_rank:
        return False
    return not (entry.acronym == "SB" and (spec.cut_low or spec.cut_high))


@dataclass(frozen=True, slots=True)
class OpenGame:
    board: int  # as the caller numbers the round's boards (see `race`)
    white: int  # start numbers
    black: int


@dataclass(frozen=True, slots=True)
class GameOutcome:
    board: int
    white: int
    black: int
    result: str  # "1-0", "1/2-1/2" or "0-1"


@dataclass(frozen=True, slots=True)
class PlaceRange:
    """The places one result of the participant's own game can give, over every outcome of
    the other open games: 1 + the fewest and 1 + the most strictly ahead. None: undetermined."""

    own: str  # "win", "draw", "loss"; "" for a participant without an open game
    best: int | None
    worst: int | None


@dataclass(frozen=True, slots=True)
class Condition:
    """One result of the participant's own game ranks them first exactly when one other
    board ends with one of `results`: first in every outcome where it does, in none where it
    does not."""

    own: str  # "win", "draw", "loss"
    board: int
    results: tuple[str, ...]  # from White's side, in the order of RESULTS


@dataclass(frozen=True, slots=True)
class GroupPlace:
    """A member's place among the members of a group (1 + the members strictly ahead):
    `reach`, within the group's places in some outcome; `sure`, in every outcome (None:
    undetermined within the budget)."""

    start_no: int
    reach: bool | None
    sure: bool | None


@dataclass(frozen=True, slots=True)
class GroupRace:
    """Who can still end within the first `places` places of a group (a prize category):
    every member but those shown, on points alone, to have `places` members ahead of them in
    every outcome, and whether they can end within them and are sure to."""

    key: str
    places: int
    members: int
    reach: tuple[GroupPlace, ...]  # in the order of the current standings

    def to_json(self) -> dict[str, object]:
        return {
            "key": self.key,
            "places": self.places,
            "members": self.members,
            "reach": [
                {"start_no": g.start_no, "reach": g.reach, "sure": g.sure} for g in self.reach
            ],
        }


@dataclass(frozen=True, slots=True)
class Chance:
    start_no: int
    name: str
    status: str  # CLINCHED, POSSIBLE, ELIMINATED or UNDETERMINED
    witness: tuple[GameOutcome, ...] | None  # every open game, in an outcome where first
    by_lots: bool | None  # only level on every value at the top in every such outcome
    places: tuple[PlaceRange, ...] = ()  # for a participant not eliminated
    conditions: tuple[Condition, ...] = ()  # asked for (race(conditions=True)) and found

    def to_json(self) -> dict[str, object]:
        return {
            "start_no": self.start_no,
            "name": self.name,
            "status": self.status,
            "witness": None
            if self.witness is None
            else [{"board": g.board, "result": g.result} for g in self.witness],
            "by_lots": self.by_lots,
            "places": [{"own": r.own, "best": r.best, "worst": r.worst} for r in self.places],
            "conditions": [
                {"own": c.own, "board": c.board, "results": list(c.results)}
                for c in self.conditions
            ],
        }


@dataclass(frozen=True, slots=True)
class Race:
    round: int  # the current round, whose open games the outcomes vary
    final_round: bool  # the event's last planned round: else the race covers this round only
    open_games: tuple[OpenGame, ...]
    chances: tuple[Chance, ...]  # every participant, in the order of the current standings
    evaluations: int  # standings (or the bounds' values alone) computed to answer
    groups: tuple[GroupRace, ...] = ()  # as asked for (race(groups=...)), in their order

    @property
    def first_place(self) -> tuple[Chance, ...]:
        """Every participant who is not eliminated."""
        return tuple(c for c in self.chances if c.status != ELIMINATED)

    def to_json(self) -> dict[str, object]:
        return {
            "round": self.round,
            "final_round": self.final_round,
            "open_games": len(self.open_games),
            "first_place": [c.to_json() for c in self.first_place],
            "groups": [g.to_json() for g in self.groups],
        }


class _OutOfBudget(Exception):
    """The work went past its deadline: the question stays undetermined."""


@dataclass(frozen=True, slots=True)
class _Eval:
    """One outcome's standings, as the race reads them (by participant index)."""

    ahead: tuple[int, ...]  # how many are strictly ahead
    alone: tuple[bool, ...]  # nobody else equal on every value
    values: tuple[tuple[Value, ...], ...]


def _summary(standings: Standings, index: Mapping[int, int]) -> _Eval:
    n = len(index)
    ahead = [0] * n
    values: list[tuple[Value, ...]] = [()] * n
    start = 0
    sizes: dict[int, int] = {}
    for k, row in enumerate(standings.rows):
        if k and row.parted_by is not None:  # the ranking told it from the row above
            start = k
        i = index[row.start_no]
        ahead[i] = start
        values[i] = tuple(row.values)
        sizes[start] = sizes.get(start, 0) + 1
    return _Eval(tuple(ahead), tuple(sizes[a] == 1 for a in ahead), tuple(values))


class _Tops:
    """The largest of some keyed values, leaving one key out, in constant time."""

    def __init__(self, values: dict[int, float]) -> None:
        self.values = sorted(values.items(), key=lambda kv: -kv[1])[:2]

    def top(self, leaving_out: int) -> float:
        return next((v for k, v in self.values if k != leaving_out), float("-inf"))


class _Field:
    """The event as the race reads it: open games, points, pairings, cached evaluations."""

    def __init__(
        self,
        event: Event,
        tiebreaks: Sequence[str] | None,
        rules: str | None,
        boards: Mapping[int, int] | None,
    ) -> None:
        if event.teams:
            raise ValueError("the race is computed for individual events only")
        self.event = event
        self.tiebreaks = tuple(event.tiebreaks if tiebreaks is None else tiebreaks)
        self.rules = rules
        self.parts = event.participants
        self.size = len(self.parts)
        self.index = {p.start_no: i for i, p in enumerate(self.parts)}
        self.round = max((len(p.entries) for p in self.parts), default=0)
        self.evaluations = 0
        self._cache: dict[tuple[int, ...], _Eval] = {}
        self._bound_cache: dict[tuple[int, ...], list[tuple[Value, ...]]] = {}
        self._variants: dict[tuple[int, int], Participant] = {}
        self._near: dict[int, frozenset[int]] = {}
        self._reach: dict[int, frozenset[int]] = {}
        self._find_games(boards)
        self._count_points()
        self._read_tops()
        self.current = compute_standings(event, self.tiebreaks, rules=rules)  # checks the list
        self._read_columns()
        self._read_pairings()

    # -- the event ---------------------------------------------------------------------

    def _find_games(self, boards: Mapping[int, int] | None) -> None:
        r, parts, index = self.round, self.parts, self.index
        self.games: list[tuple[int, int]] = []  # (white, black) participant indexes
        self.game_of = [-1] * self.size
        self.black = [False] * self.size
        for i, p in enumerate(parts):
            e = p.entry(r)
            if e is None or e.code != PENDING or self.game_of[i] >= 0:
                continue
            j = index.get(e.opponent, -1) if e.opponent is not None else -1
            f = parts[j].entry(r) if j >= 0 else None
            if f is None or j == i or f.code != PENDING or f.opponent != p.start_no:
                raise ValueError(f"round {r}: {p.start_no}'s pending game has no pending opponent")
            w, b = (j, i) if e.color == "b" or (e.color != "w" and f.color == "w") else (i, j)
            self.game_of[w] = self.game_of[b] = len(self.games)
            self.black[b] = True
            self.games.append((w, b))
        # By default a game's board is its place among the round's games (each counted at
        # the first of its two players) in the event's order.
        firsts: list[int] = []
        for i, p in enumerate(parts):
            e = p.entry(r)
            j = index.get(e.opponent, -1) if e is not None and e.opponent is not None else -1
            if j < 0:
                continue
            back = parts[j].entry(r)
            if i < j or back is None or back.opponent != p.start_no:
                firsts.append(i)
        numbers = {i: k + 1 for k, i in enumerate(firsts)}
        self.open_games = tuple(
            OpenGame(
                (boards or {}).get(parts[w].start_no, numbers.get(min(w, b), 0)),
                parts[w].start_no,
                parts[b].start_no,
            )
            for w, b in self.games
        )

    def _count_points(self) -> None:
        """Each participant's points with each own result (as the crosstable adds them)."""
        scoring, r = self.event.scoring, self.round
        self.totals: list[tuple[float, float, float]] = []
        for i, p in enumerate(self.parts):
            pts = [scoring.points(e.code) if e.points is None else e.points for e in p.entries[:r]]
            pts += [0.0] * (r - len(pts))
            if self.game_of[i] >= 0:
                head = pts[:-1]
                win, draw, loss = (sum([*head, scoring.points(c)]) for c in _OWN_CODES)
                self.totals.append((win, draw, loss))
            else:
                total = sum(pts)
                self.totals.append((total, total, total))

    def _read_tops(self) -> None:
        totals = self.totals
        # Per game the least its higher side can end with, and the most either side can.
        self.floors = _Tops(
            {
                g: min(max(totals[w][r], totals[b][2 - r]) for r in range(3))
                for g, (w, b) in enumerate(self.games)
            }
        )
        self.ceilings = _Tops(
            {g: max(*totals[w], *totals[b]) for g, (w, b) in enumerate(self.games)}
        )
        self.unpaired = _Tops({i: t[0] for i, t in enumerate(totals) if self.game_of[i] < 0})

    def opponent(self, i: int) -> int:
        """The opponent in i's open game."""
        w, b = self.games[self.game_of[i]]
        return w if b == i else b

    def _read_columns(self) -> None:
        chosen = [lookup(text) for text in self.current.tiebreaks]  # PTS first
        self.edition = choose_edition(self.event.start_date, self.rules)
        self.columns = len(chosen)
        self.higher = [entry.higher_is_better for _, entry in chosen]
        self.skips = [entry.null == "skips group" for _, entry in chosen]
        # The values compared on bounds: the monotone ones from the first after PTS on.
        # The values compared on bounds: from the first after PTS to the last of the
        # leading ones monotone in the others' results (compared), in the participant's
        # own result too (compared_own).
        self.compared = self.compared_own = 0
        for spec, entry in chosen[1:]:
            if not is_monotone(spec, entry):
                break
            self.compared += 1
        for spec, entry in chosen[1 : self.compared + 1]:
            if not is_monotone(spec, entry, own=True):
                break
            self.compared_own += 1
        self._compared = chosen[1 : self.compared + 1]
        depths = [depth_of(entry) for _, entry in chosen]
        self.depth = None if None in depths else max(d for d in depths if d is not None)

    def _read_pairings(self) -> None:
        self.adjacent: list[set[int]] = [set() for _ in range(self.size)]
        for i, p in enumerate(self.parts):
            for e in p.entries[: self.round]:
                j = self.index.get(e.opponent, -1) if e.opponent is not None else -1
                if j >= 0 and j != i:
                    self.adjacent[i].add(j)
                    self.adjacent[j].add(i)

    def reach(self, i: int) -> frozenset[int]:
        """The participants whose results a value of participant i can read (None depth:
        everybody)."""
        found = self._reach.get(i)
        if found is None:
            if self.depth is None:
                found = frozenset(range(self.size))
            else:
                reached, frontier = {i}, {i}
                for _ in range(self.depth):
                    frontier = {k for j in frontier for k in self.adjacent[j]} - reached
                    reached |= frontier
                found = frozenset(reached)
            self._reach[i] = found
        return found

    def near(self, i: int) -> frozenset[int]:
        """The open games whose results a value of participant i can read."""
        found = self._near.get(i)
        if found is None:
            games = self.game_of
            found = self._near[i] = frozenset(games[k] for k in self.reach(i) if games[k] >= 0)
        return found

    def own(self, i: int, outcome: int) -> int:
        """Participant i's own result (0 win, 1 draw, 2 loss) when their game ends so."""
        return 2 - outcome if self.black[i] else outcome

    # -- evaluations -------------------------------------------------------------------

    def _variant(self, i: int, own: int) -> Participant:
        key = (i, own)
        found = self._variants.get(key)
        if found is None:
            p = self.parts[i]
            last = replace(p.entries[-1], code=_OWN_CODES[own], points=None)
            found = self._variants[key] = replace(p, entries=(*p.entries[:-1], last))
        return found

    def _event_of(self, owns: tuple[int, ...]) -> Event:
        parts = list(self.parts)
        for g, (w, b) in enumerate(self.games):
            parts[w] = self._variant(w, owns[2 * g])
            parts[b] = self._variant(b, owns[2 * g + 1])
        return replace(self.event, participants=tuple(parts))

    def evaluate(self, owns: tuple[int, ...]) -> _Eval:
        """The standings when each open game's white and black score these own results
        (two per game, in game order; both sides may win: the bounds read such events)."""
        found = self._cache.get(owns)
        if found is None:
            event = self._event_of(owns)
            found = _summary(compute_standings(event, self.tiebreaks, rules=self.rules), self.index)
            if len(self._cache) >= _CACHE_LIMIT:
                self._cache.clear()
            self._cache[owns] = found
            self.evaluations += 1
        return found

    def bound_values(self, owns: tuple[int, ...]) -> list[tuple[Value, ...]]:
        """Per participant the values compared on bounds (PTS and the `compared` ones after
        it), as `evaluate` would give them, computed without the rest of the list."""
        found = self._bound_cache.get(owns)
        if found is None:
            table = Crosstable(self._event_of(owns), self.round, self.edition)
            columns: list[Sequence[Value]] = [table.scores]
            columns += [entry.evaluate(table, spec).values for spec, entry in self._compared]
            found = list(zip(*columns, strict=True))
            if len(self._bound_cache) >= _CACHE_LIMIT:
                self._bound_cache.clear()
            self._bound_cache[owns] = found
            self.evaluations += 1
        return found

    def evaluate_outcome(self, outcome: Sequence[int]) -> _Eval:
        return self.evaluate(tuple(x for r in outcome for x in (r, 2 - r)))

    def witness(self, outcome: Sequence[int]) -> tuple[GameOutcome, ...]:
        return tuple(
            GameOutcome(game.board, game.white, game.black, RESULTS[r])
            for game, r in zip(self.open_games, outcome, strict=True)
        )

    def own_results(self, i: int) -> tuple[int, ...]:
        """The own results a participant can have: all three with an open game."""
        return (0, 1, 2) if self.game_of[i] >= 0 else (0,)

    def own_label(self, i: int, own: int) -> str:
        return OWN_RESULTS[own] if self.game_of[i] >= 0 else ""

    def chance(
        self,
        i: int,
        status: str,
        witness: Sequence[int] | None = None,
        by_lots: bool | None = None,
        places: tuple[PlaceRange, ...] = (),
    ) -> Chance:
        p = self.parts[i]
        shown = None if witness is None else self.witness(witness)
        return Chance(p.start_no, p.name, status, shown, by_lots, places)

    def race(self, chances: Mapping[int, Chance], groups: tuple[GroupRace, ...] = ()) -> Race:
        order = [self.index[row.start_no] for row in self.current.rows]
        return Race(
            round=self.round,
            final_round=self.round >= self.event.rounds,
            open_games=self.open_games,
            chances=tuple(chances[i] for i in order),
            evaluations=self.evaluations,
            groups=groups,
        )


class _Judge:
    """How each participant who may end level with p on points compares with p over a whole
    subtree, read on the bounds (two evaluations, made when first needed)."""

    def __init__(self, search: _Search, candidates: list[int]) -> None:
        self.search = search
        self.candidates = candidates  # everybody who may end level with p, p included
        self._events: tuple[list[tuple[Value, ...]], list[tuple[Value, ...]], int] | None = None
        self._memo: dict[tuple[int, bool], int] = {}

    def state(self, j: int, points: float, settled: bool) -> int:
        """j with these points against p: _AHEAD, _BEHIND, _TIE or _OPEN. `settled`: j's own
        result is known (else the bounds hold only for the values monotone in it too)."""
        s = self.search.s
        if points != s:
            return _AHEAD if points > s else _BEHIND
        key = (j, settled)
        found = self._memo.get(key)
        if found is None:
            found = self._memo[key] = self._compare(j, settled)
        return found

    def _compare(self, j: int, settled: bool) -> int:
        field, p = self.search.field, self.search.p
        if field.columns == 1:
            return _TIE  # points alone: level is equal on every value
        compared = field.compared if settled else field.compared_own
        if not compared:
            return _OPEN
        lows, highs, usable = self._bounds()
        complete = compared == field.columns - 1 and usable >= compared
        compared = min(compared, usable)
        higher = field.higher
        for c in range(1, compared + 1):
            lp, hp = _goodness(lows[p][c], higher[c]), _goodness(highs[p][c], higher[c])
            lj, hj = _goodness(lows[j][c], higher[c]), _goodness(highs[j][c], higher[c])
            if lp > hp or lj > hj:
                raise RuntimeError(f"race: {field.current.tiebreaks[c]} is not monotone")
            if lp == hp == lj == hj:
                continue
            return _AHEAD if lj > hp else _BEHIND if lp > hj else _OPEN
        return _TIE if complete else _OPEN

    def _bounds(self) -> tuple[list[tuple[Value, ...]], list[tuple[Value, ...]], int]:
        """The standings with every undecided game lost by both sides, and won by both; and
        how many values after PTS the bounds can compare: a tie-break that skips a group
        holding a null only while nobody who may be level with p has one."""
        if self._events is None:
            search = self.search
            field = search.field
            low: list[int] = []
            high: list[int] = []
            for g, r in enumerate(search.assign):
                if r >= 0:
                    low += (r, 2 - r)
                    high += (r, 2 - r)
                else:
                    allowed = search.allowed[g]
                    low += (max(allowed), 2 - min(allowed))  # the worst result of each side
                    high += (min(allowed), 2 - max(allowed))
            events = field.bound_values(tuple(low)), field.bound_values(tuple(high))
            usable = field.compared
            for c in range(1, field.compared + 1):
                if field.skips[c] and any(
                    values[k][c] is None for values in events for k in self.candidates
                ):
                    usable = c - 1
                    break
            self._events = (*events, usable)
        return self._events


class _Search:
    """One question about participant `p` with own result `own`, by depth-first search.

    At each node every other participant, and every undecided game result by result, is
    judged against p over the whole subtree (points, then the bounds): surely ahead, surely
    behind, surely level on every value, or open. A game judged for every result it may
    have is settled by picking its best result for the question, without branching; the
    search branches only on the games that can change an open judgement.
    """

    def __init__(
        self,
        field: _Field,
        p: int,
        own: int,
        kind: int,
        deadline: float,
        *,
        among: frozenset[int] | None = None,
        fixed: Mapping[int, tuple[int, ...]] | None = None,
        target: int | None = None,
    ) -> None:
        self.field = field
        self.p = p
        self.kind = kind
        self.deadline = deadline
        # _FEWEST, _MOST: who is counted ahead of p (participant indexes; None: everybody),
        # and the results some other games are restricted to (a condition on a board).
        self.among = among
        # _FEWEST, _MOST asked only whether some outcome has at most (at least) `target`
        # ahead: the search stops at the first such outcome, and skips the subtrees whose
        # bound cannot reach it; `best` is then that outcome's count, or None: none has.
        self.target = target
        self.counted = None if among is None else [k in among for k in range(field.size)]
        self.level: list[int] = []  # at the node: who may end level with p on points
        self.s = s = field.totals[p][own]
        totals = field.totals
        mine = field.game_of[p]
        self.allowed: list[tuple[int, ...]] = []
        for g, (w, b) in enumerate(field.games):
            if g == mine:
                self.allowed.append((2 - own if field.black[p] else own,))
            elif fixed is not None and g in fixed:
                self.allowed.append(tuple(r for r in _TRY_ORDER if r in fixed[g]))
            elif kind in (_SOLE, _FIRST):  # nobody may pass the participant on points
                self.allowed.append(
                    tuple(r for r in _TRY_ORDER if totals[w][r] <= s and totals[b][2 - r] <= s)
                )
            else:
                self.allowed.append(_TRY_ORDER)
        self.assign = [-1] * len(field.games)
        if mine >= 0:
            self.assign[mine] = self.allowed[mine][0]
        self.found: tuple[int, ...] | None = None  # the outcome answering _SOLE, _FIRST
        self.best: int | None = None  # the fewest or most strictly ahead found (_FEWEST, _MOST)
        self.bound: int | None = None  # the root's bound on it: reached, the search stops

    def run(self) -> bool:
        """Answer the question; raises _OutOfBudget past the deadline."""
        if not all(self.allowed):
            return False
        return self._node(root=True)

    def _node(self, root: bool = False) -> bool:
        if time.thread_time() > self.deadline:
            raise _OutOfBudget
        field, p, s, assign, allowed = self.field, self.p, self.s, self.assign, self.allowed
        totals, games = field.totals, field.games
        among = self.among
        settled: list[tuple[int, float]] = []  # participants whose points are known
        candidates = [p]
        for j in range(field.size):
            g = field.game_of[j]
            if j != p and (g < 0 or assign[g] >= 0):
                points = totals[j][field.own(j, assign[g]) if g >= 0 else 0]
                if among is None or j in among:
                    settled.append((j, points))
                if points == s:  # a member or not: a null of theirs can skip a tie-break
                    candidates.append(j)
        undecided_games = [g for g, r in enumerate(assign) if r < 0]
        counted = self.counted
        for g in undecided_games:
            w, b = games[g]
            if any(totals[w][r] == s for r in allowed[g]):
                candidates.append(w)
            if any(totals[b][2 - r] == s for r in allowed[g]):
                candidates.append(b)
        judge = _Judge(self, candidates)
        self.level = candidates
        ahead = tied = 0
        open_players: list[int] = []
        for j, points in settled:
            state = judge.state(j, points, True)
            if state == _AHEAD:
                ahead += 1
            elif state == _TIE:
                tied += 1
            elif state == _OPEN:
                open_players.append(j)
        # Per undecided game and result: (result, how many of its two players are ahead of
        # p, level on every value, open).
        judged: dict[int, list[tuple[int, int, int, int]]] = {}
        for g in undecided_games:
            w, b = games[g]
            rows = []
            for r in allowed[g]:
                states = (
                    judge.state(w, totals[w][r], False)
                    if counted is None or counted[w]
                    else _BEHIND,  # not counted: as good as behind p
                    judge.state(b, totals[b][2 - r], False)
                    if counted is None or counted[b]
                    else _BEHIND,
                )
                rows.append((r, states.count(_AHEAD), states.count(_TIE), states.count(_OPEN)))
            judged[g] = rows
        return self._decide(root, ahead, tied, open_players, judged)

    def _decide(
        self,
        root: bool,
        ahead: int,
        tied: int,
        open_players: list[int],
        judged: dict[int, list[tuple[int, int, int, int]]],
    ) -> bool:
        kind = self.kind
        # Per undecided game: the results worth trying, each with its class (the smaller the
        # more promising, as judged), and whether the game is settled (a result judged for
        # sure is as good as any other: it is simply taken).
        classes: dict[int, dict[int, tuple[int, ...]]] = {}
        settled: dict[int, bool] = {}
        if kind in (_SOLE, _FIRST):
            if ahead or (kind == _SOLE and tied):
                return False
            for g, rows in judged.items():
                fine: dict[int, tuple[int, ...]] = {
                    r: (int(o > 0),) for r, a, t, o in rows if not a and not (kind == _SOLE and t)
                }
                if not fine:
                    return False
                classes[g] = fine
                settled[g] = (0,) in fine.values()
        elif kind == _NOT_SOLE:
            if ahead or tied:
                return True
            for g, rows in judged.items():
                if any(a or t for _, a, t, _ in rows):
                    return True
                classes[g] = {r: (-o,) for r, _, _, o in rows}
                settled[g] = not any(o for *_, o in rows)
        else:
            fewest = kind == _FEWEST
            if fewest:
                bound = ahead + sum(min(row[1] for row in rows) for rows in judged.values())
            else:
                bound = ahead + len(open_players)
                bound += sum(max(row[1] + row[3] for row in rows) for rows in judged.values())
            if root:
                self.bound = bound
            if self.best is not None and (bound >= self.best if fewest else bound <= self.best):
                return False
            target = self.target
            if target is not None and (bound > target if fewest else bound < target):
                return False  # nothing in this subtree reaches the target
            for g, rows in judged.items():
                if fewest:
                    classes[g] = {r: (a, o) for r, a, _, o in rows}
                else:
                    classes[g] = {r: (-a - o, -a) for r, a, _, o in rows}
                settled[g] = not any(o for *_, o in rows)
            if not open_players and all(settled.values()):
                if not fewest:  # every game gives its most: the open ones are judged
                    bound = ahead + sum(max(row[1] for row in rows) for rows in judged.values())
                return self._record(bound)
        open_games = [g for g in judged if not settled[g]]
        rivals: set[int] = set()  # the opponents of whoever is still open against p
        for j in (*open_players, *(k for g in open_games for k in self.field.games[g])):
            rivals |= self.field.adjacent[j]
        orders = {g: self._order(g, classes[g], rivals) for g in judged}
        if not open_players and not open_games:
            if kind == _NOT_SOLE:
                return False
            if not self._leaf(orders):  # the bounds said p is first: one outcome shows it
                raise RuntimeError("race: the bounds decided an outcome the standings deny")
            return True
        relevant = self._relevant(open_players, open_games, judged)
        if not relevant:  # what is left cannot change the answer: one outcome tells
            return self._leaf(orders)
        if root and self._leaf(orders):  # the most promising outcome: it often answers at once
            return True
        g = self._choose(relevant, open_games, open_players, classes)
        for r in orders[g]:
            self.assign[g] = r
            try:
                if self._node():
                    return True
            finally:
                self.assign[g] = -1
        return False

    def _leaf(self, orders: Mapping[int, list[int]]) -> bool:
        """The outcome taking each undecided game's first result: does it answer the
        question (for the fewest and most ahead: can nothing better exist)?"""
        outcome = tuple(r if r >= 0 else orders[g][0] for g, r in enumerate(self.assign))
        ev = self.field.evaluate_outcome(outcome)
        ahead, alone = ev.ahead[self.p], ev.alone[self.p]
        if self.among is not None:  # only the members counted: those in an earlier group
            ahead = sum(1 for j in self.among if ev.ahead[j] < ahead)
        kind = self.kind
        if kind == _SOLE and not ahead and alone:
            self.found = outcome
            return True
        if kind == _FIRST and not ahead:
            self.found = outcome
            return True
        if kind == _NOT_SOLE:
            return bool(ahead) or not alone
        if kind in (_FEWEST, _MOST):
            return self._record(ahead)
        return False

    def _record(self, ahead: int) -> bool:
        fewest = self.kind == _FEWEST
        if self.best is None or (ahead < self.best if fewest else ahead > self.best):
            self.best = ahead
        if self.target is not None and (ahead <= self.target if fewest else ahead >= self.target):
            return True  # the question asked is answered
        return self.best == self.bound  # nothing better can exist

    # -- the next game -----------------------------------------------------------------

    def _relevant(
        self,
        open_players: list[int],
        open_games: list[int],
        judged: Mapping[int, object],
    ) -> set[int]:
        """The undecided games that can change an open judgement: the open games, and the
        games whose results the values of p or of an open participant read."""
        field = self.field
        if field.depth is None:
            return set(judged)
        found = set(open_games)
        readers = [self.p, *open_players]
        for g in open_games:
            readers += field.games[g]
        if self.among is not None and (open_players or open_games):
            # Who else may end level with p on points shapes the group a member is compared
            # in (a null that skips a tie-break, the games between the group's players):
            # those not counted are not judged, so their values are read here.
            readers += self.level
        for k in readers:
            found.update(g for g in field.near(k) if g in judged)
        return found

    def _choose(
        self,
        relevant: set[int],
        open_games: list[int],
        open_players: list[int],
        classes: Mapping[int, Mapping[int, object]],
    ) -> int:
        """An open game first (the fewest results to try), else the game whose two players
        the values of p and of the open participants read most: a game between two
        opponents of one participant tightens the bounds most (they assumed both won)."""
        if open_games:
            return min(open_games, key=lambda g: (len(classes[g]), g))
        field = self.field
        weight = dict.fromkeys(relevant, 0)
        for k in (self.p, *open_players):
            reach = field.reach(k)
            for g in field.near(k):
                if g in weight:
                    w, b = field.games[g]
                    weight[g] += ((w in reach) + (b in reach)) ** 2
        return max(sorted(relevant), key=weight.__getitem__)

    def _order(self, g: int, classes: Mapping[int, tuple[int, ...]], rivals: set[int]) -> list[int]:
        """The results to try: by class; in a class, for p the game's players below p's
        score, p's opponents winning and the rivals' opponents losing; the reverse when
        looking for someone ahead of p."""
        field, s = self.field, self.s
        w, b = field.games[g]
        friends = field.adjacent[self.p]
        against = self.kind in (_NOT_SOLE, _MOST)

        def key(r: int) -> tuple[tuple[int, ...], int, int]:
            reaching = favour = 0
            for k, own in ((w, r), (b, 2 - r)):
                reaching += field.totals[k][own] >= s
                favour += (2 - own) * ((k in friends) - (k in rivals))
            if against:
                reaching, favour = -reaching, -favour
            return (classes[r], reaching, -favour)

        return sorted(classes, key=key)


def _goodness(value: Value, higher: bool) -> float:
    if value is None:
        return float("-inf")  # a null ranks last (a skipped one never reaches here)
    return float(value) if higher else -float(value)


class _Clock:
    """The CPU time of the calling thread, shared out between the questions of a call."""

    def __init__(self, budget: float | None) -> None:
        self.end = float("inf") if budget is None else time.thread_time() + budget
        self.retry: set[int] = set()  # the questions of the first pass to ask again

    def share(self, questions: int) -> float:
        """The deadline of the next of `questions` questions: an equal share of what is left."""
        now = time.thread_time()
        return now + max(0.0, self.end - now) / max(1, questions)

    def passes(self, questions: int) -> Iterator[tuple[int, float]]:
        """Deadlines for questions 0..questions-1, in two passes: every question with an
        equal share of half the time left, then the ones `retry` names again with an equal
        share of all of it. Evaluations are cached: a second try starts where the first was."""
        for k in range(questions):
            yield k, self.share(2 * (questions - k))
        again = sorted(self.retry)
        self.retry.clear()
        for n, k in enumerate(again):
            yield k, self.share(len(again) - n)


def race(
    event: Event,
    tiebreaks: Sequence[str] | None = None,
    *,
    rules: str | None = None,
    boards: Mapping[int, int] | None = None,
    budget: float | None = 2.0,
    places: bool = True,
    places_budget: float | None = _SAME_BUDGET,
    groups: Mapping[str, tuple[Collection[int], int]] | None = None,
    conditions: bool = False,
) -> Race:
    """Who can still finish first, exactly (see the module's docstring).

    `tiebreaks` and `rules` as `compute_standings` takes them; `boards` maps white's start
    number to the board of each game of the round as the round page numbers them (default:
    the games in the order of the participants). `budget`: CPU seconds of the calling thread
    for the first place, and `places_budget` (default: as much) for the places, as much
    again for the groups and for the conditions when asked (None: no limit); what is not
    answered in time is undetermined. `groups`: key -> (members' start numbers, places):
    who can still end within those places of the group (`GroupRace`). `conditions`: for
    each own result that may or may not rank a contender first, look for one other board
    that decides it (`Condition`; only the places' answers and a few boards are tried).
    Raises ValueError for a team event or a pending game whose opponent's side is not
    pending.
    """
    if places_budget == _SAME_BUDGET:
        places_budget = budget
    field = _Field(event, tiebreaks, rules, boards)
    chances: dict[int, Chance] = {}
    order = {field.index[row.start_no]: k for k, row in enumerate(field.current.rows)}
    searched: list[int] = []
    for i in sorted(range(field.size), key=order.__getitem__):
        verdict = _screen(field, i)
        if verdict is None:
            searched.append(i)
        else:
            chances[i] = verdict
    clock = _Clock(budget)
    for k, deadline in clock.passes(len(searched)):
        i = searched[k]
        chances[i] = _first_place(field, i, deadline)
        if chances[i].status == UNDETERMINED:
            clock.retry.add(k)
    if places:
        contenders = [i for i in searched if chances[i].status != ELIMINATED]
        questions = [
            (i, own, kind)
            for i in contenders
            if chances[i].status != CLINCHED
            for own in field.own_results(i)
            for kind in (_FEWEST, _MOST)
        ]
        found: dict[tuple[int, int, int], int | None] = {}
        clock = _Clock(budget)
        for k, deadline in clock.passes(len(questions)):
            i, own, kind = questions[k]
            search = _Search(field, i, own, kind, deadline)
            try:
                search.run()
                found[i, own, kind] = None if search.best is None else 1 + search.best
            except _OutOfBudget:
                found[i, own, kind] = None
                clock.retry.add(k)
        for i in range(field.size):
            if chances[i].status == ELIMINATED:
                continue
            clinched = chances[i].status == CLINCHED
            ranges = tuple(
                PlaceRange(
                    field.own_label(i, own),
                    1 if clinched else found[i, own, _FEWEST],
                    1 if clinched else found[i, own, _MOST],
                )
                for own in field.own_results(i)
            )
            chances[i] = replace(chances[i], places=ranges)
        if conditions:
            _conditions(field, chances, places_budget)
    found_groups = _groups(field, groups, places_budget, order) if groups else ()
    return field.race(chances, found_groups)


def _groups(
    field: _Field,
    groups: Mapping[str, tuple[Collection[int], int]],
    budget: float | None,
    order: Mapping[int, int],
) -> tuple[GroupRace, ...]:
    """Who can still end within each group's places, and who is sure to: points first (a
    member with `places` members surely ahead on points is out; one with fewer than `places`
    members who may end level or ahead is sure), then searches that stop at the first
    outcome answering (half the budget for each kind of question)."""
    lows = [min(t) for t in field.totals]
    highs = [max(t) for t in field.totals]
    asked: list[tuple[str, int, frozenset[int] | None, int, bool]] = []
    sizes: dict[str, int] = {}
    for key, (members, within) in groups.items():
        found = sorted({field.index[s] for s in members if s in field.index}, key=order.__getitem__)
        sizes[key] = len(found)
        among = None if len(found) == field.size else frozenset(found)
        for i in found:
            if sum(1 for j in found if lows[j] > highs[i]) >= within:
                continue  # out on points alone
            sure = sum(1 for j in found if j != i and highs[j] >= lows[i]) < within
            asked.append((key, i, among, within, sure))
    half = None if budget is None else budget / 2
    member = {
        key: {field.index[s] for s in members if s in field.index}
        for key, (members, _) in groups.items()
    }
    # Decided on points where an outcome shows it: fewer than `within` members at or above
    # the participant's points (so fewer ahead), or `within` members above them (so ahead).
    on_points = [
        _on_points(field, i, member[key], within, above=False) for key, i, _, within, _ in asked
    ]
    searched = [n for n, found in enumerate(on_points) if not found]
    answers = _ask(
        field, [(asked[n][1], asked[n][2], _FEWEST, asked[n][3] - 1) for n in searched], half
    )
    reach: list[bool | None] = [True] * len(asked)
    for n, answer in zip(searched, answers, strict=True):
        reach[n] = answer
    sure_asked = [
        n
        for n, (key, i, _, within, sure) in enumerate(asked)
        if not sure and reach[n] and not _on_points(field, i, member[key], within, above=True)
    ]
    questions = [(asked[n][1], asked[n][2], _MOST, asked[n][3]) for n in sure_asked]
    passed = dict(zip(sure_asked, _ask(field, questions, half), strict=True))
    listed: dict[str, list[GroupPlace]] = {key: [] for key in groups}
    for n, (key, i, _, _, sure) in enumerate(asked):
        if reach[n] is False:
            continue
        if sure:
            within_all: bool | None = True
        elif n not in passed:  # shown not sure on points
            within_all = False
        else:
            within_all = None if passed[n] is None else not passed[n]
        listed[key].append(
            GroupPlace(field.parts[i].start_no, reach[n], within_all if reach[n] else None)
        )
    return tuple(
        GroupRace(key, within, sizes[key], tuple(listed[key]))
        for key, (_, within) in groups.items()
    )


def _on_points(
    field: _Field, i: int, members: Collection[int], within: int, *, above: bool
) -> bool:
    """Does some outcome leave fewer than `within` other members at or above participant
    i's points (above=False: i is then within the places, whatever the tie-breaks), or
    `within` members above them (above=True: i is then outside them)? Each game is chosen
    on its own, its two players being nobody else's: exact on points."""
    totals, mine = field.totals, field.game_of[i]
    unpaired = [totals[j][0] for j in members if j != i and field.game_of[j] < 0]
    for own in field.own_results(i):
        s = totals[i][own]
        count = sum(1 for points in unpaired if _counts(points, s, above))
        for g, (w, b) in enumerate(field.games):
            per_result = [
                (w in members and _counts(totals[w][r], s, above))
                + (b in members and _counts(totals[b][2 - r], s, above))
                for r in range(3)
            ]
            if g == mine:
                r = 2 - own if field.black[i] else own
                count += per_result[r] - (i in members and _counts(s, s, above))
            else:
                count += max(per_result) if above else min(per_result)
        if (count >= within) if above else (count < within):
            return True
    return False


def _counts(points: float, s: float, above: bool) -> bool:
    return points > s if above else points >= s


def _ask(
    field: _Field,
    questions: Sequence[tuple[int, frozenset[int] | None, int, int]],
    budget: float | None,
) -> list[bool | None]:
    """For each (participant, members counted, _FEWEST or _MOST, target): does some outcome
    have at most (_FEWEST) or at least (_MOST) `target` members ahead, for some result of the
    participant's own game? None: undetermined within the budget."""
    answers: list[bool | None] = [False] * len(questions)
    clock = _Clock(budget)
    for k, deadline in clock.passes(len(questions)):
        i, among, kind, target = questions[k]
        try:
            answers[k] = any(
                _reaches(_Search(field, i, own, kind, deadline, among=among, target=target))
                for own in field.own_results(i)
            )
        except _OutOfBudget:
            answers[k] = None
            clock.retry.add(k)
    return answers


def _reaches(search: _Search) -> bool:
    search.run()
    if search.best is None or search.target is None:
        return False
    return search.best <= search.target if search.kind == _FEWEST else search.best >= search.target


_CONDITION_GAMES = 6  # the most other boards tried for a condition, per own result


def _conditions(field: _Field, chances: dict[int, Chance], budget: float | None) -> None:
    """For each own result that ranks a contender first in some outcomes and not in all, one
    other board whose result alone decides it, if one of the few boards that can is found
    within the budget (the rest of the contenders get none: no sentence is better than a
    guess)."""
    deadline = float("inf") if budget is None else time.thread_time() + budget
    try:
        for i, chance in list(chances.items()):
            mine = field.game_of[i]
            if chance.status != POSSIBLE or mine < 0 or len(field.games) < 2:
                continue
            found: list[Condition] = []
            for own, shown in zip(field.own_results(i), chance.places, strict=True):
                if shown.best != 1 or shown.worst is None or shown.worst == 1:
                    continue
                condition = _condition(field, i, own, deadline)
                if condition is not None:
                    found.append(condition)
            if found:
                chances[i] = replace(chance, conditions=tuple(found))
    except _OutOfBudget:
        return


def _condition(field: _Field, i: int, own: int, deadline: float) -> Condition | None:
    s = field.totals[i][own]
    mine = field.game_of[i]
    near = field.near(i)
    boards = [
        g
        for g, (w, b) in enumerate(field.games)
        if g != mine and (g in near or max(field.totals[w]) >= s or max(field.totals[b]) >= s)
    ]
    if len(boards) > _CONDITION_GAMES:
        return None
    for g in boards:
        sure: list[int] = []
        for x in range(3):
            fixed = {g: (x,)}
            most = _Search(field, i, own, _MOST, deadline, fixed=fixed)
            most.run()
            if most.best == 0:
                sure.append(x)
                continue
            fewest = _Search(field, i, own, _FEWEST, deadline, fixed=fixed)
            fewest.run()
            if fewest.best == 0:  # first in some outcomes and not in others: not this board
                break
        else:
            if 0 < len(sure) < 3:
                game = field.open_games[g]
                return Condition(OWN_RESULTS[own], game.board, tuple(RESULTS[x] for x in sure))
    return None


def _screen(field: _Field, i: int) -> Chance | None:
    """Eliminated or clinched on points alone, else None."""
    feasible = [own for own in field.own_results(i) if _may_top(field, i, own)]
    if not feasible:
        return field.chance(i, ELIMINATED)
    if all(_tops_alone(field, i, own) for own in field.own_results(i)):
        mine = field.game_of[i]
        outcome = [_TRY_ORDER[0]] * len(field.games)
        if mine >= 0:
            outcome[mine] = 2 if field.black[i] else 0  # a win: first alone like any other
        return field.chance(i, CLINCHED, outcome, False)
    return None


def _may_top(field: _Field, i: int, own: int) -> bool:
    """Can every other participant end at or below i's score, i's own result `own`?"""
    s = field.totals[i][own]
    mine = field.game_of[i]
    if mine >= 0 and field.totals[field.opponent(i)][2 - own] > s:
        return False
    return field.floors.top(mine) <= s and field.unpaired.top(i) <= s


def _tops_alone(field: _Field, i: int, own: int) -> bool:
    """Does every other participant end below i's score, i's own result `own`?"""
    s = field.totals[i][own]
    mine = field.game_of[i]
    if mine >= 0 and field.totals[field.opponent(i)][2 - own] >= s:
        return False
    return field.ceilings.top(mine) < s and field.unpaired.top(i) < s


def _first_place(field: _Field, i: int, deadline: float) -> Chance:
    """The status of a participant that points alone do not decide."""
    owns = field.own_results(i)
    feasible = [own for own in owns if _may_top(field, i, own)]
    witness: tuple[int, ...] | None = None
    try:
        for own in feasible:
            search = _Search(field, i, own, _SOLE, deadline)
            if search.run():
                witness = search.found
                break
        if witness is not None:
            if len(feasible) < len(owns):  # an own result that lets someone pass on points
                return field.chance(i, POSSIBLE, witness, False)
            for own in reversed(owns):  # a loss first
                if _Search(field, i, own, _NOT_SOLE, deadline).run():
                    return field.chance(i, POSSIBLE, witness, False)
            return field.chance(i, CLINCHED, witness, False)
        for own in feasible:
            search = _Search(field, i, own, _FIRST, deadline)
            if search.run():
                return field.chance(i, POSSIBLE, search.found, True)
        return field.chance(i, ELIMINATED)
    except _OutOfBudget:
        return field.chance(i, UNDETERMINED, witness, False if witness is not None else None)


def enumerate_race(
    event: Event,
    tiebreaks: Sequence[str] | None = None,
    *,
    rules: str | None = None,
    boards: Mapping[int, int] | None = None,
    most_games: int = 8,
) -> Race:
    """The reference answer: every outcome of the open games, the standings of each (3^n
    of them; ValueError beyond `most_games` open games). The witness is the first outcome,
    in the order of itertools.product over (1-0, 1/2-1/2, 0-1), that has the participant
    first alone, else first level with others."""
    field = _Field(event, tiebreaks, rules, boards)
    n = len(field.games)
    if n > most_games:
        raise ValueError(f"{n} open games: too many outcomes to enumerate")
    size = field.size
    sole: list[tuple[int, ...] | None] = [None] * size
    level: list[tuple[int, ...] | None] = [None] * size
    not_sole = [False] * size
    fewest: dict[tuple[int, int], int] = {}
    most: dict[tuple[int, int], int] = {}
    for outcome in itertools.product(range(3), repeat=n):
        ev = field.evaluate_outcome(outcome)
        for i in range(size):
            ahead, alone = ev.ahead[i], ev.alone[i]
            mine = field.game_of[i]
            own = field.own(i, outcome[mine]) if mine >= 0 else 0
            if not ahead and alone and sole[i] is None:
                sole[i] = outcome
            if not ahead and not alone and level[i] is None:
                level[i] = outcome
            not_sole[i] = not_sole[i] or bool(ahead) or not alone
            key = (i, own)
            fewest[key] = min(fewest.get(key, ahead), ahead)
            most[key] = max(most.get(key, ahead), ahead)
    chances = {}
    for i in range(size):
        ranges = tuple(
            PlaceRange(field.own_label(i, own), 1 + fewest[i, own], 1 + most[i, own])
            for own in field.own_results(i)
        )
        if sole[i] is not None:
            status = POSSIBLE if not_sole[i] else CLINCHED
            chances[i] = field.chance(i, status, sole[i], False, ranges)
        elif level[i] is not None:
            chances[i] = field.chance(i, POSSIBLE, level[i], True, ranges)
        else:
            chances[i] = field.chance(i, ELIMINATED)
    return field.race(chances)
