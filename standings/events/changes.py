"""The one place every write passes through: audit entry, new event version, and a signal
once the write has committed (the live push listens to it: live/apps.py)."""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.db.models import F, Max
from django.dispatch import Signal

from .actors import Actor, user_of
from .models import AuditEntry, Event

# Sent with `event_id` once a transaction that changed the event has committed.
event_committed = Signal()


def record_change(
    event: Event,
    *,
    actor: Actor,
    action: str,
    target: str = "",
    before=None,
    after=None,
    reason: str = "",
) -> AuditEntry:
    """Audit a change of `event`, bump its version, and announce it once committed.

    The entry names the actor's user; a system actor's entry names none (the audit log says
    "system"). Call inside the writing transaction, after `actors.check_may_change`.
    """
    user = user_of(actor)  # refuses a missing actor before anything is written
    Event.objects.filter(pk=event.pk).update(version=F("version") + 1)
    if event.parent_id is not None:
        # The tournament's overview shows its sections' leaders: a new version of it is what
        # tells its open pages to fetch the overview again (the section's push sends it).
        Event.objects.filter(pk=event.parent_id).update(version=F("version") + 1)
    event.refresh_from_db(fields=["version"])
    entry = AuditEntry.objects.create(
        event=event,
        user=user,
        action=action,
        target=target,
        before=before,
        after=after,
        reason=reason,
    )
    event_id = event.pk
    # send_robust: the write has committed, whatever a listener does; it must answer normally.
    transaction.on_commit(lambda: event_committed.send_robust(sender=Event, event_id=event_id))
    return entry


def last_change_at(event: Event) -> datetime:
    """When the event last changed: its newest audit entry, else its own last save."""
    return event.audit_entries.aggregate(last=Max("at"))["last"] or event.updated_at
