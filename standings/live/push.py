"""PLACEHOLDER (owned by the live work): recompute, render once, send one group message."""

from __future__ import annotations


def event_changed(event_id: int) -> None:
    """Called after a write to the event has committed."""
