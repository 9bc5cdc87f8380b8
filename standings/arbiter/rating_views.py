"""The estimated rating change's settings page (docs/rating-change.md): whether the standings
show the column, and the K an arbiter sets for a player where the rating and birth year
cannot tell it (a player new to the list, one once rated 2400 or more)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods

from standings.engine.rating_change import birth_year, k_factor
from standings.events.models import Event
from standings.events.rating_settings import change_rating_settings
from standings.events.refusals import WriteRefused

from .forms import RatingSettingsForm
from .views import editable_event


@dataclass(frozen=True, slots=True)
class PlayerK:
    """A row of the page: the player, their K as set, and the K the estimate would take."""

    start_no: int
    name: str
    rating: int | None
    birth: str
    k_set: int | None
    k_worked_out: int | None  # None: unrated, no estimate


def _players(event: Event) -> list[PlayerK]:
    year = (event.start_date or date.today()).year
    rows = event.participants.order_by("start_no").values_list(
        "start_no", "name", "rating", "birth", "k_factor"
    )
    return [
        PlayerK(
            no,
            name,
            rating,
            birth,
            k,
            k_factor(rating, born=birth_year(birth), year=year)[0] if rating else None,
        )
        for no, name, rating, birth, k in rows
    ]


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def rating_settings(request: HttpRequest, slug: str) -> HttpResponse:
    event = editable_event(request, slug)
    players = _players(event)
    initial: dict[str, object] = {"column": event.rating_change_column, "version": event.version}
    initial.update({f"k_{p.start_no}": p.k_set or "" for p in players})
    data = request.POST if request.method == "POST" else None
    form = RatingSettingsForm(data, players=[p.start_no for p in players], initial=initial)
    status, refusal = 200, ""
    if request.method == "POST":
        if form.is_valid():
            try:
                change_rating_settings(
                    event,
                    column=form.cleaned_data["column"],
                    k_factors=form.k_factors(),
                    seen_version=form.cleaned_data["version"],
                    actor=request.user,
                )
            except WriteRefused as refused:
                refusal = refused.message
            else:
                messages.success(request, gettext("Rating change settings saved"))
                return redirect(reverse("arbiter:rating", args=[event.slug]))
        else:
            refusal = form.refusal()
        status = 400
    rows = [(p, form[f"k_{p.start_no}"]) for p in players]
    context = {"event": event, "form": form, "rows": rows, "refusal": refusal}
    return render(request, "arbiter/rating_settings.html", context, status=status)
