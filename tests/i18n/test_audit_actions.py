"""The audit log names every action in the reader's language, the bridge's too."""

from __future__ import annotations

import re
from pathlib import Path

from django.utils import translation

from standings.arbiter.audit import ACTIONS, action_label

PACKAGE = Path(__file__).resolve().parents[2] / "standings"


def recorded_actions() -> set[str]:
    """Every action a write records (`action="..."` in the code)."""
    found = set()
    for path in PACKAGE.rglob("*.py"):
        if {"engine", "management"} & set(path.parts):  # argparse's action="store_true"
            continue
        source = path.read_text()
        found |= set(re.findall(r'\baction=\(?"(\w+)"', source))
        found |= set(re.findall(r'"(admin_\w+)"', source))
    return found


def test_every_recorded_action_has_a_label():
    assert recorded_actions() - set(ACTIONS) == set()


def test_the_bridge_s_actions_in_french():
    with translation.override("fr"):
        assert action_label("import_bridge") == "Import bridge"
        assert action_label("bridge_session") == "Séance de bridge"
        assert action_label("import_trf") == "Import TRF"


def test_a_prize_change_is_not_called_a_tie_break_change():
    assert action_label("settings", "tie-breaks") == "Tie-break settings"
    assert action_label("settings", "prizes") == "Prize settings"
    with translation.override("de"):
        assert action_label("settings", "prizes") == "Preiseinstellungen"
