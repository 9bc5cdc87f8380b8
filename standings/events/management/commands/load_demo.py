"""python manage.py load_demo: (re)load the demo event."""

from __future__ import annotations

from django.core.management.base import BaseCommand
from django.test import override_settings

from standings.events.demo import DEMO_SLUG, load_demo


class Command(BaseCommand):
    help = f"Delete and recreate the demo event ({DEMO_SLUG}), its arbiter and an admin."

    def handle(self, *args, **options) -> None:
        # The command exits at once: push in this thread, not from a timer that outlives it.
        with override_settings(LIVE_PUSH_INTERVAL=0):
            event = load_demo()
        self.stdout.write(
            f"Loaded {event.name}: {event.participants.count()} players, "
            f"{event.round_set.count()} of {event.rounds_planned} rounds, at /e/{event.slug}/"
        )
