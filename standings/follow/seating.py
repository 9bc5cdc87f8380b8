"""Who sits where in each published round, and with what result: the part of an event a
follower is told about, read from the database without the engine (the subscribe view takes
it as the baseline of an event's first follower; the worker compares each new read with the
last one it told).

A seating is plain JSON: {"rounds": {"7": {"12": [seat, result]}}, "finished": bool}, keyed
by start number (a team event's: team number). A seat says board (or match), side and
opponent ("12:w:45", "3:h:7") or a bye ("bye:H"); a result is the game's code pair (a team's:
its match's boards' codes and the match's forfeit), "" while pending.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from standings.events.models import Event, Round
from standings.events.snapshot import EventRead, read_event
from standings.state.progress import RoundProgress, is_finished

Seating = dict  # the JSON above


@dataclass(frozen=True, slots=True)
class Told:
    """Something to tell a number's followers: its pairing or its result in a round, or the
    event's final standings (round 0)."""

    number: int
    round: int
    kind: str  # "pairing", "result" or "final"


def seating_of(event: Event) -> Seating:
    return seating_from(event, read_event(event))


def seating_from(event: Event, read: EventRead) -> Seating:
    if event.kind == Event.Kind.TEAM:
        rounds, pending = _team_seats(read)
    else:
        rounds, pending = _individual_seats(event, read)
    progress = [
        RoundProgress(
            number=r.number, state=r.state, pending=pending.get(r.number, 0), starts_at=None
        )
        for r in read.rounds
    ]
    return {"rounds": rounds, "finished": is_finished(event.rounds_planned, progress)}


def told(before: Seating, now: Seating) -> list[Told]:
    """What changed from `before` to `now` that followers hear of: a number's new or changed
    seat (pairings published, or re-paired), a result entered or corrected (a cleared result
    is not news), and the event becoming finished."""
    found = []
    for round_key, seats in now["rounds"].items():
        earlier = before["rounds"].get(round_key, {})
        for number_key, (seat, result) in seats.items():
            old_seat, old_result = earlier.get(number_key, ("", ""))
            number, round_no = int(number_key), int(round_key)
            if seat != old_seat:
                found.append(Told(number, round_no, "pairing"))
            if result and result != old_result:
                found.append(Told(number, round_no, "result"))
    if now["finished"] and not before["finished"]:
        numbers = {int(n) for seats in now["rounds"].values() for n in seats}
        found.extend(Told(n, 0, "final") for n in sorted(numbers))
    return found


def _individual_seats(event: Event, read: EventRead) -> tuple[dict, dict[int, int]]:
    number, start_no = read.round_number, read.start_no
    rounds: dict[str, dict[str, list[str]]] = defaultdict(dict)
    pending: dict[int, int] = defaultdict(int)
    for round_id, _match, board, white, black, result in read.games:
        r = number[round_id]
        shown = board + event.board_offset
        w, b = start_no[white], start_no[black]
        rounds[str(r)][str(w)] = [f"{shown}:w:{b}", result]
        rounds[str(r)][str(b)] = [f"{shown}:b:{w}", result]
        pending[r] += not result
    for round_id, participant, kind in read.byes:
        rounds[str(number[round_id])][str(start_no[participant])] = [f"bye:{kind}", ""]
    return _with_every_round(rounds, read.rounds), pending


def _team_seats(read: EventRead) -> tuple[dict, dict[int, int]]:
    number, team_no = read.round_number, read.team_number
    boards: dict[int, list[str]] = defaultdict(list)
    for _round_id, match, _board, _white, _black, result in read.games:
        if match is not None:
            boards[match].append(result or ".")
    rounds: dict[str, dict[str, list[str]]] = defaultdict(dict)
    pending: dict[int, int] = defaultdict(int)
    for match_id, round_id, table, home, away, forfeit in read.matches:
        r = number[round_id]
        codes = boards.get(match_id, [])
        entered = bool(forfeit) or any(code != "." for code in codes)
        result = f"{forfeit}|{''.join(codes)}" if entered else ""
        h, a = team_no[home], team_no[away]
        rounds[str(r)][str(h)] = [f"{table}:h:{a}", result]
        rounds[str(r)][str(a)] = [f"{table}:a:{h}", result]
        pending[r] += 0 if forfeit else codes.count(".")
    for round_id, team, kind in read.team_byes:
        rounds[str(number[round_id])][str(team_no[team])] = [f"bye:{kind}", ""]
    return _with_every_round(rounds, read.rounds), pending


def _with_every_round(rounds: dict, published: list[Round]) -> dict:
    """Every published round, an empty one included (its pairings may come by board)."""
    return {str(r.number): dict(rounds.get(str(r.number), {})) for r in published}
