"""What is repeated on every row: tags rather than template markup, for rendering speed.

A push renders every standings row twice (the follower table and the screen) and every
board of the round, before any socket is sent anything: these rows are built here in
Python, escaping each text, at a tenth of a template loop's cost. The page and its
pushed fragment still share one renderer (the template's partial calls these tags).
"""

from functools import lru_cache
from html import escape  # Django's escape (the same, lazy-aware) costs ten times more

from django import template
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext, pgettext

from standings.engine.result import Contribution
from standings.events.models import Round
from standings.state.event_state import GameLine, Line
from standings.state.parts import Board, Cell, Person, format_value
from standings.state.rounds import Bye, RoundView, TeamByeView
from standings.web.flags import flag_url
from standings.web.printouts import crosstable_cell
from standings.wording import terms
from standings.wording.phrases import decimal as number
from standings.wording.phrases import note as phrased_note

register = template.Library()


@lru_cache(maxsize=8)
def _provisional(language: str) -> SafeString:
    word = escape(gettext("provisional"))
    return mark_safe(  # constant markup, no data
        f'<span class="prov" title="{word}">†<span class="visually-hidden"> ({word})</span></span>'
    )


@register.filter
def value(amount):
    """A tie-break value or contribution as the pages show it: 2.0 -> "2", None -> "–"."""
    return number(format_value(amount))


@register.filter
def localised(text: str) -> str:
    """A value the state words already ("2.5"), in the reader's format ("2,5")."""
    return number(str(text))


@register.filter
def note(part: Contribution) -> str:
    """A part's notes on the player or team card, in the reader's language."""
    return phrased_note(part)


@register.filter
def round_state(shown: RoundView | Round) -> str:
    """A round's state after "Round 3: ", in the reader's language ("in progress"); of the
    state's round or the arbiter's."""
    return str(terms.ROUND_STATES.get(shown.state, shown.state))


@register.filter
def bye_kind(bye: Bye | TeamByeView) -> str:
    """A bye's kind after a name and a colon, in the reader's language ("half-point bye")."""
    return str(terms.BYE_KINDS.get(bye.code, bye.kind))


@register.filter
def colour_word(code: str) -> str:
    """A colour from its code ("white"), in the reader's language."""
    return str(terms.COLOURS.get(code[:1], code))


@register.filter
def bye_word(code: str) -> str:
    """A bye's kind from its code ("H"), in the reader's language ("half-point bye")."""
    return str(terms.BYE_KINDS.get(code, code))


@register.filter
def print_cell(game: GameLine) -> str:
    """A crosstable cell on paper: "12w 1"."""
    return crosstable_cell(game)


@register.simple_tag
def prov():
    """The provisional marker; the legend says what it means."""
    return _provisional(get_language())


@register.simple_tag
def standings_row(line: Line, slug: str) -> SafeString:
    """A row of the follower's standings table."""
    person = line.person
    rating = "" if person.rating is None else person.rating
    cells = "".join(_value_cell(cell, narrow=True) for cell in line.cells)
    return mark_safe(
        f'<tr data-key="{person.start_no}" data-sig="{escape(line.signature)}">'
        f'{_rank_cell(line)}<td class="move">{_movement(line)}</td>'
        f'<td class="sno secondary">{person.start_no}</td>'
        f'<th scope="row" class="name"><a href="{_player_url(slug, person)}">'
        f"{_titled(person)}</a></th>"
        f'<td class="rating secondary">{rating}</td>{cells}</tr>'
    )


@register.simple_tag
def screen_row(line: Line, columns: int) -> SafeString:
    """A row of the screen's standings: rank, name and move, the first `columns` values."""
    cells = "".join(_value_cell(cell, narrow=False) for cell in line.cells[:columns])
    return mark_safe(
        f'<tr data-key="{line.person.start_no}" data-sig="{escape(line.signature)}">'
        f'{_rank_cell(line)}<th scope="row" class="name">{_titled(line.person)} '
        f'<span class="move">{_movement(line)}</span></th>{cells}</tr>'
    )


@register.simple_tag
def board_row(board: Board, key: int | str, slug: str = "", anchor: bool = True) -> SafeString:
    """A board of the round page or, without `slug`, of the screen's pairings: the players
    (on the round page linked to their cards, with start numbers), the result or "…"."""
    if board.shown:
        result = escape(board.shown)
    elif slug:
        to_come = escape(gettext("to come"))
        result = f'<span class="pending">…<span class="visually-hidden"> {to_come}</span></span>'
    else:  # an unattended screen: no words for a screen reader
        result = "…"
    white, black = (
        _flag(p) + (_linked(p, slug) if slug else _name(p)) for p in (board.white, board.black)
    )
    # On the round page: the board's anchor (#b12, "find my board") and who sits at it
    # (the pinned player's board is found by start number, me.js).
    seats = (
        f' data-white="{board.white.start_no}" data-black="{board.black.start_no}"' if slug else ""
    )
    target = f' id="b{board.number}"' if slug and anchor else ""  # a match's boards repeat
    return mark_safe(
        f'<tr data-key="{key}" data-sig="{escape(board.result)}"{seats}>'
        f'<th scope="row" class="board"{target}>{board.number}</th>'
        f'<td class="white">{white}</td><td class="result">{result}</td>'
        f'<td class="black">{black}</td></tr>'
    )


@register.simple_tag
def widget_name(person: Person) -> SafeString:
    """A name in the embeddable widget: flag, title and name, no link."""
    return mark_safe(_titled(person))


@register.simple_tag
def crosstable_row(line: Line, record: tuple[GameLine, ...], slug: str) -> SafeString:
    """A row of the crosstable: rank, linked name, each round's opponent rank, colour and
    result, points. A 500-player event has 5,500 cells: half a second as a template loop."""
    person = line.person
    against = escape(pgettext("result against a player", "against"))
    cells = "".join(_crosstable_cell(game, against) for game in record)
    return mark_safe(
        f'<tr data-key="{person.start_no}" data-sig="{escape(line.signature)}">'
        f"<td>{line.rank}</td>"
        f'<th scope="row" class="name"><a href="{_player_url(slug, person)}">{_name(person)}</a>'
        f'</th>{cells}<td class="num">{number(escape(line.points.text))}</td></tr>'
    )


def _crosstable_cell(game: GameLine, against: str) -> str:
    title, shown = escape(str(game.result_title)), ""
    if game.opponent:
        title += f" {against} {escape(game.opponent.name)}"
        shown = f"{game.opponent_rank}{escape(str(game.colour)[:1])}"
    return f'<td class="num" title="{title}">{shown} {escape(game.result)}</td>'


def _rank_cell(line: Line) -> str:
    # "prov" and a visible † when a provisional value decided the rank.
    if line.rank_provisional:
        return f'<td class="rank prov">{line.rank}†</td>'
    return f'<td class="rank">{line.rank}</td>'


def _value_cell(cell: Cell, narrow: bool) -> str:
    # "prov" and a visible † while provisional (the caption and the legend say what † means:
    # no title or hidden text repeated in every cell of a live table). `narrow`: hidden on a
    # phone unless a main column.
    classes = "num" if cell.column.main or not narrow else "num secondary"
    if cell.provisional:
        return f'<td class="{classes} prov">{number(escape(cell.text))}†</td>'
    return f'<td class="{classes}">{number(escape(cell.text))}</td>'


def _movement(line: Line) -> str:
    # Places gained or lost since the previous round (the column header and the legend
    # explain the arrows; the hidden word is for screen readers).
    if line.movement is None:
        return ""
    if line.movement > 0:
        up = escape(pgettext("places in the standings", "up"))
        return f'<span class="up">▲{line.places}<span class="visually-hidden"> {up}</span></span>'
    if line.movement < 0:
        down = escape(pgettext("places in the standings", "down"))
        return (
            f'<span class="down">▼{line.places}<span class="visually-hidden"> {down}</span></span>'
        )
    return '<span class="same">=</span>'


def _player_url(slug: str, person: Person) -> str:
    before, after = path_around_number("web:player", slug, "start_no")
    return f"{before}{person.start_no}{after}"


@lru_cache(maxsize=1024)
def path_around_number(url_name: str, slug: str, key: str) -> tuple[str, str]:
    """The escaped path of page `url_name` of the event before and after its number argument
    `key`: reverse() costs about 30 µs, so once per event rather than once per row of a push."""
    marker = "987654321"
    path = escape(reverse(url_name, kwargs={"slug": slug, key: int(marker)}))
    before, _, after = path.rpartition(marker)
    return before, after


def _name(person: Person) -> str:
    # Isolated: a right-to-left name must not reorder the numbers beside it.
    return f"<bdi>{escape(person.name)}</bdi>"


def _titled(person: Person) -> str:
    name = _flag(person) + _name(person)
    return f'<span class="title">{escape(person.title)}</span> {name}' if person.title else name


def _flag(person: Person) -> str:
    return _federation(person.federation) if person.federation else ""


@lru_cache(maxsize=512)
def _federation(federation: str) -> str:
    """The federation's flag before a name (its code as the text), or the code alone when
    no flag is bundled for it."""
    code = escape(federation)
    url = flag_url(federation)
    if url is None:
        return f'<span class="fed">{code}</span> '
    return (
        f'<img class="flag" src="{escape(url)}" alt="{code}" title="{code}" '
        'width="20" height="15" loading="lazy"> '
    )


def _linked(person: Person, slug: str) -> str:
    return (
        f'<a href="{_player_url(slug, person)}">{_name(person)}</a> '
        f'<span class="sno">{person.start_no}</span>'
    )


@register.filter
def team_round(teams, number: int):
    """A team event's round `number` (its matches and byes), None when not there."""
    return teams.round(number) if teams else None
