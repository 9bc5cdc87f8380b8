"""Who can still win: `race/` and `race.json` (issue 29, sections 3 and 4), registry pages
(registered in pages.py) like the others, so each is cached per event version and language
and answers 304; the race itself is worked out once per version (state/race.py) and shared
by both, the player cards (templatetags/race_tags.py) and the venue screen.

`says` words the engine's answers, never more: docs/race.md lists the sentences and what
each one means exactly.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext, gettext_lazy, pgettext_lazy

from standings.engine.race import CLINCHED, OWN_RESULTS, POSSIBLE, Chance, GroupPlace
from standings.state.event_state import EventState
from standings.state.race import FINISHED, PrizeCategory, RaceState, in_last_round, race_of

# The sentences of `says` (docs/race.md): each derived exactly from the engine's best and
# worst places for each result of the contender's own game ("first": nobody strictly ahead)
# and from a board found to decide one of those results alone.
CLINCHED_TEXT = gettext_lazy("has clinched first place")
WHATEVER_RESULT = gettext_lazy("takes first place whatever the result of their game")
WHATEVER_HAPPENS = gettext_lazy("takes first place whatever happens on the other boards")
WIN_OR_DRAW = gettext_lazy("takes first place with a win or a draw")
SURE_WITH = {
    "win": gettext_lazy("takes first place with a win"),
    "draw": gettext_lazy("takes first place with a draw"),
    "loss": gettext_lazy("takes first place even with a loss"),
}
IF_BOARD = {
    "win": gettext_lazy("takes first place with a win if board %(board)s ends %(results)s"),
    "draw": gettext_lazy("takes first place with a draw if board %(board)s ends %(results)s"),
    "loss": gettext_lazy("takes first place with a loss if board %(board)s ends %(results)s"),
}
WITH_HELP = {
    "win": gettext_lazy("can take first place with a win and help from other boards"),
    "draw": gettext_lazy("can take first place with a draw and help from other boards"),
    "loss": gettext_lazy("can take first place with a loss and help from other boards"),
}
HELP_ONLY = gettext_lazy("can take first place with help from the other boards")
STILL = gettext_lazy("can still take first place")
# A game's result from White's side, as the round page shows it.
SHOWN_RESULT = {"1-0": "1-0", "1/2-1/2": "½-½", "0-1": "0-1"}
STATUS_TEXT = {
    "clinched": pgettext_lazy("the race for first place", "clinched"),
    "possible": pgettext_lazy("the race for first place", "possible"),
    "undetermined": pgettext_lazy("the race for first place", "undetermined"),
}
REACH_TEXT = {
    "sure": pgettext_lazy("a prize category's places", "sure of a prize place"),
    "possible": pgettext_lazy("a prize category's places", "can still reach one"),
    "undetermined": pgettext_lazy("a prize category's places", "not worked out in time"),
}
OWN_TEXT = {
    "win": pgettext_lazy("the result of one's own game", "Win"),
    "draw": pgettext_lazy("the result of one's own game", "Draw"),
    "loss": pgettext_lazy("the result of one's own game", "Loss"),
    "": pgettext_lazy("the result of one's own game", "No game"),
}
COVERS_ROUND = "current round only"  # race.json's "covers": the next round is not paired yet
COVERS_EVENT = "whole event"  # the last planned round


def says(chance: Chance) -> str | None:
    """The condition in words, in the active language; None where no exact short one is
    known (an undetermined status or place)."""
    if chance.status == CLINCHED:
        return str(CLINCHED_TEXT)
    if chance.status != POSSIBLE:
        return None
    ranges = chance.places
    if not ranges or any(r.best is None or r.worst is None for r in ranges):
        return str(STILL)
    if len(ranges) == 1:  # no game of their own in the round
        return str(WHATEVER_HAPPENS if ranges[0].worst == 1 else HELP_ONLY)
    by_own = {r.own: r for r in ranges}
    sure = [own for own in OWN_RESULTS if by_own[own].worst == 1]
    clauses: list[str] = []
    if len(sure) == 3:
        clauses.append(str(WHATEVER_RESULT))
    elif sure == ["win", "draw"]:
        clauses.append(str(WIN_OR_DRAW))
    else:
        clauses += [str(SURE_WITH[own]) for own in sure]
    conditions = {c.own: c for c in chance.conditions}
    for own in OWN_RESULTS:
        shown = by_own[own]
        if shown.worst == 1 or shown.best != 1:
            continue
        condition = conditions.get(own)
        if condition is None:
            clauses.append(str(WITH_HELP[own]))
        else:
            results = [SHOWN_RESULT[r] for r in condition.results]
            either = results[0]
            if len(results) == 2:
                either = gettext("%(first)s or %(second)s") % {
                    "first": results[0],
                    "second": results[1],
                }
            clauses.append(str(IF_BOARD[own]) % {"board": condition.board, "results": either})
    return "; ".join(clauses)


@dataclass(frozen=True, slots=True)
class Reach:
    """A member of a prize category who can still end within its prize places."""

    start_no: int
    name: str
    status: str  # "sure", "possible", "undetermined"


def reach_status(place: GroupPlace) -> str:
    """sure: within the places in every outcome; possible: in some, not in all."""
    if place.reach is None or place.sure is None:
        return "undetermined"
    return "sure" if place.sure else "possible"


def prize_places(state: EventState, found: RaceState) -> list[tuple[PrizeCategory, list[Reach]]]:
    if found.race is None:
        return []
    shown = []
    for category, group in zip(found.categories, found.race.groups, strict=True):
        reach = [
            Reach(g.start_no, state.people[g.start_no].name, reach_status(g)) for g in group.reach
        ]
        shown.append((category, reach))
    return shown


@dataclass(frozen=True, slots=True)
class Contender:
    chance: Chance
    says: str | None
    rank: int | None
    points: str


def contenders(state: EventState, found: RaceState) -> list[Contender]:
    if found.race is None:
        return []
    lines = {line.person.start_no: line for line in state.lines}
    shown = []
    for chance in found.race.first_place:
        line = lines.get(chance.start_no)
        shown.append(
            Contender(
                chance,
                says(chance),
                line.rank if line else None,
                line.points.text if line else "",
            )
        )
    return shown


def race_context(state: EventState) -> dict[str, Any]:
    found = race_of(state)
    final = found.race is not None and found.race.final_round
    return {
        "race": found,
        "stage": found.stage,
        "contenders": contenders(state, found),
        "prize_places": prize_places(state, found),
        "covers_round_only": found.race is not None and not final,
        "winners": _winners(state) if found.stage == FINISHED else [],
    }


def _winners(state: EventState) -> list[Any]:
    return [line for line in state.lines if line.rank == 1]


def race_json(state: EventState) -> str:
    found = race_of(state)
    data: dict[str, Any] = {
        "round": found.round,
        "stage": found.stage,
        "open_games": 0,
        "covers": None,
        "final_round": None,
        "provisional": state.provisional,
        "first_place": [],
        "prize_places": [],
        "winners": [],
    }
    if found.race is not None:
        data["open_games"] = len(found.race.open_games)
        data["final_round"] = found.race.final_round
        data["covers"] = COVERS_EVENT if found.race.final_round else COVERS_ROUND
        data["first_place"] = [_contender_json(c) for c in found.race.first_place]
        data["prize_places"] = [
            {
                "category": category.key,
                "name": category.name,
                "places": list(category.places),
                "reach": [
                    {"start_no": r.start_no, "name": r.name, "status": r.status} for r in reach
                ],
            }
            for category, reach in prize_places(state, found)
        ]
    if found.stage == FINISHED:
        data["winners"] = [
            {"start_no": line.person.start_no, "name": line.person.name} for line in _winners(state)
        ]
    return json.dumps(data, ensure_ascii=False)


def has_race_json(state: EventState) -> bool:
    """race.json: an individual event's (a team event's race is not worked out)."""
    return state.teams is None and not state.is_overview


def has_race_page(state: EventState) -> bool:
    """race/: every event with players (a team event's says why there is no race)."""
    return not state.is_overview


def nav_in_last_round(state: EventState) -> dict[str, Any] | None:
    """The navigation links the page while the last planned round is under way."""
    return {} if in_last_round(state) else None


def _contender_json(chance: Chance) -> dict[str, object]:
    """The engine's own JSON of a chance (Chance.to_json), with its sentence in the reader's
    language instead of the conditions it was derived from."""
    shown = chance.to_json()
    del shown["conditions"]
    shown["says"] = says(chance)
    return shown
