"""`python manage.py import_prizes SLUG FILE`: replace an event's categories and prizes with
a JSON file (`export_prizes`' or the arbiter page's), as one audited change."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from standings.events import services
from standings.events.actors import COMMAND
from standings.events.models import Event
from standings.prizes.rules import RulesError, parse_document


class Command(BaseCommand):
    help = "Import an event's categories and prizes from JSON (docs/prizes.md)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("slug", help="the event")
        parser.add_argument("file", help="the prize file (JSON)")

    def handle(self, *args, **options) -> None:
        event = Event.objects.filter(slug=options["slug"]).first()
        if event is None:
            raise CommandError(f"no event '{options['slug']}'")
        try:
            document = parse_document(Path(options["file"]).read_text(encoding="utf-8-sig"))
        except OSError as error:
            raise CommandError(f"cannot read {options['file']}: {error.strerror}") from None
        except UnicodeDecodeError:
            raise CommandError(f"{options['file']} is not UTF-8 text (a JSON file)") from None
        except RulesError as error:
            raise CommandError(f"{options['file']}: {'; '.join(error.problems)}") from None
        try:
            services.change_prizes(event, document, actor=COMMAND)
        except services.WriteRefused as refused:
            raise CommandError(refused.message) from None
        rules = Event.objects.get(pk=event.pk).prize_rules
        count = len(rules.get("prizes", []))
        self.stdout.write(
            f"{event.slug}: {count} prizes in {len(rules.get('categories', []))} categories"
        )
