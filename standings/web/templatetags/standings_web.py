from django import template

from standings.web.state import format_value

register = template.Library()


@register.filter
def value(number):
    """A tie-break value or contribution as the pages show it: 2.0 -> "2", None -> "–"."""
    return format_value(number)
