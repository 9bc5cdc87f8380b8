"""`python manage.py tiebreaks FILE.trf`: standings and tie-breaks of a TRF file.

Errors are CommandErrors, which Django prints as one line on stderr with exit status 1.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from standings.engine.event import Event, System
from standings.engine.standings import compute_standings

DEFAULT_SWISS = ("PTS", "BH/C1", "BH", "SB", "DE", "WIN", "BPG")
DEFAULT_ROUND_ROBIN = ("PTS", "DE", "SB", "KS", "WIN")


class Command(BaseCommand):
    help = "Compute standings with FIDE tie-breaks for a TRF file."

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", help="TRF-16 file")
        parser.add_argument(
            "--tiebreaks",
            nargs="+",
            metavar="SPEC",
            help="tie-breaks in reference notation, e.g. BH/C1 SB DE",
        )
        parser.add_argument("--round", type=int, help="standings after this round")
        parser.add_argument("--rules", choices=("2024", "2026"), help="rules edition")
        parser.add_argument("--format", choices=("json", "text"), default="json")

    def handle(self, *args, **options) -> None:
        from standings.engine.trf import TrfError, read_trf_bytes

        path = Path(options["file"])
        try:
            event = read_trf_bytes(path.read_bytes()).event
        except OSError as error:
            raise CommandError(f"cannot read {path}: {error.strerror}") from None
        except TrfError as error:  # its text starts with "line N: "
            raise CommandError(f"{path}: {error}") from None
        if not event.closed_rounds:
            # A TRF file records results already decided: its rounds count as closed.
            event = replace(event, closed_rounds=frozenset(range(1, event.rounds + 1)))
        specs = options["tiebreaks"] or list(event.tiebreaks) or list(default_tiebreaks(event))
        last = options["round"]
        if last is not None and not 1 <= last <= event.rounds:
            raise CommandError(f"round {last} out of range 1..{event.rounds}")
        try:
            standings = compute_standings(event, specs, rules=options["rules"], through_round=last)
        except ValueError as error:
            raise CommandError(str(error)) from None
        if options["format"] == "json":
            self.stdout.write(json.dumps(standings.to_json()))
        else:
            self.stdout.write(text_table(standings))


def default_tiebreaks(event: Event) -> tuple[str, ...]:
    """The list used when neither the command line nor record 202 gives one."""
    return DEFAULT_SWISS if event.system is System.SWISS else DEFAULT_ROUND_ROBIN


def text_table(standings) -> str:
    """Aligned columns for people; provisional values marked with '?'."""
    head = ["Rk", "SNo", "Name", *standings.tiebreaks]
    body = []
    for row in standings.rows:
        cells = [
            "" if v is None else f"{v:g}" + ("?" if p else "")
            for v, p in zip(row.values, row.provisional, strict=True)
        ]
        body.append([str(row.rank), str(row.start_no), row.name, *cells])
    widths = [max(len(r[k]) for r in [head, *body]) for k in range(len(head))]
    lines = [f"Standings after round {standings.round} (FIDE {standings.rules} rules)"]
    for r in [head, *body]:
        lines.append(
            "  ".join(
                c.ljust(w) if k == 2 else c.rjust(w)
                for k, (c, w) in enumerate(zip(r, widths, strict=True))
            )
        )
    return "\n".join(lines)
