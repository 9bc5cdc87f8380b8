"""Standings and players written by hand for the prize examples."""

from __future__ import annotations

from standings.engine.result import Row, Standings
from standings.prizes.members import Player
from standings.prizes.rules import PrizeRules, read_rules
from standings.prizes.status import RoundsState

# The builders' standings are after round 9 of 9: every round closed, or the last one open.
CLOSED = RoundsState(planned=9, closed=frozenset(range(1, 10)))
OPEN = RoundsState(planned=9, closed=frozenset(range(1, 9)))


def standings(*points: float, round_no: int = 9, unsure: frozenset[int] = frozenset()) -> Standings:
    """Start numbers 1, 2, 3... ranked in that order (the tie-breaks decided), on these points."""
    rows = tuple(
        Row(
            rank=i,
            start_no=i,
            name=f"Player {i}",
            values=(p,),
            provisional=(False,),
            rank_provisional=i in unsure,
            explanations=((),),
        )
        for i, p in enumerate(points, start=1)
    )
    return Standings(rules="2024", round=round_no, tiebreaks=("PTS",), rows=rows)


def everyone(count: int, **facts: dict[int, object]) -> dict[int, Player]:
    """Players 1..count, rated 2000 unless `rating={n: r}` says otherwise; same for the rest."""
    players = {}
    for n in range(1, count + 1):
        given = {name: values[n] for name, values in facts.items() if n in values}
        given.setdefault("rating", 2000)
        players[n] = Player(start_no=n, **given)  # type: ignore[arg-type]
    return players


def rules(ties: str, *prizes: tuple[str, int, object], categories=(), **more) -> PrizeRules:
    """Prizes as (category, place, amount or item text); an "overall" category comes first."""
    document = {
        "ties": ties,
        "categories": [{"key": "overall", "name": "Overall"}, *categories],
        "prizes": [
            {"category": c, "place": k, **({"item": a} if isinstance(a, str) else {"amount": a})}
            for c, k, a in prizes
        ],
        **more,
    }
    return read_rules(document)
