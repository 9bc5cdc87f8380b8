"""How an import's summary groups the TRF reader's warnings, in the arbiter's language.

The warnings themselves are phrases whose words the reader declares with them
(`engine/trf/phrases.py`), worded by key like the engine's notes (`phrases.worded`)."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

# The kinds of warning an import's summary groups its list by (a phrase's key without its
# ".one"/".many"); a key not listed here is grouped under "Other".
_POINTS_COLUMN = _("Points column (columns 81-84)")
_LEFT_OUT_TIEBREAKS = _("Tie-breaks the file names that are not kept")
_AS_WRITTEN = _("Details kept as written")
_TEAM_RECORDS = _("Team records")
WARNING_KINDS: dict[str, Promise] = {
    "trf.windows_1252": _("Text encoding"),
    "trf.ruler": _("Column rulers and legends skipped"),
    "trf.comments": _("Comment lines skipped"),
    "trf.date_kept": _AS_WRITTEN,
    "trf.round_dates_unread": _AS_WRITTEN,
    "trf.unknown_title": _AS_WRITTEN,
    "trf.birth_kept": _AS_WRITTEN,
    "trf.federation_long": _("Federations left out"),
    "trf.federation_032": _("Federations left out"),
    "trf.tiebreaks_left_out": _LEFT_OUT_TIEBREAKS,
    "trf.modifiers_left_out": _LEFT_OUT_TIEBREAKS,
    "trf.team_tiebreaks_left_out": _LEFT_OUT_TIEBREAKS,
    "trf.conventions": _("Rounds without opponent, read as what they mean"),
    "trf.points_kept": _POINTS_COLUMN,
    "trf.points_read": _POINTS_COLUMN,
    "trf.points_read_withdrawn": _POINTS_COLUMN,
    "trf.points_column_empty": _POINTS_COLUMN,
    "trf.points_ahead": _POINTS_COLUMN,
    "trf.team_scores": _("Team totals (record 310) that the boards do not give: the boards count"),
    "trf.stray_teams": _TEAM_RECORDS,
    "trf.colours_clash": _("Rounds left out"),
    "trf.bye_given_twice": _("Byes"),
    "trf.codes_left_out": _TEAM_RECORDS,
}
OTHER_WARNINGS = _("Other")
