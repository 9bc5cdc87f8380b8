"""The tie-break command line: standings and tie-breaks of a TRF file, without Django.

    standings-tiebreaks FILE.trf [--tiebreaks SPEC ...] [--round N] [--rules 2024|2026]
                        [--format json|text] [--quiet]

Also `python -m standings.engine FILE.trf`; `manage.py tiebreaks` wraps the same functions.
A bad file, tie-break or round is a `CliError`: one line on stderr, exit status 1.
The reader's warnings go to stderr, one a line ("warning: line N: ..."), unless --quiet.
"""

from __future__ import annotations

import sys

# Only what `--help` needs is imported here: the reader and the engine are imported by a
# run that uses them (a whole `--help` in about 60 ms instead of 250), and typing only by
# the type checker (TYPE_CHECKING is false at run time, as typing's own).
TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable, Sequence
    from pathlib import Path

    from .event import Event
    from .result import Standings

PROG = "standings-tiebreaks"
DESCRIPTION = "Compute standings with FIDE or national tie-breaks for a TRF file."


class CliError(Exception):
    """What the user did wrong, said in one line (no traceback)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options, shared with `manage.py tiebreaks`."""
    parser.add_argument("file", help="TRF-16 file")
    parser.add_argument(
        "--tiebreaks",
        nargs="+",
        metavar="SPEC",
        help="tie-breaks in reference notation, e.g. BH/C1 SB DE or USMM USSOLK USCUM",
    )
    parser.add_argument("--round", type=int, help="standings after this round")
    parser.add_argument("--rules", choices=("2024", "2026"), help="rules edition")
    parser.add_argument("--format", choices=("json", "text"), default="json")
    parser.add_argument(
        "--quiet", action="store_true", help="do not print the reader's warnings on stderr"
    )


def tiebreaks_report(
    file: str | Path,
    *,
    tiebreaks: Sequence[str] | None = None,
    through_round: int | None = None,
    rules: str | None = None,
    output_format: str = "json",
    on_warning: Callable[[str], None] | None = None,
) -> str:
    """The standings of a TRF file as JSON or as a text table (no final newline).

    `on_warning` is called with each of the reader's warnings ("warning: line N: ...")
    once the file is read. Raises CliError for a file that cannot be read or is malformed,
    an unknown tie-break or a round out of range (after the last round in the file).
    """
    from dataclasses import replace
    from pathlib import Path

    from .standings import compute_standings
    from .trf import TrfError, read_trf_bytes

    path = Path(file)
    try:
        trf = read_trf_bytes(path.read_bytes())
    except OSError as error:
        raise CliError(f"cannot read {path}: {error.strerror}") from None
    except TrfError as error:  # its text starts with "line N: "
        raise CliError(f"{path}: {error}") from None
    if on_warning is not None:
        for warning in trf.warnings:
            on_warning(f"warning: {warning}")
    event = trf.event
    if not event.closed_rounds:
        # A TRF file records results already decided: its rounds count as closed.
        event = replace(event, closed_rounds=frozenset(range(1, event.rounds + 1)))
    specs = tiebreaks or list(event.tiebreaks) or list(default_tiebreaks(event))
    # Standings come after the last round in the file, not after the rounds record 142
    # or XXR plans: a round nobody has played yet has nothing to rank.
    last = trf.rounds_in_file or event.rounds
    if through_round is not None and not 1 <= through_round <= last:
        planned = ""
        if last < event.rounds:
            planned = f" (the file has rounds 1..{last} of {event.rounds})"
        raise CliError(f"round {through_round} out of range 1..{last}{planned}")
    if through_round is None and 0 < trf.rounds_paired < last:
        through_round = trf.rounds_paired  # the later rounds hold byes requested ahead
    try:
        standings = compute_standings(event, specs, rules=rules, through_round=through_round)
    except ValueError as error:  # SpecError is one
        raise CliError(str(error)) from None
    if output_format == "json":
        import json  # only this format needs it

        return json.dumps(standings.to_json())
    return text_table(standings)


def default_tiebreaks(event: Event) -> tuple[str, ...]:
    """The list used when neither the command line nor record 202 gives one."""
    from .presets import FIDE, FIDE_TEAMS

    if event.teams:
        return FIDE_TEAMS.tiebreaks(event.system)
    return ("PTS", *FIDE.tiebreaks(event.system))


def text_table(standings: Standings) -> str:
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


def main(argv: Sequence[str] | None = None, *, prog: str = PROG) -> int:
    """Run the command line on `argv` (default: sys.argv[1:]); returns the exit status."""
    import argparse

    parser = argparse.ArgumentParser(prog=prog, description=DESCRIPTION)
    add_arguments(parser)
    options = parser.parse_args(argv)
    try:
        report = tiebreaks_report(
            options.file,
            tiebreaks=options.tiebreaks,
            through_round=options.round,
            rules=options.rules,
            output_format=options.format,
            on_warning=None if options.quiet else _print_warning,
        )
    except CliError as error:
        print(f"{prog}: error: {error}", file=sys.stderr)
        return 1
    try:
        sys.stdout.write(report + "\n")
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader left (`| head`): point stdout at /dev/null so that Python's flush at
        # exit does not fail again on the closed pipe.
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return 0


def _print_warning(text: str) -> None:
    print(text, file=sys.stderr)
