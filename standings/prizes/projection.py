"""Who is in line for each prize: the event's standings, filtered per category, with the
prize rules applied (docs/prizes.md states each rule with a worked example).

1. Each category's list is the standings filtered to its members, in the standings' order
   (so the event's tie-breaks decide within it).
2. Places: the prizes are taken from the most valuable down (the organizer's order of the
   categories when two are worth the same); each goes to the best-placed player of its
   category who holds no prize yet. With stacking allowed, place k of a category simply
   goes to its k-th player.
3. Ties (`TieRule`): nothing shared; or, per category, players on equal points pool the
   prizes of the places they occupy (equal shares, or Hort: half by place, half equally);
   or US Chess: tied winners pool their cash prizes across categories.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import ROUND_DOWN, Decimal
from fractions import Fraction
from functools import lru_cache
from itertools import islice

from standings.engine.result import Row, Standings

from .members import Player, checks
from .rules import Category, Prize, PrizeRules, TieRule
from .status import RoundsState, every_round_closed, is_final

OUTSIDE = 2  # players shown just outside each category's prizes
ZERO = Fraction(0)


@lru_cache(maxsize=4096)
def _cash(prize: Prize) -> Fraction:
    """A prize's money as an exact fraction (0 for a non-cash prize), worked out once."""
    return Fraction(prize.amount) if prize.amount is not None else ZERO


@dataclass(frozen=True, slots=True)
class Award:
    """What one player is in line for in one category."""

    start_no: int
    category: Category
    place: int  # the player's place in the category's list of prize candidates
    prize: Prize | None  # the prize of that place; None for a share won by a tie only
    amount: Fraction | None  # money received (after sharing); None: none
    item: str = ""  # a non-cash prize
    shared_by: int = 1  # players sharing the pooled money (1: not shared)
    places: tuple[int, int] = (0, 0)  # the places the sharing players occupy
    provisional: bool = False
    points: float = 0.0  # the player's points in the standings

    @property
    def shared(self) -> bool:
        return self.shared_by > 1

    @property
    def cents(self) -> Decimal | None:
        """The amount to pay, rounded down to the cent (shares never add up to more)."""
        if self.amount is None:
            return None
        cents = Decimal(self.amount.numerator) / Decimal(self.amount.denominator)
        return cents.quantize(Decimal("0.01"), rounding=ROUND_DOWN)


@dataclass(frozen=True, slots=True)
class Contender:
    """A player just outside a category's prizes."""

    start_no: int
    rank: int  # in the event's standings
    points: float


@dataclass(frozen=True, slots=True)
class CategoryList:
    category: Category
    prizes: tuple[Prize, ...]  # by place
    awards: tuple[Award, ...]  # by place
    outside: tuple[Contender, ...]  # the next players, who would move in
    members: int
    provisional: bool

    @property
    def unawarded(self) -> tuple[Prize, ...]:
        """Prizes no player is in line for (a category with fewer players than prizes)."""
        given = {a.prize for a in self.awards}
        return tuple(p for p in self.prizes if p not in given)


@dataclass(frozen=True, slots=True)
class PrizeList:
    rules: PrizeRules
    round: int
    lists: tuple[CategoryList, ...]
    by_player: Mapping[int, tuple[Award, ...]] = field(default_factory=dict)
    provisional: bool = False  # some category's prizes rest on an open round or rank
    final: bool = False  # "wins", "final": status.is_final, the only place deciding it


def project(
    standings: Standings,
    players: Mapping[int, Player],
    rules: PrizeRules,
    *,
    rounds: RoundsState,
) -> PrizeList:
    """The prize list after `standings.round`; provisional while that round is open or a
    rank that decides a prize is; final only as `status.is_final` says."""
    rows = standings.rows
    points = {row.start_no: (row.values[0] if row.values else None) or 0.0 for row in rows}
    known = [(r, players[r.start_no]) for r in rows if r.start_no in players]
    lists = {c.key: _members(known, c) for c in rules.categories}
    preference = {c.key: i for i, c in enumerate(rules.categories)}
    holder = _assign_places(rules, lists, preference)
    if rules.ties is TieRule.USCF:
        awards = _us_chess(rules, lists, holder, points)
    elif rules.ties in (TieRule.EQUAL, TieRule.HORT):
        awards = _pooled(rules, lists, holder, points, preference)
    else:
        awards = {
            (p.category, who): _plain(rules, p, who) for who, p in _holders(holder) if p.category
        }
    return _prize_list(standings, rules, lists, awards, rounds, points)


def _members(known: Sequence[tuple[Row, Player]], category: Category) -> list[Row]:
    """The category's list: the standings' rows of its members, in order."""
    tests = checks(category)
    if len(tests) == 1:
        test = tests[0]
        return [row for row, player in known if test(player)]
    return [row for row, player in known if all(t(player) for t in tests)]


def _assign_places(
    rules: PrizeRules, lists: Mapping[str, list[Row]], preference: Mapping[str, int]
) -> dict[Prize, int]:
    """Each prize's player by place: most valuable prizes first, one prize a player unless
    stacking is allowed."""
    holder: dict[Prize, int] = {}
    if rules.stacking:
        for prize in rules.prizes:
            ranked = lists[prize.category]
            if prize.place <= len(ranked):
                holder[prize] = ranked[prize.place - 1].start_no
        return holder
    taken: set[int] = set()
    order = sorted(rules.prizes, key=lambda p: (-p.value, preference[p.category], p.place))
    for prize in order:
        for row in lists[prize.category]:
            if row.start_no not in taken:
                holder[prize] = row.start_no
                taken.add(row.start_no)
                break
    return holder


def _holders(holder: Mapping[Prize, int]) -> Iterable[tuple[int, Prize]]:
    return ((who, prize) for prize, who in holder.items())


def _plain(rules: PrizeRules, prize: Prize, who: int) -> Award:
    amount = None if prize.amount is None else _cash(prize)
    category = rules.category(prize.category)
    return Award(who, category, prize.place, prize, amount, prize.item, places=(prize.place,) * 2)


def _pooled(
    rules: PrizeRules,
    lists: Mapping[str, list[Row]],
    holder: Mapping[Prize, int],
    points: Mapping[int, float],
    preference: Mapping[str, int],
) -> dict[tuple[str, int], Award]:
    """Equal sharing or Hort, category by category; a player who ties into shares of
    several categories without holding a prize keeps the largest (non-stacking)."""
    held_in = {who: prize.category for prize, who in holder.items()}
    excluded: dict[str, set[int]] = {c.key: set() for c in rules.categories}
    last_place = {c.key: 0 for c in rules.categories}
    by_place: dict[str, dict[int, Prize]] = {c.key: {} for c in rules.categories}
    for prize in rules.prizes:
        last_place[prize.category] = max(last_place[prize.category], prize.place)
        by_place[prize.category][prize.place] = prize
    while True:
        awards: dict[tuple[str, int], Award] = {}
        for category in rules.categories:
            key = category.key
            eligible: list[Row] = []
            for r in lists[key]:
                if r.start_no in excluded[key]:
                    continue
                if not rules.stacking and held_in.get(r.start_no, key) != key:
                    continue
                # past the last prize place, only players tied with the one before count
                if len(eligible) >= last_place[key] and (
                    not eligible or points[r.start_no] != points[eligible[-1].start_no]
                ):
                    break
                eligible.append(r)
            pooled = _pool_category(rules, category, by_place[key], eligible, holder, points)
            for award in pooled:
                awards[(category.key, award.start_no)] = award
        if rules.stacking:
            return awards
        by_player: dict[int, list[Award]] = {}
        for award in awards.values():
            by_player.setdefault(award.start_no, []).append(award)
        conflicts = {who: a for who, a in by_player.items() if len(a) > 1}
        if not conflicts:
            return awards
        for who, several in conflicts.items():
            best = min(
                several, key=lambda a: (-(a.amount or 0), preference[a.category.key], a.place)
            )
            for award in several:
                if award is not best:
                    excluded[award.category.key].add(who)


def _pool_category(
    rules: PrizeRules,
    category: Category,
    prizes: Mapping[int, Prize],  # the category's, by place
    eligible: Sequence[Row],
    holder: Mapping[Prize, int],
    points: Mapping[int, float],
) -> list[Award]:
    by_holder = {holder[p]: p for p in prizes.values() if p in holder}
    awards: list[Award] = []
    last_prize = max(prizes, default=0)
    position = 0
    while position < len(eligible) and position < last_prize:
        score = points[eligible[position].start_no]
        end = position
        while end + 1 < len(eligible) and points[eligible[end + 1].start_no] == score:
            end += 1
        group = list(range(position, end + 1))
        trophies = [i for i in group if (p := prizes.get(i + 1)) is not None and not p.cash]
        sharing = [i for i in group if i not in trophies]
        cash = {i: _cash(prizes[i + 1]) if i + 1 in prizes else ZERO for i in sharing}
        pool = sum(cash.values(), ZERO)
        for i in trophies:
            who = eligible[i].start_no
            awards.append(_plain(rules, by_holder.get(who) or prizes[i + 1], who))
        hort = rules.ties is TieRule.HORT
        share = pool / (2 if hort else 1) / len(sharing) if sharing and pool else ZERO
        places = (sharing[0] + 1, sharing[-1] + 1) if sharing else (0, 0)
        for i in sharing if pool else ():
            who = eligible[i].start_no
            prize = by_holder.get(who)
            amount = cash[i] / 2 + share if hort else share
            awards.append(
                Award(
                    who,
                    category,
                    i + 1,
                    prize,
                    amount,
                    shared_by=len(sharing),
                    places=places,
                )
            )
        position = end + 1
    return awards


def _us_chess(
    rules: PrizeRules,
    lists: Mapping[str, list[Row]],
    holder: Mapping[Prize, int],
    points: Mapping[int, float],
) -> dict[tuple[str, int], Award]:
    """US Chess 32B: players on equal points who won cash prizes by place sum them (one
    prize a winner) and share equally, with those tied players who could have won one of
    those prizes; unless some would get more by sharing only a class prize the others may
    not win (they take it among themselves)."""
    awards: dict[tuple[str, int], Award] = {}
    cash_held = {who: p for p, who in holder.items() if p.cash}
    anyone_held = set(holder.values())
    for prize, who in holder.items():
        if not prize.cash:
            awards[(prize.category, who)] = _plain(rules, prize, who)
    members = {key: {r.start_no for r in rows} for key, rows in lists.items()}
    for score in sorted({points[w] for w in cash_held}, reverse=True):
        winners = [w for w in cash_held if points[w] == score]
        pool = [cash_held[w] for w in winners]
        tied = [
            n
            for n, s in points.items()
            if s == score and n not in anyone_held and any(n in members[p.category] for p in pool)
        ]
        group = winners + tied
        while True:
            total = sum((_cash(p) for p in pool), ZERO)
            share = total / len(group)
            alone = []
            for prize in pool:
                takers = [n for n in group if n in members[prize.category]]
                # only takers who bring no other prize into the pool can take one alone
                others = [n for n in takers if n in cash_held and cash_held[n] != prize]
                if len(takers) < len(group) and not others:
                    alone.append((_cash(prize) / len(takers), prize, takers))
            better = [a for a in alone if a[0] > share]
            if not better:
                break
            amount, prize, takers = max(better, key=lambda a: a[0])
            _pay(rules, awards, prize, takers, amount, lists)
            pool.remove(prize)
            group = [n for n in group if n not in takers]
        for who in group:
            held = cash_held.get(who)
            key = held.category if held else _first_category(pool, members, who)
            _pay(rules, awards, held, [who], share, lists, key=key, shared_by=len(group))
    return awards


def _first_category(pool: Sequence[Prize], members: Mapping[str, set[int]], who: int) -> str:
    """The category of the most valuable pooled prize a tied player could have won."""
    ranked = sorted(pool, key=lambda p: -p.value)
    return next((p.category for p in ranked if who in members[p.category]), ranked[0].category)


def _pay(
    rules: PrizeRules,
    awards: dict[tuple[str, int], Award],
    prize: Prize | None,
    takers: Sequence[int],
    amount: Fraction,
    lists: Mapping[str, list[Row]],
    *,
    key: str = "",
    shared_by: int = 0,
) -> None:
    category = rules.category(key or (prize.category if prize else ""))
    order = [r.start_no for r in lists[category.key]]
    for who in takers:
        place = prize.place if prize else order.index(who) + 1
        awards[(category.key, who)] = Award(
            who,
            category,
            place,
            prize,
            amount,
            shared_by=shared_by or len(takers),
            places=(place, place),
        )


def _prize_list(
    standings: Standings,
    rules: PrizeRules,
    lists: Mapping[str, list[Row]],
    awards: Mapping[tuple[str, int], Award],
    rounds: RoundsState,
    points: Mapping[int, float],
) -> PrizeList:
    round_closed = every_round_closed(rounds, standings.round)
    result = []
    by_player: dict[int, list[Award]] = {}
    winners = {who for _, who in awards}
    for category in rules.categories:
        prizes = tuple(sorted((p for p in rules.prizes if p.category == category.key), key=_place))
        ranked = lists[category.key]
        mine = sorted((a for (k, _), a in awards.items() if k == category.key), key=_award_place)
        depth = max([p.place for p in prizes] + [a.place for a in mine], default=0)
        mine_at = {a.start_no for a in mine}
        deepest = max((i + 1 for i, r in enumerate(ranked) if r.start_no in mine_at), default=0)
        next_ones = (r for r in islice(ranked, deepest, None) if r.start_no not in winners)
        outside = tuple(
            Contender(r.start_no, r.rank, (r.values[0] if r.values else None) or 0.0)
            for r in islice(next_ones, OUTSIDE)
        )
        unsure = not round_closed or any(
            r.rank_provisional for r in islice(ranked, max(depth, deepest) + OUTSIDE)
        )
        final = tuple(_finished(a, unsure, points) for a in mine)
        for award in final:
            by_player.setdefault(award.start_no, []).append(award)
        result.append(
            CategoryList(category, prizes, final, outside, len(ranked), unsure and bool(prizes))
        )
    provisional = any(c.provisional for c in result)
    return PrizeList(
        rules=rules,
        round=standings.round,
        lists=tuple(result),
        by_player={who: tuple(a) for who, a in by_player.items()},
        provisional=provisional,
        final=is_final(rounds, standings.round, ranks_provisional=provisional),
    )


def _place(prize: Prize) -> int:
    return prize.place


def _award_place(award: Award) -> tuple[int, int]:
    return (award.place, award.start_no)


def _finished(award: Award, provisional: bool, points: Mapping[int, float]) -> Award:
    return Award(
        award.start_no,
        award.category,
        award.place,
        award.prize,
        award.amount,
        award.item,
        award.shared_by,
        award.places,
        provisional,
        points[award.start_no],
    )
