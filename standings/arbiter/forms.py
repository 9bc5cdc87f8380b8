"""The arbiter's POSTs, each read by a form: bad input is refused here, in one place."""

from __future__ import annotations

from django import forms

NOT_SAID = "The form did not say which {}; reload the page (nothing was changed)"


def reason_field() -> forms.CharField:
    return forms.CharField(
        required=False,
        max_length=500,
        error_messages={"max_length": "The reason is longer than %(limit_value)d characters"},
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
            key: NOT_SAID.format("version you saw") for key in ("required", "invalid", "min_value")
        },
    )
    reason = reason_field()

    def clean_result(self) -> str:
        if "result" not in self.data:
            raise forms.ValidationError(NOT_SAID.format("result"))
        return self.cleaned_data["result"]


class ReopenForm(ArbiterForm):
    """Reopening a closed round; the service refuses a blank reason."""

    reason = reason_field()
