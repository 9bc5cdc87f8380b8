"""The sign-in page: throttled (login_throttle), and short-lived on shared tablets."""

from __future__ import annotations

import math
import time

from django import forms
from django.contrib import messages
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.views import LoginView
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from . import login_throttle, login_wait


class ThrottledLoginForm(AuthenticationForm):
    """Refuses a sign-in while its account is paused from this address, or the address is;
    waits first while its account has many failures from elsewhere; counts wrong passwords,
    and after a success tells how many were tried since the last sign-in."""

    def clean(self) -> dict:
        username = self.cleaned_data.get("username") or ""
        address = self.request.META.get("REMOTE_ADDR", "") if self.request else ""
        refusal = login_throttle.refusal(username, address)
        if refusal:
            raise forms.ValidationError(refusal, code="throttled")
        self.wait(username)
        try:
            cleaned = super().clean()
        except forms.ValidationError as error:
            if error.code == "invalid_login":
                login_throttle.record_failure(username, address)
            raise
        if self.request:
            tell_failures(self.request, login_throttle.succeeded(username, address))
        return cleaned

    def wait(self, username: str) -> None:
        """The account's wait before its password is checked: spent on the event loop
        before Django (login_wait.py), else refused; only outside ASGI (a WSGI server, the
        test client) slept here, in the request's thread."""
        scope = getattr(self.request, "scope", None)
        if scope is None:
            time.sleep(login_throttle.delay(username))
        elif scope.get(login_wait.WAITED) != login_throttle.account_key(username):
            seconds = login_throttle.delay(username)
            if seconds:
                raise forms.ValidationError(
                    ngettext(
                        "Signing in to this account waits %(seconds)d second first; "
                        "send the form again.",
                        "Signing in to this account waits %(seconds)d seconds first; "
                        "send the form again.",
                        math.ceil(seconds),
                    )
                    % {"seconds": math.ceil(seconds)},
                    code="throttled",
                )


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


def tell_failures(request: HttpRequest, count: int) -> None:
    """Say on the next page how many wrong passwords were tried since the last sign-in."""
    if count:
        said = ngettext(
            "%(count)d wrong password was tried on your account since your last sign-in. "
            "If it was not you, ask the organiser to change your password.",
            "%(count)d wrong passwords were tried on your account since your last sign-in. "
            "If it was not you, ask the organiser to change your password.",
            count,
        ) % {"count": count}
        messages.warning(request, said)
