"""`python manage.py import_bridge FILE.json [--slug SLUG] [--boards N]`: a new bridge event.

All or nothing: a refused file is one line, `FILE $.path: problem`, exit status 1.
"""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

from standings.bridge.reader import BridgeFormatError
from standings.bridge_events.services import import_bridge
from standings.events.actors import COMMAND
from standings.events.services import WriteRefused


class Command(BaseCommand):
    help = "Import a standings-bridge-1 file as a new bridge event."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="a standings-bridge-1 JSON file")
        parser.add_argument(
            "--slug", default="", help="the event's address (default: from its name)"
        )
        parser.add_argument("--boards", type=int, default=16, help="boards per match (VP scale)")

    def handle(self, *args, **options) -> None:
        path = Path(options["file"])
        try:
            event = import_bridge(
                path.read_bytes(), slug=options["slug"], boards=options["boards"], actor=COMMAND
            )
        except OSError as error:
            raise CommandError(f"cannot read {path}: {error.strerror}") from None
        except BridgeFormatError as error:
            raise CommandError(f"{path} {error}") from None
        except WriteRefused as refused:
            raise CommandError(refused.message) from None
        self.stdout.write(f"Imported {event.name} at /b/{event.slug}/")
