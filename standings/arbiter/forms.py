"""The arbiter's POSTs, each read by a form: bad input is refused here, in one place."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from standings.engine.catalogue import CATALOGUE, parse_tiebreak_list
from standings.engine.event import System
from standings.engine.notation import SpecError
from standings.engine.presets import PRESETS
from standings.prizes.rules import RulesError, parse_document, read_rules
from standings.prizes.shape import MAX_CHARACTERS
from standings.wording.phrases import worded
from standings.wording.words import translated

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


def not_said(what: StrOrPromise) -> StrOrPromise:
    """A form that left out a hidden field: the page is stale, nothing was changed."""
    return format_lazy(
        _("The form did not say which {}; reload the page (nothing was changed)"), what
    )


VERSION_SEEN = _("version you saw")


def reason_field() -> forms.CharField:
    return forms.CharField(
        required=False,
        max_length=500,
        error_messages={"max_length": _("The reason is longer than %(limit_value)d characters")},
    )


class ArbiterForm(forms.Form):
    def refusal(self) -> str:
        """The first problem, in field order, as the arbiter reads it on the page."""
        for name in self.fields:
            if name in self.errors:
                return str(self.errors[name][0])
        return "; ".join(str(error) for error in self.non_field_errors())


class ResultForm(ArbiterForm):
    """One tap on a board: the result ("" clears it), the version seen, a correction's reason.

    The result must be sent: a POST without one is refused, never read as "clear".
    """

    result = forms.CharField(required=False, max_length=2, strip=False)
    version = forms.IntegerField(
        min_value=0,
        error_messages={
            key: not_said(VERSION_SEEN) for key in ("required", "invalid", "min_value")
        },
    )
    reason = reason_field()

    def clean_result(self) -> str:
        if "result" not in self.data:
            raise forms.ValidationError(not_said(_("result")))
        return self.cleaned_data["result"]


class ReopenForm(ArbiterForm):
    """Reopening a closed round; the service refuses a blank reason."""

    reason = reason_field()


class ForfeitForm(ArbiterForm):
    """A match forfeited as a whole ("" takes the forfeit back), and why."""

    forfeit = forms.ChoiceField(
        required=False,
        choices=[("", _("not forfeited")), ("+-", "+/-"), ("-+", "-/+"), ("--", "-/-")],
        error_messages={"invalid_choice": _("%(value)s is not a way to forfeit a match")},
    )
    reason = reason_field()


class TeamByeForm(ArbiterForm):
    """A bye of a team without a match ("" removes it)."""

    team = forms.IntegerField(
        min_value=1,
        error_messages={key: not_said(_("team")) for key in ("required", "invalid", "min_value")},
    )
    kind = forms.CharField(required=False, max_length=1)


class LineupForm(ArbiterForm):
    """A team's players of one match, board by board: fields board_1 .. board_<boards>."""

    def __init__(self, data, *, boards: int):
        super().__init__(data)
        for board in range(1, boards + 1):
            self.fields[f"board_{board}"] = forms.IntegerField(
                min_value=1,
                error_messages={
                    key: _("Choose the player of board %(board)s") % {"board": board}
                    for key in ("required", "invalid", "min_value")
                },
            )

    def players(self) -> list[int]:
        return [self.cleaned_data[name] for name in self.fields]


CUSTOM = "custom"
TIES = [("lots", _("Draw lots")), ("shared", _("Share the place"))]
EDITION_CHOICES = [
    ("", _("The edition in force on the start date")),
    ("2024", "FIDE 2024"),
    ("2026", "FIDE 2026"),
]


class TiebreakSettingsForm(ArbiterForm):
    """The event's tie-breaks: a preset or a custom list, the rule edition, the last ties.

    `chosen()` is the list to store, in canonical notation, PTS left implicit.
    """

    preset = forms.ChoiceField(
        error_messages={"invalid_choice": _("%(value)s is not a preset; choose one from the list")}
    )
    tiebreaks = forms.CharField(required=False, max_length=300, strip=True)
    rule_edition = forms.ChoiceField(required=False, choices=EDITION_CHOICES)
    ties = forms.ChoiceField(choices=TIES)
    version = forms.IntegerField(
        min_value=0,
        error_messages={
            key: not_said(VERSION_SEEN) for key in ("required", "invalid", "min_value")
        },
    )

    def __init__(self, data=None, *, system: System, team: bool, **kwargs):
        super().__init__(data, **kwargs)
        self.system = system
        offered = [p for p in PRESETS if p.team == team and p.available]
        self.presets = {p.key: p for p in offered}
        preset_field = self.fields["preset"]
        assert isinstance(preset_field, forms.ChoiceField)
        preset_field.choices = [
            *((p.key, translated(p.name)) for p in offered),
            (CUSTOM, _("Custom list")),
        ]

    def clean(self) -> dict:
        data = super().clean() or {}
        preset = data.get("preset")
        if preset in self.presets:
            data["chosen"] = self.presets[preset].tiebreaks(self.system)
        elif preset == CUSTOM and "tiebreaks" in data:
            try:
                data["chosen"] = tuple(
                    s for s in parse_tiebreak_list(data["tiebreaks"]) if s != "PTS"
                )
            except SpecError as error:
                known = ", ".join(sorted(CATALOGUE))
                self.add_error(
                    "tiebreaks",
                    _("%(error)s. Known: %(known)s")
                    % {"error": worded(error.phrase), "known": known},
                )
        return data

    def chosen(self) -> tuple[str, ...]:
        return self.cleaned_data["chosen"]


def settings_initial(event, system: System) -> dict:
    """The form's values for the event as stored; a list equal to a preset's selects it."""
    stored = tuple(event.tiebreak_list())
    preset = next((p.key for p in PRESETS if stored and p.tiebreaks(system) == stored), CUSTOM)
    return {
        "preset": preset,
        "tiebreaks": " ".join(stored),
        "rule_edition": event.rule_edition,
        "ties": "shared" if event.shared_places else "lots",
        "version": event.version,
    }


PRIZE_DOCUMENT_MAX = MAX_CHARACTERS


class PrizeSettingsForm(ArbiterForm):
    """The event's categories and prizes as one JSON document (docs/prizes.md): typed in the
    page's editor or read from an exported file. `rules` is what read_rules made of it."""

    document = forms.CharField(required=False, max_length=PRIZE_DOCUMENT_MAX, strip=True)
    file = forms.FileField(required=False)
    version = forms.IntegerField(
        min_value=0,
        error_messages={
            key: not_said(VERSION_SEEN) for key in ("required", "invalid", "min_value")
        },
    )
    problems: list[str] = []  # each fault of a refused document, for the page's list

    def clean(self) -> dict:
        data = super().clean() or {}
        upload = data.get("file")
        if upload is not None:
            if upload.size > PRIZE_DOCUMENT_MAX:
                raise forms.ValidationError(_("The file is too large for a prize document"))
            try:
                text = upload.read().decode("utf-8-sig")
            except UnicodeDecodeError:
                raise forms.ValidationError(
                    _("The file is not UTF-8 text (a JSON export)")
                ) from None
        else:
            text = data.get("document", "")
        try:
            parsed = parse_document(text) if text else {}
            data["rules"] = read_rules(parsed)
        except RulesError as error:
            self.problems = [worded(fault) for fault in error.faults]
            message = _("The prizes were not saved: the document has faults")
            raise forms.ValidationError(message) from None
        data["parsed"] = parsed
        return data


K_REFUSED = _("K must be 40, 20 or 10, or left blank")


class RatingSettingsForm(ArbiterForm):
    """The estimated rating change's settings: the standings column, and a K for each player
    of the event (field `k_<start number>`: 40, 20, 10, or blank for K from the rating and
    age). Only the players' fields the POST holds are changed: a form cut short by a proxy
    or a hand-made POST does not reset the others."""

    column = forms.BooleanField(required=False)
    version = forms.IntegerField(
        min_value=0,
        error_messages={
            key: not_said(VERSION_SEEN) for key in ("required", "invalid", "min_value")
        },
    )

    def __init__(self, data=None, *, players: list[int], **kwargs):
        super().__init__(data, **kwargs)
        for start_no in players:
            self.fields[f"k_{start_no}"] = forms.TypedChoiceField(
                choices=[("", ""), ("40", "40"), ("20", "20"), ("10", "10")],
                coerce=int,
                empty_value=None,
                required=False,
                error_messages={"invalid_choice": K_REFUSED},
            )

    def k_factors(self) -> dict[int, int | None]:
        """Start number -> K (None: from rating and age), for the players the POST names."""
        return {
            int(name.removeprefix("k_")): value
            for name, value in self.cleaned_data.items()
            if name.startswith("k_") and name in self.data
        }
