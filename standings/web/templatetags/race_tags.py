"""The race (web/race.py) where other pages show it: a contender's section of the player
card (templates/web/_race_card.html) and the venue screen's "Who can still win" view. Both
read the race worked out once per version (state/race.py), never working anything out: until
it is kept the card links the race page and the screen leaves the view out, and neither
render is kept (pages.py: `complete`)."""

from __future__ import annotations

from typing import Any

from django import template

from standings.engine.race import ELIMINATED
from standings.state.event_state import EventState
from standings.state.race import OPEN, in_last_round, known_race, stage_of

from .. import race

register = template.Library()


@register.simple_tag
def race_card(state: EventState, start_no: int) -> dict[str, Any] | None:
    """What the card shows of a participant in the race: their chance, its sentence and the
    places each result of their own game can give; None when there is no race. Only a race
    already worked out for the version is shown; until then the card links the race page
    ("pending"), since working it out takes seconds, after each publish (web/derived.py)."""
    if stage_of(state) != OPEN:
        return None
    found = known_race(state)
    if found is None:
        return {"pending": True}
    if found.race is None:
        return None
    chance = next((c for c in found.race.chances if c.start_no == start_no), None)
    if chance is None:
        return None
    return {
        "chance": chance,
        "eliminated": chance.status == ELIMINATED,
        "says": race.says(chance),
        "round": found.round,
        "covers_round_only": not found.race.final_round,
        "places": [(race.OWN_TEXT[r.own], r) for r in chance.places],
    }


@register.simple_tag
def race_screen(state: EventState) -> dict[str, Any] | None:
    """The screen's view during the last planned round only: its contenders, or "pending"
    while the version's race is being worked out (race_screen.js keeps the table it shows
    and asks again)."""
    if not in_last_round(state):
        return None
    found = known_race(state)
    if found is None:
        return {"pending": True, "contenders": []}
    return {"pending": False, "contenders": race.contenders(state, found)}


@register.filter
def status_text(status: str) -> str:
    return str(race.STATUS_TEXT.get(status, status))


@register.filter
def reach_text(status: str) -> str:
    return str(race.REACH_TEXT.get(status, status))


@register.filter
def shown_result(result: str) -> str:
    """A game's result from White's side as the round page shows it: "1/2-1/2" -> "½-½"."""
    return race.SHOWN_RESULT.get(result, result)


@register.filter
def has_race(state: EventState) -> bool:
    """The current round has open games in an individual event: the standings page links
    the race (nothing is worked out to answer)."""
    return stage_of(state) == OPEN
