"""The catalogue's index of acronyms (catalogue/__init__.py) against the modules' ENTRIES:
the command imports a tie-break's module only when a run computes it (issue 25)."""

from __future__ import annotations

import subprocess
import sys

from standings.engine.catalogue import CATALOGUE, FIDE_MODULES, INDEX, SYSTEM_MODULES, entries_of
from tests.engine.test_cli import ROOT


def test_the_index_names_every_entry_of_every_module_and_no_other():
    found = {
        entry.acronym: module
        for module in (*FIDE_MODULES, *SYSTEM_MODULES)
        for entry in entries_of(module)
    }

    assert INDEX == found
    assert sorted(CATALOGUE) == sorted(found)
    assert all(CATALOGUE[acronym].acronym == acronym for acronym in found)


def test_a_list_imports_only_the_modules_of_its_tie_breaks():
    script = (
        "import sys\n"
        "from standings.engine.catalogue import parse_tiebreak_list\n"
        "parse_tiebreak_list('BH/C1 SB DE')\n"
        "print(' '.join(sorted(m.rpartition('.')[2] for m in sys.modules\n"
        "    if m.startswith(('standings.engine.catalogue.', 'standings.engine.systems.')))))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=60
    )

    assert done.stdout.split() == ["base", "buchholz", "direct_encounter"]
