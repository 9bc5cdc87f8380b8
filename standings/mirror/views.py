"""GET /e/<slug>/arbiter/mirror-status/: the venue's line on the public site, for its arbiters.

GET /e/<slug>/venue/: a mirrored event's line on its public pages, "venue offline since
10:42; results may be behind" or nothing; asked by the pages every 15 s (a time passing, not
a change, makes it: no push can carry it).

POST /mirror/<slug>/: a venue's batch (batch.py), checked, ordered, applied or refused; or its
heartbeat (`{"slug", "beat"}`, signed like a batch), which tells the public pages it is there.

403: no token, a wrong or revoked one, a signature that does not match the body.
409: a batch out of order (its `prev` is not the last batch applied); the answer names the
last sequence applied and the digest of the state applied last, from which the venue goes
on. The batch applied last, sent again (its acknowledgement lost), is acknowledged and
changes nothing; any other replay is 409. A delta from another state than the one applied
last, or one that does not lead to the state its digest names, is 409 with `"need":
"state"`: the venue then sends the whole state.
400/413/415: a body that is not a gzip'd JSON batch, too large, or not gzip'd.
Every refusal is logged and changes nothing.
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.html import escape
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST, require_safe

from standings.events import actors
from standings.events.models import Event

from . import batch
from .models import MirroredEvent
from .public import applied_state, apply_state, hear, mark_applied
from .shape import MAX_VERSION, BadBatch, bounded
from .templatetags.mirror_status import mirror_status
from .venue_line import venue_line

log = logging.getLogger("standings.mirror")
MAX_SEQ = 2**63 - 1  # the sequence columns


@login_required
@require_safe
@never_cache
def status(request: HttpRequest, slug: str) -> HttpResponse:
    """The line alone, escaped: the arbiters' page polls it into its paragraph."""
    event = get_object_or_404(Event, slug=slug)
    actors.forbid_unless_may_change(
        request.user, event, gettext("You are not an arbiter of this event")
    )
    return HttpResponse(escape(mirror_status(event)))


@require_safe
def venue(request: HttpRequest, slug: str) -> HttpResponse:
    """Answered by venue_line.VenueLines before Django for a mirrored event; here for the
    others (nothing to say) and when that memory cannot read the database."""
    event = get_object_or_404(Event, slug=slug)
    response = HttpResponse(escape(venue_line(event)))
    patch_cache_control(response, public=True, max_age=5)  # one answer for a crowd
    patch_vary_headers(response, ["Accept-Language", "Cookie"])
    return response


def _refuse(slug: str, status: int, message: str, **said) -> JsonResponse:
    log.warning("mirror %s: batch refused (%s): %s", slug, status, message)
    return JsonResponse({"error": message, **said}, status=status)


@csrf_exempt  # authenticated by the batch's signature, not a browser's session
@require_POST
def receive(request: HttpRequest, slug: str) -> JsonResponse:
    body = request.body
    if len(body) > settings.MIRROR_MAX_BODY:
        return _refuse(slug, 413, "the batch is larger than MIRROR_MAX_BODY")
    if request.headers.get("Content-Encoding", "").lower() != "gzip":
        return _refuse(slug, 415, "a batch is sent gzip'd (Content-Encoding: gzip)")
    signed = request.headers.get(batch.SIGNATURE_HEADER, "")
    mirrored = MirroredEvent.objects.filter(event__slug=slug).first()
    if mirrored is None:
        return _refuse(slug, 403, "this server mirrors no event by that slug")
    if not mirrored.token_key:
        return _refuse(slug, 403, "publishing this event here was withdrawn (token revoked)")
    if not batch.signature_matches(mirrored.token_key, body, signed):
        return _refuse(
            slug, 403, "the signature does not match: a wrong or old token, or an altered body"
        )
    try:
        said = batch.unpack(body, settings.MIRROR_MAX_UNPACKED)
        if said.get("slug") != slug:
            raise ValueError("the batch names another event")
        if "beat" in said:
            return _heartbeat(slug, mirrored, bounded(said["beat"], MAX_SEQ, "beat"))
        seq, prev = bounded(said["seq"], MAX_SEQ, "seq"), bounded(said["prev"], MAX_SEQ, "prev")
        version = bounded(said["version"], MAX_VERSION, "version")
        if not isinstance(said.get("state"), dict) and "delta" not in said:
            raise ValueError("the batch holds neither a state nor a delta")
    except (batch.Unreadable, KeyError, TypeError, ValueError) as error:
        return _refuse(slug, 400, f"not a readable batch: {error}")
    digest = batch.digest(body)
    with transaction.atomic():
        mirrored = (
            MirroredEvent.objects.select_for_update().select_related("event").get(pk=mirrored.pk)
        )
        where = {"last_seq": mirrored.last_seq, "state_digest": mirrored.state_digest}
        if seq == mirrored.last_seq and digest == mirrored.last_digest:
            log.info("mirror %s: batch %s again, already applied", slug, seq)
            return JsonResponse({"seq": seq, "applied": False, **where})
        if seq != mirrored.last_seq + 1 or prev != mirrored.last_seq:
            return _refuse(
                slug, 409, "out of order: this batch does not follow the last one applied", **where
            )
        previous = applied_state(mirrored)
        state = _state_of(said, previous, mirrored.state_digest)
        if state is None:
            return _refuse(
                slug,
                409,
                "the delta does not lead from the state applied last to the one it names",
                need="state",
                **where,
            )
        try:
            how = apply_state(mirrored.event, state, previous)
            mark_applied(mirrored, seq, digest, version, state)
        except (BadBatch, RecursionError) as error:  # RecursionError: nested past reading
            transaction.set_rollback(True)
            return _refuse(slug, 400, f"the state cannot be stored: {error}")
    log.info(
        "mirror %s: batch %s applied (%s; venue version %s, %s bytes)",
        slug,
        seq,
        how,
        version,
        len(body),
    )
    return JsonResponse({"seq": seq, "applied": True, "last_seq": seq})


def _heartbeat(slug: str, mirrored: MirroredEvent, beat: int) -> JsonResponse:
    """The venue is there (signed, and above the last beat: not a replay)."""
    if not hear(mirrored, beat):
        mirrored.refresh_from_db(fields=["last_beat"])
        return _refuse(slug, 409, "an old heartbeat", last_beat=mirrored.last_beat)
    return JsonResponse({"heard": True, "last_seq": mirrored.last_seq})


def _state_of(said: dict, previous: dict | None, previous_digest: str) -> dict | None:
    """The batch's state: as sent, or rebuilt from its delta; None when the delta is not
    from the state applied last or does not lead to the state it names."""
    if isinstance(said.get("state"), dict):
        return said["state"]
    if previous is None or said.get("base") != previous_digest:
        return None
    try:
        state = batch.patched(previous, said["delta"])
        if not isinstance(state, dict) or batch.state_digest(state) != said.get("digest"):
            return None
    except (batch.BadDelta, RecursionError):
        return None
    return state
