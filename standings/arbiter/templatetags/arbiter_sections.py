from django import template
from django.http import HttpRequest

from standings.arbiter.sections import SectionSwitch, new_section_url, section_switches
from standings.events.models import Event

register = template.Library()


@register.simple_tag
def sections_for(event: Event, request: HttpRequest) -> list[SectionSwitch]:
    """The section switch of the arbiter's pages (arbiter/base.html)."""
    match = request.resolver_match
    return section_switches(event, request.user, match.url_name if match else None)


@register.simple_tag
def new_section_for(event: Event, request: HttpRequest) -> str:
    """The link to add a section, for the tournament's arbiters ("" for others)."""
    return new_section_url(event, request.user)
