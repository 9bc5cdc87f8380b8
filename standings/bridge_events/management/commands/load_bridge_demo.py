"""`python manage.py load_bridge_demo`: (re)load the demo bridge event."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from standings.bridge_events.demo import load_bridge_demo


class Command(BaseCommand):
    help = "Delete and recreate the demo bridge event (a Swiss teams with one round to score)."

    def handle(self, *args, **options) -> None:
        event = load_bridge_demo()
        self.stdout.write(
            f"Loaded {event.name} at /b/{event.slug}/ (scorer: /b/{event.slug}/score/)"
        )
