"""Small events written as crosstables, for unit and property tests."""

from __future__ import annotations

from standings.engine.event import Event, Participant, RoundEntry, System


def event_from_rows(
    rows: dict[int, str],
    *,
    system: System = System.SWISS,
    ratings: dict[int, int | None] | None = None,
    rounds: int | None = None,
    closed: set[int] | None = None,
    **kwargs,
) -> Event:
    """rows: start number -> cells separated by spaces, each 'OPPcolourCODE' or 'CODE'.

    '2w1' = white against 2, won; '3b=' drew with black against 3; 'H' half-point
    bye; '4w+' forfeit win; '-' not paired.
    """
    participants = []
    count = 0
    for start_no, text in rows.items():
        entries = []
        for r, cell in enumerate(text.split(), start=1):
            if len(cell) == 1:
                entries.append(RoundEntry(r, None, None, cell))
            else:
                entries.append(RoundEntry(r, int(cell[:-2]), cell[-2], cell[-1]))
        count = max(count, len(entries))
        rating = (ratings or {}).get(start_no, 2000)
        participants.append(Participant(start_no, f"P{start_no}", rating, entries=tuple(entries)))
    return Event(
        "test",
        tuple(participants),
        rounds if rounds is not None else count,
        system,
        closed_rounds=frozenset(closed if closed is not None else range(1, count + 1)),
        **kwargs,
    )
