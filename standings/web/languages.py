"""Which language a request is answered in, and which languages an event's readers use.

Public pages are cached renders, one per language: a page's cache key, its ETag and the
replay of web.fast all name the language LocaleMiddleware picks (the switcher's cookie,
else the browser's Accept-Language, else settings.LANGUAGE_CODE). The hot pages are
rendered in English and in each language a reader of the event used lately (`in_use`),
recorded when a page is served in it. (The live fragments of a push are rendered in the
languages of the open sockets: standings.live.asked.)
"""

from __future__ import annotations

import time
from types import SimpleNamespace
from typing import cast

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest
from django.http.cookie import parse_cookie
from django.utils import translation

IN_USE_TTL = 24 * 3600  # a language nobody asked for in a day is no longer rendered ahead
RECORD_EVERY = 600  # a process renews a language's mark at most this often (seconds)

# When this process last marked (slug, code) in use: a page view in French does not write
# to the shared cache every time, only when the mark may have grown old.
_RECORDED: dict[tuple[str, str], float] = {}


def codes() -> list[str]:
    return [code for code, _ in settings.LANGUAGES]


def from_headers(cookie: str, accept_language: str) -> str:
    """The language Django's LocaleMiddleware picks for a request with these headers."""
    request = SimpleNamespace(
        COOKIES=parse_cookie(cookie) if cookie else {},
        META={"HTTP_ACCEPT_LANGUAGE": accept_language} if accept_language else {},
    )
    return translation.get_language_from_request(cast(HttpRequest, request))


def record(slug: str, code: str) -> None:
    """A reader of the event uses `code`: render its hot pages and live fragments in it."""
    if code == settings.LANGUAGE_CODE or code not in codes():
        return
    now = time.monotonic()
    if now - _RECORDED.get((slug, code), -RECORD_EVERY) < RECORD_EVERY:
        return
    try:
        cache.set(_key(slug, code), 1, IN_USE_TTL)
    except Exception:  # the cache is a convenience (state.cache.MissingCache)
        return
    _RECORDED[(slug, code)] = now


def in_use(slug: str) -> list[str]:
    """The default language first, then every other one recorded for the event lately."""
    others = [code for code in codes() if code != settings.LANGUAGE_CODE]
    try:
        found = cache.get_many([_key(slug, code) for code in others])
    except Exception:
        found = {}
    return [settings.LANGUAGE_CODE, *(c for c in others if _key(slug, c) in found)]


def _key(slug: str, code: str) -> str:
    return f"languages:{slug}:{code}"
