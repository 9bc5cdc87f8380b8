"""Who may change an event, decided in one place: `check_may_change`.

Every write service calls it before it writes, and the arbiter's and scorer's pages refuse
a page through it (`forbid_unless_may_change`) before rendering it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeAlias

from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext

from .access import can_edit
from .refusals import NotAllowed

if TYPE_CHECKING:
    from django.contrib.auth.models import AnonymousUser, User

    from .models import Event

# What `request.user` is (the project keeps Django's user model): a view passes it as it is.
Actor: TypeAlias = "User | AnonymousUser"


def check_may_change(actor: Actor, event: Event | None) -> None:
    """Refuse (`NotAllowed`) unless `actor` may change `event`: staff, or an arbiter of the
    event or of its tournament (`access.can_edit`). `event` None is a new event, which only
    staff create."""
    if not can_edit(actor, event):
        if event is None:
            raise NotAllowed(gettext("Only staff can create events."))
        raise NotAllowed(gettext("You may not change %(event)s") % {"event": event.name})


def forbid_unless_may_change(actor: Actor, event: Event | None, said: str) -> None:
    """For a view that refuses its page before rendering it: PermissionDenied (403) saying
    `said` unless `actor` may change `event`, as `check_may_change` decides."""
    try:
        check_may_change(actor, event)
    except NotAllowed:
        raise PermissionDenied(said) from None
