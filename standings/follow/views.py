"""The follower's side: subscribe (POST /e/<slug>/follow/), the VAPID public key
(/push/key) and the service worker (/sw.js). Anonymous; CSRF applies as everywhere."""

from __future__ import annotations

import functools
from datetime import timedelta
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles import finders
from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.middleware.csrf import get_token
from django.utils import timezone, translation
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from standings.events.models import Event

from . import keys
from .forms import Refused, read_follow_request
from .models import Followed, Seen, Subscription
from .seating import seating_of


@require_POST
def follow(request: HttpRequest, slug: str) -> HttpResponse:
    """Subscribe a browser to an event for the numbers it follows ([] unsubscribes): 201."""
    try:
        if _too_many_posts(request):
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
    except IntegrityError:  # the same endpoint posted twice at once: the other one won
        return _refused(gettext("The subscription changed meanwhile; try again."), 409)
    return JsonResponse({"players": list(kept)}, status=201)


@require_GET
@never_cache
def push_key(request: HttpRequest) -> HttpResponse:
    """The VAPID public key the browser subscribes with, and a CSRF token for the POST
    (follower pages are cached for everyone, so they carry none of their own)."""
    return JsonResponse({"key": keys.public_key(), "csrf": get_token(request)})


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


def _subscribe(event: Event, wanted) -> tuple[int, ...]:
    existing = Subscription.objects.select_for_update().filter(
        event=event, endpoint=wanted.endpoint
    )
    if not wanted.players:
        existing.delete()
        return ()
    sub = existing.first()
    expires = timezone.now() + timedelta(days=settings.FOLLOW_MAX_AGE)
    if sub is None:
        if Subscription.objects.filter(event=event).count() >= settings.FOLLOW_MAX_SUBSCRIPTIONS:
            raise Refused(gettext("This event has as many followers as it can take."))
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


def _too_many_posts(request: HttpRequest) -> bool:
    """At most FOLLOW_POSTS_PER_ADDRESS posts from one address in ten minutes (counted in
    the shared cache; a cache that is away counts nothing)."""
    key = f"follow:posts:{request.META.get('REMOTE_ADDR', '')}"
    try:
        cache.add(key, 0, 600)
        return cache.incr(key) > settings.FOLLOW_POSTS_PER_ADDRESS
    except Exception:
        return False


def _refused(reason: str, status: int) -> HttpResponse:
    return JsonResponse({"error": reason}, status=status)
