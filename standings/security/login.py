"""The sign-in page: throttled (login_throttle), and short-lived on shared tablets."""

from __future__ import annotations

from django import forms
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.views import LoginView
from django.http import HttpResponse
from django.utils.translation import gettext_lazy as _

from . import login_throttle


class ThrottledLoginForm(AuthenticationForm):
    """Refuses a sign-in while its account or address is paused; counts wrong passwords."""

    def clean(self) -> dict:
        username = self.cleaned_data.get("username") or ""
        address = self.request.META.get("REMOTE_ADDR", "") if self.request else ""
        refusal = login_throttle.refusal(username, address)
        if refusal:
            raise forms.ValidationError(refusal, code="throttled")
        try:
            cleaned = super().clean()
        except forms.ValidationError as error:
            if error.code == "invalid_login":
                login_throttle.record_failure(username, address)
            raise
        login_throttle.clear_account(username)
        return cleaned


class SignInForm(ThrottledLoginForm):
    keep_signed_in = forms.BooleanField(
        required=False, label=_("Keep me signed in on this device (not on a shared tablet)")
    )


class AdminSignInForm(ThrottledLoginForm, AdminAuthenticationForm):
    pass


class SignInView(LoginView):
    form_class = SignInForm

    def form_valid(self, form: AuthenticationForm) -> HttpResponse:
        response = super().form_valid(form)
        if not form.cleaned_data.get("keep_signed_in"):
            self.request.session.set_expiry(0)  # ends when the browser closes
        return response
