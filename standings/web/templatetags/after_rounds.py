"""The links to the standings after each round closed or complete ("1 2 3"), on the
standings page and the after pages."""

from __future__ import annotations

from django import template
from django.urls import reverse
from django.utils.html import format_html_join
from django.utils.safestring import SafeString, mark_safe

from standings.state import after
from standings.state.event_state import EventState

register = template.Library()


@register.simple_tag
def after_links(state: EventState, current: int | None = None) -> SafeString:
    """One link a round, the round shown marked as the current page; "" for none."""
    here = mark_safe(' aria-current="page"')  # a constant
    return format_html_join(
        " ",
        '<a href="{}"{}>{}</a>',
        (
            (
                reverse("web:after", args=[state.slug, number]),
                here if number == current else "",
                number,
            )
            for number in after.finished_rounds(state)
        ),
    )
