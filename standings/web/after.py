"""The standings after any round: `after/<n>/` and `after/<n>.json`, registry pages
(pages.py) like the others, so each is cached per event version, round and language and
answers 304; a round that is neither closed nor complete answers 404.

They render the event's state built with a round limit (state/after.py); the JSON is
standings.json's renderer on that state, so the shapes cannot drift apart.
"""

from __future__ import annotations

from typing import Any

from standings.state.after import finished_rounds, state_after
from standings.state.event_state import EventState

from . import pages


def _shown(state: EventState, number: int) -> bool:
    return number in finished_rounds(state)


def _after_context(state: EventState, number: int) -> dict[str, Any]:
    last = state.rounds[-1].number if state.rounds else 0
    return {
        "after": state_after(state, number),
        "number": number,
        "of": max(state.rounds_planned, last),
    }


def _after_json(state: EventState, number: int) -> str:
    standings_json = pages.PAGES["json"].body  # standings.json's own renderer
    assert standings_json is not None
    return standings_json(state_after(state, number))


pages.register(
    pages.Page(
        "after",
        "after/<int:number>/",
        "web/after.html",
        context=_after_context,
        exists=_shown,
        costly=True,
    )
)
pages.register(
    pages.Page(
        "afterjson",
        "after/<int:number>.json",
        body=_after_json,
        exists=_shown,
        costly=True,
        content_type="application/json",
    )
)
