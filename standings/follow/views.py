"""The follower's side: subscribe (POST /e/<slug>/follow/), the VAPID public key
(/push/key) and the service worker (/sw.js). Anonymous; CSRF applies as everywhere."""

from __future__ import annotations

import functools
import hmac
from datetime import timedelta
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles import finders
from django.db import DatabaseError, DataError, IntegrityError, transaction
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.middleware.csrf import get_token
from django.utils import timezone, translation
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from standings.events.models import Event
from standings.outage import RETRY_AFTER

from . import keys, limits
from .forms import FollowRequest, Refused, read_follow_request
from .models import Followed, Seen, Subscription
from .seating import seating_of


@require_POST
def follow(request: HttpRequest, slug: str) -> HttpResponse:
    """Subscribe a browser to an event for the numbers it follows ([] unsubscribes): 201."""
    try:
        if limits.too_many_posts(request):
            return _refused(gettext("Too many requests from your address; try again later."), 429)
        wanted = read_follow_request(request.body)
        event = Event.objects.filter(slug=slug).first()
        if event is None:
            raise Refused(gettext("There is no such event."))
        _check_numbers(event, wanted.players)
        with transaction.atomic():
            kept = _subscribe(event, wanted)
    except Refused as refusal:
        return _refused(str(refusal), 400)
    except NotYours as refusal:
        return _refused(str(refusal), 403)
    except IntegrityError:  # the same endpoint posted twice at once: the other one won
        return _refused(gettext("The subscription changed meanwhile; try again."), 409)
    except DataError:  # a value the checks let through and the database does not take
        return _refused(gettext("The request is not valid."), 400)
    except DatabaseError:  # the database away: the page's script reads JSON, not a page
        response = _refused(gettext("Not saved: the database is not answering. Tap again."), 503)
        response["Retry-After"] = str(RETRY_AFTER)
        return response
    return JsonResponse({"players": list(kept)}, status=201)


@require_GET
@never_cache
def push_key(request: HttpRequest) -> HttpResponse:
    """The VAPID public key the browser subscribes with, and a CSRF token for the POST
    (follower pages are cached for everyone, so they carry none of their own)."""
    try:
        key = keys.public_key()
    except DatabaseError:  # the generated key is read from the database
        response = _refused(gettext("The database is not answering. Try again in a moment."), 503)
        response["Retry-After"] = str(RETRY_AFTER)
        return response
    return JsonResponse({"key": key, "csrf": get_token(request)})


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    """static/follow/sw.js at the site's root, so that it may serve every page."""
    response = HttpResponse(_worker_script(), content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    response["Cache-Control"] = "no-cache"  # a new release's worker is picked up at once
    return response


@functools.cache
def _worker_script() -> bytes:
    found = finders.find("follow/sw.js")
    return Path(str(found)).read_bytes()


class NotYours(ValueError):
    """A post for a stored subscription without its auth secret: 403."""


def _subscribe(event: Event, wanted: FollowRequest) -> tuple[int, ...]:
    sub = (
        Subscription.objects.select_for_update()
        .filter(event=event, endpoint=wanted.endpoint)
        .first()
    )
    # The endpoint is no secret (push services show it around); the auth secret is: only
    # the browser holding it changes or deletes its subscription.
    if sub is not None and not hmac.compare_digest(sub.auth, wanted.auth):
        raise NotYours(gettext("This subscription belongs to another browser."))
    if not wanted.players:
        if sub is not None:
            sub.delete()
        return ()
    expires = timezone.now() + timedelta(days=settings.FOLLOW_MAX_AGE)
    if sub is None:
        if Subscription.objects.filter(event=event).count() >= settings.FOLLOW_MAX_SUBSCRIPTIONS:
            raise Refused(gettext("This event has as many followers as it can take."))
        if Subscription.objects.count() >= settings.FOLLOW_MAX_SITE_SUBSCRIPTIONS:
            raise Refused(gettext("This site has as many followers as it can take."))
        if not Seen.objects.filter(event=event).exists():  # what its first follower is told from
            Seen.objects.create(event=event, seating=seating_of(event))
        sub = Subscription(event=event, endpoint=wanted.endpoint)
    sub.p256dh, sub.auth = wanted.p256dh, wanted.auth
    sub.language = translation.get_language() or settings.LANGUAGE_CODE
    sub.expires_at = expires
    sub.save()
    sub.followed.exclude(number__in=wanted.players).delete()
    have = set(sub.followed.values_list("number", flat=True))
    Followed.objects.bulk_create(
        Followed(subscription=sub, number=n) for n in wanted.players if n not in have
    )
    return wanted.players


def _check_numbers(event: Event, numbers: tuple[int, ...]) -> None:
    if not numbers:
        return
    if event.kind == Event.Kind.TEAM:
        known = set(event.teams.filter(number__in=numbers).values_list("number", flat=True))
    else:
        known = set(
            event.participants.filter(start_no__in=numbers).values_list("start_no", flat=True)
        )
    unknown = sorted(set(numbers) - known)
    if unknown:
        raise Refused(gettext("This event has no number %(number)s.") % {"number": unknown[0]})


def _refused(reason: str, status: int) -> HttpResponse:
    return JsonResponse({"error": reason}, status=status)
