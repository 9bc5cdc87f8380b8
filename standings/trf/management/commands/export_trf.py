"""`python manage.py export_trf SLUG [-o FILE]`: an event as a TRF file (stdout by default)."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from standings.events.models import Event
from standings.events.sections import sections_of
from standings.trf.exporter import export_trf


class Command(BaseCommand):
    help = "Export an event as a TRF-16 file."

    def add_arguments(self, parser) -> None:
        parser.add_argument("slug", help="the event")
        parser.add_argument("-o", "--output", metavar="FILE", help="write here instead of stdout")

    def handle(self, *args, **options) -> None:
        event = Event.objects.filter(slug=options["slug"]).first()
        if event is None:
            raise CommandError(f"no event '{options['slug']}'")
        sections = [s.slug for s in sections_of(event)]
        if sections and not event.participants.exists():  # one TRF file is one section
            raise CommandError(
                f"'{event.slug}' groups sections and has no players: export each section "
                f"({', '.join(sections)})"
            )
        text = export_trf(event)
        if options["output"]:
            try:
                Path(options["output"]).write_text(text, encoding="utf-8")
            except OSError as error:
                raise CommandError(f"cannot write {options['output']}: {error.strerror}") from None
        else:
            self.stdout.write(text, ending="")
