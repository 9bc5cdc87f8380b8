"""Every public page: it renders, escapes, and shows what followers need."""

import re

import pytest

from standings.events.models import Event, Participant
from standings.live.fragments import render_parts
from standings.live.publish import publish
from tests.html import one, parse, select, text, texts

pytestmark = pytest.mark.django_db

PAGES = [
    "/e/small-open/",
    "/e/small-open/round/3/",
    "/e/small-open/round/1/",
    "/e/small-open/crosstable/",
    "/e/small-open/player/1/",
    "/e/small-open/player/5/",
    "/e/small-open/screen/",
]


def test_index_lists_live_events_first(client, event):
    Event.objects.create(slug="old-cup", name="Old Cup")
    html = client.get("/").content.decode()
    assert texts(html, ".event-item > a") == ["Small Open", "Old Cup"]
    assert text(one(html, "#live-heading")) == "Live now"
    assert select(html, ".event-item > a")[0]["href"] == "/e/small-open/"


def test_standings_shows_the_event_tiebreak_columns_explained(client, event):
    html = client.get("/e/small-open/").content.decode()
    headings = {(text(abbr), abbr["title"]) for abbr in select(html, "#standings-table th abbr")}
    assert {
        ("BH/C1", "Buchholz Cut-1"),
        ("BH", "Buchholz"),
        ("SB", "Sonneborn-Berger"),
        ("DE", "Direct encounter"),
    } <= headings
    assert text(one(html, "#legend-heading")) == "Legend"
    assert text(one(html, "#standings-table caption")).startswith("Standings after round 3")
    assert select(html, 'th[scope="col"]') and select(html, 'th[scope="row"]')


def test_standings_mark_provisional_values_and_ranks(client, event):
    html = client.get("/e/small-open/").content.decode()
    # Round 3 is open: Buchholz depends on opponents' results, points do not.
    assert select(html, "#standings-table td.num.prov")  # tinted, and a visible † ...
    assert text(one(html, "#standings-table caption")).endswith("† provisional")
    assert "depends on opponents' results in a round not yet closed" in text(one(html, ".legend"))
    points = [row.select("td.num")[0] for row in select(html, "#standings-table tbody tr")]
    assert "2" in [text(cell) for cell in points]
    assert not any("prov" in cell["class"] for cell in points)  # points: final


def test_standings_show_movement_and_link_player_cards(client, event):
    html = client.get("/e/small-open/").content.decode()
    link = one(html, '#standings-table tr[data-key="1"] th.name a')
    assert link["href"] == "/e/small-open/player/1/"
    assert one(html, "#standings-table th.move abbr")["title"].endswith("since the previous round")
    assert select(html, "#standings-table .move .up, #standings-table .move .down")


def test_secondary_columns_are_marked_for_narrow_screens(client, event):
    html = client.get("/e/small-open/").content.decode()
    column = {abbr["title"]: abbr.parent for abbr in select(html, "#standings-table th abbr")}
    assert "secondary" not in column["Buchholz Cut-1"]["class"]  # shown on a phone
    assert column["Sonneborn-Berger"]["class"] == ["num", "secondary"]


def test_pages_are_live_through_the_event_socket_with_their_view(client, event):
    for url, view in [
        ("/e/small-open/", "standings"),
        ("/e/small-open/round/3/", "round"),  # the current round
        ("/e/small-open/round/2/", "status"),  # a past round refetches itself
        ("/e/small-open/crosstable/", "status"),
        ("/e/small-open/player/1/", "status"),
        ("/e/small-open/screen/", "screen"),
    ]:
        html = client.get(url).content.decode()
        main = one(html, "main")
        assert main["hx-ext"] == "ws", url
        assert main["ws-connect"] == f"/ws/e/small-open/?view={view}&lang=en", url
        assert one(html, "#last-update")
        assert one(html, "html")["lang"] == "en"


def test_round_page_shows_pairings_and_pending_results(client, event):
    response = client.get("/e/small-open/round/3/")
    html = response.content.decode()
    assert response.status_code == 200
    results = texts(html, "#round-games-3 td.result")
    assert "1–0" in results and "½–½" in results
    assert "2 results to come" in text(one(html, "#round-games-3 caption"))
    assert client.get("/e/small-open/round/9/").status_code == 404


def test_round_page_and_screen_render_boards_with_one_renderer(client, event):
    round_page = client.get("/e/small-open/round/3/").content.decode()
    screen = client.get("/e/small-open/screen/").content.decode()
    for board in ["1", "3"]:  # played and pending
        linked = one(round_page, f'#round-games-3 tr[data-key="{board}"]')
        plain = one(screen, f'#screen-pairings tr[data-key="{board}"]')
        cells = [(cell.name, cell["class"]) for cell in linked.find_all(["th", "td"])]
        assert cells == [(cell.name, cell["class"]) for cell in plain.find_all(["th", "td"])]
        assert texts(linked, "bdi") == texts(plain, "bdi")  # the same players
        assert linked["data-sig"] == plain["data-sig"]
    pending = one(round_page, '#round-games-3 tr[data-key="3"]')
    assert text(pending.select_one(".white")) == "Player 07 7"  # linked, with start number
    assert pending.select_one(".white a")["href"] == "/e/small-open/player/7/"
    assert text(one(screen, '#screen-pairings tr[data-key="3"] .white')) == "Player 07"
    assert text(one(screen, '#screen-pairings tr[data-key="3"] .result')) == "…"


def test_crosstable_has_a_cell_per_round(client, event):
    html = client.get("/e/small-open/crosstable/").content.decode()
    assert texts(html, 'thead abbr[title^="Round "]') == ["R1", "R2", "R3"]
    assert "Player 08" in texts(html, "tbody th.name")


def test_player_card_explains_every_tiebreak(client, event):
    html = client.get("/e/small-open/player/1/").content.decode()
    assert text(one(html, "table.record caption")) == "Game by game"
    assert texts(html, "table.record tbody tr")[0].startswith("1 white Player 05")  # round 1
    explained = texts(html, ".explained h3")
    for title in ["Buchholz Cut-1", "Sonneborn-Berger", "Direct encounter"]:
        assert any(f"{title}: " in heading for heading in explained), title
    assert select(html, "table.contributions tr.cut")  # Buchholz Cut-1 drops the least ...
    assert any(note.startswith("cut: least significant") for note in texts(html, "tr.cut strong"))
    assert client.get("/e/small-open/player/42/").status_code == 404


def test_screen_has_both_views_and_a_qr_code(client, event):
    html = client.get("/e/small-open/screen/").content.decode()
    assert one(html, "#screen-standings") and one(html, "#screen-pairings")
    assert one(html, "figure.qr img")["src"] == "/e/small-open/qr.svg"
    assert text(one(html, "figure.qr figcaption")) == "/e/small-open/"
    qr = client.get("/e/small-open/qr.svg")
    assert qr["Content-Type"] == "image/svg+xml"
    assert b'<svg xmlns="http://www.w3.org/2000/svg"' in qr.content  # an image, not a page


def test_unknown_event_is_404(client, db):
    assert client.get("/e/nothing-here/").status_code == 404
    assert client.get("/e/nothing-here/screen/").status_code == 404


def test_names_are_escaped_everywhere(client, event):
    Participant.objects.filter(event=event, start_no=1).update(name="<script>alert(1)</script>")
    Event.objects.filter(pk=event.pk).update(name="Open & <b>Bold</b>")
    for url in ["/", *PAGES]:
        html = client.get(url).content.decode()
        assert not [s for s in select(html, "script") if "alert" in s.get_text()], url
        assert not select(html, "b"), url
    html = client.get("/e/small-open/").content.decode()
    assert text(one(html, '#standings-table tr[data-key="1"] bdi')) == "<script>alert(1)</script>"
    assert text(one(html, ".event-header h1")) == "Open & <b>Bold</b>"


def test_player_names_are_isolated_on_every_page_and_fragment(client, event):
    """A right-to-left name must not reorder the numbers beside it: every name in <bdi>."""
    name = re.compile(r"Player \d\d")
    documents = {url: client.get(url).content.decode() for url in PAGES}
    pushed = render_parts(publish(event.pk).state)  # what the live push sends of this state
    documents.update({f"fragment {view}": html for view, html in pushed.items()})
    for where, html in documents.items():
        shown = [
            found
            for found in parse(html).find_all(string=name)
            if found.parent.name != "title"  # the browser tab's title: text only
        ]
        # no names: the status, and the prize list of an event without prizes
        assert shown or where in ("fragment status", "fragment prizes"), where
        for found in shown:
            assert found.parent.name == "bdi", (where, str(found.parent))


def test_pages_refuse_posts(client, event):
    assert client.post("/e/small-open/").status_code == 405


def test_player_card_explains_national_systems_with_their_rule_book(client, event):
    Event.objects.filter(pk=event.pk).update(tiebreaks="USMM SCSOG WALL/C2")
    html = client.get("/e/small-open/player/1/").content.decode()
    explained = texts(html, ".explained h3")
    for title in ["Modified Median", "Modified sum of opponents' grades", "Wallace"]:
        assert any(title in heading for heading in explained), title
    meta = texts(html, ".explained p.meta")
    assert any("US Chess Official Rules of Chess" in m and "type BC" in m for m in meta)
    assert any(m.startswith("Chess Scotland Rule Book, tie-break systems, item 6") for m in meta)
    assert any("Wallace (elimination of scores) step 2: " in h for h in explained)
