"""The embeddable widget: its page, its live fragments, framable by other sites only it."""

import gzip

import pytest
from bs4 import BeautifulSoup

from standings.live.fragments import render_parts
from standings.state import cache as state_cache
from tests.factories import create_swiss, create_team_event

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    return create_swiss()


def test_standings_widget_lists_the_top_rows_and_follows_its_view(client, event):
    response = client.get("/e/small-open/widget/standings/?n=3&theme=dark")
    assert response.status_code == 200
    page = BeautifulSoup(response.content, "html.parser")
    assert len(page.select("#widget-standings tbody tr")) == 8  # up to 50; n is applied by JS
    assert page.select_one("main")["ws-connect"] == "/ws/e/small-open/?view=widgetstandings&lang=en"
    assert page.select_one("link[rel=stylesheet]")["href"].endswith("web/widget.css")
    assert page.select_one(".widget-header a")["target"] == "_blank"


def test_pairings_widget_shows_the_current_round(client, event):
    page = BeautifulSoup(client.get("/e/small-open/widget/pairings/").content, "html.parser")
    assert "Round 3" in page.select_one("#widget-pairings caption").text
    assert len(page.select("#widget-pairings tbody tr")) == 4
    assert page.select_one("main")["ws-connect"].endswith("?view=widgetpairings&lang=en")


def test_only_the_widget_may_be_framed_by_other_sites(client, event):
    widget = client.get("/e/small-open/widget/standings/")
    assert "frame-ancestors *" in widget["Content-Security-Policy"]
    assert "X-Frame-Options" not in widget
    standings = client.get("/e/small-open/")
    assert "frame-ancestors 'none'" in standings["Content-Security-Policy"]
    assert standings["X-Frame-Options"] == "DENY"


def test_unknown_widget_and_team_events_are_404(client, event):
    create_team_event()
    assert client.get("/e/small-open/widget/crosstable/").status_code == 404
    assert client.get("/e/small-teams/widget/standings/").status_code == 404


def test_the_push_carries_the_widget_fragments(event):
    state = state_cache.state("small-open", state_cache.current_version("small-open"))
    parts = render_parts(state)
    assert 'id="widget-standings" hx-swap-oob="true"' in parts["widgetstandings"]
    assert 'id="widget-pairings" hx-swap-oob="true"' in parts["widgetpairings"]
    assert 'id="last-update"' in parts["widgetpairings"]


def test_widget_page_weight_is_small(client, event):
    """The figure is printed by bench/widget_weight.py; here only that it stays small."""
    html = client.get("/e/small-open/widget/standings/", HTTP_ACCEPT_ENCODING="gzip")
    assert html["Content-Encoding"] == "gzip" and len(html.content) < 4000
    assert len(gzip.decompress(html.content)) > len(html.content)
