"""Words the pages show for the engine's and the models' codes, in the reader's language.

The cached state is shared by every language, so it holds these as lazy translations
(rendered in the language active when a page or a push is rendered), looked up from the
stable codes: a TRF result code, a round's state, a bye's kind; never from English text.
"""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from standings.engine import result_codes as codes

# What a participant's round was, as the player card and the crosstable's titles say it.
RESULT_TITLES: dict[str, Promise] = {
    "1": _("win"),
    "=": _("draw"),
    "0": _("loss"),
    codes.FORFEIT_WIN: _("win by forfeit"),
    codes.FORFEIT_LOSS: _("loss by forfeit"),
    "W": _("win (unrated)"),
    "D": _("draw (unrated)"),
    "L": _("loss (unrated)"),
    codes.PENDING: _("result not entered yet"),
    codes.HALF_BYE: _("half-point bye"),
    codes.FULL_BYE: _("full-point bye"),
    codes.PAIRING_BYE: _("pairing-allocated bye"),
    codes.ZERO_BYE: _("absent (zero-point bye)"),
    codes.NOT_IN_LINEUP: _("not in the line-up"),
}
NOT_PAIRED = _("not paired")  # "-" without an opponent (a free round of a round robin)
UNPLAYED = _("unplayed")

COLOURS: dict[str, Promise] = {
    "w": pgettext_lazy("colour", "white"),
    "b": pgettext_lazy("colour", "black"),
}

# A round's state after "Round 3: ", in lower case where the language writes it so.
ROUND_STATES: dict[str, Promise] = {
    "draft": pgettext_lazy("round state", "pairings prepared"),
    "pairings": pgettext_lazy("round state", "pairings published"),
    "in_progress": pgettext_lazy("round state", "in progress"),
    "closed": pgettext_lazy("round state", "closed"),
}

# A bye's kind after a name and a colon (UnplayedRound.Kind, TeamBye.Kind codes).
BYE_KINDS: dict[str, Promise] = {
    "U": pgettext_lazy("bye", "pairing-allocated bye"),
    "F": pgettext_lazy("bye", "full-point bye"),
    "H": pgettext_lazy("bye", "half-point bye"),
    "Z": pgettext_lazy("bye", "zero-point bye"),
    "-": pgettext_lazy("bye", "not paired"),
}
