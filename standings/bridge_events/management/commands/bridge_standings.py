"""`python manage.py bridge_standings FILE.json [--round N] [--format json|text]`.

Standings of a `standings-bridge-1` file under the WBF tie-break procedures. A refused file
or a round out of range is one line on stderr (`FILE $.path: problem`), exit status 1.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError, CommandParser

from standings.bridge.report import ReportError, standings_report


class Command(BaseCommand):
    help = "Standings of a bridge event file under the WBF tie-break procedures."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="a standings-bridge-1 JSON file")
        parser.add_argument("--round", type=int, help="standings after this round")
        parser.add_argument("--format", choices=("json", "text"), default="json")

    def handle(self, *args, **options) -> None:
        try:
            report = standings_report(
                options["file"], round_number=options["round"], output_format=options["format"]
            )
        except ReportError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(report)
