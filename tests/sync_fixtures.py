"""`make fixtures`: copy new and changed reference files from where they arrive
(shared/fixtures beside the repository, or the directory given) into tests/fixtures, the
copy the tests read, and say what changed. Files only in the repository are left alone and
listed, so that a removal upstream is a decision, not an accident."""

from __future__ import annotations

import filecmp
import shutil
import sys
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[1]
OURS = REPOSITORY / "tests" / "fixtures"


def sync(incoming: Path) -> int:
    if not incoming.is_dir():
        print(f"no reference files at {incoming}")
        return 1
    changed = 0
    for source in sorted(p for p in incoming.rglob("*") if p.is_file()):
        name = source.relative_to(incoming)
        target = OURS / name
        if target.is_file() and filecmp.cmp(source, target, shallow=False):
            continue
        print(f"  {'changed' if target.exists() else 'new'}: {name}")
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target)
        changed += 1
    ours_only = sorted(
        p.relative_to(OURS)
        for p in OURS.rglob("*")
        if p.is_file() and not (incoming / p.relative_to(OURS)).exists()
    )
    for name in ours_only:
        print(f"  only in tests/fixtures (kept): {name}")
    print(
        f"{changed} file(s) copied from {incoming}"
        if changed
        else f"tests/fixtures is up to date with {incoming}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(
        sync(
            Path(sys.argv[1])
            if len(sys.argv) > 1
            else REPOSITORY.parent.joinpath("shared", "fixtures")
        )
    )
