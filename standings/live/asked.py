"""Which views, in which languages, the open sockets of an event ask for, across processes.

A push renders and packs only these (push.messages): a view or a language no socket of any
process shows costs nothing. Each process counts its own sockets' pairs (count_in,
count_out) and records each pair it has in the shared cache, under a key that lapses
ASKED_TTL seconds after its last refresh (its audiences refresh every ASKED_REFRESH); the
publishing process reads them all in one read (wanted). Its own pairs count even when the
cache is unreachable: its sockets then follow by resync, rendered from the database.

A pair recorded too late for a push (a socket joining while the push read the pairs) is
made up by the audience that misses it (audience.Audience._repair).
"""

from __future__ import annotations

import logging
import threading
from collections import Counter

from django.conf import settings
from django.core.cache import cache

from . import fragments

log = logging.getLogger(__name__)

ASKED_TTL = 60  # seconds a pair stays wanted after its last refresh
ASKED_REFRESH = 20  # seconds between two refreshes by an audience that still has the pair

Pair = tuple[str, str]  # (view, language)


def pair(view: str, language: str) -> Pair:
    """What a socket asks for: its view (fragments.ALL when none or unknown) in its page's
    language (the default language when none or unknown)."""
    known_view = view if fragments.known(view) else fragments.ALL
    codes = [code for code, _ in settings.LANGUAGES]
    return known_view, language if language in codes else settings.LANGUAGE_CODE


def every_pair() -> list[Pair]:
    views = [*fragments.VIEWS, *fragments.BRIDGE_VIEWS, fragments.ALL]
    return [(view, code) for code, _ in settings.LANGUAGES for view in views]


_local: dict[str, Counter[Pair]] = {}  # this process's sockets: slug -> pairs counted
_lock = threading.Lock()  # counted on the event loop, read by the publishing threads


def count_in(slug: str, asks: Pair) -> None:
    with _lock:
        _local.setdefault(slug, Counter())[asks] += 1


def count_out(slug: str, asks: Pair) -> None:
    with _lock:
        counted = _local.get(slug)
        if counted is None:
            return
        counted[asks] -= 1
        if counted[asks] <= 0:
            del counted[asks]
        if not counted:
            del _local[slug]


def local(slug: str) -> set[Pair]:
    """The pairs this process's sockets of the event ask for."""
    with _lock:
        return set(_local.get(slug, ()))


def record(slug: str, pairs: list[Pair]) -> None:
    """Keep `pairs` wanted for ASKED_TTL seconds more. Raises when the cache fails."""
    if pairs:
        cache.set_many({_key(slug, each): 1 for each in pairs}, ASKED_TTL)


def wanted(slug: str) -> set[Pair]:
    """Every pair a socket of any process asks for (this process's own included)."""
    pairs = local(slug)
    keys = {_key(slug, each): each for each in every_pair()}
    try:
        found = cache.get_many(list(keys))
    except Exception as error:  # other processes' sockets follow by their own resync
        log.warning("reading which views the sockets of %s ask for failed: %r", slug, error)
        return pairs
    return pairs | {keys[key] for key in found}


def _key(slug: str, asks: Pair) -> str:
    view, language = asks
    return f"live:asked:{slug}:{view}:{language}"
