"""What every page template may ask of the live push, without importing it."""

from __future__ import annotations

from django.http import HttpRequest

from . import schedule


def live(request: HttpRequest) -> dict:
    # A callable: the template calls it only where it shows the notice (the arbiter's
    # round page and its result answer), so no other page pays the check.
    return {"live_delayed": schedule.delayed}
