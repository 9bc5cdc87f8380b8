"""The page registry: a public page is one entry and one template; URLs and nav follow."""

import importlib
import os

import pytest
from django.urls import clear_url_caches, reverse

import standings.urls
import standings.web.urls
from standings.web import pages, render
from standings.web.pages import Page
from tests.html import one, select, text, texts

pytestmark = pytest.mark.django_db

TEMPLATE = """{% extends "web/event_base.html" %}
{% block page_title %}Rated {{ rating }}+ · {% endblock %}
{% block event_content %}
<ul class="entrants">{% for person in rated %}<li><bdi>{{ person.name }}</bdi></li>{% endfor %}</ul>
{% endblock %}
"""


def rated_context(state, rating):
    people = [p for p in state.people.values() if (p.rating or 0) >= rating]
    return {"rating": rating, "rated": people}


def reload_urls():
    """The URL patterns are derived from the registry when the URLconf is imported."""
    importlib.reload(standings.web.urls)
    importlib.reload(standings.urls)
    clear_url_caches()


@pytest.fixture
def entrants(settings, tmp_path):
    """A throwaway page, registered as a newcomer would: one entry and one template."""
    (tmp_path / "web").mkdir()
    (tmp_path / "web" / "entrants.html").write_text(TEMPLATE)
    engine = settings.TEMPLATES[0]
    settings.TEMPLATES = [{**engine, "DIRS": [*engine["DIRS"], tmp_path]}]
    page = pages.register(
        Page(
            "entrants",
            "entrants/<int:rating>/",
            "web/entrants.html",
            context=rated_context,
            exists=lambda state, rating: rating >= 0,
            nav="Rated {rating}+",
            nav_params=lambda state: {"rating": 2300},
        )
    )
    reload_urls()
    yield page
    del pages.PAGES["entrants"]
    reload_urls()


def test_a_registered_page_is_served_with_the_event_nav(client, event, entrants):
    assert reverse("web:entrants", args=["small-open", 2300]) == "/e/small-open/entrants/2300/"
    response = client.get("/e/small-open/entrants/2300/")
    assert response.status_code == 200
    html = response.content.decode()
    assert texts(html, "ul.entrants li") == ["Player 01", "Player 02", "Player 03", "Player 04"]
    link = one(html, '.event-nav a[aria-current="page"]')
    assert (text(link), link["href"]) == ("Rated 2300+", "/e/small-open/entrants/2300/")
    assert one(html, "main")["ws-connect"] == "/ws/e/small-open/?view=status&lang=en"
    other = client.get("/e/small-open/crosstable/").content.decode()
    assert "Rated 2300+" in texts(other, ".event-nav a")


def test_a_registered_page_is_cached_per_version_and_answers_304(client, event, entrants):
    first = client.get("/e/small-open/entrants/2350/")
    assert first["ETag"] == render.etag("small-open", event.version, "entrants-2350")
    assert render.cached_page("small-open", event.version, "entrants-2350") is not None
    assert (
        client.get("/e/small-open/entrants/2350/", HTTP_IF_NONE_MATCH=first["ETag"]).status_code
        == 304
    )
    assert client.get("/e/nothing-here/entrants/2350/").status_code == 404
    assert client.post("/e/small-open/entrants/2350/").status_code == 405


def test_the_registry_refuses_a_page_it_could_not_serve(entrants):
    with pytest.raises(ValueError, match="already registered"):
        pages.register(Page("entrants", "other/", "web/entrants.html"))
    with pytest.raises(ValueError, match="no '-'"):
        pages.register(Page("rated-list", "rated/", "web/entrants.html"))
    with pytest.raises(ValueError, match="taken"):
        pages.register(Page("bySlug", "by/<slug:slug>/", "web/entrants.html"))
    with pytest.raises(ValueError, match="template or a body"):
        pages.register(Page("empty", "empty/"))
    assert set(pages.PAGES) == {
        "standings",
        "round",
        "crosstable",
        "boards",
        "team",
        "player",
        "screen",
        "prizes",
        "prizescsv",
        "federation",
        "roundjson",
        "crosstablejson",
        "playerjson",
        "widget",
        "json",
        "print",
        "printpairings",
        "printnames",
        "printresults",
        "printstandings",
        "printcrosstable",
        "printplayers",
        "printprizes",
        "after",
        "afterjson",
        "race",
        "racejson",
        "entrants",
    }


def test_cache_names_resolve_to_their_page_and_parameters():
    assert pages.resolve("standings") == (pages.PAGES["standings"], {})
    assert pages.resolve("round-3") == (pages.PAGES["round"], {"number": 3})
    assert pages.resolve("player-12") == (pages.PAGES["player"], {"start_no": 12})
    for wrong in ["nothing", "round", "round-x", "standings-2"]:
        with pytest.raises(pages.PageNotFound):
            pages.resolve(wrong)


def test_url_paths_and_names_stay_as_documented():
    slug = "open-a"
    assert [
        reverse("web:index"),
        reverse("web:standings", args=[slug]),
        reverse("web:round", args=[slug, 3]),
        reverse("web:crosstable", args=[slug]),
        reverse("web:player", args=[slug, 12]),
        reverse("web:team", args=[slug, 4]),
        reverse("web:boards", args=[slug]),
        reverse("web:screen", args=[slug]),
        reverse("web:json", args=[slug]),
        reverse("web:qr", args=[slug]),
    ] == [
        "/",
        "/e/open-a/",
        "/e/open-a/round/3/",
        "/e/open-a/crosstable/",
        "/e/open-a/player/12/",
        "/e/open-a/team/4/",
        "/e/open-a/boards/",
        "/e/open-a/screen/",
        "/e/open-a/standings.json",
        "/e/open-a/qr.svg",
    ]


def test_nav_lists_the_labelled_pages_in_registry_order(client, event):
    html = client.get("/e/small-open/").content.decode()
    assert [(text(a), a["href"]) for a in select(html, ".event-nav a")] == [
        ("Standings", "/e/small-open/"),
        ("Round 3", "/e/small-open/round/3/"),
        ("Crosstable", "/e/small-open/crosstable/"),
        ("Screen", "/e/small-open/screen/"),
        ("Print", "/e/small-open/print/"),
        ("JSON", "/e/small-open/standings.json"),
    ]
    assert texts(html, '.event-nav a[aria-current="page"]') == ["Standings"]


def test_every_page_is_registered_once_django_is_set_up():
    """A process whose first work is a push (a worker, a bench) builds the navigation before
    anything loads the URLs: the registry must be whole then, or iterating it while the URLs
    register more pages fails ("dictionary changed size during iteration")."""
    import subprocess
    import sys

    script = (
        "import django; django.setup(); import sys; "
        "from standings.web import pages; "
        "assert not any(name.startswith('standings.web.urls') for name in sys.modules); "
        "print(sorted(pages.PAGES))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "standings.settings"},
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "'after'" in done.stdout and "'afterjson'" in done.stdout
