"""Real files through the whole path: how many read, import and come back the same.

For each file (the arguments, files in the directories given, else tests/fixtures/real):
the engine reads it and computes its standings (after the last round it pairs, as the
command line does); the import stores it as a new event; the
export is read back and imported again over that event; the standings must stay the file's
at every step. Prints one line per file (the first refusal when there is one), the
reader's warnings by kind (phrase key: count), and the counts. Runs in a throwaway test
database (SQLite in memory, or test_NAME on PostgreSQL).

    .venv/bin/python bench/real_files.py [FILE_OR_DIR ...]
"""

from __future__ import annotations

import os
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "standings.settings")

import django  # noqa: E402

django.setup()

from django.db import connection  # noqa: E402
from django.test.utils import override_settings, setup_test_environment  # noqa: E402

from standings.engine.result import Standings  # noqa: E402
from standings.engine.standings import compute_standings  # noqa: E402
from standings.engine.trf import TrfError, read_trf, read_trf_bytes  # noqa: E402
from standings.events.actors import COMMAND  # noqa: E402
from standings.events.models import Event  # noqa: E402
from standings.events.snapshot import event_standings  # noqa: E402
from standings.trf.exporter import export_trf  # noqa: E402
from standings.trf.importer import import_trf  # noqa: E402

FIXTURES = ROOT / "tests" / "fixtures"
STEPS = ("read", "import", "round trip")


def files(arguments: list[str]) -> list[Path]:
    paths = [Path(a) for a in arguments] or [FIXTURES / "real"]
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found += sorted(p for p in path.iterdir() if p.is_file() and p.suffix != ".md")
        else:
            found.append(path)
    return found


def values(standings: Standings) -> dict[int, tuple[float | None, ...]]:
    return {row.start_no: row.values for row in standings.rows}


def warning_kinds(path: Path) -> str:
    """The reader's warnings of a file by kind: "trf.ruler: 15, trf.comments: 1"."""
    try:
        warnings = read_trf_bytes(path.read_bytes()).warnings
    except (TrfError, ValueError):
        return ""
    kinds = Counter(
        w.said.key.removesuffix(".one").removesuffix(".many") if w.said else "?" for w in warnings
    )
    return ", ".join(f"{kind}: {n}" for kind, n in kinds.items())


def through(path: Path, slug: str) -> tuple[str, str]:
    """The last step the file passed and, when it stopped, why."""
    data = path.read_bytes()
    try:
        trf = read_trf_bytes(data)
        expected = values(compute_standings(trf.event, through_round=trf.rounds_paired or None))
    except (TrfError, ValueError) as error:
        return "", str(error)
    try:
        import_trf(data, slug=slug, actor=COMMAND)
    except TrfError as error:
        return "read", str(error)
    event = Event.objects.get(slug=slug)
    exported = export_trf(event)
    try:
        import_trf(exported.encode(), slug=slug, actor=COMMAND)
    except TrfError as error:
        return "import", f"re-import of the export: {error}"
    if values(event_standings(event)) != expected:
        return "import", "the stored standings differ from the file's"
    if values(compute_standings(read_trf(exported).event)) != expected:
        return "import", "the exported file gives other standings"
    return "round trip", ""


def main() -> None:
    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    passed: Counter[str] = Counter()
    chosen = files(sys.argv[1:])
    try:
        # Pushes run in this thread: a background one would find SQLite's tables locked.
        with override_settings(LIVE_PUSH_INTERVAL=0):
            for n, path in enumerate(chosen, start=1):
                last, why = through(path, slug=f"real-{n}")
                reached = STEPS[: STEPS.index(last) + 1] if last else ()
                passed.update(reached)
                done = last == STEPS[-1]
                outcome = "ok" if done else f"stops after {last or 'nothing'}: {why}"
                print(f"{path.name:<40} {outcome[:160]}")
                print(f"{'':<4}warnings: {warning_kinds(path) or 'none'}")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
    print(f"\n{len(chosen)} files, database {connection.vendor}")
    for step in STEPS:
        print(f"{step:<12} {passed[step]:4d} of {len(chosen)}")


if __name__ == "__main__":
    main()
