"""A minimal private TRF-16 reader for the FIDE fixtures.

Stands in for `standings.engine.trf` in these tests only, so the engine can be
checked against the fixtures independently of the project's TRF reader.
"""

from __future__ import annotations

from datetime import date

from standings.engine.event import Event, Participant, RoundEntry, Scoring, System


def read_fixture(text: str) -> Event:
    """Event from the individual-event subset of TRF-16 the fixtures use."""
    header: dict[str, str] = {}
    players: list[Participant] = []
    for line in text.splitlines():
        tag = line[:3]
        if tag == "001":
            players.append(_player(line))
        elif tag.isdigit() and tag not in header:
            header[tag] = line[4:].rstrip()
    rounds = int(header.get("142", "0").strip() or 0)
    players = [_pad(p, rounds) for p in players]
    return Event(
        name=header.get("012", "").strip(),
        participants=tuple(players),
        rounds=rounds,
        system=_system(header.get("092", ""), len(players), rounds),
        scoring=_scoring(header.get("162", "")),
        start_date=_date(header.get("042", "")),
    )


def _player(line: str) -> Participant:
    start_no = int(line[4:8])
    rating_text = line[48:52].strip()
    entries = []
    col, r = 91, 1
    while col < len(line):
        cell = line[col : col + 8].ljust(8)
        if not cell.strip():
            break
        opp_text, color, code = cell[0:4].strip(), cell[5], cell[7]
        opp = int(opp_text) if opp_text and int(opp_text) > 0 else None
        entries.append(RoundEntry(r, opp, color if color in "wb" else None, code))
        col += 10
        r += 1
    return Participant(
        start_no=start_no,
        name=line[14:47].strip(),
        rating=int(rating_text) if rating_text else None,
        entries=tuple(entries),
    )


def _pad(p: Participant, rounds: int) -> Participant:
    missing = [RoundEntry(r, None, None, "-") for r in range(len(p.entries) + 1, rounds + 1)]
    if not missing:
        return p
    return Participant(p.start_no, p.name, p.rating, entries=p.entries + tuple(missing))


def _system(kind: str, players: int, rounds: int) -> System:
    text = kind.upper()
    if "SWISS" in text:
        return System.SWISS
    if "DOUBLE" in text:
        return System.DOUBLE_ROUND_ROBIN
    if "RR" in text or "ROBIN" in text or "BERGER" in text:
        return System.ROUND_ROBIN
    if players in (rounds, rounds + 1):
        return System.ROUND_ROBIN
    if 2 * players in (rounds, rounds + 1):
        return System.DOUBLE_ROUND_ROBIN
    return System.SWISS


def _scoring(text: str) -> Scoring:
    parts = text.split()
    values = dict(zip(parts[::2], (float(x) for x in parts[1::2]), strict=False))
    win, draw, loss = values.get("W", 1.0), values.get("D", 0.5), values.get("L", 0.0)
    return Scoring(
        win=win,
        draw=draw,
        loss=loss,
        pairing_bye=values.get("P", win),
        full_bye=win,
        half_bye=draw,
        zero_bye=loss,
        forfeit_win=win,
        forfeit_loss=loss,
    )


def _date(text: str) -> date | None:
    try:
        y, m, d = (int(x) for x in text.strip().replace("-", "/").split("/"))
        return date(y, m, d)
    except ValueError:
        return None
