"""Entry point of the engine: an event and a tie-break list in, ranked standings out."""

from __future__ import annotations

from collections.abc import Sequence

from .catalogue import Evaluation, TieBreak, lookup
from .catalogue.base import Explain, Value
from .certainty import provisional_flags, rank_provisional
from .crosstable import Crosstable
from .editions import choose_edition
from .event import Event
from .notation import SCORES, Spec, SpecError
from .phrases import phrase
from .ranking import final_order, lot_numbers, parted_by, refine, skipped_members
from .result import Contribution, Row, Standings

TYPE_CHECKING = False  # typing only for the type checker (see pickled.py)
if TYPE_CHECKING:
    from typing import overload

# A team event's tables (team_standings, team_matches) are imported by the runs that need
# them: an individual event's command starts without them.


def compute_standings(
    event: Event,
    tiebreaks: Sequence[str] | None = None,
    *,
    rules: str | None = None,
    through_round: int | None = None,
) -> Standings:
    """Standings of `event` after `through_round` (default: last round with entries).

    `tiebreaks` defaults to the event's list; PTS always comes first. Raises
    SpecError (a ValueError) for an unknown tie-break and ValueError for a round
    out of range or an unknown rules edition.
    """
    played = max((len(p.entries) for p in event.participants), default=0)
    last = played if through_round is None else through_round
    if not 0 <= last <= max(event.rounds, played):
        raise ValueError(f"round {last} out of range (the event has {event.rounds} rounds)")
    texts = [t for t in (tiebreaks if tiebreaks is not None else event.tiebreaks)]
    chosen = [lookup(t) for t in texts]
    edition = choose_edition(event.start_date, rules)
    if event.teams:
        from .team_standings import team_tables

        chosen = _team_list(chosen)
        table = team_tables(event, last, edition, SCORES[chosen[0][0].name] or "MP")
    else:
        for spec, entry in chosen:
            if entry.team or spec.basis:
                raise SpecError(phrase("spec.team_only", spec=spec.text))
        chosen = [lookup("PTS")] + [(s, e) for s, e in chosen if e.acronym != "PTS"]
        table = Crosstable(event, last, edition)
    participants = table.event.participants

    columns, explainers = _evaluate(table, chosen)
    open_rounds = any(r not in event.closed_rounds for r in range(1, last + 1))
    flags = provisional_flags(table, [e for _, e in chosen], open_rounds)

    lots = lot_numbers(table.start_nos, event.lots_seed)
    start_no = table.start_nos
    tie_order = (lambda i: start_no[i]) if event.shared_places else (lambda i: lots[start_no[i]])
    order = final_order(columns.groups, event.shared_places, tie_order)
    parted = [None, *parted_by(order, columns.deciding)]  # the first place has none above
    unsure = rank_provisional(order, parted[1:], flags)
    # The groups still tied after the whole list: lots order them, unless they share.
    drawn = set() if event.shared_places else {i for g in columns.groups if len(g) > 1 for i in g}

    values = list(zip(*columns.values, strict=True))  # by participant, one pass for all columns
    provisional = list(zip(*flags, strict=True))
    rows = tuple(
        Row(
            rank=rank,
            start_no=start_no[i],
            name=participants[i].name,
            values=values[i],
            provisional=provisional[i],
            rank_provisional=unsure[i],
            explanations=Explanations(explainers, i),
            parted_by=parted[k],
            lot=lots[start_no[i]] if i in drawn else None,
        )
        for k, (rank, i) in enumerate(order)
    )
    return Standings(
        rules=edition,
        round=last,
        tiebreaks=tuple(s.text for s, _ in chosen),
        rows=rows,
        lots_seed=event.lots_seed,
        fide_types=tuple(e.fide_type for _, e in chosen),
    )


class _Columns:
    def __init__(
        self,
        values: list[Sequence[Value]],
        deciding: list[Sequence[Value]],
        groups: list[list[int]],
    ) -> None:
        self.values = values
        self.deciding = deciding  # values as the ranking read them: skipped ones are None
        self.groups = groups


def _team_list(chosen: list[tuple[Spec, TieBreak]]) -> list[tuple[Spec, TieBreak]]:
    """A team list with its primary score first: the first of PTS/MPTS/GPTS (PTS meaning
    match points, MPTS when the list has none)."""
    scores = [k for k, (s, _) in enumerate(chosen) if s.name in SCORES and not s.basis]
    if not scores:
        return [lookup("MPTS"), *chosen]
    first = chosen[scores[0]]
    if first[0].name == "PTS":
        first = lookup("MPTS")
    rest = [c for k, c in enumerate(chosen) if k != scores[0]]
    return [first, *rest]


def _evaluate(
    table: Crosstable, chosen: list[tuple[Spec, TieBreak]]
) -> tuple[_Columns, list[Explain]]:
    """Values column by column, refining the tied groups as the list goes on."""
    groups = [sorted(range(table.size), key=lambda i: table.start_nos[i])] if table.size else []
    values: list[Sequence[Value]] = []
    deciding: list[Sequence[Value]] = []
    explainers: list[Explain] = []
    for spec, entry in chosen:
        basis_table = table.on_basis(spec.basis)
        if entry.sub_rank:
            evaluation: Evaluation = entry.evaluate(basis_table, spec, groups)
        else:
            evaluation = entry.evaluate(basis_table, spec)
        values.append(evaluation.values)
        explainers.append(evaluation.explain)
        skips = entry.null == "skips group"
        column = evaluation.values
        if skips and (skipped := skipped_members(groups, column)):
            column = list(column)
            for i in skipped:
                column[i] = None
        deciding.append(column)
        groups = refine(groups, evaluation.values, entry.higher_is_better, null_skips_group=skips)
    return _Columns(values, deciding, groups), explainers


class Explanations(Sequence[tuple[Contribution, ...]]):
    """A row's contributions per value, worked out the first time they are read."""

    __slots__ = ("_explainers", "_index", "_cache")

    def __init__(self, explainers: Sequence[Explain], index: int) -> None:
        self._explainers = explainers
        self._index = index
        self._cache: tuple[tuple[Contribution, ...], ...] | None = None

    def _all(self) -> tuple[tuple[Contribution, ...], ...]:
        if self._cache is None:
            self._cache = tuple(explain(self._index) for explain in self._explainers)
        return self._cache

    if TYPE_CHECKING:

        @overload
        def __getitem__(self, k: int) -> tuple[Contribution, ...]: ...
        @overload
        def __getitem__(self, k: slice) -> tuple[tuple[Contribution, ...], ...]: ...

    def __getitem__(
        self, k: int | slice
    ) -> tuple[Contribution, ...] | tuple[tuple[Contribution, ...], ...]:
        return self._all()[k]

    def __len__(self) -> int:
        return len(self._explainers)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Explanations):
            return self._all() == other._all()
        return self._all() == other

    def __hash__(self) -> int:
        return hash(self._all())

    def __repr__(self) -> str:
        return repr(self._all())
