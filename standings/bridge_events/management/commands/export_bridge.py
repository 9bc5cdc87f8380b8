"""`python manage.py export_bridge SLUG [-o FILE]`: a bridge event as a standings-bridge-1 file."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

from standings.bridge.writer import write_bridge
from standings.bridge_events.models import BridgeEvent


class Command(BaseCommand):
    help = "Export a bridge event as a standings-bridge-1 file."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug", help="the event")
        parser.add_argument("-o", "--output", metavar="FILE", help="write here instead of stdout")

    def handle(self, *args, **options) -> None:
        bridge = BridgeEvent.objects.filter(event__slug=options["slug"]).first()
        if bridge is None:
            raise CommandError(f"no bridge event '{options['slug']}'")
        text = write_bridge(bridge.data())
        if options["output"]:
            try:
                Path(options["output"]).write_text(text, encoding="utf-8")
            except OSError as error:
                raise CommandError(f"cannot write {options['output']}: {error.strerror}") from None
        else:
            self.stdout.write(text, ending="")
