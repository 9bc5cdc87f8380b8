"""{% load text_direction %} {{ player.name|isolated }}: the name in a <bdi> of its own."""

from django import template

from standings.security.text_direction import isolated as isolated_text

register = template.Library()


@register.filter
def isolated(text):
    return isolated_text(text)
