"""The venue's arbiter page: how far the public site has the event (`{% mirror_status event %}`).

A template tag, so that the arbiter's layer imports nothing of the mirror's; it says nothing
for an event no `mirror_push` has published."""

from __future__ import annotations

from django import template
from django.utils import formats, timezone
from django.utils.translation import gettext, ngettext

from standings.events.models import Event

from ..models import MirrorPush

register = template.Library()


@register.simple_tag
def mirror_status(event: Event) -> str:
    """One line per public site: up to date, N changes waiting, or unreachable since HH:MM."""
    published = event.parent or event  # a section travels with its tournament
    pushes = MirrorPush.objects.filter(slug=published.slug)
    lines = [said(push, published.version) for push in pushes]
    return "; ".join(lines)


def said(push: MirrorPush, version: int) -> str:
    if push.failing_since is not None:
        since = formats.time_format(timezone.localtime(push.failing_since), "H:i")
        return gettext("public site: unreachable since %(time)s") % {"time": since}
    waiting = max(0, version - push.acked_version)
    if waiting:
        return ngettext(
            "public site: %(count)s change waiting",
            "public site: %(count)s changes waiting",
            waiting,
        ) % {"count": waiting}
    return gettext("public site: up to date")
