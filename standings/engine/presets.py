"""Tie-break lists an organizer picks by name: FIDE's, US Chess's, Chess Scotland's.

A preset is only a list of specs in our notation; a custom list is any list the
catalogue knows, FIDE and national systems mixed. The procedures of Chess Scotland
("if still tied, eliminate the next ...") are listed to their third step; a custom list
goes further (`SCSOG/C4`).
"""

from __future__ import annotations

from dataclasses import dataclass

from .catalogue import parse_tiebreak_list
from .event import System
from .notation import SpecError
from .words import Words, gettext_noop

FIDE_SWISS = ("BH/C1", "BH", "SB", "DE", "WIN", "BPG")
FIDE_ROUND_ROBIN = ("DE", "SB", "KS", "WIN")
# Team events (the regulations name no list for teams): match points, then the Olympiad's
# order in a Swiss (extended Sonneborn-Berger without the weakest opponent, game points),
# game points first in a round robin; then the direct encounter of Art. 13.3.
FIDE_TEAM_SWISS = ("MPTS", "EMGSB/C1", "GPTS", "EDE")
FIDE_TEAM_ROUND_ROBIN = ("MPTS", "GPTS", "EDE", "EMGSB")


@dataclass(frozen=True, slots=True)
class Preset:
    key: str  # what a form posts
    name: Words  # what the organizer reads (translated by the pages)
    swiss: tuple[str, ...]
    round_robin: tuple[str, ...]
    team: bool = False  # for team events only

    def tiebreaks(self, system: System) -> tuple[str, ...]:
        """The list for an event run under `system`."""
        return self.swiss if system is System.SWISS else self.round_robin

    @property
    def available(self) -> bool:
        """Every spec known to the catalogue."""
        try:
            parse_tiebreak_list(" ".join(self.swiss + self.round_robin))
        except SpecError:
            return False
        return True


# Seed 001's four, then the rule book's further systems, in its order.
US_CHESS = ("USMM", "USSOLK", "USCUM", "USOCUM", "DE", "BPG", "KASH")
# Seed 004 items 1-3: grades only where every tied player met graded opponents only (a
# null skips SCSOG for the group), else progressive scores, then Buchholz.
SCOTLAND_SWISS = (
    *("SCSOG", "SCSOG/C2", "SCSOG/C3"),
    *("SCPS", "SCPS/C1", "SCPS/C2", "SCPS/C3"),
    *("SCBH", "SCBH/C1"),
)
# Items 4, 5, 6 and 8: results between the tied players, won games, Wallace, Sonneborn-Berger.
SCOTLAND_ALL_PLAY_ALL = ("DE", "BAUM", "WALL", "WALL/C2", "WALL/C3", "SCSB")
# Items 9-11: match points ranked, game points the first tie-break, Hooper's board count
# (two teams tied after they met), then bottom board elimination.
SCOTLAND_TEAMS = ("MPTS", "GPTS", "HOOPER", "BBE")

PRESETS = (
    Preset("fide", gettext_noop("FIDE"), FIDE_SWISS, FIDE_ROUND_ROBIN),
    Preset("us-chess", gettext_noop("US Chess"), US_CHESS, US_CHESS),
    Preset("scotland-swiss", gettext_noop("Chess Scotland: Swiss"), SCOTLAND_SWISS, SCOTLAND_SWISS),
    Preset(
        "scotland-all-play-all",
        gettext_noop("Chess Scotland: all-play-all"),
        SCOTLAND_ALL_PLAY_ALL,
        SCOTLAND_ALL_PLAY_ALL,
    ),
    Preset(
        "fide-teams",
        gettext_noop("FIDE: teams"),
        FIDE_TEAM_SWISS,
        FIDE_TEAM_ROUND_ROBIN,
        team=True,
    ),
    Preset(
        "scotland-teams",
        gettext_noop("Chess Scotland: teams"),
        SCOTLAND_TEAMS,
        SCOTLAND_TEAMS,
        team=True,
    ),
)
BY_KEY = {p.key: p for p in PRESETS}
FIDE = BY_KEY["fide"]
FIDE_TEAMS = BY_KEY["fide-teams"]
