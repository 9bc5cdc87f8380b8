"""`python manage.py export_prizes SLUG [-o FILE]`: an event's categories and prizes as the
JSON file that `import_prizes` and the arbiter's prize page read back (TRF holds no prizes)."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from standings.events.models import Event
from standings.events.prizes import prize_file


class Command(BaseCommand):
    help = "Export an event's categories and prizes as JSON (docs/prizes.md)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("slug", help="the event")
        parser.add_argument("-o", "--output", metavar="FILE", help="write here instead of stdout")

    def handle(self, *args, **options) -> None:
        event = Event.objects.filter(slug=options["slug"]).first()
        if event is None:
            raise CommandError(f"no event '{options['slug']}'")
        text = prize_file(event)
        if options["output"]:
            try:
                Path(options["output"]).write_text(text, encoding="utf-8")
            except OSError as error:
                raise CommandError(f"cannot write {options['output']}: {error.strerror}") from None
        else:
            self.stdout.write(text, ending="")
