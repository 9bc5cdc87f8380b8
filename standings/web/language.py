"""The language switcher: a page of its own, since the public pages are cached renders
shared by every reader and so cannot carry a reader's CSRF token. Its form posts to
Django's set_language, which keeps the choice in a cookie that LocaleMiddleware reads."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe


class LanguageForm(forms.Form):
    """What django.views.i18n.set_language reads: the language and where to go back to."""

    language = forms.ChoiceField(label=_("Language"), choices=settings.LANGUAGES)
    next = forms.CharField(widget=forms.HiddenInput, required=False)


@require_safe
@never_cache
def choose(request: HttpRequest) -> HttpResponse:
    back = request.GET.get("next", "/")
    if not url_has_allowed_host_and_scheme(back, {request.get_host()}, request.is_secure()):
        back = "/"
    form = LanguageForm(initial={"language": get_language(), "next": back})
    return render(request, "web/language.html", {"form": form, "back": back})
