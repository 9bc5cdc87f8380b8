"""Chess Scotland tie-breaks: opponents' grades, progressive scores, Buchholz,
Sonneborn-Berger and Wallace, and for teams Hooper's board count (seed 004, the Chess
Scotland Rule Book).

Chess Scotland's rule for unplayed rounds: none. The rule book knows only byes, so an
opponent is whoever the player was paired with, the game played or forfeited (a forfeit
scores 1 or 0 against that opponent), a bye is a round without opponent, and every
score is the actual score, bye points included. Choices in docs/tiebreaks.md.

Three systems are procedures ("if still tied, eliminate the next ..."): component k of
the procedure is the spec with /Ck, and a list runs the procedure by listing them in order.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..catalogue.base import Evaluation, TieBreak, Value
from ..crosstable import Crosstable
from ..notation import Spec
from ..phrases import (
    CUT_RECOUNT,
    OPPONENT_GRADE,
    OPPONENT_SCORE,
    OPPONENT_SCORE_TIMES_POINTS,
    OWN_SCORE,
    RUNNING_SCORE,
    SCOTLAND_BYE,
    SCOTLAND_HOOPER_NOT_APPLICABLE,
    SCOTLAND_NO_BOARD_WON,
    SCOTLAND_UNGRADED,
    phrase,
    said,
)
from ..result import Contribution
from ..words import gettext_noop, pgettext
from .trim import cut_notes, trimmed_sum

SOURCE = "Chess Scotland Rule Book, tie-break systems"


def component(spec: Spec, default: int) -> int:
    """k of /Ck; without one, the procedure's first step (`default`)."""
    if spec.uncut:
        return 0
    return spec.cut_low or default


def _paired_rounds(table: Crosstable, i: int) -> list[int]:
    return [r for r in range(table.rounds) if table.opponents[i][r] >= 0]


def _start_no(table: Crosstable, i: int, r: int) -> int | None:
    o = table.opponents[i][r]
    return table.start_nos[o] if o >= 0 else None


def opponents_grades(table: Crosstable, spec: Spec) -> Evaluation:
    """SCSOG: the opponents' grades less the k lowest; None if any opponent is ungraded."""
    k = component(spec, 1)
    grades = table.cached(("scotland", "grades"), lambda: _opponents_grades(table))
    values = [None if g is None else trimmed_sum(g, k, 0) for g in grades]

    def explain(i: int) -> tuple[Contribution, ...]:
        paired = _paired_rounds(table, i)
        met = [table.ratings[table.opponents[i][r]] for r in paired]
        own = grades[i]
        notes = cut_notes(own, k, 0) if own is not None else {}
        return tuple(
            Contribution(
                r + 1,
                _start_no(table, i, r),
                grade,
                said(notes.get(n, OPPONENT_GRADE if grade else SCOTLAND_UNGRADED)),
                n in notes,
            )
            for n, (r, grade) in enumerate(zip(paired, met, strict=True))
        )

    return Evaluation(values, explain)


def _opponents_grades(table: Crosstable) -> list[list[int] | None]:
    """Per player the grades of the opponents, None when one is ungraded."""
    out: list[list[int] | None] = []
    for opps in table.opponents:
        met = [table.ratings[o] for o in opps if o >= 0]
        graded = [g for g in met if g is not None]
        out.append(graded if len(graded) == len(met) else None)
    return out


def progressive_scores(table: Crosstable, spec: Spec) -> Evaluation:
    """SCPS: the running scores summed, the first k of them left out."""
    k = component(spec, 0)
    running = table.cached(("scotland", "running"), lambda: _running_scores(table))
    values = [sum(row[k:]) for row in running]

    def explain(i: int) -> tuple[Contribution, ...]:
        return tuple(
            Contribution(
                r + 1,
                _start_no(table, i, r),
                amount,
                said(CUT_RECOUNT) if r < k else said(RUNNING_SCORE),
                r < k,
            )
            for r, amount in enumerate(running[i])
        )

    return Evaluation(values, explain)


def _running_scores(table: Crosstable) -> list[list[float]]:
    out = []
    for pts in table.points:
        total, row = 0.0, []
        for p in pts:
            total += p
            row.append(total)
        out.append(row)
    return out


def _buchholz_lists(table: Crosstable) -> list[list[float]]:
    def row(i: int) -> list[float]:
        opps = table.opponents[i]
        return [table.scores[o] if o >= 0 else 0.0 for o in opps]

    return table.cached(("scotland", "bh"), lambda: [row(i) for i in range(table.size)])


def buchholz(table: Crosstable, spec: Spec) -> Evaluation:
    """SCBH: the opponents' scores, a bye 0, less the k lowest contributions."""
    k = component(spec, 0)
    lists = _buchholz_lists(table)
    values = [trimmed_sum(row, k, 0) for row in lists]

    def explain(i: int) -> tuple[Contribution, ...]:
        notes = cut_notes(lists[i], k, 0)
        return tuple(
            Contribution(
                r + 1,
                _start_no(table, i, r),
                amount,
                said(notes.get(r, OPPONENT_SCORE if table.opponents[i][r] >= 0 else SCOTLAND_BYE)),
                r in notes,
            )
            for r, amount in enumerate(lists[i])
        )

    return Evaluation(values, explain)


def sonneborn_berger(table: Crosstable, spec: Spec) -> Evaluation:
    """SCSB: each opponent's score times the points scored against them; byes add 0."""

    def terms(i: int) -> list[tuple[int, float]]:
        return [
            (r, table.scores[table.opponents[i][r]] * table.points[i][r])
            for r in _paired_rounds(table, i)
        ]

    values = [sum(amount for _, amount in terms(i)) for i in range(table.size)]

    def explain(i: int) -> tuple[Contribution, ...]:
        return tuple(
            Contribution(r + 1, _start_no(table, i, r), amount, said(OPPONENT_SCORE_TIMES_POINTS))
            for r, amount in terms(i)
        )

    return Evaluation(values, explain)


def wallace(table: Crosstable, spec: Spec) -> Evaluation:
    """WALL: the score less the points scored against the k lowest final score groups."""
    k = component(spec, 1)
    groups = sorted(set(table.scores))
    eliminated = set(groups[:k])

    def removed(i: int) -> list[int]:
        return [
            r for r in _paired_rounds(table, i) if table.scores[table.opponents[i][r]] in eliminated
        ]

    values = [
        table.scores[i] - sum(table.points[i][r] for r in removed(i)) for i in range(table.size)
    ]

    def explain(i: int) -> tuple[Contribution, ...]:
        out = [Contribution(None, None, table.scores[i], said(OWN_SCORE))]
        for r in removed(i):
            opponent_score = table.scores[table.opponents[i][r]]
            out.append(
                Contribution(
                    r + 1,
                    _start_no(table, i, r),
                    -table.points[i][r],
                    said(phrase("scotland.eliminated", score=float(opponent_score))),
                )
            )
        return tuple(out)

    return Evaluation(values, explain)


def hooper(table: Crosstable, spec: Spec, groups: Sequence[Sequence[int]]) -> Evaluation:
    """Item 10, Hooper (board count): two teams still tied that met add up the numbers of
    the boards each won in their match (or matches); the lower total ranks higher. A group
    of another size, or two teams that did not meet: the system does not apply (None)."""
    values: list[Value] = [None] * table.size
    won: dict[int, list[tuple[int, int, list[int]]]] = {}  # i -> (round, opponent, boards)
    for group in groups:
        if len(group) != 2:
            continue
        a, b = group
        met = [
            r
            for r in range(table.rounds)
            if table.opponents[a][r] == b and table.boards[a][r] and table.boards[b][r]
        ]
        if not met:
            continue
        for i, o in ((a, b), (b, a)):
            won[i] = [(r, o, _boards_won(table, i, r)) for r in met]
            values[i] = sum(sum(boards) for _, _, boards in won[i])

    def explain(i: int) -> tuple[Contribution, ...]:
        if i not in won:
            return (Contribution(None, None, None, said(SCOTLAND_HOOPER_NOT_APPLICABLE)),)
        return tuple(
            Contribution(
                r + 1,
                table.start_nos[o],
                sum(boards),
                said(
                    phrase("scotland.boards_won", boards=", ".join(map(str, boards)))
                    if boards
                    else SCOTLAND_NO_BOARD_WON
                ),
            )
            for r, o, boards in won[i]
        )

    return Evaluation(values, explain)


def _boards_won(table: Crosstable, i: int, r: int) -> list[int]:
    match = table.boards[i][r] or ()
    return [k for k, points in enumerate(match, 1) if points == table.board_win]


_COMPONENTS = frozenset({"cut", "component"})
ENTRIES = (
    TieBreak(
        acronym="SCSOG",
        name=gettext_noop("Modified sum of opponents' grades"),
        source=f"{SOURCE}, item 1",
        fide_type="D",
        evaluate=opponents_grades,
        modifiers=_COMPONENTS,
        null="skips group",
    ),
    TieBreak(
        acronym="SCPS",
        name=gettext_noop("Sum of progressive scores"),
        source=f"{SOURCE}, item 2",
        fide_type="B",
        evaluate=progressive_scores,
        modifiers=_COMPONENTS,
        null="skips group",
    ),
    TieBreak(
        acronym="SCBH",
        name=gettext_noop("Sum of opponents' scores (Buchholz)"),
        source=f"{SOURCE}, item 3",
        fide_type="C",
        evaluate=buchholz,
        modifiers=_COMPONENTS,
        null="skips group",
    ),
    TieBreak(
        acronym="SCSB",
        name=pgettext("tie-break", "Sonneborn-Berger"),
        source=f"{SOURCE}, item 8",
        fide_type="BC",
        evaluate=sonneborn_berger,
        null="skips group",
    ),
    TieBreak(
        acronym="HOOPER",
        name=gettext_noop("Hooper (board count)"),
        source=f"{SOURCE}, item 10",
        fide_type="B",
        evaluate=hooper,
        better="lower",
        sub_rank=True,
        null="skips group",
        team=True,
    ),
    TieBreak(
        acronym="WALL",
        name=gettext_noop("Wallace (elimination of scores)"),
        source=f"{SOURCE}, item 6",
        fide_type="BC",
        evaluate=wallace,
        modifiers=_COMPONENTS,
        null="skips group",
    ),
)
