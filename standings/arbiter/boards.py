"""What the arbiter's round page shows: the round's boards with their entry state, and controls."""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import reverse
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from standings.engine.result_codes import GAME_RESULTS
from standings.events.changes import last_change_at
from standings.events.models import RESULT_SHOWN, Event, Game, Round
from standings.events.services import close_refusal, result_codes


@dataclass(frozen=True, slots=True)
class Button:
    code: str
    shown: str
    title: str


@dataclass(frozen=True, slots=True)
class BoardRow:
    game: Game
    shown: str  # "1–0", "" while pending
    action: str  # where a tap on this board posts
    refusal: str = ""  # why the arbiter's last tap on this board was refused
    number: int = 0  # the board as shown: a section's offset added (`game.board` addresses it)

    @property
    def pending(self) -> bool:
        return not self.game.result


@dataclass(frozen=True, slots=True)
class Freshness:
    """What `web/parts.html#last-update` reads: the live script compares its version."""

    version: int
    updated_at: object


# What each button says, in the arbiter's language, from the result's codes (the engine's
# titles are English: GAME_RESULTS).
BUTTON_TITLES: dict[str, str | Promise] = {
    "10": _("White wins"),
    "==": _("Draw"),
    "01": _("Black wins"),
    "+-": _("White wins by forfeit"),
    "-+": _("Black wins by forfeit"),
    "--": _("Both forfeit"),
    "00": _("Both lose"),
    "WL": _("White wins (unrated)"),
    "DD": _("Draw (unrated)"),
    "LW": _("Black wins (unrated)"),
}


def buttons(event: Event) -> list[Button]:
    return [
        Button(code, RESULT_SHOWN[code], str(BUTTON_TITLES.get(code, GAME_RESULTS[code].title)))
        for code in result_codes(event)
    ]


def working_round(event: Event, number: int | None = None) -> Round | None:
    """Round `number`, or by default the first round not closed yet (else the last one)."""
    rounds = event.round_set.order_by("number")
    if number is not None:
        return rounds.filter(number=number).first()
    return rounds.exclude(state=Round.State.CLOSED).first() or rounds.last()


def result_url(slug: str, round_no: int, game: Game) -> str:
    """Where a board's result is posted: by board, or in a team event by match and board."""
    if game.match is None:
        return reverse("arbiter:result", args=[slug, round_no, game.board])
    return reverse("arbiter:match_result", args=[slug, round_no, game.match.table, game.board])


def board_row(
    slug: str, round_no: int, game: Game, refusal: str = "", *, offset: int = 0
) -> BoardRow:
    shown = RESULT_SHOWN[game.result] if game.result else ""
    number = game.board + (offset if game.match is None else 0)
    return BoardRow(game, shown, result_url(slug, round_no, game), refusal, number)


def board_rows(rnd: Round, refusals: dict[int, str] | None = None) -> list[BoardRow]:
    refusals = refusals or {}
    games = rnd.games.select_related("white", "black", "entered_by", "match")
    return [
        board_row(
            rnd.event.slug,
            rnd.number,
            game,
            refusals.get(game.board, ""),
            offset=rnd.event.board_offset,
        )
        for game in games.order_by("match", "board")
    ]


def round_context(event: Event, rnd: Round | None, refusals: dict[int, str] | None = None) -> dict:
    """Everything the round page renders (the full page and its partials)."""
    updated = last_change_at(event)
    context: dict[str, object] = {
        "event": event,
        "round": rnd,
        "rounds": list(event.round_set.order_by("number")),
        "state": Freshness(event.version, updated),
        "buttons": buttons(event),
        "rows": [],
    }
    if rnd is not None:
        context["rows"] = board_rows(rnd, refusals)
        context.update(controls_context(rnd))
    return context


def controls_context(rnd: Round) -> dict:
    return {
        "round": rnd,
        "close_refusal": close_refusal(rnd) if rnd.state != Round.State.CLOSED else "",
        "pending": rnd.games.filter(result="").exclude(match__forfeit__gt="").count(),
    }
