"""Upload a TRF file: a new event (staff), a new section of a tournament (its arbiters), or new
rounds and results of an event (its arbiters). The forms and the summary: `trf/upload.py`."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from standings.engine.trf import TrfError, read_trf_bytes
from standings.events import actors
from standings.events.models import Event
from standings.trf import upload
from standings.trf.importer import import_trf_file, record_lines
from standings.wording.phrases import trf_problem


@login_required
def import_new(request: HttpRequest) -> HttpResponse:
    actors.forbid_unless_may_change(request.user, None, "Only staff can create events.")
    return _upload(request, None)


@login_required
def import_into(request: HttpRequest, slug: str) -> HttpResponse:
    event = get_object_or_404(Event, slug=slug)
    actors.forbid_unless_may_change(
        request.user, event, "Only the event's arbiters can import into it."
    )
    return _upload(request, event)


@login_required
def import_section(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = get_object_or_404(Event, slug=slug, parent=None)
    said = "Only the tournament's arbiters can add sections to it."
    actors.forbid_unless_may_change(request.user, tournament, said)
    return _upload(request, None, section_of=tournament)


def _upload(
    request: HttpRequest, event: Event | None, section_of: Event | None = None
) -> HttpResponse:
    posted = request.method == "POST"
    kind = (
        upload.TrfUploadForm
        if event
        else upload.SectionUploadForm
        if section_of
        else upload.NewEventForm
    )
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
                        "name": upload.name_of(form.cleaned_data["file_name"]),
                        "kept": upload.packed(data),
                    }
                )
                asking = True
            else:
                report = import_trf_file(
                    trf,
                    slug=event.slug if event else None,
                    actor=request.user,
                    lines=record_lines(data),
                    section_of=section_of,
                    name=name,
                )
        except TrfError as error:
            problem = error
        else:
            if not asking:
                # The arbiter page shows the message and any new round's pairings to publish.
                messages.success(request, upload.summary_html(report))
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
    return render(request, "arbiter/import.html", context, status=status)
