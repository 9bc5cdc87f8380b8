"""Small markers repeated on every row: tags rather than includes, for rendering speed."""

from django import template
from django.utils.html import format_html
from django.utils.safestring import mark_safe

from standings.web.state import Cell, Line, format_value

register = template.Library()

PROVISIONAL = mark_safe(  # constant markup, no data
    '<span class="prov" title="provisional">†<span class="visually-hidden"> (provisional)'
    "</span></span>"
)


@register.filter
def value(number):
    """A tie-break value or contribution as the pages show it: 2.0 -> "2", None -> "–"."""
    return format_value(number)


@register.simple_tag
def prov():
    """The provisional marker; the legend says what it means."""
    return PROVISIONAL


@register.simple_tag
def rank_cell(line: Line):
    """The rank's cell; "prov" and a visible † when a provisional value decided it."""
    if line.rank_provisional:
        return format_html('<td class="rank prov">{}†</td>', line.rank)
    return format_html('<td class="rank">{}</td>', line.rank)


@register.simple_tag
def value_cell(cell: Cell, narrow: bool = True):
    """A value's cell: class "prov" and a visible † while provisional (the caption and the
    legend say what † means: no title or hidden text repeated in every cell of a live table).
    `narrow`: hide the column on a phone unless it is a main one."""
    classes = "num"
    if narrow and not cell.column.main:
        classes += " secondary"
    if cell.provisional:
        return format_html('<td class="{} prov">{}†</td>', classes, cell.text)
    return format_html('<td class="{}">{}</td>', classes, cell.text)


@register.simple_tag
def movement(line: Line):
    """Places gained or lost since the standings after the previous round (the column
    header and the legend explain the arrows; the hidden word is for screen readers)."""
    if line.movement is None:
        return ""
    if line.movement > 0:
        return format_html(
            '<span class="up">▲{}<span class="visually-hidden"> up</span></span>', line.places
        )
    if line.movement < 0:
        return format_html(
            '<span class="down">▼{}<span class="visually-hidden"> down</span></span>', line.places
        )
    return mark_safe('<span class="same">=</span>')
