"""The scorer's forms: a team match (IMPs and total points of each side), a table of a
round's draw, a board of a drawn match, a BAM match (board-a-match points), a pairs
session (every pair's score)."""

from __future__ import annotations

from decimal import Decimal

from django import forms
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from standings.bridge.reader import MAX_BYTES

from .models import MAX_BOARDS


class EntryForm(forms.Form):
    seen = forms.CharField(required=False, max_length=5000)  # the entry as the scorer saw it

    def clean(self) -> dict:
        cleaned = super().clean() or {}
        if cleaned.get("home") is not None and cleaned.get("home") == cleaned.get("away"):
            raise forms.ValidationError(gettext("a team cannot play itself"))
        return cleaned

    def refusal(self) -> str:
        """The first problem, in field order, for the scorer."""
        for name in self.fields:
            if name in self.errors:
                return gettext("%(field)s: %(problem)s") % {
                    "field": self.fields[name].label or name,
                    "problem": self.errors[name][0],
                }
        return "; ".join(str(error) for error in self.non_field_errors())


class MatchEntryForm(EntryForm):
    round = forms.IntegerField(min_value=1, max_value=99, label=pgettext_lazy("bridge", "Round"))
    home = forms.IntegerField(label=_("Home"))
    away = forms.IntegerField(label=_("Away"))
    home_imps = forms.IntegerField(min_value=0, max_value=999, label=_("IMPs home"))
    away_imps = forms.IntegerField(min_value=0, max_value=999, label=_("IMPs away"))
    home_points = forms.IntegerField(
        min_value=0, max_value=99999, label=pgettext_lazy("bridge", "Points home")
    )
    away_points = forms.IntegerField(
        min_value=0, max_value=99999, label=pgettext_lazy("bridge", "Points away")
    )
    # Only for events on another scale (BridgeEvent.Scale.TYPED).
    home_vps = forms.DecimalField(
        required=False, max_digits=5, decimal_places=2, label=_("VPs home")
    )
    away_vps = forms.DecimalField(
        required=False, max_digits=5, decimal_places=2, label=_("VPs away")
    )


class DrawTableForm(EntryForm):
    """A table of a round's draw: who plays home (North-South in the open room) and away."""

    round = forms.IntegerField(min_value=1, max_value=99, label=pgettext_lazy("bridge", "Round"))
    table = forms.IntegerField(min_value=1, max_value=999, label=_("Table"))
    home = forms.IntegerField(label=_("Home"))
    away = forms.IntegerField(label=_("Away"))


class UndrawTableForm(EntryForm):
    round = forms.IntegerField(min_value=1, max_value=99, label=pgettext_lazy("bridge", "Round"))
    table = forms.IntegerField(min_value=1, max_value=999, label=_("Table"))


class BoardEntryForm(EntryForm):
    """A board's result in each room as typed ("4S= N", "-620"); a room left empty is not
    played yet. A correction carries its reason."""

    board = forms.IntegerField(
        min_value=1, max_value=MAX_BOARDS, label=pgettext_lazy("bridge", "Board")
    )
    open_room = forms.CharField(required=False, max_length=20, label=_("Open room"))
    closed_room = forms.CharField(required=False, max_length=20, label=_("Closed room"))
    reason = forms.CharField(required=False, max_length=200, label=_("Reason"))


class BamEntryForm(EntryForm):
    round = forms.IntegerField(min_value=1, max_value=99, label=pgettext_lazy("bridge", "Round"))
    home = forms.IntegerField(label=_("Home"))
    away = forms.IntegerField(label=_("Away"))
    home_bam = forms.DecimalField(min_value=0, max_digits=5, decimal_places=1, label=_("BAM home"))
    away_bam = forms.DecimalField(min_value=0, max_digits=5, decimal_places=1, label=_("BAM away"))


class SessionEntryForm(EntryForm):
    """A pairs session: one score field per pair (`score_<id>`), all required."""

    session = forms.IntegerField(min_value=1, max_value=99, label=_("Session"))

    def __init__(self, *args, pairs: list[tuple[int, str]], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for ident, name in pairs:
            self.fields[f"score_{ident}"] = forms.DecimalField(
                max_digits=7, decimal_places=2, label=name
            )

    def scores(self) -> dict[int, Decimal]:
        return {
            int(name.removeprefix("score_")): value
            for name, value in self.cleaned_data.items()
            if name.startswith("score_")
        }


MAX_MB = MAX_BYTES // (1024 * 1024)


class BridgeUploadForm(forms.Form):
    """The size stated is the reader's bound, which the command keeps too; the request
    body limit of the page (security.body_limit) is above it with the form around."""

    file = forms.FileField(
        label=_("standings-bridge-1 file"),
        widget=forms.ClearableFileInput(
            attrs={"accept": ".json,application/json", "aria-describedby": "file-limit"}
        ),
    )
    boards = forms.IntegerField(
        min_value=1, max_value=MAX_BOARDS, initial=16, label=_("Boards per match")
    )

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_BYTES:
            raise forms.ValidationError(
                gettext("The file is larger than %(most)s MB.") % {"most": MAX_MB}
            )
        return upload
