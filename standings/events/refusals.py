"""What a write refuses with: a message meant to be shown to the arbiter as is."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied


class WriteRefused(Exception):
    """A write that was not made; `message` says why, for the arbiter."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class NotAllowed(WriteRefused, PermissionDenied):
    """The actor may not change the event (`actors.check_may_change`). Also a
    PermissionDenied: one that no view catches answers 403."""
