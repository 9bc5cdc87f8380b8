"""The search box on every event page and its answers: htmx fragment or whole page."""

import pytest
from bs4 import BeautifulSoup

from standings.events.models import Participant
from tests.factories import create_swiss

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    event = create_swiss()
    Participant.objects.filter(event=event, start_no=6).update(name="Çağlar Öztürk")
    return event


@pytest.mark.parametrize("path", ["", "round/3/", "crosstable/", "player/1/"])
def test_every_event_page_has_the_search_box_as_a_plain_get_form(client, event, path):
    page = BeautifulSoup(client.get(f"/e/small-open/{path}").content, "html.parser")
    form = page.select_one("form[role=search]")
    assert form["method"] == "get" and form["action"] == "/e/small-open/find/"
    assert form.select_one("input[name=q]") is not None


def test_without_javascript_the_answer_is_a_whole_page(client, event):
    response = client.get("/e/small-open/find/", {"q": "cağlar OZTURK"})
    assert response.status_code == 200
    page = BeautifulSoup(response.content, "html.parser")
    [hit] = page.select("#find-results li")
    assert hit.select_one("a.found-card")["href"] == "/e/small-open/player/6/"
    # round 3: board 4 is 6 - 5, Öztürk white
    assert hit.select_one("a.found-board")["href"] == "/e/small-open/round/3/#b4"
    assert "board 4, white" in hit.text
    assert page.select_one("input[name=q]")["value"] == "cağlar OZTURK"


def test_htmx_gets_the_results_alone(client, event):
    response = client.get("/e/small-open/find/", {"q": "7"}, HTTP_HX_REQUEST="true")
    page = BeautifulSoup(response.content, "html.parser")
    assert page.select_one("form") is None
    assert [li["data-start-no"] for li in page.select("li")] == ["7"]


def test_no_match_and_too_long_a_query(client, event):
    assert "No player matches" in client.get("/e/small-open/find/", {"q": "zzz"}).text
    response = client.get("/e/small-open/find/", {"q": "x" * 101})
    assert response.status_code == 200 and "No player matches" not in response.text


def test_unknown_event_is_404(client, db):
    assert client.get("/e/nothing/find/", {"q": "a"}).status_code == 404


def test_round_rows_say_who_sits_where(client, event):
    page = BeautifulSoup(client.get("/e/small-open/round/3/").content, "html.parser")
    row = page.select_one("tr[data-white='6']")
    assert row["data-black"] == "5" and row.select_one("th#b4") is not None
    assert page.select_one("[data-me-slug=small-open]") is not None


def test_player_card_offers_the_pin(client, event):
    page = BeautifulSoup(client.get("/e/small-open/player/6/").content, "html.parser")
    button = page.select_one("button[data-pin-start-no]")
    assert button["data-pin-start-no"] == "6" and button["data-pin-slug"] == "small-open"
