"""The public pages of an event, one registry entry each.

The URLs (web/urls.py), the view (views.event_page), the renderer (render.py) and the
event's navigation all read PAGES: adding a page is one `register(Page(...))` here and
one template (docs/pages.md). Pages render from the cached EventState only, never from
the database, so a page is cached per event version like the others.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Any, cast

from django.urls import register_converter, reverse
from django.urls.resolvers import RoutePattern
from django.utils.functional import Promise
from django.utils.translation import gettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from standings.state.board_rankings import board_rankings
from standings.state.event_state import EventState
from standings.state.race import in_last_round, race_shown
from standings.state.teams import TeamState

from . import api, flags, printouts, race
from .http import HTML
from .spreadsheet import Cell, csv_text


class WidgetConverter:
    """The `<widget:show>` path converter: what the widget shows."""

    regex = "standings|pairings"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(WidgetConverter, "widget")


def _no_extra_context(state: EventState, **params: Any) -> dict[str, Any]:
    return {}


def _always(state: EventState, **params: Any) -> bool:
    return True


def _no_params(state: EventState) -> dict[str, Any]:
    return {}


@dataclass(frozen=True)
class Page:
    """One public page of an event, at /e/<slug>/<route>."""

    name: str  # its URL name ("web:<name>") and the start of its cache name ("round-3")
    route: str  # after /e/<slug>/, with path converters: "round/<int:number>/"
    template: str = ""  # given state, live_view, nav and what `context` adds
    context: Callable[..., dict[str, Any]] = _no_extra_context  # (state, **params)
    exists: Callable[..., bool] = _always  # (state, **params); False answers 404
    # label of its link in the event navigation, "Round {number}"; "" for none; translated
    # when a page renders (gettext_lazy)
    nav: str | Promise = ""
    nav_params: Callable[[EventState], dict[str, Any] | None] = _no_params  # None hides it
    live_view: str = "status"  # the ?view= of its socket: which live fragments it is sent
    body: Callable[..., str] | None = None  # (state, **params), instead of a template
    content_type: str = HTML
    # Its renders are metered per address (web.throttle): one per participant, round or
    # paper, which strangers could ask for by the hundred; no follower or screen reads it.
    costly: bool = False
    # (state, **params): False while what it shows beyond the standings (the race on a card
    # or the screen) is still being built (web/derived.py): such a render is sent, not kept.
    complete: Callable[..., bool] = _always

    @cached_property
    def converters(self) -> dict[str, Any]:
        """The route's parameters, in order, with their path converters."""
        return RoutePattern(self.route).converters

    def cache_name(self, params: dict[str, Any]) -> str:
        """The name of one render in the cache and the ETag: "standings", "round-3"."""
        return "-".join([self.name, *(str(params[key]) for key in self.converters)])


class PageNotFound(LookupError):
    pass


PAGES: dict[str, Page] = {}


def register(page: Page) -> Page:
    """Add a page: served at its route, listed in the navigation when it has a label."""
    if page.name in PAGES:
        raise ValueError(f"a page named {page.name!r} is already registered")
    if "-" in page.name:  # the cache name is the page name and its parameters joined by "-"
        raise ValueError(f"page name {page.name!r}: no '-' in a page name")
    if {"slug", "page"} & set(page.converters):
        raise ValueError(f"route {page.route!r}: 'slug' and 'page' are taken")
    if not page.template and page.body is None:
        raise ValueError(f"page {page.name!r} needs a template or a body")
    PAGES[page.name] = page
    return page


def resolve(cache_name: str) -> tuple[Page, dict[str, Any]]:
    """The page and its parameters from a cache name: "round-3" -> (round page, {number: 3})."""
    name, _, rest = cache_name.partition("-")
    page = PAGES.get(name)
    if page is None:
        raise PageNotFound(cache_name)
    values = rest.split("-", max(len(page.converters) - 1, 0)) if rest else []
    if len(values) != len(page.converters):
        raise PageNotFound(cache_name)
    try:
        params = {
            key: converter.to_python(value)
            for (key, converter), value in zip(page.converters.items(), values, strict=True)
        }
    except ValueError as error:
        raise PageNotFound(cache_name) from error
    return page, params


@dataclass(frozen=True, slots=True)
class NavLink:
    label: str
    url: str
    current: bool


def nav(state: EventState, current: Page | None) -> list[NavLink]:
    """The event's navigation: every page with a label, in registry order."""
    links = []
    for page in PAGES.values():
        params = page.nav_params(state) if page.nav else None
        if params is None:
            continue
        url = reverse(f"web:{page.name}", kwargs={"slug": state.slug, **params})
        links.append(NavLink(str(page.nav).format(**params), url, current=page is current))
    return links


# --- the pages -----------------------------------------------------------------------


def _round_context(state: EventState, number: int) -> dict[str, Any]:
    shown = state.round(number)
    # A past round's page gets no fragment: it refetches itself when #last-update changes.
    live_view = "round" if shown is not None and shown is state.current_round else "status"
    return {"round": shown, "live_view": live_view}


def _current_round(state: EventState) -> dict[str, Any] | None:
    current = state.current_round
    return {"number": current.number} if current else None


def _player_context(state: EventState, start_no: int) -> dict[str, Any]:
    return {
        "person": state.people[start_no],
        "line": state.line(start_no),
        "record": state.records[start_no],
        "explained": state.explained(start_no),
        "team": state.teams.team_of(start_no) if state.teams else None,
    }


def _team_context(state: EventState, number: int) -> dict[str, Any]:
    teams = cast("TeamState", state.teams)
    rounds = [r.number for r in teams.rounds]
    roster = [
        (member, [next((g for g in member.games if g.round == n), None) for n in rounds])
        for member in teams.rosters(number).get(number, ())
    ]
    return {
        "team": teams.teams[number],
        "line": teams.line(number),
        "record": teams.records[number],
        "roster": roster,
        "explained": teams.explained(number),
    }


def _is_team(state: EventState, number: int) -> bool:
    return state.teams is not None and number in state.teams.teams


def _boards_context(state: EventState) -> dict[str, Any]:
    teams = cast("TeamState", state.teams)
    rosters = teams.rosters()
    return {"rankings": board_rankings(rosters, teams.teams, teams.boards, teams.min_games)}


def _standings_json(state: EventState) -> str:
    if state.teams is not None:  # a team event's standings are its teams'
        data = state.teams.to_json()
        return json.dumps(data, ensure_ascii=False)
    return json.dumps(state.standings.to_json(), ensure_ascii=False)


def _standings_context(state: EventState) -> dict[str, Any]:
    if state.teams is not None:  # a team event's standings are its teams': no filter
        return {}
    return {"federations": flags.federations([p.federation for p in state.people.values()])}


def _federation_context(state: EventState, code: str) -> dict[str, Any]:
    return {
        "code": code,
        "flag": flags.flag_url(code),
        "lines": [line for line in state.lines if line.person.federation.upper() == code],
        **_standings_context(state),
    }


def _has_federation(state: EventState, code: str) -> bool:
    return state.teams is None and any(p.federation.upper() == code for p in state.people.values())


register(
    Page(
        "standings",
        "",
        "web/standings.html",
        context=_standings_context,
        nav=_("Standings"),
        live_view="standings",
    )
)
register(
    Page(
        "federation",
        "federation/<fed:code>/",
        "web/federation.html",
        context=_federation_context,
        exists=_has_federation,
    )
)
register(
    Page(
        "round",
        "round/<int:number>/",
        "web/round.html",
        context=_round_context,
        exists=lambda state, number: state.round(number) is not None,
        nav=_("Round {number}"),
        nav_params=_current_round,
        live_view="round",
    )
)
register(Page("crosstable", "crosstable/", "web/crosstable.html", nav=_("Crosstable")))
register(
    Page(
        "boards",
        "boards/",
        "web/boards.html",
        context=_boards_context,
        exists=lambda state: state.teams is not None,
        nav=_("Boards"),
        nav_params=lambda state: {} if state.teams is not None else None,
    )
)
register(
    Page(
        "team",
        "team/<int:number>/",
        "web/team.html",
        context=_team_context,
        exists=_is_team,
        costly=True,
    )
)
register(
    Page(
        "player",
        "player/<int:start_no>/",
        "web/player.html",
        context=_player_context,
        exists=lambda state, start_no: start_no in state.people,
        costly=True,
        complete=lambda state, start_no: race_shown(state),
    )
)
register(
    Page(
        "screen",
        "screen/",
        "web/screen.html",
        nav=_("Screen"),
        live_view="screen",
        complete=lambda state: not in_last_round(state) or race_shown(state),
    )
)


def _has_prizes(state: EventState) -> dict[str, Any] | None:
    return {} if state.prizes is not None else None


# The treasurer's columns, named in the reader's language (the order never changes).
PRIZE_CSV_HEADER = (
    pgettext_lazy("prizes.csv column", "category"),
    pgettext_lazy("prizes.csv column", "place"),
    pgettext_lazy("prizes.csv column", "places"),
    pgettext_lazy("prizes.csv column", "start_no"),
    pgettext_lazy("prizes.csv column", "name"),
    pgettext_lazy("prizes.csv column", "federation"),
    pgettext_lazy("prizes.csv column", "points"),
    pgettext_lazy("prizes.csv column", "amount"),
    pgettext_lazy("prizes.csv column", "currency"),
    pgettext_lazy("prizes.csv column", "item"),
    pgettext_lazy("prizes.csv column", "shared_by"),
    pgettext_lazy("prizes.csv column", "provisional"),
)


def _prizes_csv(state: EventState) -> str:
    """The prize list for the treasurer: one line per player and prize, amounts to the cent
    (names and other texts made safe for a spreadsheet: spreadsheet.py)."""
    yes, no = pgettext("prizes.csv", "yes"), pgettext("prizes.csv", "no")
    prizes = state.prizes
    rows: list[list[Cell]] = []
    for listed in prizes.lists if prizes else ():
        for award in listed.awards:
            person = state.people[award.start_no]
            first, last = award.places
            rows.append(
                [
                    listed.category.name,
                    award.place,
                    f"{first}-{last}" if award.shared else "",
                    award.start_no,
                    person.name,
                    person.federation,
                    award.points,
                    "" if award.cents is None else award.cents,
                    prizes.rules.currency if prizes else "",
                    award.item,
                    award.shared_by,
                    no if prizes and prizes.final else yes,
                ]
            )
    return csv_text([str(column) for column in PRIZE_CSV_HEADER], rows)


register(
    Page(
        "prizes",
        "prizes/",
        "web/prizes.html",
        nav=_("Prizes"),
        nav_params=_has_prizes,
        live_view="prizes",
    )
)
register(
    Page(
        "prizescsv",
        "prizes.csv",
        body=_prizes_csv,
        costly=True,
        exists=lambda state: state.prizes is not None,
        content_type="text/csv; charset=utf-8",
    )
)


# Who can still win (web/race.py, docs/race.md): the race worked out once per version, off
# the request path; costly, since a stranger may ask for it by the hundred too.
register(
    Page(
        "race",
        "race/",
        "web/race.html",
        context=race.race_context,
        exists=race.has_race_page,
        nav=_("Who can still win"),
        nav_params=race.nav_in_last_round,
        costly=True,
    )
)
register(
    Page(
        "racejson",
        "race.json",
        body=race.race_json,
        exists=race.has_race_json,
        costly=True,
        content_type="application/json",
    )
)


def _printouts_context(state: EventState) -> dict[str, Any]:
    return {"papers": printouts.PAPERS, "printouts": printouts.listing(state)}


def _is_individual(state: EventState, **params: Any) -> bool:
    return state.teams is None


def _round_printable(state: EventState, paper: str, number: int) -> bool:
    if state.teams is not None:
        return state.teams.round(number) is not None
    return state.round(number) is not None


# Printouts of the whole event whose figures are those after a round: each sheet says which.
AFTER_A_ROUND = frozenset({"printstandings", "printcrosstable", "printprizes"})


def _round_heading(what: str | Promise, params: dict[str, Any], after: int | None = None) -> str:
    """A printout's heading in the reader's language, repeated on every sheet: "Round 3:
    pairings by board", "Standings after round 8"."""
    if "number" in params:
        return gettext("Round %(number)s") % {"number": params["number"]} + f": {what}"
    if after:
        return gettext("%(what)s after round %(number)s") % {"what": what, "number": after}
    return str(what)


def _printout(page: str, heading: str | Promise) -> Callable[..., dict[str, Any]]:
    """The context every printout has: its heading and the links to it on each paper."""

    def context(state: EventState, paper: str, **params: Any) -> dict[str, Any]:
        shown = state.round(params["number"]) if "number" in params else None
        extra: dict[str, Any] = {"round": shown}
        if state.teams is not None and "number" in params:
            extra["team_round"] = state.teams.round(params["number"])
        if page == "printpairings" and shown:
            extra["lines"] = printouts.pairing_lines(state, shown)
        elif page == "printnames" and shown:
            extra["lines"] = printouts.name_lines(shown)
        elif page == "printplayers":
            extra["lines"] = printouts.players(state)
        return {
            "paper": paper,
            "heading": _round_heading(
                heading, params, state.standings.round if page in AFTER_A_ROUND else None
            ),
            "papers": printouts.papers(state, page, paper, **params),
            **extra,
        }

    return context


register(
    Page(
        "print",
        "print/",
        "web/print_index.html",
        context=_printouts_context,
        nav=_("Print"),
    )
)
for _name, _what in printouts.ROUND_PRINTOUTS:
    register(
        Page(
            _name,
            f"print/<paper:paper>/round/<int:number>/{_name.removeprefix('print')}/",
            f"web/{_name}.html",
            context=_printout(_name, _what),
            exists=lambda state, paper, number, name=_name: (
                printouts.available(state, name) and _round_printable(state, paper, number)
            ),
            costly=True,
        )
    )
for _name, _what in printouts.EVENT_PRINTOUTS:
    register(
        Page(
            _name,
            f"print/<paper:paper>/{_name.removeprefix('print')}/",
            f"web/{_name}.html",
            context=_printout(_name, _what),
            exists=lambda state, paper, name=_name: printouts.available(state, name),
            costly=True,
        )
    )


register(
    Page(
        "printprizes",
        "print/<paper:paper>/prizes/",
        "web/printprizes.html",
        context=_printout("printprizes", _("Prize list")),
        exists=lambda state, paper: state.prizes is not None,
        costly=True,
    )
)


register(
    Page(
        "json",
        "standings.json",
        body=_standings_json,
        nav="JSON",
        content_type="application/json",
    )
)


# The read API (api.py, openapi.py, docs/api.md): JSON beside standings.json, individual events.
register(
    Page(
        "roundjson",
        "round/<int:number>.json",
        body=api.round_json,
        costly=True,
        exists=lambda state, number: state.teams is None and state.round(number) is not None,
        content_type="application/json",
    )
)
register(
    Page(
        "crosstablejson",
        "crosstable.json",
        body=api.crosstable_json,
        costly=True,
        exists=_is_individual,
        content_type="application/json",
    )
)
register(
    Page(
        "playerjson",
        "player/<int:start_no>.json",
        body=api.player_json,
        costly=True,
        exists=lambda state, start_no: state.teams is None and start_no in state.people,
        content_type="application/json",
    )
)


# The embeddable widget (docs/api.md): top rows of the standings or the current round's
# boards, live, framable by any site (security.headers.FRAMEABLE). It holds WIDGET_ROWS
# rows; `?n=`, `theme=`, `width=`, `height=` are applied in the browser (widget.js), so one
# cached render serves every embed.
def _widget_context(state: EventState, show: str) -> dict[str, Any]:
    return {"show": show, "live_view": f"widget{show}"}


register(
    Page(
        "widget",
        "widget/<widget:show>/",
        "web/widget.html",
        context=_widget_context,
        exists=_is_individual,
    )
)
