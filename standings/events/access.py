"""Who may change an event: staff, and the arbiters named on it or on its tournament."""

from __future__ import annotations

from django.db.models import Q

from .models import Event


def can_edit(user, event: Event | None) -> bool:
    """`event` None is a new event: only staff may create one."""
    if user is None or not user.is_authenticated or not user.is_active:
        return False
    if user.is_staff:
        return True
    if event is None:
        return False
    # A tournament's arbiters arbitrate its sections; a section's arbiters only their section.
    named = Q(pk=event.pk) | Q(pk=event.parent_id) if event.parent_id else Q(pk=event.pk)
    return Event.objects.filter(named, arbiters__pk=user.pk).exists()
