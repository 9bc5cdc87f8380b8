"""Upload a TRF file: a new event (staff), a new section of a tournament (its arbiters), or new
rounds and results of an event (its arbiters)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext_lazy as _

from standings.engine.trf import TrfError

from .access import can_edit
from .models import Event
from .phrases import trf_problem
from .trf_import import import_trf

MAX_UPLOAD_BYTES = 5 * 1024 * 1024


class TrfUploadForm(forms.Form):
    file = forms.FileField(label=_("TRF file"))

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_UPLOAD_BYTES:
            raise forms.ValidationError(_("The file is larger than 5 MB."))
        return upload


class SectionUploadForm(TrfUploadForm):
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
    kind = TrfUploadForm if section_of is None else SectionUploadForm
    form = kind(request.POST, request.FILES) if posted else kind()
    problem = None
    if posted and form.is_valid():
        try:
            report = import_trf(
                form.cleaned_data["file"].read(),
                slug=event.slug if event else None,
                user=request.user,
                section_of=section_of,
                name=form.cleaned_data.get("name", ""),
            )
        except TrfError as error:
            problem = error
        else:
            # The arbiter page shows the message and any new round's pairings to publish.
            messages.success(request, report.summary())
            return redirect("arbiter:current", slug=report.slug)
    context = {
        "form": form,
        "event": event,
        "section_of": section_of,
        "problem": problem,
        "problem_text": trf_problem(problem) if problem else "",
    }
    status = 400 if posted else 200
    return render(request, "events/import.html", context, status=status)
