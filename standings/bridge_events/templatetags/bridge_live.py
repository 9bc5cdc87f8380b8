"""Template tags of a bridge event's live pages: which view their socket asks for, and the
fragments the push renders for them (push.py)."""

from django import template
from django.utils.safestring import SafeString, mark_safe

from standings.bridge_events import push
from standings.bridge_events.models import BridgeEvent

register = template.Library()


@register.simple_tag
def bridge_standings_view(bridge: BridgeEvent, number: int) -> str:
    """The live view of the standings page showing round `number` (push.standings_view)."""
    return push.standings_view(bridge, number)


@register.simple_tag
def bridge_pushed(slug: str, *names: str) -> SafeString:
    """The bridge event's partials `names` as the push carries them (rendered templates)."""
    return mark_safe(push.render_pushed(slug, list(names)))  # noqa: S308 (rendered templates)
