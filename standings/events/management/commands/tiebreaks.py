"""`python manage.py tiebreaks FILE.trf`: standings and tie-breaks of a TRF file.

A thin wrapper over the engine's command line (`standings/engine/cli.py`, which runs without
Django as `standings-tiebreaks` or `python -m standings.engine`): same options, same output.
Errors are CommandErrors, which Django prints as one line on stderr with exit status 1.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError, CommandParser

from standings.engine.cli import DESCRIPTION, CliError, add_arguments, tiebreaks_report


class Command(BaseCommand):
    help = DESCRIPTION

    def add_arguments(self, parser: CommandParser) -> None:
        add_arguments(parser)

    def handle(self, *args, **options) -> None:
        try:
            report = tiebreaks_report(
                options["file"],
                tiebreaks=options["tiebreaks"],
                through_round=options["round"],
                rules=options["rules"],
                output_format=options["format"],
                on_warning=None if options["quiet"] else self.stderr.write,
            )
        except CliError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(report)
