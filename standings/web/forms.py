"""The public pages' one form: the player search (a GET, so no CSRF token)."""

from __future__ import annotations

from django import forms

from .search import QUERY_MAX_LENGTH


class FindForm(forms.Form):
    q = forms.CharField(
        label="Find a player",
        max_length=QUERY_MAX_LENGTH,
        strip=True,
        help_text="Any part of the name, or the start number",
    )
