"""Who may change an event: staff, and the arbiters named on it."""

from __future__ import annotations

from .models import Event


def can_edit(user, event: Event) -> bool:
    if user is None or not user.is_authenticated or not user.is_active:
        return False
    return user.is_staff or event.arbiters.filter(pk=user.pk).exists()
