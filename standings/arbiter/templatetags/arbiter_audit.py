from django import template

from standings.arbiter import audit

register = template.Library()


@register.filter
def describe(value: object) -> str:
    return audit.describe(value)


@register.filter
def action_label(action: str, target: str = "") -> str:
    return audit.action_label(action, target)
