"""A participant's path on the player card and team page (rank and points after each round,
as an inline SVG chart with a table beside it) and the estimated rating change (the card's
section and the standings' optional column). The figures are state/path.py's, built once per
event version; these tags only draw them."""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from django import template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, pgettext

from standings.engine.rating_change import RatingEstimate
from standings.state.event_state import EventState, Line
from standings.state.parts import format_value
from standings.state.path import Step, column_shown, path_of
from standings.wording.phrases import decimal

from .standings_web import standings_row

register = template.Library()

# The chart's geometry, in the SVG's own units (it scales to the width it is given).
STEP = 30  # between two rounds
LEFT, RIGHT, TOP = 34, 10, 18  # margins: the rank axis's labels on the left
PLOT = 96  # height of the rank line's area
ROWS = 36  # below it: the rounds' numbers and the points
LABELLED = 15  # up to this many rounds, each dot carries its rank
SCALE = 1.3  # CSS pixels per unit at most (12-unit text: 15.6 px wide, scaled down on a phone)


@dataclass(frozen=True, slots=True)
class PathView:
    """What a card shows of a participant's path: the steps, the chart, and for a rated
    player of an individual or team event the estimate."""

    steps: tuple[Step, ...]
    chart: SafeString
    estimate: RatingEstimate | None


@register.simple_tag
def player_path(state: EventState, start_no: int) -> PathView:
    """The player's steps, chart and estimated rating change."""
    path = path_of(state)
    steps = path.players.get(start_no, ())
    return PathView(steps, _chart(steps, path.field, f"p{start_no}"), path.ratings.get(start_no))


@register.simple_tag
def team_path(state: EventState, number: int) -> PathView:
    """The team's steps and chart (no rating change: that is each player's)."""
    path = path_of(state)
    steps = path.teams.get(number, ())
    return PathView(steps, _chart(steps, path.team_field, f"t{number}"), None)


@register.simple_tag
def prepare_path(state: EventState) -> str:
    """Build the version's path on the standings page's render (not its live fragment's):
    the publish renders that page once the sockets have the push (render.warm), so the
    cards and team pages of the version read the path from memory, never the database."""
    path_of(state)
    return ""


@register.simple_tag
def rating_column(state: EventState) -> dict[int, RatingEstimate | None] | None:
    """Each player's estimate when the organiser shows the column, else None (a team
    event's standings are its teams': no column)."""
    if state.teams is not None or not column_shown(state):
        return None
    return dict(path_of(state).ratings)


@register.simple_tag
def standings_row_with_change(
    line: Line, slug: str, changes: dict[int, RatingEstimate | None]
) -> SafeString:
    """A standings row with the estimated change as its last cell (hidden on a phone, as
    the secondary columns are: the phone keeps points and the first two tie-breaks)."""
    row = standings_row(line, slug)
    found = changes.get(line.person.start_no)
    shown = "" if found is None else signed(found.change)
    return mark_safe(f'{row[: -len("</tr>")]}<td class="num secondary change">{shown}</td></tr>')


@register.filter
def signed(value: int) -> str:
    """A whole rating change: "+12", "−4" (a minus sign), "0"."""
    if value > 0:
        return f"+{value}"
    return f"−{-value}" if value < 0 else "0"


@register.filter
def hundredths(value: int) -> str:
    """A game's change in hundredths of a point, as the reader writes decimals: "+15.2",
    "−4,8" in French; two decimals only when K is not a multiple of ten."""
    sign = "+" if value > 0 else "−" if value < 0 else ""
    size = abs(value)
    text = f"{size / 100:.1f}" if size % 10 == 0 else f"{size / 100:.2f}"
    return sign + decimal(text)


@register.filter
def probability(value: int) -> str:
    """A scoring probability in hundredths: 24 -> "0.24" ("0,24" in French)."""
    return decimal(f"{value / 100:.2f}")


@register.filter
def game_score(value: int) -> str:
    """A rated game's score in hundredths: "1", "½", "0"."""
    return {100: "1", 50: "½", 0: "0"}.get(value, decimal(f"{value / 100:.2f}"))


def _chart(steps: tuple[Step, ...], field: int, ident: str) -> SafeString:
    """Rank after each round as a line (first place on top), points under each round; the
    figures are numbers and our own words, each escaped all the same."""
    if not steps:
        return mark_safe("")
    count = len(steps)
    width = LEFT + STEP * count + RIGHT
    height = TOP + PLOT + ROWS
    lowest = max(field, max(step.rank for step in steps), 2)

    def x(index: int) -> float:
        return LEFT + STEP * index + STEP / 2

    def y(rank: int) -> float:
        return TOP + PLOT * (rank - 1) / (lowest - 1)

    title = escape(gettext("Rank and points after each round"))
    rank_word = escape(pgettext("rank, abbreviated", "Rk"))
    round_word = escape(pgettext("round, abbreviated", "Rd"))
    points_word = escape(pgettext("points, abbreviated", "Pts"))
    parts = [
        # Its natural size a third larger than its units; CSS shrinks it to a narrow screen.
        f'<svg class="path-chart" viewBox="0 0 {width} {height}" width="{round(width * SCALE)}" '
        f'height="{round(height * SCALE)}" role="img" aria-labelledby="path-{ident}">'
        f'<title id="path-{ident}">{title}</title>',
        f'<text class="axis" x="2" y="{TOP - 6}">{rank_word}</text>',
    ]
    for rank in sorted({1, lowest}):
        level = y(rank)
        parts.append(
            f'<line class="grid" x1="{LEFT}" x2="{width - RIGHT}" y1="{level:.1f}" '
            f'y2="{level:.1f}"/><text class="axis" x="{LEFT - 4}" y="{level + 4:.1f}" '
            f'text-anchor="end">{rank}</text>'
        )
    points = " ".join(f"{x(i):.1f},{y(step.rank):.1f}" for i, step in enumerate(steps))
    parts.append(f'<polyline class="rank-line" points="{points}"/>')
    below = TOP + PLOT + 16
    parts.append(f'<text class="axis" x="2" y="{below}">{round_word}</text>')
    parts.append(f'<text class="axis" x="2" y="{below + 16}">{points_word}</text>')
    for i, step in enumerate(steps):
        cx, cy = x(i), y(step.rank)
        parts.append(f'<circle class="rank-dot" cx="{cx:.1f}" cy="{cy:.1f}" r="3.5"/>')
        if count <= LABELLED:
            parts.append(
                f'<text class="rank" x="{cx:.1f}" y="{cy - 6:.1f}" '
                f'text-anchor="middle">{step.rank}</text>'
            )
        shown = escape(decimal(format_value(step.points)))
        parts.append(
            f'<text class="axis" x="{cx:.1f}" y="{below}" text-anchor="middle">{step.round}</text>'
            f'<text x="{cx:.1f}" y="{below + 16}" text-anchor="middle">{shown}</text>'
        )
    parts.append("</svg>")
    return mark_safe("".join(parts))  # numbers and escaped words only
