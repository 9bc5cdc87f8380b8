"""Tie-breaks of team events only (Art. 11-13): the two scores, MPvGP, board count, top
and bottom boards, the extended Sonneborn-Berger family, EDE and SSSC.

They read the crosstable of the primary score and, through it, the other basis
(`table.bases`) and the board points of each match (`table.boards`). The individual
tie-breaks of Art. 6-10 apply to teams through the score basis instead (`BH:GP`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from math import floor

from ..crosstable import Crosstable
from ..modifiers import Addend, apply_cuts
from ..notation import Spec
from ..phrases import phrase, said
from ..result import Contribution
from ..unplayed import score_view, virtual_opponent_score
from ..words import gettext_noop
from .base import Evaluation, TieBreak, Value
from .buchholz import buchholz_values, round_half_up
from .direct_encounter import _one_pass
from .own_results import points


def _score(basis: str) -> Callable[[Crosstable, Spec], Evaluation]:
    """MPTS, GPTS: the team's match or game points."""

    def evaluate(table: Crosstable, spec: Spec) -> Evaluation:
        return points(table.on_basis(basis), spec)

    return evaluate


def secondary_score(table: Crosstable, spec: Spec) -> Evaluation:
    """MPVGP: the score that is not the primary one (Art. 13.1)."""
    return points(table.on_basis(table.secondary), spec)


def board_count(table: Crosstable, spec: Spec) -> Evaluation:
    """BC: each board's points times the board's number, summed (Art. 12.1)."""
    values = [
        sum(sum(k * p for k, p in enumerate(match, 1)) for match in row if match is not None)
        for row in table.boards
    ]

    def explain(i: int) -> tuple[Contribution, ...]:
        return tuple(
            Contribution(
                r + 1,
                None,
                sum(k * p for k, p in enumerate(match, 1)),
                said(phrase("team.boards", scores=tuple(match))),
            )
            for r, match in enumerate(table.boards[i])
            if match is not None
        )

    return Evaluation(values, explain)


def _board_totals(table: Crosstable, i: int) -> list[float]:
    totals = [0.0] * table.board_count
    for match in table.boards[i]:
        for k, p in enumerate(match or ()):
            totals[k] += p
    return totals


def _top_boards(table: Crosstable, i: int) -> tuple[float, ...]:
    """Board 1's points, then board 2's, ... (Art. 12.2)."""
    return tuple(_board_totals(table, i))


def _bottom_eliminated(table: Crosstable, i: int) -> tuple[float, ...]:
    """All boards but the last, then all but the last two, ... (Art. 12.3)."""
    totals = _board_totals(table, i)
    return tuple(sum(totals[:k]) for k in range(len(totals) - 1, 0, -1))


def _places(
    key: Callable[[Crosstable, int], tuple[float, ...]],
) -> Callable[[Crosstable, Spec, Sequence[Sequence[int]]], Evaluation]:
    """A sub-rank: places inside each tied group by a tuple compared best first."""

    def evaluate(table: Crosstable, spec: Spec, groups: Sequence[Sequence[int]]) -> Evaluation:
        values: list[Value] = [0] * table.size
        keys = {}
        for group in groups:
            if len(group) < 2:
                continue
            for i in group:
                keys[i] = key(table, i)
            ordered = sorted(group, key=lambda i: tuple(-x for x in keys[i]))
            if keys[ordered[0]] == keys[ordered[-1]]:
                continue
            place = 1
            for k, i in enumerate(ordered):
                if k and keys[i] != keys[ordered[k - 1]]:
                    place = k + 1
                values[i] = place

        def explain(i: int) -> tuple[Contribution, ...]:
            return tuple(
                Contribution(None, None, total, said(phrase("team.board", board=k)))
                for k, total in enumerate(_board_totals(table, i), 1)
            )

        return Evaluation(values, explain)

    return evaluate


def extended_direct_encounter(
    table: Crosstable, spec: Spec, groups: Sequence[Sequence[int]]
) -> Evaluation:
    """EDE: direct encounter on the primary score, then on the secondary one, restarting
    with every new subset of tied teams (Art. 13.3)."""
    first, second = table, table.on_basis(table.secondary)
    values: list[Value] = [0] * table.size

    def separate(members: list[int]) -> list[list[int]]:
        for basis_table in (first, second):
            blocks = _one_pass(basis_table, members)
            if len(blocks) > 1:
                out: list[list[int]] = []
                for block in blocks:
                    out.extend(separate(block) if len(block) > 1 else [block])
                return out
        return [members]

    group_of: dict[int, set[int]] = {}
    for group in groups:
        for i in group:
            group_of[i] = set(group)
        if len(group) < 2:
            continue
        blocks = separate(sorted(group, key=lambda i: table.start_nos[i]))
        if len(blocks) == 1:
            continue
        place = 1
        for block in blocks:
            for i in block:
                values[i] = place
            place += len(block)

    def explain(i: int) -> tuple[Contribution, ...]:
        members = group_of.get(i, set())
        return tuple(
            Contribution(
                r + 1,
                table.start_nos[o],
                table.points[i][r],
                said(
                    phrase(
                        "team.tied_match",
                        points=float(second.points[i][r]),
                        basis=table.secondary,
                    )
                ),
            )
            for r, o in enumerate(table.opponents[i])
            if o in members and o != i
        )

    return Evaluation(values, explain)


def _extended_sb(opponents: str, own: str) -> Callable[[Crosstable, Spec], Evaluation]:
    """ESB: the opponent's total on one basis times what the team scored against them on
    the other (Art. 13.2), unplayed rounds as for SB (Art. 16)."""

    def evaluate(table: Crosstable, spec: Spec) -> Evaluation:
        theirs, ours = table.on_basis(opponents), table.on_basis(own)
        view = score_view(theirs, False)
        rows: list[list[Addend]] = []
        for i in range(table.size):
            row = []
            for r in range(theirs.rounds):
                o = theirs.opponents[i][r]
                if theirs.as_game[i][r]:
                    score, note, exceptional = view.adjusted[o], None, False
                elif theirs.predetermined:
                    continue
                else:
                    score, note = virtual_opponent_score(theirs, view, i, r)
                    exceptional = theirs.voluntarily_unplayed(i, r)
                amount = score * ours.points[i][r]
                start_no = theirs.start_nos[o] if o >= 0 else None
                row.append(Addend(r + 1, start_no, score, amount, exceptional, note))
            rows.append(row)
        results = [apply_cuts(row, spec.cut_low, spec.cut_high, theirs.rounds) for row in rows]
        values = [sum(a.amount for a in kept) for kept, _ in results]

        def explain(i: int) -> tuple[Contribution, ...]:
            reasons = {id(c.addend): c.reason for c in results[i][1]}
            return tuple(
                Contribution(
                    a.round,
                    a.opponent,
                    a.amount,
                    said(*(x for x in (a.note, reasons.get(id(a))) if x is not None)),
                    id(a) in reasons,
                )
                for a in rows[i]
            )

        return Evaluation(values, explain)

    return evaluate


def score_and_schedule_strength(table: Crosstable, spec: Spec) -> Evaluation:
    """SSSC: the secondary score plus the primary Buchholz over a divisor, to 2 decimals;
    the divisor is the highest primary score of the event over the highest secondary score
    of one match, rounded down (Art. 13.4)."""
    other = table.on_basis(table.secondary)
    bh = buchholz_values(table)
    divisor = max(1, floor(table.win * table.rounds / other.win)) if other.win else 1
    values = [
        round_half_up(Fraction(other.scores[i]) + Fraction(bh[i]) / divisor, "0.01")
        for i in range(table.size)
    ]

    def explain(i: int) -> tuple[Contribution, ...]:
        return (
            Contribution(
                None,
                None,
                other.scores[i],
                said(phrase("team.secondary_score", basis=table.secondary)),
            ),
            Contribution(
                None,
                None,
                bh[i],
                said(phrase("team.buchholz_divided", basis=table.primary, divisor=divisor)),
            ),
        )

    return Evaluation(values, explain)


_CUTS = frozenset({"cut", "median"})
ENTRIES = (
    TieBreak(
        acronym="MPTS",
        name=gettext_noop("Match points"),
        article="11.1.1",
        fide_type="B",
        evaluate=_score("MP"),
        team=True,
    ),
    TieBreak(
        acronym="GPTS",
        name=gettext_noop("Game points"),
        article="11.1.2",
        fide_type="B",
        evaluate=_score("GP"),
        team=True,
    ),
    TieBreak(
        acronym="BC",
        name=gettext_noop("Board count"),
        article="12.1",
        fide_type="B",
        evaluate=board_count,
        better="lower",
        team=True,
    ),
    TieBreak(
        acronym="TBR",
        name=gettext_noop("Top board results"),
        article="12.2",
        fide_type="B",
        evaluate=_places(_top_boards),
        better="lower",
        sub_rank=True,
        team=True,
    ),
    TieBreak(
        acronym="BBE",
        name=gettext_noop("Bottom board elimination"),
        article="12.3",
        fide_type="B",
        evaluate=_places(_bottom_eliminated),
        better="lower",
        sub_rank=True,
        team=True,
    ),
    TieBreak(
        acronym="MPVGP",
        name=gettext_noop("Match points or game points"),
        article="13.1",
        fide_type="B",
        evaluate=secondary_score,
        team=True,
    ),
    TieBreak(
        acronym="EMMSB",
        name=gettext_noop("Extended Sonneborn-Berger (MP x MP)"),
        article="13.2.1",
        fide_type="BC",
        evaluate=_extended_sb("MP", "MP"),
        modifiers=_CUTS,
        team=True,
    ),
    TieBreak(
        acronym="EMGSB",
        name=gettext_noop("Extended Sonneborn-Berger (MP x GP)"),
        article="13.2.2",
        fide_type="BC",
        evaluate=_extended_sb("MP", "GP"),
        modifiers=_CUTS,
        team=True,
    ),
    TieBreak(
        acronym="EGMSB",
        name=gettext_noop("Extended Sonneborn-Berger (GP x MP)"),
        article="13.2.3",
        fide_type="BC",
        evaluate=_extended_sb("GP", "MP"),
        modifiers=_CUTS,
        team=True,
    ),
    TieBreak(
        acronym="EGGSB",
        name=gettext_noop("Extended Sonneborn-Berger (GP x GP)"),
        article="13.2.4",
        fide_type="BC",
        evaluate=_extended_sb("GP", "GP"),
        modifiers=_CUTS,
        team=True,
    ),
    TieBreak(
        acronym="EDE",
        name=gettext_noop("Extended direct encounter"),
        article="13.3",
        fide_type="A",
        evaluate=extended_direct_encounter,
        better="lower",
        sub_rank=True,
        team=True,
    ),
    TieBreak(
        acronym="SSSC",
        name=gettext_noop("Score and schedule strength combination"),
        article="13.4",
        fide_type="BC",
        evaluate=score_and_schedule_strength,
        team=True,
    ),
)
