"""The estimated rating change's settings (docs/rating-change.md): whether the standings show
it as a column, and the K an arbiter sets for a player. One audited write, as every write."""

from __future__ import annotations

from collections.abc import Mapping

from django.db import transaction
from django.utils.translation import gettext

from . import actors
from .actors import Actor
from .changes import record_change
from .models import K_FACTORS, Event, Participant
from .refusals import WriteRefused

K_ALLOWED = frozenset(k for k, _ in K_FACTORS)


def change_rating_settings(
    event: Event,
    *,
    column: bool,
    k_factors: Mapping[int, int | None],
    seen_version: int | None = None,
    actor: Actor,
) -> Event:
    """Show or hide the standings' rating change column and set each named player's K
    (start number -> 40, 20, 10, or None for K from the rating and age), as one audited
    change; refuses a K the regulations do not know, an unknown player, a stale page."""
    actors.check_may_change(actor, event)
    if any(k is not None and k not in K_ALLOWED for k in k_factors.values()):
        raise WriteRefused(gettext("K must be 40, 20 or 10, or left blank"))
    with transaction.atomic():
        stored = Event.objects.select_for_update().get(pk=event.pk)
        if seen_version is not None and seen_version != stored.version:
            raise WriteRefused(
                gettext("The event changed since this page was opened; reload and save again")
            )
        players = {
            p.start_no: p
            for p in Participant.objects.select_for_update().filter(
                event=stored, start_no__in=list(k_factors)
            )
        }
        if set(k_factors) - set(players):
            raise WriteRefused(gettext("The form names a player the event does not have"))
        changed = {no: k for no, k in k_factors.items() if players[no].k_factor != k}
        before: dict[str, object] = {}
        after: dict[str, object] = {}
        if stored.rating_change_column != column:
            before["rating_change_column"], after["rating_change_column"] = (
                stored.rating_change_column,
                column,
            )
            stored.rating_change_column = column
            stored.save(update_fields=["rating_change_column"])
        if changed:
            before["k_factor"] = {str(no): players[no].k_factor for no in sorted(changed)}
            after["k_factor"] = {str(no): changed[no] for no in sorted(changed)}
            for no, k in changed.items():
                players[no].k_factor = k
            Participant.objects.bulk_update([players[no] for no in changed], ["k_factor"])
        if not after:
            return stored
        record_change(
            stored,
            actor=actor,
            action="settings",
            target="rating change",
            before=before,
            after=after,
        )
    return stored
