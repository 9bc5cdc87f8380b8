"""Every public page: it renders, escapes, and shows what followers need."""

import pytest

from standings.events.models import Event, Participant

pytestmark = pytest.mark.django_db


def test_index_lists_live_events_first(client, event):
    Event.objects.create(slug="old-cup", name="Old Cup")
    html = client.get("/").content.decode()
    assert html.index("Small Open") < html.index("Old Cup")
    assert "Live now" in html


def test_standings_shows_the_event_tiebreak_columns_explained(client, event):
    html = client.get("/e/small-open/").content.decode()
    for spec, title in [
        ("BH/C1", "Buchholz Cut-1"),
        ("BH", "Buchholz"),
        ("SB", "Sonneborn-Berger"),
        ("DE", "Direct encounter"),
    ]:
        assert f'<abbr title="{title}">{spec}</abbr>' in html
    assert 'id="legend-heading"' in html
    assert "<caption>Standings after round 3" in html
    assert 'scope="col"' in html and 'scope="row"' in html


def test_standings_mark_provisional_values_and_ranks(client, event):
    html = client.get("/e/small-open/").content.decode()
    # Round 3 is open: Buchholz depends on opponents' results, points do not.
    assert '<td class="num prov">' in html  # tinted, and a visible † the legend explains
    assert "provisional</caption>" in html
    assert "depends on opponents' results in a round not yet closed" in html
    assert '<td class="num">2</td>' in html  # points: final


def test_standings_show_movement_and_link_player_cards(client, event):
    html = client.get("/e/small-open/").content.decode()
    assert 'href="/e/small-open/player/1/"' in html
    assert "since the previous round" in html
    assert "▲" in html or "▼" in html


def test_secondary_columns_are_marked_for_narrow_screens(client, event):
    html = client.get("/e/small-open/").content.decode()
    assert '<abbr title="Buchholz Cut-1">' in html
    assert 'class="num secondary"><abbr title="Sonneborn-Berger">' in html


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
        assert f'hx-ext="ws" ws-connect="/ws/e/small-open/?view={view}"' in html, url
        assert 'id="last-update"' in html
        assert '<html lang="en">' in html


def test_round_page_shows_pairings_and_pending_results(client, event):
    response = client.get("/e/small-open/round/3/")
    html = response.content.decode()
    assert response.status_code == 200
    assert 'id="round-games-3"' in html
    assert "1–0" in html and "½–½" in html
    assert "2 results to come" in html
    assert client.get("/e/small-open/round/9/").status_code == 404


def test_crosstable_has_a_cell_per_round(client, event):
    html = client.get("/e/small-open/crosstable/").content.decode()
    assert html.count('<abbr title="Round ') == 3
    assert "Player 08" in html


def test_player_card_explains_every_tiebreak(client, event):
    html = client.get("/e/small-open/player/1/").content.decode()
    assert "Game by game" in html
    assert "Player 05" in html  # round 1 opponent
    for title in ["Buchholz Cut-1", "Sonneborn-Berger", "Direct encounter"]:
        assert f"{title}: " in html
    assert '<tr class="cut">' in html  # Buchholz Cut-1 drops the least significant value
    assert "<strong>cut: least significant" in html
    assert client.get("/e/small-open/player/42/").status_code == 404


def test_screen_has_both_views_and_a_qr_code(client, event):
    html = client.get("/e/small-open/screen/").content.decode()
    assert 'id="screen-standings"' in html and 'id="screen-pairings"' in html
    assert 'src="/e/small-open/qr.svg"' in html
    qr = client.get("/e/small-open/qr.svg")
    assert qr["Content-Type"] == "image/svg+xml"
    assert b'<svg xmlns="http://www.w3.org/2000/svg"' in qr.content


def test_unknown_event_is_404(client, db):
    assert client.get("/e/nothing-here/").status_code == 404
    assert client.get("/e/nothing-here/screen/").status_code == 404


def test_names_are_escaped_everywhere(client, event):
    Participant.objects.filter(event=event, start_no=1).update(name="<script>alert(1)</script>")
    Event.objects.filter(pk=event.pk).update(name="Open & <b>Bold</b>")
    for url in [
        "/",
        "/e/small-open/",
        "/e/small-open/round/3/",
        "/e/small-open/crosstable/",
        "/e/small-open/player/1/",
        "/e/small-open/player/5/",
        "/e/small-open/screen/",
    ]:
        html = client.get(url).content.decode()
        assert "<script>alert(1)</script>" not in html, url
        assert "<b>Bold</b>" not in html, url
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in client.get("/e/small-open/").content.decode()


def test_pages_refuse_posts(client, event):
    assert client.post("/e/small-open/").status_code == 405
