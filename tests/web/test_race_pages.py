"""Who can still win (`race/`, `race.json`, the card's section, the screen's view): the
engine's answers as the pages show them, the sentences, the stages without a race, team
events, hostile addresses, caching per version, texts marked in fr/de/es."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.db.models import F
from django.template.loader import render_to_string
from django.utils.translation.template import templatize

from standings.engine.race import enumerate_race, race
from standings.events.models import Event
from standings.events.snapshot import engine_event, rule_edition
from standings.live.publish import publish
from standings.state import cache as state_cache
from standings.state import race as state_race
from standings.web import race as web_race
from standings.web import render
from tests.factories import TEST_ACTOR, create_swiss, create_team_event
from tests.html import one, select, text
from tests.i18n.test_marked import ALIKE, WORD, words
from tests.web import writes
from tests.web.built import fetched

pytestmark = pytest.mark.django_db
REPOSITORY = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def fresh_races():
    """The races kept in this process, like the states conftest empties."""
    state_race._RACES.clear()
    yield
    state_race._RACES.clear()


@pytest.fixture
def written(django_capture_on_commit_callbacks):
    def write(service, event: Event, *args, **options) -> None:
        with django_capture_on_commit_callbacks(execute=True):
            service(event, *args, **options)
        publish(event.pk)

    return write


def last_round(event: Event, rounds: int = 3) -> Event:
    """The small open's round 3 made its last planned round."""
    Event.objects.filter(pk=event.pk).update(rounds_planned=rounds, version=F("version") + 1)
    publish(event.pk)  # the version pointer moves, as after any write
    event.refresh_from_db()
    return event


def engine_race(event: Event):
    """The engine's answer on the event as stored, without a budget."""
    described = engine_event(event)
    boards = {3: 3, 7: 3, 6: 4}  # round 3: board 3 is 7-4, board 4 is 6-5 (white first)
    return race(
        described,
        event.tiebreak_list(),
        rules=rule_edition(event),
        boards={white: board for white, board in boards.items() if white in (7, 6)},
        budget=None,
    )


def test_the_json_is_the_engines_race(client, event):
    data = fetched(client, "/e/small-open/race.json").json()
    reference = engine_race(event)
    assert data["round"] == 3 and data["open_games"] == 2 and data["stage"] == "open"
    assert data["covers"] == "current round only" and data["final_round"] is False
    assert data["provisional"] is True  # round 3 is not closed
    expected = reference.to_json()["first_place"]
    assert [c["start_no"] for c in data["first_place"]] == [c["start_no"] for c in expected]
    for shown, truth in zip(data["first_place"], expected, strict=True):
        assert set(shown) >= {"start_no", "name", "status", "witness", "by_lots", "says"}
        for field in ("status", "by_lots", "witness", "places", "name"):
            assert shown[field] == truth[field], field
        for game in shown["witness"] or ():
            assert game["board"] in (3, 4) and game["result"] in ("1-0", "1/2-1/2", "0-1")
    # The engine's fast answer is the full enumeration's on this event.
    exact = enumerate_race(engine_event(event), event.tiebreak_list(), rules=rule_edition(event))
    statuses = {c.start_no: (c.status, c.by_lots) for c in exact.first_place}
    assert {c["start_no"]: (c["status"], c["by_lots"]) for c in data["first_place"]} == statuses


def test_the_page_lists_every_contender_with_what_it_takes(client, event):
    html = fetched(client, "/e/small-open/race/").content.decode()
    data = fetched(client, "/e/small-open/race.json").json()
    rows = select(html, "#race-first-place tbody tr")
    assert [row["data-key"] for row in rows] == [str(c["start_no"]) for c in data["first_place"]]
    assert [row["data-status"] for row in rows] == [c["status"] for c in data["first_place"]]
    for row, shown in zip(rows, data["first_place"], strict=True):
        assert (text(one(row, ".says")) if shown["says"] else None) == shown["says"]
    # round 3 of 5: the race covers this round only, and says so
    assert one(html, ".race-covers")
    assert one(html, "#page-body")["data-refresh"]  # refetched on every push
    assert "/e/small-open/race.json" in [a["href"] for a in select(html, "main a")]


def test_says_words_only_what_the_places_prove():
    """Each sentence from the best and worst places of each own result (docs/race.md)."""
    from standings.engine.race import Chance, Condition, PlaceRange

    def chance(status, places, conditions=()):
        ranges = tuple(PlaceRange(own, best, worst) for own, best, worst in places)
        return Chance(1, "A", status, None, False, ranges, tuple(conditions))

    assert web_race.says(chance("clinched", [])) == "has clinched first place"
    assert web_race.says(chance("undetermined", [])) is None
    win_only = chance("possible", [("win", 1, 1), ("draw", 2, 3), ("loss", 3, 5)])
    assert web_race.says(win_only) == "takes first place with a win"
    board = Condition("draw", 3, ("1/2-1/2", "0-1"))
    example = chance("possible", [("win", 1, 1), ("draw", 1, 2), ("loss", 3, 5)], [board])
    assert web_race.says(example) == (
        "takes first place with a win; takes first place with a draw if board 3 ends ½-½ or 0-1"
    )
    helped = chance("possible", [("win", 1, 2), ("draw", 1, 3), ("loss", 3, 5)])
    assert web_race.says(helped) == (
        "can take first place with a win and help from other boards; "
        "can take first place with a draw and help from other boards"
    )
    assert web_race.says(chance("possible", [("win", 1, 1), ("draw", 1, 1), ("loss", 2, 2)])) == (
        "takes first place with a win or a draw"
    )
    assert web_race.says(chance("possible", [("", 1, 2)])) == (
        "can take first place with help from the other boards"
    )
    assert web_race.says(chance("possible", [("win", 1, None)])) == "can still take first place"


def test_every_sentence_given_holds_in_every_outcome(client, event):
    """The sentences of the small open's contenders, checked against each outcome of the two
    open games: a sentence 'takes first place with a win' means first in every outcome with
    a win, and so on (the engine's places, read back from the full enumeration)."""
    last_round(event)
    exact = {
        c.start_no: c
        for c in enumerate_race(
            engine_event(event), event.tiebreak_list(), rules=rule_edition(event)
        ).chances
    }
    for shown in fetched(client, "/e/small-open/race.json").json()["first_place"]:
        places = {r.own: (r.best, r.worst) for r in exact[shown["start_no"]].places}
        for own in ("win", "draw", "loss"):
            if f"takes first place with a {own}" in (shown["says"] or "") and " if " not in (
                shown["says"] or ""
            ):
                assert places[own][1] == 1, (shown, own)
            if f"with a {own} and help" in (shown["says"] or ""):
                assert places[own][0] == 1 < places[own][1], (shown, own)


def test_prize_places_per_category(client, event):
    from standings.events.services import change_prizes

    change_prizes(
        event,
        {
            "categories": [
                {"key": "all", "name": "Overall"},
                {"key": "u2250", "name": "U2250", "rating": {"max": 2249}},
            ],
            "prizes": [
                {"category": "all", "place": 1, "amount": "300"},
                {"category": "all", "place": 2, "amount": "200"},
                {"category": "u2250", "place": 1, "item": "Book"},
            ],
        },
        actor=TEST_ACTOR,
    )
    data = fetched(client, "/e/small-open/race.json").json()
    categories = {c["category"]: c for c in data["prize_places"]}
    assert categories["all"]["places"] == [1, 2] and categories["u2250"]["places"] == [1]
    for category in categories.values():
        for r in category["reach"]:
            assert r["status"] in ("sure", "possible")
    # U2250: ratings 2400 - 25 n, so start numbers 7 and 8 only
    assert {r["start_no"] for r in categories["u2250"]["reach"]} <= {7, 8}
    html = fetched(client, "/e/small-open/race/").content.decode()
    shown = select(html, "table.race[data-category=all] tbody tr")
    assert [row["data-key"] for row in shown] == [
        str(r["start_no"]) for r in categories["all"]["reach"]
    ]


def test_the_stages_without_a_race(client, event, written):
    written(writes.enter_result, event, 3, 3, "10")
    written(writes.enter_result, event, 3, 4, "01")
    html = fetched(client, "/e/small-open/race/").content.decode()
    assert one(html, ".race-stage")["data-stage"] == "complete"
    data = fetched(client, "/e/small-open/race.json").json()
    assert data["stage"] == "complete" and data["first_place"] == [] and data["open_games"] == 0
    # the last planned round complete: the event is over, its winner named
    last_round(event)
    html = fetched(client, "/e/small-open/race/").content.decode()
    assert one(html, ".race-stage")["data-stage"] == "finished"
    data = fetched(client, "/e/small-open/race.json").json()
    assert data["stage"] == "finished" and data["winners"]
    fresh = create_swiss(slug="no-round-yet")
    fresh.round_set.all().delete()
    html = fetched(client, "/e/no-round-yet/race/").content.decode()
    assert one(html, ".race-stage")["data-stage"] == "no round"
    assert fetched(client, "/e/no-round-yet/race.json").json()["round"] is None


def test_a_team_event_says_the_race_is_individual_only(client, db, arbiter):
    create_team_event(arbiters=[arbiter])
    html = fetched(client, "/e/small-teams/race/")
    assert html.status_code == 200
    assert one(html.content.decode(), ".race-stage")["data-stage"] == "teams"
    assert fetched(client, "/e/small-teams/race.json").status_code == 404


@pytest.mark.parametrize(
    "path",
    [
        "/e/nobody/race/",
        "/e/nobody/race.json",
        "/e/small-open/race",
        "/e/small-open/race.json/",
        "/e/small-open/race/1/",
        "/e/small-open/race/%00/",
        "/e/small-open/race.jsonx",
        "/e/small-open/race.json?view=%ff&n=99999999999999999999",
        "/e/small-open/race/?v=-1&lang=xx",
        "/e/" + "x" * 120 + "/race/",
    ],
)
def test_hostile_addresses_are_4xx_or_the_page(client, event, path):
    answer = fetched(client, path)
    assert answer.status_code < 500
    assert answer.status_code in (200, 301, 404)


def test_a_post_is_refused(client, event):
    assert client.post("/e/small-open/race/").status_code == 405


def test_cached_per_version_and_language_and_worked_out_once(client, event, written):
    calls = []
    original = state_race.build_race

    def counting(stored):
        calls.append(stored.version)
        return original(stored)

    state_race.build_race = counting
    try:
        first = fetched(client, "/e/small-open/race/")
        assert fetched(client, "/e/small-open/race.json").status_code == 200
        french = fetched(client, "/e/small-open/race/", HTTP_ACCEPT_LANGUAGE="fr")
        german = fetched(client, "/e/small-open/race.json", HTTP_ACCEPT_LANGUAGE="de")
        assert french["ETag"] != first["ETag"] and german.status_code == 200
        assert len(calls) == 1  # one version: one race for both pages and every language
        again = fetched(client, "/e/small-open/race/", HTTP_IF_NONE_MATCH=first["ETag"])
        assert again.status_code == 304
        version = state_cache.current_version("small-open")
        assert render.cached_page("small-open", version, "race") == first.content.decode()
        state_race._RACES.clear()  # another process: the shared cache holds it
        fetched(client, "/e/small-open/race/", HTTP_ACCEPT_LANGUAGE="es")
        assert len(calls) == 1
        written(writes.enter_result, event, 3, 3, "10")  # a new version: worked out again
        after = fetched(client, "/e/small-open/race.json").json()
        assert len(calls) == 2 and after["open_games"] == 1
    finally:
        state_race.build_race = original


def test_the_last_round_links_the_page_and_shows_on_the_screen(client, event):
    middle = fetched(client, "/e/small-open/").content.decode()
    assert "/e/small-open/race/" not in [a["href"] for a in select(middle, ".event-nav a")]
    assert not select(fetched(client, "/e/small-open/screen/").content.decode(), "#screen-race")
    last_round(event)
    html = fetched(client, "/e/small-open/").content.decode()
    assert "/e/small-open/race/" in [a["href"] for a in select(html, ".event-nav a")]
    screen = fetched(client, "/e/small-open/screen/").content.decode()
    data = fetched(client, "/e/small-open/race.json").json()
    assert data["covers"] == "whole event"
    rows = select(screen, "#screen-race tbody tr")
    assert [row["data-start-no"] for row in rows] == [
        str(c["start_no"]) for c in data["first_place"]
    ]
    assert one(screen, "#screen-race")["data-view"] == "race"


def test_the_card_section(client, event, written):
    """templates/web/_race_card.html, as the player card will include it."""
    from standings.state.cache import state as state_of

    last_round(event)
    data = {
        c["start_no"]: c for c in fetched(client, "/e/small-open/race.json").json()["first_place"]
    }
    state = state_of("small-open", state_cache.current_version("small-open"))
    for start_no in range(1, 9):
        html = render_to_string(
            "web/_race_card.html", {"state": state, "person": state.people[start_no]}
        )
        if start_no not in data:
            assert "Can no longer take first place" in text(one(html, "#race-card"))
            continue
        shown = [
            (row["data-own"], [text(td) for td in select(row, "td")])
            for row in select(html, ".race-places tbody tr")
        ]
        expected = [(p["own"], [str(p["best"]), str(p["worst"])]) for p in data[start_no]["places"]]
        assert shown == expected
    # no race (a round complete): nothing at all
    written(writes.enter_result, event, 3, 3, "10")
    written(writes.enter_result, event, 3, 4, "01")
    state = state_of("small-open", state_cache.current_version("small-open"))
    html = render_to_string("web/_race_card.html", {"state": state, "person": state.people[1]})
    assert html.strip() == ""


# -- texts marked ---------------------------------------------------------------------------

SOURCES = [
    "templates/web/race.html",
    "templates/web/_race_card.html",
    "templates/web/screen.html",
]


def marked_words() -> set[str]:
    """Every word of the texts marked for translation in the race's templates and module:
    until the lead's catalogues have them, a text that reads the same in English and in
    another language must be made of these."""
    marked = " ".join(templatize((REPOSITORY / path).read_text()) for path in SOURCES)
    source = (REPOSITORY / "standings/web/race.py").read_text()
    calls = re.findall(r"gettext(?:_lazy)?\((?:\s*\"[^\"]*\",)?\s*\"([^\"]*)\"", source)
    return set(WORD.findall(marked + " " + " ".join(calls)))


def alike_words() -> set[str]:
    """Words French writes as English does, and tie-breaks' names (test_marked's ALIKE)."""
    return {word for text in ALIKE for word in WORD.findall(text)} | {"Cut"}


@pytest.mark.parametrize("language", ["fr", "de", "es"])
@pytest.mark.parametrize("path", ["/e/small-open/race/", "/e/small-open/screen/"])
def test_every_text_is_marked(client, event, language, path):
    last_round(event)
    english = fetched(client, path, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    other = fetched(client, path, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    same = words(english) & words(other)
    # what the event's frame holds (others' texts, translated or not): not this page's
    frame = words(
        fetched(client, "/e/small-open/crosstable/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    )
    same -= frame
    known = marked_words() | alike_words() | {"Player", "JSON"}
    assert {t for t in same if not set(WORD.findall(t)) <= known} == set()
    # the sentences themselves: in the reader's language where the catalogue has them,
    # else the marked English (never an unmarked text)
    data = fetched(client, "/e/small-open/race.json", HTTP_ACCEPT_LANGUAGE=language).json()
    for shown in data["first_place"]:
        assert shown["says"] is None or set(WORD.findall(shown["says"])) <= known | set(
            WORD.findall(" ".join(words(other)))
        )


def test_the_json_answers_the_openapi_description(client, event):
    from tests.find.test_api import check

    document = fetched(client, "/api/openapi.json").json()
    check(document, "/e/{slug}/race.json", fetched(client, "/e/small-open/race.json"))
    last_round(event)
    check(document, "/e/{slug}/race.json", fetched(client, "/e/small-open/race.json"))


def test_a_tournament_overview_has_no_race(client, event):
    tournament = Event.objects.create(slug="festival", name="Festival")
    Event.objects.filter(slug="small-open").update(parent=tournament)
    assert fetched(client, "/e/festival/race/").status_code == 404
    assert fetched(client, "/e/festival/race.json").status_code == 404
    assert fetched(client, "/e/small-open/race.json").json()["open_games"] == 2  # a section's own


@pytest.mark.parametrize("language", ["fr", "de", "es"])
def test_the_card_section_has_every_text_marked(client, event, language):
    from django.utils import translation

    from standings.state.cache import state as state_of

    last_round(event)
    fetched(client, "/e/small-open/")  # the state built and cached
    state = state_of("small-open", state_cache.current_version("small-open"))
    rendered = {}
    for shown in ("en", language):
        with translation.override(shown):
            rendered[shown] = "".join(
                render_to_string("web/_race_card.html", {"state": state, "person": person})
                for person in state.people.values()
            )
    same = words(rendered["en"]) & words(rendered[language])
    assert {t for t in same if not set(WORD.findall(t)) <= marked_words() | alike_words()} == set()


def test_the_link_filter_for_the_standings_page(client, event, written):
    from django.template import Context, Template

    from standings.state.cache import state as state_of

    link = Template("{% load race_tags %}{% if state|has_race %}race{% endif %}")
    fetched(client, "/e/small-open/")
    state = state_of("small-open", state_cache.current_version("small-open"))
    assert link.render(Context({"state": state})) == "race"
    written(writes.enter_result, event, 3, 3, "10")
    written(writes.enter_result, event, 3, 4, "01")
    state = state_of("small-open", state_cache.current_version("small-open"))
    assert link.render(Context({"state": state})) == ""


def test_the_card_and_the_standings_show_the_race_in_the_last_round(client, event, written):
    """Wired into the pages: the player card holds its section once the race of the version
    is worked out (it never works it out itself), and links the race page; the standings
    link the race page."""
    from django.core.cache import cache

    last_round(event)
    card = fetched(client, "/e/small-open/player/1/").content  # nobody has asked for the race yet
    assert not select(card, "#race-card .race-places")
    assert one(card, "#race-card a")["href"] == "/e/small-open/race/"
    contender = fetched(client, "/e/small-open/race.json").json()["first_place"][0]["start_no"]
    version = state_cache.current_version("small-open")
    cache.delete(render.page_key("small-open", version, f"player-{contender}", "en"))
    card = fetched(client, f"/e/small-open/player/{contender}/").content
    assert select(card, "#race-card .race-places")
    standings = fetched(client, "/e/small-open/").content
    assert one(standings, ".race-link a")["href"] == "/e/small-open/race/"
    written(writes.enter_result, event, 3, 3, "10")
    written(writes.enter_result, event, 3, 4, "01")  # the round complete: no race
    assert not select(fetched(client, "/e/small-open/player/1/").content, "#race-card")
    assert not select(fetched(client, "/e/small-open/").content, ".race-link")
