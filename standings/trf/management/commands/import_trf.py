"""`python manage.py import_trf FILE [--event SLUG] [--section-of SLUG [--name NAME]]`: create or
complete an event from a TRF file; with --section-of, a section of that tournament.

All or nothing: a refused file leaves the database untouched and prints one line,
`FILE line N: problem`, on stderr (exit status 1).
"""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from standings.engine.trf import TrfError
from standings.events.actors import COMMAND
from standings.events.models import Event
from standings.trf.importer import import_trf


class Command(BaseCommand):
    help = "Import a TRF file: a new event, or new rounds and results of an existing one."

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", help="TRF-16 file")
        parser.add_argument("--event", metavar="SLUG", help="the event to complete or create")
        parser.add_argument(
            "--section-of", metavar="SLUG", help="the tournament this file is a section of"
        )
        parser.add_argument(
            "--name", default="", help="the section's name (default: the file's record 012)"
        )

    def handle(self, *args, **options) -> None:
        path = Path(options["file"])
        try:
            data = path.read_bytes()
        except OSError as error:
            raise CommandError(f"cannot read {path}: {error.strerror}") from None
        section_of = None
        if options["section_of"]:
            section_of = Event.objects.filter(slug=options["section_of"]).first()
            if section_of is None:
                raise CommandError(f"no event {options['section_of']!r} to add a section to")
        try:
            report = import_trf(
                data,
                slug=options["event"],
                section_of=section_of,
                name=options["name"],
                actor=COMMAND,
            )
        except TrfError as error:
            where = f" line {error.line}" if error.line else ""
            raise CommandError(f"{path}{where}: {error.message}") from None
        self.stdout.write(report.summary())
