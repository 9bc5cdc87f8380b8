"""The tie-breaks' names in the reader's language, keyed by the catalogue's acronyms.

The engine is pure and names its entries in English (`TieBreak.name`); the pages translate
from the acronym, a stable key, never from the English text. An acronym missing here
shows the engine's name. Buchholz, Sonneborn-Berger, Koya, Solkoff, Harkness, Kashdan,
Baumbach and Wallace are people's names and stay as they are in every language.
"""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

NAMES: dict[str, Promise] = {
    "PTS": _("Points"),
    "WIN": _("Number of wins"),
    "WON": _("Number of games won"),
    "BPG": _("Number of games played with black"),
    "BWG": _("Number of games won with black"),
    "PS": _("Sum of progressive scores"),
    "GE": _("Games one elected to play"),
    "DE": _("Direct encounter"),
    "BH": pgettext_lazy("tie-break", "Buchholz"),
    "AOB": _("Average of opponents' Buchholz"),
    "FB": _("Fore Buchholz"),
    "SB": pgettext_lazy("tie-break", "Sonneborn-Berger"),
    "KS": _("Koya system"),
    "ARO": _("Average rating of opponents"),
    "TPR": _("Tournament performance rating"),
    "PTP": _("Perfect tournament performance"),
    "APRO": _("Average performance rating of opponents"),
    "APPO": _("Average perfect performance of opponents"),
    "MPTS": _("Match points"),
    "GPTS": _("Game points"),
    "BC": _("Board count"),
    "TBR": _("Top board results"),
    "BBE": _("Bottom board elimination"),
    "MPVGP": _("Match points or game points"),
    "EMMSB": _("Extended Sonneborn-Berger (MP x MP)"),
    "EMGSB": _("Extended Sonneborn-Berger (MP x GP)"),
    "EGMSB": _("Extended Sonneborn-Berger (GP x MP)"),
    "EGGSB": _("Extended Sonneborn-Berger (GP x GP)"),
    "EDE": _("Extended direct encounter"),
    "SSSC": _("Score and schedule strength combination"),
    "USMM": _("Modified Median"),
    "USMED": _("Median (Harkness)"),
    "USSOLK": pgettext_lazy("tie-break", "Solkoff"),
    "USCUM": _("Cumulative"),
    "USOCUM": _("Cumulative of opposition"),
    "KASH": pgettext_lazy("tie-break", "Kashdan"),
    "BAUM": _("Most wins (Baumbach)"),
    "FLOSS": _("Time of first loss"),
    "SCSOG": _("Modified sum of opponents' grades"),
    "SCPS": _("Sum of progressive scores"),
    "SCBH": _("Sum of opponents' scores (Buchholz)"),
    "SCSB": pgettext_lazy("tie-break", "Sonneborn-Berger"),
    "WALL": _("Wallace (elimination of scores)"),
    "HOOPER": _("Hooper (board count)"),
}
