"""Properties of the national systems on generated Swiss events (hypothesis)."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from standings.engine.event import Event, Participant
from standings.engine.standings import compute_standings
from tests.engine.test_properties import swiss_events

NATIONAL = [
    *("USMM", "USMM/M1", "USMM/M2", "USMED", "USMED/M2", "USSOLK", "USCUM", "USOCUM"),
    *("KASH", "BAUM", "FLOSS"),
    *("SCSOG", "SCSOG/C0", "SCSOG/C3", "SCPS", "SCPS/C2", "SCBH", "SCBH/C1", "SCSB"),
    *("WALL", "WALL/C2", "WALL/C0"),
]


def renumbered(event: Event, new_no: dict[int, int]) -> Event:
    def move(p: Participant) -> Participant:
        entries = tuple(
            replace(e, opponent=None if e.opponent is None else new_no[e.opponent])
            for e in p.entries
        )
        return replace(p, start_no=new_no[p.start_no], entries=entries)

    participants = sorted((move(p) for p in event.participants), key=lambda p: p.start_no)
    return replace(event, participants=tuple(participants))


@settings(max_examples=100, deadline=None)
@given(swiss_events(), st.randoms(use_true_random=False))
def test_renumbering_players_changes_no_national_value(event, rnd):
    old = [p.start_no for p in event.participants]
    shuffled = [s * 7 for s in old]
    rnd.shuffle(shuffled)
    new_no = dict(zip(old, shuffled, strict=True))

    before = compute_standings(event, NATIONAL)
    after = compute_standings(renumbered(event, new_no), NATIONAL)

    values_after = {row.start_no: row.values for row in after.rows}
    for row in before.rows:
        assert values_after[new_no[row.start_no]] == row.values


@settings(max_examples=100, deadline=None)
@given(swiss_events())
def test_a_component_never_exceeds_the_one_before(event):
    procedure = ["SCSOG/C0", "SCSOG", "SCSOG/C2", "SCBH", "SCBH/C1", "SCPS", "SCPS/C1"]
    standings = compute_standings(event, [*procedure, "WALL/C0", "WALL", "WALL/C2"])
    for row in standings.rows:
        v = row.values[1:]
        pairs = [(0, 1), (1, 2), (3, 4), (5, 6), (7, 8), (8, 9)]
        assert all(v[b] <= v[a] + 1e-9 for a, b in pairs)
