"""The prize page, its CSV and printout, the screen's prize view and the player card's line."""

import csv
import io
from functools import partial

import pytest

from standings.events import services
from standings.events.models import Event, Participant
from standings.events.prizes import declare_final, withdraw_final
from standings.live.fragments import render_parts
from tests.factories import TEST_ACTOR
from tests.html import one, select, text, texts

from .test_cache import publish_after_commit
from .writes import close_round, enter_result

pytestmark = pytest.mark.django_db

DOCUMENT = {
    "ties": "equal",
    "currency": "€",
    "categories": [
        {"key": "overall", "name": "Overall"},
        {"key": "u2250", "name": "U2250", "rating": {"max": 2249}},
    ],
    "prizes": [
        {"category": "overall", "place": 1, "amount": "300"},
        {"category": "overall", "place": 2, "amount": "150"},
        {"category": "u2250", "place": 1, "amount": "100"},
        {"category": "u2250", "place": 2, "item": "Book"},
    ],
}


@pytest.fixture
def prized(event):
    services.change_prizes(event, DOCUMENT, actor=TEST_ACTOR)
    event.refresh_from_db()
    return event


def test_an_event_without_prizes_has_no_prize_link(client, event):
    html = client.get("/e/small-open/").content.decode()
    assert "Prizes" not in texts(html, "nav a")
    assert "No prizes are published" in client.get("/e/small-open/prizes/").content.decode()
    assert client.get("/e/small-open/prizes.csv").status_code == 404


def test_the_prize_page_lists_who_is_in_line_and_who_is_just_outside(client, prized):
    html = client.get("/e/small-open/prizes/").content.decode()
    assert "Prizes" in texts(html, "nav a")
    assert "Provisional" in text(one(html, "#prize-status"))  # round 3 is open
    overall = one(html, 'table[data-category="overall"]')
    rows = overall.select("tbody tr")
    assert [r.get("class") for r in rows] == [None, None, ["outside"], ["outside"]]
    assert text(overall.select("caption")[0]).startswith("Overall (8 players)")
    # every player listed once and linked to its card
    assert all(r.select("a")[0]["href"].startswith("/e/small-open/player/") for r in rows)


def test_the_player_card_says_what_the_player_is_in_line_for(client, prized):
    html = client.get("/e/small-open/prizes/").content.decode()
    first = select(html, 'table[data-category="overall"] tbody tr')[0]["data-start-no"]
    card = client.get(f"/e/small-open/player/{first}/").content.decode()
    assert text(one(card, ".in-line-for")).startswith("In line for: 1st Overall, ")


def test_csv_for_the_treasurer(client, prized):
    response = client.get("/e/small-open/prizes.csv")
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert {r["category"] for r in rows} == {"Overall", "U2250"}
    paid = sum(float(r["amount"] or 0) for r in rows)
    assert paid <= 300 + 150 + 100
    assert {r["provisional"] for r in rows} == {"yes"}
    assert any(r["item"] == "Book" for r in rows)


def status_everywhere(client) -> dict[str, str]:
    """How each place words the prize list's status: page, card, screen, printout, CSV."""
    page = client.get("/e/small-open/prizes/").content.decode()
    first = select(page, 'table[data-category="overall"] tbody tr')[0]["data-start-no"]
    card = client.get(f"/e/small-open/player/{first}/").content.decode()
    screen = client.get("/e/small-open/screen/").content.decode()
    printout = client.get("/e/small-open/print/a4/prizes/").content.decode()
    rows = list(
        csv.DictReader(io.StringIO(client.get("/e/small-open/prizes.csv").content.decode()))
    )
    return {
        "page": text(one(page, "#prize-status")),
        "card": text(one(card, ".in-line-for")),
        "screen": text(one(screen, "#screen-prizes caption")),
        "printout": text(one(printout, ".print-legend")),
        "csv": ",".join(sorted({r["provisional"] for r in rows})),
    }


def close_third_round(prized, django_capture_on_commit_callbacks):
    for args in ((enter_result, prized, 3, 3, "10"), (enter_result, prized, 3, 4, "01")):
        publish_after_commit(django_capture_on_commit_callbacks, *args)
    publish_after_commit(django_capture_on_commit_callbacks, close_round, prized, 3)


def test_a_closed_round_before_the_last_is_in_line_for_everywhere(
    client, prized, django_capture_on_commit_callbacks
):
    close_third_round(prized, django_capture_on_commit_callbacks)  # round 3 of 5
    said = status_everywhere(client)
    assert "in line for each prize after round 3 of 5" in said["page"]
    assert said["card"].startswith("In line for: 1st Overall")
    assert said["screen"].startswith("In line for prizes after round 3")
    assert "Not for payment" in said["printout"]
    assert said["csv"] == "yes"


def test_the_last_round_closed_is_final_everywhere(
    client, prized, django_capture_on_commit_callbacks
):
    Event.objects.filter(pk=prized.pk).update(rounds_planned=3)
    close_third_round(prized, django_capture_on_commit_callbacks)
    said = status_everywhere(client)
    assert said["page"].startswith("Final after round 3 of 3")
    assert said["card"].startswith("Wins: 1st Overall")
    assert said["screen"] == "Prizes, final after round 3"
    assert "Not for payment" not in said["printout"] and "Final" in said["printout"]
    assert said["csv"] == "no"


def test_a_declaration_is_final_everywhere_until_withdrawn(
    client, prized, arbiter, django_capture_on_commit_callbacks
):
    close_third_round(prized, django_capture_on_commit_callbacks)
    publish_after_commit(
        django_capture_on_commit_callbacks, partial(declare_final, actor=arbiter), prized
    )
    said = status_everywhere(client)
    assert said["page"].startswith("Final after round 3 of 5")
    assert said["card"].startswith("Wins: 1st Overall")
    assert said["screen"] == "Prizes, final after round 3"
    assert said["csv"] == "no"
    publish_after_commit(
        django_capture_on_commit_callbacks,
        partial(withdraw_final, actor=arbiter, reason="round 4 will be played after all"),
        prized,
    )
    assert status_everywhere(client)["card"].startswith("In line for: 1st Overall")


def test_the_printout_has_a_line_for_the_signature(client, prized):
    html = client.get("/e/small-open/print/a4/prizes/").content.decode()
    assert "Prize list" in text(one(html, ".running-what"))
    assert "Signature" in text(one(html, ".signature"))
    assert len(select(html, "table.printout tbody tr")) == 4


def test_the_screen_and_the_push_carry_the_prizes(client, prized):
    html = client.get("/e/small-open/screen/").content.decode()
    assert select(html, "#screen-prizes tbody tr")
    from standings.state.event_state import build_state

    parts = render_parts(build_state(prized))
    assert 'id="prize-lists"' in parts["prizes"] and 'id="screen-prizes"' in parts["screen"]


def test_names_are_escaped(client, prized):
    Participant.objects.filter(event=prized).update(name="<b>Bold</b>")
    services.change_prizes(prized, {**DOCUMENT, "currency": "$"}, actor=TEST_ACTOR)
    html = client.get("/e/small-open/prizes/").content.decode()
    assert "<b>Bold</b>" not in html and "&lt;b&gt;Bold&lt;/b&gt;" in html


def test_every_name_is_isolated(client, prized):
    for url in ("/e/small-open/prizes/", "/e/small-open/screen/", "/e/small-open/print/a4/prizes/"):
        html = client.get(url).content.decode()
        where = "#prize-lists a[href*=player], #screen-prizes td.name, .printout tbody .name"
        names = select(html, where)
        assert names and all(n.find("bdi") for n in names), url
