"""Direct encounter (Art. 6): a place inside each group still tied.

The value is the participant's place inside the group (1 = best, equal places
for those it cannot separate), 0 when the group is not separated at all or the
participant is alone in it. A group is separated by the games among its members
(6.1, averaging repeated meetings, 6.1.2); each part still tied is separated
again by its own games (6.2). In a Swiss event where not all members met, a
participant is placed only if no other could catch them whatever the missing
games give (6.3).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..crosstable import Crosstable
from ..event import PENDING
from ..notation import Spec
from ..phrases import DIRECT_ENCOUNTER, said
from ..result import Contribution
from ..words import gettext_noop
from .base import Evaluation, TieBreak


def direct_encounter(table: Crosstable, spec: Spec, groups: Sequence[Sequence[int]]) -> Evaluation:
    """Places inside each of `groups` (crosstable indexes in current rank order)."""
    values = [0] * table.size
    group_of: dict[int, Sequence[int]] = {}
    for group in groups:
        for i in group:
            group_of[i] = group
        if len(group) < 2:
            continue
        blocks = _separate(table, sorted(group, key=lambda i: table.start_nos[i]))
        if len(blocks) == 1:
            continue
        place = 1
        for block in blocks:
            for i in block:
                values[i] = place
            place += len(block)

    def explain(i: int) -> tuple[Contribution, ...]:
        members = set(group_of.get(i, ()))
        out = []
        for r in range(table.rounds):
            o = table.opponents[i][r]
            if o in members and _counts(table, i, r):
                notes = said(DIRECT_ENCOUNTER)
                out.append(Contribution(r + 1, table.start_nos[o], table.points[i][r], notes))
        return tuple(out)

    return Evaluation(values, explain)


def _counts(table: Crosstable, i: int, r: int) -> bool:
    # Forfeits count only where pairings were fixed in advance (6.1.1, 15.2).
    if table.codes[i][r] == PENDING:
        return False
    return table.over_the_board(i, r) or (table.predetermined and table.opponents[i][r] >= 0)


def _separate(table: Crosstable, members: list[int]) -> list[list[int]]:
    """Ordered blocks of participants that the direct encounters cannot split further."""
    blocks = _one_pass(table, members)
    if len(blocks) == 1:
        return blocks
    out: list[list[int]] = []
    for block in blocks:
        out.extend(_separate(table, block) if len(block) > 1 else [block])
    return out


def _one_pass(table: Crosstable, members: list[int]) -> list[list[int]]:
    inside = set(members)
    score: dict[int, float] = {}
    met: dict[int, int] = {}
    for i in members:
        per_opponent: dict[int, list[float]] = {}
        for r in range(table.rounds):
            o = table.opponents[i][r]
            if o in inside and o != i and _counts(table, i, r):
                per_opponent.setdefault(o, []).append(table.points[i][r])
        score[i] = sum(sum(v) / len(v) for v in per_opponent.values())
        met[i] = len(per_opponent)
    others = len(members) - 1
    if table.predetermined or all(met[i] == others for i in members):
        ordered = sorted(members, key=lambda i: -score[i])
        blocks = [[ordered[0]]]
        for prev, i in zip(ordered, ordered[1:], strict=False):
            if score[i] == score[prev]:
                blocks[-1].append(i)
            else:
                blocks.append([i])
        return blocks
    best = {i: score[i] + (others - met[i]) * table.win for i in members}
    ordered = sorted(members, key=lambda i: (-score[i], -best[i], table.start_nos[i]))
    blocks = [[ordered[0]]]
    placing = True
    for k in range(1, len(ordered)):
        if placing and score[ordered[k - 1]] > max(best[i] for i in ordered[k:]):
            blocks.append([ordered[k]])
        else:
            placing = False
            blocks[-1].append(ordered[k])
    return blocks


ENTRIES = (
    TieBreak(
        acronym="DE",
        name=gettext_noop("Direct encounter"),
        article="6",
        fide_type="A",
        evaluate=direct_encounter,
        better="lower",
        sub_rank=True,
    ),
)
