"""Printouts for the wall: every printout renders on A4 and Letter, with its running header,
without navigation or live status, and the rows it promises."""

import pytest

from standings.events.models import Participant
from standings.web.printouts import sort_key
from tests.factories import create_team_event
from tests.html import one, select, text, texts

pytestmark = pytest.mark.django_db

PRINTOUTS = [
    ("round/3/pairings/", "Round 3: pairings by board"),
    ("round/3/names/", "Round 3: pairings by name"),
    ("round/1/results/", "Round 1: results"),
    ("standings/", "Standings after round 3"),  # every sheet says which round
    ("crosstable/", "Crosstable after round 3"),
    ("players/", "Players (starting list)"),
]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize(("path", "heading"), PRINTOUTS)
def test_each_printout_renders_with_its_running_header_and_nothing_live(
    client, event, paper, path, heading
):
    response = client.get(f"/e/small-open/print/{paper}/{path}")
    assert response.status_code == 200
    html = response.content.decode()
    assert one(html, "body")["class"] == ["printout", f"paper-{paper}"]
    running = one(html, "table.printout thead tr.running th")
    assert text(one(running, ".running-event")) == "Small Open"
    assert text(one(running, ".running-what")) == heading
    assert not select(html, "[ws-connect], .event-nav, #live-indicator, .live-badge")
    assert one(html, "button[data-print]")
    papers = select(html, ".papers a")
    assert [text(a) for a in papers] == ["A4", "Letter"]
    assert [a.get("aria-current") for a in papers] == (
        ["page", None] if paper == "a4" else [None, "page"]
    )
    assert papers[1]["href"] == f"/e/small-open/print/letter/{path}"


def test_pairings_by_board_show_points_before_the_round(client, event):
    html = client.get("/e/small-open/print/a4/round/3/pairings/").content.decode()
    rows = [[text(c) for c in row.select("th, td")] for row in select(html, "tbody tr")]
    # Round 3, board 1: Player 02 (white, 1 point after rounds 1-2) beat Player 01 (1.5).
    assert rows[0] == [
        "1",
        "2",
        "FM Player 02",
        "2350",
        "1",
        "1–0",
        "1.5",
        "FM Player 01",
        "2375",
        "1",
    ]
    assert [row[5] for row in rows] == ["1–0", "½–½", "–", "–"]  # pending: a blank to fill


def test_pairings_by_name_sort_accents_and_case_away_and_give_board_and_colour(client, event):
    Participant.objects.filter(event=event, start_no=8).update(name="Ávila, Zoe")
    Participant.objects.filter(event=event, start_no=3).update(name="alvarez, Ana")
    event.save()  # a new version: the state is built again
    html = client.get("/e/small-open/print/letter/round/3/names/").content.decode()
    rows = select(html, "tbody tr")
    assert [text(row.th) for row in rows][:3] == ["alvarez, Ana", "Ávila, Zoe", "FM Player 01"]
    assert [text(c) for c in rows[0].select("td")] == ["3", "2", "White", "Ávila, Zoe 8", "½–½"]
    assert sort_key("Ávila") == "avila"


def test_standings_printout_marks_provisional_values_without_colour(client, event):
    html = client.get("/e/small-open/print/a4/standings/").content.decode()
    assert len(select(html, "tbody tr")) == 8
    assert any(cell.endswith("†") for cell in texts(html, "tbody td.num"))
    assert "† provisional" in text(one(html, ".print-legend"))


def test_crosstable_printout_has_a_cell_per_round(client, event):
    html = client.get("/e/small-open/print/a4/crosstable/").content.decode()
    first = one(html, "tbody tr:first-child")
    assert len(first.select("td.num")) == 3 + 1  # three rounds, then points


def test_the_print_page_lists_every_printout_on_each_paper(client, event):
    html = client.get("/e/small-open/print/").content.decode()
    assert "Print" in texts(html, ".event-nav a")
    rows = select(html, ".print-list tbody tr")
    assert len(rows) == 3 * 3 + 3
    assert text(rows[0].th) == "Round 3: pairings by board"
    assert [a["href"] for a in rows[0].select("a")] == [
        "/e/small-open/print/a4/round/3/pairings/",
        "/e/small-open/print/letter/round/3/pairings/",
    ]


@pytest.mark.parametrize(
    "path", ["print/a3/players/", "print/a4/round/9/results/", "print/A4/standings/"]
)
def test_unknown_paper_or_round_is_not_found(client, event, path):
    assert client.get(f"/e/small-open/{path}").status_code == 404


def test_a_team_event_prints_its_matches_board_by_board_and_its_team_standings(client):
    create_team_event()
    html = client.get("/e/small-teams/print/").content.decode()
    assert "Print" in texts(html, ".event-nav a")
    assert texts(html, ".print-list tbody th") == [
        "Round 1: pairings by board",
        "Round 1: results",
        "Standings",
    ]
    html = client.get("/e/small-teams/print/letter/round/1/pairings/").content.decode()
    matches = select(html, "table.printout tbody.match")
    assert len(matches) == 2
    head = text(one(matches[0], "tr.match-head"))
    assert head == "1. Rooks – Knights"  # no board entered yet
    assert len(matches[0].select("tr")) == 1 + 4  # its heading, then its four boards
    assert [text(th) for th in select(html, "thead tr:last-child th")][2:5] == [
        "White",
        "Result",
        "Black",
    ]
    html = client.get("/e/small-teams/print/a4/standings/").content.decode()
    assert len(select(html, "table.printout tbody tr")) == 4
    assert text(one(html, "thead tr:last-child th:nth-child(3)")) == "Team"
    for path in ("round/1/names/", "crosstable/", "players/"):  # individual events only
        assert client.get(f"/e/small-teams/print/a4/{path}").status_code == 404


def test_the_arbiters_round_page_links_its_printouts(client, event, arbiter):
    client.force_login(arbiter)
    html = client.get("/e/small-open/arbiter/").content.decode()
    assert [a["href"] for a in select(html, ".print-links a")] == [
        "/e/small-open/print/a4/round/3/pairings/",
        "/e/small-open/print/a4/round/3/names/",
        "/e/small-open/print/a4/round/3/results/",
        "/e/small-open/print/",
    ]
