"""POST /mirror/<slug>/: a venue's batch (batch.py), checked, ordered, applied or refused.

403: no token, a wrong or revoked one, a signature that does not match the body.
409: a batch out of order (its `prev` is not the last batch applied); the answer names the
last sequence applied, from which the venue goes on. The batch applied last, sent again
(its acknowledgement lost), is acknowledged and changes nothing; any other replay is 409.
400/413/415: a body that is not a gzip'd JSON state, too large, or not gzip'd.
Every refusal is logged and changes nothing.
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.db import transaction
from django.http import HttpRequest, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from . import batch
from .models import MirroredEvent
from .public import BadBatch, apply_state, mark_applied

log = logging.getLogger("standings.mirror")


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
    said = request.headers.get(batch.SIGNATURE_HEADER, "")
    mirrored = MirroredEvent.objects.filter(event__slug=slug).first()
    if mirrored is None:
        return _refuse(slug, 403, "this server mirrors no event by that slug")
    if not mirrored.token_key:
        return _refuse(slug, 403, "publishing this event here was withdrawn (token revoked)")
    if not batch.signature_matches(mirrored.token_key, body, said):
        return _refuse(
            slug, 403, "the signature does not match: a wrong or old token, or an altered body"
        )
    try:
        state = batch.unpack(body, settings.MIRROR_MAX_UNPACKED)
        seq, prev, version = int(state["seq"]), int(state["prev"]), int(state["version"])
        if state.get("slug") != slug:
            raise ValueError("the batch names another event")
    except (batch.Unreadable, KeyError, TypeError, ValueError) as error:
        return _refuse(slug, 400, f"not a readable batch: {error}")
    digest = batch.digest(body)
    with transaction.atomic():
        mirrored = (
            MirroredEvent.objects.select_for_update().select_related("event").get(pk=mirrored.pk)
        )
        if seq == mirrored.last_seq and digest == mirrored.last_digest:
            log.info("mirror %s: batch %s again, already applied", slug, seq)
            return JsonResponse({"seq": seq, "applied": False, "last_seq": mirrored.last_seq})
        if seq != mirrored.last_seq + 1 or prev != mirrored.last_seq:
            return _refuse(
                slug,
                409,
                "out of order: this batch does not follow the last one applied",
                last_seq=mirrored.last_seq,
            )
        try:
            apply_state(mirrored.event, state)
        except BadBatch as error:
            transaction.set_rollback(True)
            return _refuse(slug, 400, f"the state cannot be stored: {error}")
        mark_applied(mirrored, seq, digest, version)
    log.info(
        "mirror %s: batch %s applied (venue version %s, %s bytes)", slug, seq, version, len(body)
    )
    return JsonResponse({"seq": seq, "applied": True, "last_seq": seq})
