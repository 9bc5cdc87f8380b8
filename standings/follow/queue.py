"""The queue between a committed write and the worker: one row per change of an event that
has followers. The writer's request pays one indexed EXISTS (and one INSERT when the event
is followed); nothing waits for a push service."""

from __future__ import annotations

import logging

from .models import Change, Subscription

log = logging.getLogger(__name__)


def on_event_committed(sender, event_id: int, **kwargs) -> None:
    """Receiver of events.changes.event_committed (connected in apps.py), sent once the
    write has committed. Never raises: the write stands, whatever happens here."""
    try:
        if Subscription.objects.filter(event_id=event_id).exists():
            Change.objects.create(event_id=event_id)
    except Exception:
        log.exception("follow: the change of event %s was not queued", event_id)
