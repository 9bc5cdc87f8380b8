"""Upload a TRF file: a new event (staff), a new section of a tournament (its arbiters), or new
rounds and results of an event (its arbiters)."""

from __future__ import annotations

import base64
import zlib
from pathlib import PurePath

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy as _

from standings.engine.trf import TrfError, read_trf_bytes
from standings.wording.phrases import trf_problem

from .access import can_edit
from .models import Event
from .trf_import import ImportReport, import_trf_file, record_lines

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


@login_required
def import_new(request: HttpRequest) -> HttpResponse:
    if not request.user.is_staff:
        raise PermissionDenied("Only staff can create events.")
    return _upload(request, None)


@login_required
def import_into(request: HttpRequest, slug: str) -> HttpResponse:
    event = get_object_or_404(Event, slug=slug)
    if not can_edit(request.user, event):
        raise PermissionDenied("Only the event's arbiters can import into it.")
    return _upload(request, event)


@login_required
def import_section(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = get_object_or_404(Event, slug=slug, parent=None)
    if not can_edit(request.user, tournament):
        raise PermissionDenied("Only the tournament's arbiters can add sections to it.")
    return _upload(request, None, section_of=tournament)


def _upload(
    request: HttpRequest, event: Event | None, section_of: Event | None = None
) -> HttpResponse:
    posted = request.method == "POST"
    kind = TrfUploadForm if event else SectionUploadForm if section_of else NewEventForm
    form = kind(request.POST, request.FILES) if posted else kind()
    problem = None
    asking = False
    if posted and form.is_valid():
        data = form.cleaned_data["data"]
        name = form.cleaned_data.get("name", "").strip()
        try:
            trf = read_trf_bytes(data)
            if event is None and not name and not trf.header.name:
                # No record 012 (chess-results' files): the name is asked, the file kept.
                form = kind(
                    initial={
                        "name": _name_of(form.cleaned_data["file_name"]),
                        "kept": _packed(data),
                    }
                )
                asking = True
            else:
                report = import_trf_file(
                    trf,
                    slug=event.slug if event else None,
                    user=request.user,
                    lines=record_lines(data),
                    section_of=section_of,
                    name=name,
                )
        except TrfError as error:
            problem = error
        else:
            if not asking:
                # The arbiter page shows the message and any new round's pairings to publish.
                messages.success(request, _summary_html(report))
                return redirect("arbiter:current", slug=report.slug)
    context = {
        "form": form,
        "event": event,
        "section_of": section_of,
        "problem": problem,
        "problem_text": trf_problem(problem) if problem else "",
        "asking": asking,
    }
    status = 400 if posted and not asking else 200
    return render(request, "events/import.html", context, status=status)


def _summary_html(report: ImportReport) -> str:
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


def _name_of(file_name: str) -> str:
    """An event's name guessed from its file's: "aeroflot_open-2026.trf" -> "aeroflot open 2026"."""
    stem = PurePath(file_name).stem if file_name else ""
    return " ".join(stem.replace("_", " ").replace("-", " ").split())[:200]


def _packed(data: bytes) -> str:
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
