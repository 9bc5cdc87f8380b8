"""What a push sends: one group message per language of a state, each carrying the views
the event's open sockets ask for (asked.py), rendered (fragments.py) and packed (wire.py)
once, the event's version and whether more of the push follows (`final`)."""

from __future__ import annotations

from collections.abc import Iterator

from django.conf import settings
from django.utils import translation

from standings.state.event_state import EventState

from . import asked, fragments, wire

MESSAGE_TYPE = "event.fragments"  # read by each process's audience.Audience


def group_name(slug: str) -> str:
    """The channel-layer group of an event's sockets (slugs are ascii, at most 50 chars)."""
    return f"event.{slug}"


def messages(state: EventState, wanted: set[asked.Pair]) -> Iterator[dict]:
    """The group messages of a state, one per language of `wanted` (the default language
    first): its version, and each wanted view of that language rendered and packed once.
    No pair wanted (no socket anywhere): one message carrying nothing, for the cache."""
    views: dict[str, set[str]] = {}
    for view, language in wanted:
        views.setdefault(language, set()).add(view)
    order = [code for code, _ in settings.LANGUAGES if code in views]
    if settings.LANGUAGE_CODE in order:  # settings.LANGUAGES need not list it first
        order.remove(settings.LANGUAGE_CODE)
        order.insert(0, settings.LANGUAGE_CODE)
    if not order:
        yield envelope(state, {}, final=True)
    for n, language in enumerate(order):
        with translation.override(language):
            parts = fragments.render_parts(state, views[language])
            packed = wire.pack(parts, views[language])
        yield envelope(state, {language: packed}, final=n == len(order) - 1)


def message(state: EventState, wanted: set[asked.Pair]) -> dict:
    """The messages() of a state as one message (what the cache holds)."""
    whole = envelope(state, {}, final=True)
    for each in messages(state, wanted):
        whole = merged(whole, each)
    return whole


def merged(message: dict, more: dict) -> dict:
    """`message` with the parts of `more` (of the same version) added."""
    parts = {language: dict(views) for language, views in message["parts"].items()}
    for language, views in more["parts"].items():
        parts.setdefault(language, {}).update(views)
    return {**message, "parts": parts}


def pairs_of(message: dict) -> set[asked.Pair]:
    """The (view, language) pairs a message carries."""
    return {(view, language) for language, views in message["parts"].items() for view in views}


def envelope(state: EventState, parts: dict[str, dict[str, bytes]], *, final: bool) -> dict:
    return {
        "type": MESSAGE_TYPE,
        "slug": state.slug,
        "version": state.version,
        "parts": parts,  # language -> view -> packed HTML
        "final": final,  # no more messages of this version follow
    }


def message_key(slug: str) -> str:
    """The cache key of the event's latest message, whole (what a joining socket gets)."""
    return f"live:{settings.RELEASE}:{slug}:parts"
