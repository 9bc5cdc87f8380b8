"""What the printouts arbiters post on the wall show: plain rows worked out from the state.

Each printout is a page of the registry (pages.py) at /e/<slug>/print/<paper>/...; `paper`
(a4 or letter) picks the @page size in print.css. The rows here are plain data: the
templates lay them out, one table per printout whose header repeats on every sheet.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Any

from django.urls import register_converter, reverse
from django.utils.functional import Promise
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from standings.state.event_state import EventState, GameLine
from standings.state.parts import Board, Person
from standings.state.rounds import RoundView

PAPERS = {"a4": "A4", "letter": "Letter"}


class PaperConverter:
    """The `<paper:paper>` path converter: a4 or letter."""

    regex = "a4|letter"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(PaperConverter, "paper")


@dataclass(frozen=True, slots=True)
class PaperLink:
    label: str
    url: str
    current: bool


@dataclass(frozen=True, slots=True)
class NameLine:
    """A player in the pairings sorted by name: where they sit in the round."""

    person: Person
    board: int | None
    colour: str | Promise  # "White", "Black" (translated when shown), or "" off the board
    opponent: Person | None
    note: str  # the bye's kind, or the result


@dataclass(frozen=True, slots=True)
class PairingLine:
    board: Board
    white_points: str
    black_points: str


def sort_key(name: str) -> str:
    """Alphabetical order as a wall list needs it: accents and case ignored."""
    folded = unicodedata.normalize("NFKD", name.casefold())
    return "".join(c for c in folded if not unicodedata.combining(c))


def papers(state: EventState, page: str, paper: str, **params: Any) -> list[PaperLink]:
    """The same printout on each paper size."""
    return [
        PaperLink(
            label,
            reverse(f"web:{page}", kwargs={"slug": state.slug, "paper": key, **params}),
            key == paper,
        )
        for key, label in PAPERS.items()
    ]


ROUND_PRINTOUTS = (
    ("printpairings", _("pairings by board")),
    ("printnames", _("pairings by name")),
    ("printresults", _("results")),
)
EVENT_PRINTOUTS = (
    ("printstandings", _("Standings")),
    ("printcrosstable", _("Crosstable")),
    ("printplayers", _("Players (starting list)")),
)


# What a team event prints: its matches board by board, and the team standings.
TEAM_PRINTOUTS = frozenset({"printpairings", "printresults", "printstandings"})


def available(state: EventState, page: str) -> bool:
    """Whether the event has this printout (a team event has only TEAM_PRINTOUTS)."""
    return state.teams is None or page in TEAM_PRINTOUTS


def listing(state: EventState) -> list[tuple[str, list[PaperLink]]]:
    """Every printout of the event, the latest round first, with its link on each paper;
    worded in the active language (called when the page renders)."""
    numbers = [r.number for r in (state.teams.rounds if state.teams else state.rounds)]
    rows = [
        (
            gettext("Round %(number)s") % {"number": number} + f": {what}",
            papers(state, page, "", number=number),
        )
        for number in reversed(numbers)
        for page, what in ROUND_PRINTOUTS
        if available(state, page)
    ]
    rows.extend(
        (str(what), papers(state, page, ""))
        for page, what in EVENT_PRINTOUTS
        if available(state, page)
    )
    if state.prizes is not None:
        rows.append((gettext("Prize list, to sign"), papers(state, "printprizes", "")))
    return rows


def points_before(state: EventState, start_no: int, number: int) -> str:
    """A player's points before round `number`, as the pages write them."""
    before: GameLine | None = None
    for game in state.records.get(start_no, ()):
        if game.round < number:
            before = game
    return before.points_shown if before else "0"


def pairing_lines(state: EventState, shown: RoundView) -> list[PairingLine]:
    return [
        PairingLine(
            board,
            points_before(state, board.white.start_no, shown.number),
            points_before(state, board.black.start_no, shown.number),
        )
        for board in shown.boards
    ]


def name_lines(shown: RoundView) -> list[NameLine]:
    """Every player of the round, alphabetically, with board, colour and opponent."""
    lines = []
    for board in shown.boards:
        lines.append(NameLine(board.white, board.number, _("White"), board.black, board.shown))
        lines.append(NameLine(board.black, board.number, _("Black"), board.white, board.shown))
    lines.extend(NameLine(bye.person, None, "", None, bye.kind) for bye in shown.byes)
    return sorted(lines, key=lambda line: (sort_key(line.person.name), line.person.start_no))


def players(state: EventState) -> list[Person]:
    """The starting list: by start number."""
    return [state.people[number] for number in sorted(state.people)]


def crosstable_cell(game: GameLine) -> str:
    """A crosstable cell on paper: opponent's rank, colour's letter, result ("12w 1")."""
    if game.opponent is None:
        return game.result
    return f"{game.opponent_rank}{str(game.colour)[:1]} {game.result}"
