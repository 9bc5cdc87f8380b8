"""Who makes a write: a signed-in user, or a program that writes on its own account (a
system actor, named).

Every write service takes `actor` as a required keyword, with no default: a caller that
forgets it gets a TypeError, never the system's rights. Each service calls
`check_may_change` before it writes, the one place a write's permission is decided; the
arbiter's and scorer's views refuse a page through it too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeAlias

from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext

from .access import can_edit
from .refusals import NotAllowed

if TYPE_CHECKING:
    from django.contrib.auth.models import AnonymousUser, User

    from .models import Event


@dataclass(frozen=True, slots=True)
class SystemActor:
    """A program that writes: it may change every event, and its audit entries have no user."""

    name: str
    # Passes results on as its source has them (a TRF file, a pairing program): the unrated
    # results (WL, DD, LW) and a correction without a reason, which an arbiter's tap may not.
    relays_results: bool = False


# The demo feeder and the demo loaders (standings/demo/, the bridge demo).
DEMO = SystemActor("demo", relays_results=True)
# The management commands (import_trf, import_prizes, import_bridge) and the bench scripts.
COMMAND = SystemActor("command", relays_results=True)
# A venue's batches on the public side (standings/mirror/): the venue's event as it stands.
MIRROR = SystemActor("mirror", relays_results=True)

# `request.user` is one of the first two (the project keeps Django's user model): a view
# passes it as it is.
Actor: TypeAlias = "User | AnonymousUser | SystemActor"


class HeldAtVenue(NotAllowed):
    """The event is a mirror of a venue's (standings/mirror/): changed only there."""


class NoActor(TypeError):
    """A write called without a user or a system actor (None, say): a mistake in the code."""


def check_may_change(actor: Actor, event: Event | None) -> None:
    """Refuse (`services.NotAllowed`) unless `actor` may change `event`: a system actor may;
    a user must be staff or an arbiter of the event or its tournament (`access.can_edit`).
    `event` None is a new event, which only staff create."""
    if isinstance(actor, SystemActor):
        return
    _check_is_user(actor)
    if event is not None and is_mirrored(event):
        raise HeldAtVenue(
            gettext(
                "%(event)s is published from the venue's server: enter and correct it there;"
                " this site only shows it."
            )
            % {"event": event.name}
        )
    if not can_edit(actor, event):
        if event is None:
            raise NotAllowed(gettext("Only staff can create events."))
        raise NotAllowed(gettext("You may not change %(event)s") % {"event": event.name})


def forbid_unless_may_change(actor: Actor, event: Event | None, said: str) -> None:
    """For a view that refuses its page before rendering it: PermissionDenied (403) saying
    `said` unless `actor` may change `event`, as `check_may_change` decides."""
    try:
        check_may_change(actor, event)
    except HeldAtVenue as refused:
        raise PermissionDenied(refused.message) from None
    except NotAllowed:
        raise PermissionDenied(said) from None


def is_mirrored(event: Event) -> bool:
    """Whether a venue publishes `event` here, itself or as its tournament's section: the
    mirror's row (mirror/models.py, reached by its related name, so that this layer imports
    nothing of the mirror's)."""
    if event.pk is None:
        return False
    return hasattr(event, "mirrored") or (
        event.parent_id is not None and hasattr(event.parent, "mirrored")
    )


def user_of(actor: Actor) -> User | None:
    """The signed-in user an audit entry or a result names; None for a system actor."""
    if isinstance(actor, SystemActor):
        return None
    _check_is_user(actor)
    return actor if actor.is_authenticated else None


def relays_results(actor: Actor) -> bool:
    return isinstance(actor, SystemActor) and actor.relays_results


def _check_is_user(actor: object) -> None:
    if not hasattr(actor, "is_authenticated"):
        raise NoActor(f"a write needs an actor, a user or a SystemActor (actors.py), not {actor!r}")
