"""The TRF upload page's logic: its forms (a file, or the file kept while the page asks for a
name), the import's summary as HTML, and the name guessed from a file's. The pages are the
arbiter's (`arbiter/imports.py`)."""

from __future__ import annotations

import base64
import zlib
from pathlib import PurePath

from django import forms
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy as _

from .importer import ImportReport

MAX_UPLOAD_BYTES = 5 * 1024 * 1024
FOLDED_AFTER = 3  # an import's warnings of one kind listed open up to this many


class TrfUploadForm(forms.Form):
    file = forms.FileField(label=_("TRF file"), required=False)
    # The file already sent, carried while the page asks for the event's name (compressed).
    kept = forms.CharField(widget=forms.HiddenInput, required=False)

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload is not None and upload.size > MAX_UPLOAD_BYTES:
            raise forms.ValidationError(_("The file is larger than 5 MB."))
        return upload

    def clean(self):
        cleaned = super().clean() or {}
        upload = cleaned.get("file")
        if upload is not None:
            cleaned["data"] = upload.read()
            cleaned["file_name"] = upload.name
        elif cleaned.get("kept"):
            cleaned["data"] = _unpacked(cleaned["kept"])
            cleaned["file_name"] = ""
        elif "file" not in self.errors:
            required = self.fields["file"].error_messages["required"]
            self.add_error("file", forms.ValidationError(required, code="required"))
        return cleaned


class NewEventForm(TrfUploadForm):
    """A new event: its name, when the file has none (no record 012, as chess-results')."""

    name = forms.CharField(
        label=_("Event name"),
        max_length=200,
        required=False,
        help_text=_("Blank: the file's tournament name (record 012)."),
    )


class SectionUploadForm(NewEventForm):
    """A new section of a tournament from its TRF file (one file is one section)."""

    name = forms.CharField(
        label=_("Section name"),
        max_length=200,
        required=False,
        help_text=_("Open B, U1600, Blitz...; blank: the file's tournament name (record 012)."),
    )


def summary_html(report: ImportReport) -> str:
    """The import's summary and its warnings as a list, one item a kind with its lines."""
    groups = report.warning_groups()
    if not groups:
        return report.summary()
    # A kind with many lines (Swiss-Manager's rulers) is folded: its title and count show.
    items = format_html_join(
        "",
        '<li><details{}><summary class="kind">{} ({})</summary><ul>{}</ul></details></li>',
        (
            (
                " open" if len(lines) <= FOLDED_AFTER else "",
                kind,
                len(lines),
                format_html_join("", "<li>{}</li>", ((line,) for line in lines)),
            )
            for kind, lines in groups
        ),
    )
    return format_html('{}<ul class="warnings">{}</ul>', report.summary(with_warnings=False), items)


def name_of(file_name: str) -> str:
    """An event's name guessed from its file's: "aeroflot_open-2026.trf" -> "aeroflot open 2026"."""
    stem = PurePath(file_name).stem if file_name else ""
    return " ".join(stem.replace("_", " ").replace("-", " ").split())[:200]


def packed(data: bytes) -> str:
    return base64.b64encode(zlib.compress(data)).decode("ascii")


def _unpacked(kept: str) -> bytes:
    """The file a page carried, never more than an upload may be."""
    try:
        inflater = zlib.decompressobj()
        data = inflater.decompress(base64.b64decode(kept, validate=True), MAX_UPLOAD_BYTES + 1)
    except (ValueError, zlib.error):
        raise forms.ValidationError(
            _("The file sent with the page is damaged: choose it again.")
        ) from None
    if len(data) > MAX_UPLOAD_BYTES or inflater.unconsumed_tail:
        raise forms.ValidationError(_("The file is larger than 5 MB."))
    return data
