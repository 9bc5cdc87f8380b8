"""Small markers repeated on every row: tags rather than includes, for rendering speed."""

from django import template
from django.utils.html import format_html
from django.utils.safestring import mark_safe

from standings.web.state import Line, format_value

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
def movement(line: Line):
    """Places gained or lost since the standings after the previous round."""
    if line.movement is None:
        return ""
    if line.movement > 0:
        return format_html(
            '<span class="up" title="up {} since the previous round">▲{}'
            '<span class="visually-hidden"> places up</span></span>',
            line.places,
            line.places,
        )
    if line.movement < 0:
        return format_html(
            '<span class="down" title="down {} since the previous round">▼{}'
            '<span class="visually-hidden"> places down</span></span>',
            line.places,
            line.places,
        )
    return mark_safe('<span class="same" title="same place as after the previous round">=</span>')
