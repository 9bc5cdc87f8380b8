"""The one place every write passes through: audit entry, new event version, push after commit."""

from __future__ import annotations

from django.db import transaction
from django.db.models import F

from .models import AuditEntry, Event


def record_change(
    event: Event,
    *,
    user,
    action: str,
    target: str = "",
    before=None,
    after=None,
    reason: str = "",
) -> AuditEntry:
    """Audit a change of `event`, bump its version, and push the new state once committed.

    Call inside the writing transaction.
    """
    Event.objects.filter(pk=event.pk).update(version=F("version") + 1)
    event.refresh_from_db(fields=["version"])
    entry = AuditEntry.objects.create(
        event=event,
        user=user if user is not None and user.is_authenticated else None,
        action=action,
        target=target,
        before=before,
        after=after,
        reason=reason,
    )
    event_id = event.pk
    transaction.on_commit(lambda: _push(event_id))
    return entry


def _push(event_id: int) -> None:
    from standings.live.push import event_changed

    event_changed(event_id)
