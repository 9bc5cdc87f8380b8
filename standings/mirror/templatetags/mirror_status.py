"""The venue's arbiter page: how far the public site has the event (`{% mirror_status event %}`);
a mirrored event's public pages: whether to ask for the venue's line (`slug|mirrored`).

A template tag, so that the arbiter's layer imports nothing of the mirror's; it says nothing
for an event no `mirror_push` has published."""

from __future__ import annotations

import datetime

from django import template
from django.conf import settings
from django.utils import formats, timezone
from django.utils.translation import gettext, ngettext

from standings.events.models import Event

from ..models import MirrorPush

register = template.Library()


@register.simple_tag
def mirror_status(event: Event) -> str:
    """One line per public site: refused, publisher not running, unreachable since HH:MM (and
    the changes waiting), N changes waiting, or up to date."""
    published = event.parent or event  # a section travels with its tournament
    pushes = MirrorPush.objects.filter(slug=published.slug)
    lines = [said(push, published.version) for push in pushes]
    return "; ".join(lines)


def said(push: MirrorPush, version: int) -> str:
    waiting = max(0, version - push.acked_version)
    if push.refused_status == 403:
        return gettext("public site: refused the token (revoked or wrong); publishing stopped")
    if push.refused_status is not None:
        return gettext("public site: refused a batch; publishing stopped (see mirror_push's log)")
    stale = timezone.now() - datetime.timedelta(seconds=settings.MIRROR_OFFLINE_AFTER)
    if push.alive_at is None or push.alive_at < stale:
        return gettext("public site: publisher not running (mirror_push)")
    if push.failing_since is not None:
        since = formats.time_format(timezone.localtime(push.failing_since), "H:i")
        if not waiting:
            return gettext("public site: unreachable since %(time)s") % {"time": since}
        return ngettext(
            "public site: unreachable since %(time)s; %(count)s change waiting",
            "public site: unreachable since %(time)s; %(count)s changes waiting",
            waiting,
        ) % {"time": since, "count": waiting}
    if waiting:
        return ngettext(
            "public site: %(count)s change waiting",
            "public site: %(count)s changes waiting",
            waiting,
        ) % {"count": waiting}
    return gettext("public site: up to date")
