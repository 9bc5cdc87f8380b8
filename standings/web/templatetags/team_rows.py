"""The repeated rows of a team event's pages, built in Python like `standings_web`'s: a push
renders every team's row twice (standings and screen) and every board of the round."""

from html import escape

from django import template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from standings.state.rounds import MatchView, TeamRef
from standings.state.teams import TeamLine

from .standings_web import board_row, path_around_number

register = template.Library()


@register.simple_tag
def team_standings_row(line: TeamLine, slug: str) -> SafeString:
    """A row of the team standings: rank, number, team (linked to its page), values."""
    cells = "".join(
        _cell(cell.text, cell.provisional, main=cell.column.main) for cell in line.cells
    )
    return mark_safe(
        f'<tr data-key="{line.team.number}" data-sig="{escape(line.signature)}">{_rank(line)}'
        f'<td class="sno secondary">{line.team.number}</td>'
        f'<th scope="row" class="name">{_team_link(line.team, slug)}</th>{cells}</tr>'
    )


@register.simple_tag
def team_screen_row(line: TeamLine, columns: int) -> SafeString:
    """A row of the screen's team standings: rank, team, the first `columns` values."""
    cells = "".join(_cell(c.text, c.provisional, main=True) for c in line.cells[:columns])
    return mark_safe(
        f'<tr data-key="{line.team.number}" data-sig="{escape(line.signature)}">{_rank(line)}'
        f'<th scope="row" class="name"><bdi>{escape(line.team.name)}</bdi></th>{cells}</tr>'
    )


@register.simple_tag
def match_rows(match: MatchView, slug: str) -> SafeString:
    """A match of the round page: its heading row (teams, score, match points), its boards."""
    mp = gettext("match points %(mp)s") % {"mp": match.score.mp_shown}
    points = f' <span class="meta">({escape(mp)})</span>'
    head = (
        f'<tr class="match-head"><th scope="rowgroup" colspan="4">'
        f'<span class="sno">{match.table}.</span> {_team_link(match.home, slug)} '
        f'<strong class="score">{escape(match.score.shown)}</strong> '
        f"{_team_link(match.away, slug)}{points if match.score.mp_shown else ''}</th></tr>"
    )
    # Keys unique in the page: the live highlight compares rows by key, and every match
    # has a board 1; the board anchors (#b3) belong to individual events' boards.
    boards = "".join(
        board_row(board, f"m{match.table}.{board.number}", slug, anchor=False)
        for board in match.boards
    )
    return mark_safe(
        f'<tbody class="match" data-key="m{match.table}" data-sig="{escape(match.signature)}">'
        f"{head}{boards}</tbody>"
    )


@register.simple_tag
def screen_match_row(match: MatchView) -> SafeString:
    """A match on the screen: table, home team, score so far ("…" before any board), away."""
    score = escape(match.score.shown) if match.score.entered else "…"
    return mark_safe(
        f'<tr data-key="m{match.table}" data-sig="{escape(match.signature)}">'
        f'<th scope="row" class="board">{match.table}</th>'
        f'<td class="white"><bdi>{escape(match.home.name)}</bdi></td>'
        f'<td class="result">{score}</td>'
        f'<td class="black"><bdi>{escape(match.away.name)}</bdi></td></tr>'
    )


def _rank(line: TeamLine) -> str:
    if line.rank_provisional:
        return f'<td class="rank prov">{line.rank}†</td>'
    return f'<td class="rank">{line.rank}</td>'


def _cell(text: str, provisional: bool, *, main: bool) -> str:
    classes = "num" if main else "num secondary"
    if provisional:
        return f'<td class="{classes} prov">{escape(text)}†</td>'
    return f'<td class="{classes}">{escape(text)}</td>'


def _team_link(team: TeamRef, slug: str) -> str:
    before, after = path_around_number("web:team", slug, "number")
    return f'<a href="{before}{team.number}{after}"><bdi>{escape(team.name)}</bdi></a>'
