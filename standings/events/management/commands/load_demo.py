"""python manage.py load_demo: (re)load the demo event."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from standings.events.demo import DEMO_SLUG, load_demo


class Command(BaseCommand):
    help = f"Delete and recreate the demo event ({DEMO_SLUG}), its arbiter and an admin."

    def handle(self, *args, **options) -> None:
        event = load_demo()
        self.stdout.write(
            f"Loaded {event.name}: {event.participants.count()} players, "
            f"{event.round_set.count()} of {event.rounds_planned} rounds, at /e/{event.slug}/"
        )
