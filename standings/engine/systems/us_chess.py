"""US Chess tie-breaks: Modified Median, Median, Solkoff, Cumulative, Cumulative of opposition.

Sources: seed 001 (US Chess Official Rules of Chess, 7th ed.) and seed 003 (classic Swiss
systems); choices in docs/tiebreaks.md, "US Chess".

US Chess's rule for unplayed rounds: a round without a game over the board (a bye, either
kind of forfeit, absence after withdrawing) is unplayed. Seen as someone's opponent, a
player's adjusted score counts each of their unplayed rounds as a draw, whatever it
scored; in the player's own list each of their unplayed rounds is an opponent with 0.
"""

from __future__ import annotations

from collections.abc import Callable

from ..catalogue.base import Evaluation, TieBreak
from ..crosstable import Crosstable
from ..notation import Spec
from ..phrases import (
    OPPONENT_CUMULATIVE,
    RUNNING_SCORE,
    US_ADJUSTED_SCORE,
    US_OWN_UNPLAYED,
    US_UNPLAYED_DEDUCTED,
    said,
)
from ..result import Contribution
from ..result_codes import PENDING, PLAYED_CODES
from ..words import gettext_noop, pgettext
from .trim import cut_notes, trimmed_sum

SOURCE = "US Chess Official Rules of Chess, 7th ed."


def unplayed_rounds(table: Crosstable) -> list[list[bool]]:
    """Per player and round (0-based): no game at the board (bye, forfeit or absence)."""
    return table.cached(("us", "unplayed"), lambda: _unplayed_rounds(table))


def _unplayed_rounds(table: Crosstable) -> list[list[bool]]:
    at_board = PLAYED_CODES | {PENDING}  # as Crosstable.at_the_board, without a call per cell
    return [
        [not (code in at_board and o >= 0) for code, o in zip(codes, opps, strict=True)]
        for codes, opps in zip(table.codes, table.opponents, strict=True)
    ]


def unplayed(table: Crosstable, i: int, r: int) -> bool:
    return unplayed_rounds(table)[i][r]


def adjusted_scores(table: Crosstable) -> list[float]:
    """Each player's score as their opponents see it: every unplayed round a draw."""
    return table.cached(("us", "adjusted"), lambda: _adjusted_scores(table))


def _adjusted_scores(table: Crosstable) -> list[float]:
    draw = table.draw
    return [
        sum(draw if off else p for off, p in zip(flags, pts, strict=True))
        for flags, pts in zip(unplayed_rounds(table), table.points, strict=True)
    ]


def opponent_lists(table: Crosstable) -> list[list[float]]:
    """Per player, one entry a round: the opponent's adjusted score, 0 if unplayed."""
    return table.cached(("us", "lists"), lambda: _opponent_lists(table))


def _opponent_lists(table: Crosstable) -> list[list[float]]:
    adjusted = adjusted_scores(table)
    return [
        [0.0 if off else adjusted[o] for off, o in zip(flags, opps, strict=True)]
        for flags, opps in zip(unplayed_rounds(table), table.opponents, strict=True)
    ]


def depth(table: Crosstable, spec: Spec) -> int:
    """Scores cut at each end: 2 from nine rounds on, unless /M1 or /M2 says."""
    if spec.cut_high:
        return spec.cut_high
    return 2 if table.rounds >= 9 else 1


def _list_evaluation(table: Crosstable, cuts: Callable[[int], tuple[int, int]]) -> Evaluation:
    """Sums of the opponent lists once `cuts(i)` = (lowest, highest) are cut."""
    lists = opponent_lists(table)
    values = [trimmed_sum(lists[i], *cuts(i)) for i in range(table.size)]

    def explain(i: int) -> tuple[Contribution, ...]:
        notes = cut_notes(lists[i], *cuts(i))
        out = []
        for r, amount in enumerate(lists[i]):
            base = US_OWN_UNPLAYED if unplayed(table, i, r) else US_ADJUSTED_SCORE
            cut = notes.get(r)
            parts = said(base, cut) if cut else said(base)
            out.append(Contribution(r + 1, _start_no(table, i, r), amount, parts, cut is not None))
        return tuple(out)

    return Evaluation(values, explain)


def modified_median(table: Crosstable, spec: Spec) -> Evaluation:
    """USMM: an even score cuts both ends, a plus score the lowest, a minus score the highest."""
    d = depth(table, spec)
    even = table.win * table.rounds / 2

    def cuts(i: int) -> tuple[int, int]:
        score = table.scores[i]
        if abs(score - even) < 1e-9:
            return d, d
        return (d, 0) if score > even else (0, d)

    return _list_evaluation(table, cuts)


def median(table: Crosstable, spec: Spec) -> Evaluation:
    """USMED (Harkness): the highest and the lowest cut for everyone."""
    d = depth(table, spec)
    return _list_evaluation(table, lambda i: (d, d))


def solkoff(table: Crosstable, spec: Spec) -> Evaluation:
    """USSOLK: the whole list."""
    return _list_evaluation(table, lambda i: (0, 0))


def cumulative_values(table: Crosstable) -> list[float]:
    """USCUM of every player, shared with USOCUM."""
    return table.cached(("us", "cumulative"), lambda: _cumulative_values(table))


def _cumulative_values(table: Crosstable) -> list[float]:
    values = []
    for flags, pts in zip(unplayed_rounds(table), table.points, strict=True):
        running = total = 0.0
        for off, p in zip(flags, pts, strict=True):
            running += p
            total += running - p if off else running
        values.append(total)
    return values


def cumulative(table: Crosstable, spec: Spec) -> Evaluation:
    """USCUM: the running scores summed, less each unplayed round's points once."""

    def explain(i: int) -> tuple[Contribution, ...]:
        out = []
        running = 0.0
        for r, p in enumerate(table.points[i]):
            running += p
            out.append(Contribution(r + 1, _start_no(table, i, r), running, said(RUNNING_SCORE)))
            if unplayed(table, i, r) and p:
                out.append(Contribution(r + 1, None, -p, said(US_UNPLAYED_DEDUCTED)))
        return tuple(out)

    return Evaluation(cumulative_values(table), explain)


def cumulative_of_opposition(table: Crosstable, spec: Spec) -> Evaluation:
    """USOCUM: the Cumulative tie-breaks of the opponents met at the board."""
    cum = cumulative_values(table)
    flags = unplayed_rounds(table)

    def met(i: int) -> list[int]:
        return [r for r, off in enumerate(flags[i]) if not off]

    values = [sum(cum[table.opponents[i][r]] for r in met(i)) for i in range(table.size)]

    def explain(i: int) -> tuple[Contribution, ...]:
        return tuple(
            Contribution(
                r + 1, _start_no(table, i, r), cum[table.opponents[i][r]], said(OPPONENT_CUMULATIVE)
            )
            for r in met(i)
        )

    return Evaluation(values, explain)


def _start_no(table: Crosstable, i: int, r: int) -> int | None:
    o = table.opponents[i][r]
    return table.start_nos[o] if o >= 0 else None


_MEDIAN = frozenset({"median"})
ENTRIES = (
    TieBreak(
        acronym="USMM",
        name=gettext_noop("Modified Median"),
        source=f"{SOURCE}, Modified Median",
        fide_type="BC",
        evaluate=modified_median,
        modifiers=_MEDIAN,
        null="skips group",
    ),
    TieBreak(
        acronym="USMED",
        name=gettext_noop("Median (Harkness)"),
        source=f"{SOURCE}, Median",
        fide_type="C",
        evaluate=median,
        modifiers=_MEDIAN,
        null="skips group",
    ),
    TieBreak(
        acronym="USSOLK",
        name=pgettext("tie-break", "Solkoff"),
        source=f"{SOURCE}, Solkoff",
        fide_type="C",
        evaluate=solkoff,
        null="skips group",
    ),
    TieBreak(
        acronym="USCUM",
        name=gettext_noop("Cumulative"),
        source=f"{SOURCE}, Cumulative",
        fide_type="B",
        evaluate=cumulative,
        null="skips group",
    ),
    TieBreak(
        acronym="USOCUM",
        name=gettext_noop("Cumulative of opposition"),
        source=f"{SOURCE}, Cumulative scores of opposition",
        fide_type="C",
        evaluate=cumulative_of_opposition,
        null="skips group",
    ),
)
