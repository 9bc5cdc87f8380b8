"""A bye's kind and a forfeited match as a refused import names them ("half-point bye"), by
their codes, in the active language (the models' labels are English, for the admin)."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

BYE_NAMES: dict[str, Promise] = {
    "U": pgettext_lazy("bye", "pairing-allocated bye"),
    "F": pgettext_lazy("bye", "full-point bye"),
    "H": pgettext_lazy("bye", "half-point bye"),
    "Z": pgettext_lazy("bye", "zero-point bye"),
    "-": pgettext_lazy("bye", "not paired"),
}
FORFEIT_NAMES: dict[str, Promise] = {
    "": _("not forfeited"),
    "+-": _("+/- (home wins by forfeit)"),
    "-+": _("-/+ (away wins by forfeit)"),
    "--": _("-/- (double forfeit)"),
}
