"""Bridge pages: the public standings (with the sentences) and a team's matches, and the
scorer's tablet page. Thin views over `pages.py` (what a page shows) and `services.py`."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING, cast

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language, gettext, pgettext
from django.views.decorators.http import require_POST, require_safe

from standings.bridge.reader import BridgeFormatError
from standings.events import actors
from standings.events.models import Event
from standings.events.services import WriteRefused
from standings.wording import bridge as wording

from . import knockout_views, services
from .forms import MAX_MB, BamEntryForm, BridgeUploadForm, MatchEntryForm, SessionEntryForm
from .models import BridgeEvent
from .pages import (
    NoSuchRound,
    next_round,
    page_round,
    round_matches,
    standings_context,
    team_context,
)
from .play_pages import next_table, round_tables, undrawn_teams
from .scorer import bridge_of, refused_page, scored_bridge, wrong_kind

if TYPE_CHECKING:
    from django.contrib.auth.models import User

PAGE_TTL = 600


@require_safe
def standings_page(request: HttpRequest, slug: str) -> HttpResponse:
    """The standings and a round's matches; `?round=` must be a round the page links (404
    otherwise), so that the page is cached under its round's key only."""
    bridge = bridge_of(slug)
    try:
        number = page_round(bridge, request.GET.get("round", ""))
    except NoSuchRound:
        return refused_page(request, bridge, _no_such_round(bridge), status=404)
    return _public(
        _cached(
            bridge,
            f"standings:{number}",
            lambda: render_to_string("bridge/standings.html", standings_context(bridge, number)),
        )
    )


@require_safe
def screen_page(request: HttpRequest, slug: str) -> HttpResponse:
    """The spectator screen: standings and the last round's matches, paged by screen.js
    (which alone reads the query, `?rotate=` and `?views=`)."""
    bridge = bridge_of(slug)
    number = page_round(bridge, "")
    return _public(
        _cached(
            bridge,
            "screen",
            lambda: render_to_string("bridge/screen.html", standings_context(bridge, number)),
        )
    )


@require_safe
def team_page(request: HttpRequest, slug: str, team: int) -> HttpResponse:
    bridge = bridge_of(slug)

    def build() -> str:
        context = team_context(bridge, team)
        if context is None:
            raise NoSuchTeam
        return render_to_string("bridge/team.html", context)

    try:
        return _public(_cached(bridge, f"team:{team}", build))
    except NoSuchTeam:
        return refused_page(request, bridge, gettext("No such team"), status=404)


class NoSuchTeam(LookupError):
    pass


def _no_such_round(bridge: BridgeEvent) -> str:
    if services.kind_of(bridge.document) == "pairs":
        return gettext("This event has no such session.")
    return gettext("This event has no such round.")


def _public(html: str) -> HttpResponse:
    """A public page, in the language of the switcher's cookie or the browser's."""
    response = HttpResponse(html)
    patch_vary_headers(response, ("Accept-Language", "Cookie"))
    return response


def _cached(bridge: BridgeEvent, name: str, build: Callable[[], str]) -> str:
    """A public page rendered once per event version and language: after a push the
    refetching crowd is served from the cache. A cache that fails (Redis away) is a miss,
    never an error."""
    # The release first (settings.RELEASE): a deploy never serves the previous code's pages.
    event = bridge.event
    key = f"bridge:{settings.RELEASE}:{event.slug}:{event.version}:{name}:{get_language()}"
    try:
        html = cache.get(key)
    except Exception:
        html = None
    if html is None:
        html = build()
        try:
            cache.set(key, html, PAGE_TTL)
        except Exception:
            pass
    return html


@login_required
@require_safe
def score_page(request: HttpRequest, slug: str) -> HttpResponse:
    bridge = scored_bridge(request, slug)
    if services.kind_of(bridge.document) == "knockout":
        return knockout_views.knockout_page(request, bridge)
    context = standings_context(bridge, scored_round(bridge, request.GET.get("round", "")))
    number, data = context["round"], context["data"]
    context["typed"] = bridge.vp_scale == BridgeEvent.Scale.TYPED
    context["tables"] = tables = round_tables(bridge, data, number)
    by_boards = {frozenset((t.home, t.away)) for t in tables if t.started}
    context["entries"] = [  # a match scored board by board is corrected board by board
        m for m in round_matches(bridge, number) if frozenset((m.home, m.away)) not in by_boards
    ]
    context["undrawn"] = undrawn_teams(data, number)
    context["next_table"] = next_table(data, number)
    context["next_round"] = next_round(bridge)
    template = {"teams": "score", "pairs": "score_pairs", "bam": "score_bam"}[context["kind"]]
    return render(request, f"bridge/{template}.html", context)


def scored_round(bridge: BridgeEvent, asked: str) -> int:
    """The scorer's round: one the page does not link is ignored (the last is shown), so
    that a refused entry's round, whatever was posted, leads back to a page."""
    try:
        return page_round(bridge, asked, with_next=True)
    except NoSuchRound:
        return page_round(bridge, "")


@login_required
@require_POST
def enter_match(request: HttpRequest, slug: str) -> HttpResponse:
    bridge = scored_bridge(request, slug)
    if wrong := wrong_kind(request, bridge, "teams"):
        return wrong
    event: Event = bridge.event
    form = MatchEntryForm(request.POST)
    refusal = "" if form.is_valid() else form.refusal()
    number = form.cleaned_data.get("round") if not refusal else None
    if not refusal:
        data = form.cleaned_data
        typed = None
        if data["home_vps"] is not None and data["away_vps"] is not None:
            typed = (Fraction(data["home_vps"]), Fraction(data["away_vps"]))
        try:
            stored = services.enter_match(
                event,
                round_number=data["round"],
                home=data["home"],
                away=data["away"],
                imps=(data["home_imps"], data["away_imps"]),
                points=(data["home_points"], data["away_points"]),
                typed_vps=typed,
                seen=data["seen"],
                actor=request.user,
            )
        except WriteRefused as refused:
            refusal = refused.message
        else:
            _entered(request, bridge, data, stored)
    return _answer(request, bridge, number, refusal)


@login_required
@require_POST
def enter_bam_match(request: HttpRequest, slug: str) -> HttpResponse:
    bridge = scored_bridge(request, slug)
    if wrong := wrong_kind(request, bridge, "bam"):
        return wrong
    form = BamEntryForm(request.POST)
    refusal = "" if form.is_valid() else form.refusal()
    number = form.cleaned_data.get("round") if not refusal else None
    if not refusal:
        data = form.cleaned_data
        try:
            stored = services.enter_bam_match(
                bridge.event,
                round_number=data["round"],
                home=data["home"],
                away=data["away"],
                bam=(Fraction(data["home_bam"]), Fraction(data["away_bam"])),
                seen=data["seen"],
                actor=request.user,
            )
        except WriteRefused as refused:
            refusal = refused.message
        else:
            _entered(request, bridge, data, stored)
    return _answer(request, bridge, number, refusal)


@login_required
@require_POST
def enter_session(request: HttpRequest, slug: str) -> HttpResponse:
    bridge = scored_bridge(request, slug)
    if wrong := wrong_kind(request, bridge, "pairs"):
        return wrong
    pairs = [(p["id"], p["name"]) for p in bridge.document["pairs"]]
    form = SessionEntryForm(request.POST, pairs=pairs)
    refusal = "" if form.is_valid() else form.refusal()
    number = form.cleaned_data.get("session") if not refusal else None
    if not refusal:
        try:
            stored = services.enter_session(
                bridge.event,
                session=form.cleaned_data["session"],
                scores={pair: Fraction(score) for pair, score in form.scores().items()},
                seen=form.cleaned_data["seen"],
                actor=request.user,
            )
        except WriteRefused as refused:
            refusal = refused.message
        else:
            if stored:
                note = gettext("Session %(number)s: entered.") % {"number": number}
            else:
                note = gettext("Session %(number)s: unchanged.") % {"number": number}
            messages.success(request, note)
    return _answer(request, bridge, number, refusal)


def _entered(
    request: HttpRequest, bridge: BridgeEvent, data: dict, stored: services.Entry | None
) -> None:
    """The scorer's confirmation, naming the match: "Round 5, Aalborg – Bergen: 40-20 IMPs,
    15.00-5.00 VPs." """
    names = {t["id"]: t["name"] for t in bridge.document["teams"]}
    said = pgettext("bridge", "Round %(number)s, %(home)s – %(away)s: %(note)s.") % {
        "number": data["round"],
        "home": names.get(data["home"], data["home"]),
        "away": names.get(data["away"], data["away"]),
        "note": wording.entry(stored) if stored else gettext("unchanged"),
    }
    messages.success(request, said)


def _answer(
    request: HttpRequest, bridge: BridgeEvent, number: int | None, refusal: str
) -> HttpResponse:
    """Back to the scorer's page: at the entry's round, or at the posted one when the form
    refused the entry (a round the page does not link leads to its last)."""
    if refusal:
        messages.error(request, gettext("Not entered: %(problem)s") % {"problem": refusal})
    if number is None:
        posted = request.POST.get("round", request.POST.get("session", ""))
        number = scored_round(bridge, posted)
    return redirect(f"{reverse('bridge_events:score', args=[bridge.event.slug])}?round={number}")


@login_required
def import_page(request: HttpRequest) -> HttpResponse:
    """Staff create a bridge event from a file; the uploader becomes its arbiter."""
    actors.forbid_unless_may_change(request.user, None, gettext("Only staff can create events."))
    posted = request.method == "POST"
    form = BridgeUploadForm(request.POST, request.FILES) if posted else BridgeUploadForm()
    problem = ""
    if posted and form.is_valid():
        try:
            event = services.import_bridge(
                form.cleaned_data["file"].read(),
                actor=request.user,
                boards=form.cleaned_data["boards"],
            )
        except BridgeFormatError as refused:
            problem = wording.file_refusal(refused)
        except WriteRefused as refused:
            problem = refused.message
        else:
            # signed in (login_required) and staff (the check above)
            event.arbiters.add(cast("User", request.user))
            messages.success(request, gettext("Imported %(name)s.") % {"name": event.name})
            return redirect("bridge_events:score", slug=event.slug)
    status = 400 if posted else 200
    context = {"form": form, "problem": problem, "most_mb": MAX_MB}
    return render(request, "bridge/import.html", context, status=status)
