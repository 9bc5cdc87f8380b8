"""PLACEHOLDER (owned by the web work): render the live fragments once and cache them.

Contract used by the live push:
- publish(event_id) -> str: recompute standings once, render every live fragment
  once (htmx out-of-band swaps), store them in the cache, return the HTML.
- cached_fragments(slug) -> str | None: the last published HTML, no database access.
"""

from __future__ import annotations

from django.core.cache import cache


def _key(slug: str) -> str:
    return f"standings:fragments:{slug}"


def publish(event_id: int) -> str:
    from standings.events.models import Event
    from standings.events.snapshot import event_standings

    event = Event.objects.get(pk=event_id)
    standings = event_standings(event)
    html = "".join(
        f'<tr><td>{row.rank}</td><td>{row.name}</td><td>{row.values[0]}</td></tr>'
        for row in standings.rows
    )
    html = f'<tbody id="standings-body" hx-swap-oob="true">{html}</tbody>'
    cache.set(_key(event.slug), html, None)
    return html


def cached_fragments(slug: str) -> str | None:
    return cache.get(_key(slug))
