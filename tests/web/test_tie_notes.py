"""Notes under the standings for rows equal on every column yet ranked apart: the drawing
of lots (with its seed) or a tie-break in decimals not shown placed them; on the page, in
the live fragment, in standings.json, in French, German and Spanish."""

from __future__ import annotations

import pytest

from standings.engine.result import Row, Standings
from standings.events.models import Event
from standings.events.rounds import create_round
from standings.events.services import publish_pairings
from standings.events.team_services import set_team_bye
from standings.live.fragments import render_parts
from standings.state import cache as state_cache
from standings.state.labels import columns
from standings.state.parts import Cell, format_value
from standings.state.ties import tie_notes
from tests.factories import TEST_ACTOR, create_team_event
from tests.html import one, select, text, texts
from tests.web.writes import close_round, enter_result

pytestmark = pytest.mark.django_db


def note_text(element) -> str:
    """A note as a reader sees it (the names are <bdi> elements inside the sentence)."""
    return " ".join(element.get_text().split())


def cell_text(cell) -> str:
    return text(cell).rstrip("†")  # a provisional mark


def notes(html) -> list[str]:
    return [note_text(li) for li in select(html, "#standings-table .tie-notes li")]


@pytest.fixture
def lots(event):
    """The small Swiss, lots drawn with seed 4711: after round 3 (two results to come)
    Player 01, 08 and 07 have 1.5 points, 3.5 BH/C1, 3.5 BH, 0.75 SB and 0 DE each."""
    Event.objects.filter(pk=event.pk).update(lots_seed=4711, version=event.version + 1)
    event.refresh_from_db()
    return event


LOTS_NOTE = (
    "Ranks 3–5 ({}): equal on every column; the drawing of lots with seed 4711 decided their order."
)


def test_players_equal_on_every_column_are_told_the_lots_placed_them(client, lots):
    html = client.get("/e/small-open/").content.decode()
    table = one(html, "#standings-table")
    rows = [[cell_text(c) for c in row.select("td.num")] for row in select(table, "tbody tr")]
    assert rows[2] == rows[3] == rows[4] == ["1.5", "3.5", "3.5", "0.75", "0"]
    names = [text(a) for a in select(table, "tbody th.name a")][2:5]
    assert notes(html) == [LOTS_NOTE.format(", ".join(n.removeprefix("FM ") for n in names))]


def test_the_note_is_part_of_the_pushed_standings_fragment(lots):
    state = state_cache.state("small-open", lots.version)
    pushed = one(render_parts(state, ["standings"])["standings"], "#standings-table")
    assert pushed["hx-swap-oob"] == "true"
    assert "seed 4711 decided their order" in note_text(one(pushed, ".tie-notes li"))


def test_no_note_once_the_columns_part_everyone(client, lots):
    for board in (3, 4):  # round 3's last results: no two players equal on every column
        enter_result(lots, 3, board, "==")
    html = client.get("/e/small-open/").content.decode()
    assert not select(html, ".tie-notes")


def test_shared_places_need_no_note(client, lots):
    Event.objects.filter(pk=lots.pk).update(shared_places=True, version=lots.version + 1)
    html = client.get("/e/small-open/").content.decode()
    ranks = [cell_text(td) for td in select(html, "#standings-table tbody td.rank")]
    assert ranks[2:5] == ["3", "3", "3"]
    assert not select(html, ".tie-notes")


@pytest.mark.parametrize(
    ("language", "said"),
    [
        (
            "fr",
            "Rangs 3–5 ({}) : égaux dans toutes les colonnes ; "
            "le tirage au sort avec la graine 4711 a décidé de leur ordre.",
        ),
        (
            "de",
            "Plätze 3–5 ({}): in allen Spalten gleich; "
            "das Los mit dem Startwert 4711 hat ihre Reihenfolge entschieden.",
        ),
        (
            "es",
            "Puestos 3–5 ({}): iguales en todas las columnas; "
            "el sorteo con la semilla 4711 decidió su orden.",
        ),
    ],
)
def test_the_note_in_the_reader_s_language(client, lots, language, said):
    html = client.get("/e/small-open/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    names = [text(a).removeprefix("FM ") for a in select(html, "#standings-table th.name a")]
    assert notes(html) == [said.format(", ".join(names[2:5]))]


def test_standings_json_says_what_parted_each_row(client, lots):
    data = client.get("/e/small-open/standings.json").json()
    assert data["lots_seed"] == 4711
    rows = data["standings"]
    assert [r["parted_by"] for r in rows] == [
        None,
        "BH",
        "PTS",
        "lots",
        "lots",
        "BH/C1",
        "PTS",
        "BH/C1",
    ]
    lots_drawn = [r["lot"] for r in rows[2:5]]
    assert None not in lots_drawn and lots_drawn == sorted(lots_drawn)  # the lower first
    assert [r["lot"] for r in rows[:2] + rows[5:]] == [None] * 5


@pytest.fixture
def three_teams(arbiter):
    """Five teams, round 1 closed: Rooks 3–1 Knights, Bishops 2–2 Pawns, Queens a
    half-point bye; Bishops, Pawns and Queens equal on match and game points."""
    event = create_team_event(arbiters=[arbiter], teams=5)
    Event.objects.filter(pk=event.pk).update(lots_seed=20261127)
    set_team_bye(event, 1, 5, "H", actor=TEST_ACTOR)
    # The home team has white on boards 1 and 3.
    for board, result in enumerate(["10", "01", "10", "10"], start=1):
        enter_result(event, 1, board, result, table=1)
    for board, result in enumerate(["10", "10", "==", "=="], start=1):
        enter_result(event, 1, board, result, table=2)
    close_round(event, 1)
    event.refresh_from_db()
    return event


def test_three_teams_equal_on_every_column_are_told_the_lots_placed_them(client, three_teams):
    html = client.get("/e/small-teams/").content.decode()
    table = one(html, "#standings-table")
    rows = [[text(c) for c in row.select("td.rank, td.num")] for row in select(table, "tbody tr")]
    assert [row[1:] for row in rows[1:4]] == [["1", "2"]] * 3  # MPTS, GPTS
    assert [row[0] for row in rows[1:4]] == ["2", "3", "4"]
    (note,) = [note_text(li) for li in select(table, ".tie-notes li")]
    assert note.startswith("Ranks 2–4 (")
    assert note.endswith(
        "): equal on every column; the drawing of lots with seed 20261127 decided their order."
    )
    assert sorted(note.split("(")[1].split(")")[0].split(", ")) == ["Bishops", "Pawns", "Queens"]


def test_the_team_note_is_pushed_and_translated(three_teams):
    from django.utils import translation

    state = state_cache.state("small-teams", three_teams.version)
    with translation.override("es"):
        pushed = one(render_parts(state, ["standings"])["standings"], "#standings-table")
    assert note_text(one(pushed, ".tie-notes li")).startswith("Puestos 2–4 (")


def test_the_note_goes_once_the_teams_are_parted(client, three_teams):
    # Round 2: Bishops beat the Queens 4–0, Pawns beat the Rooks 3–1, Knights have a bye.
    create_round(three_teams, 2, [(3, 5), (4, 1)], {2: "Z"}, boards=4, actor=TEST_ACTOR)
    publish_pairings(three_teams, 2, actor=TEST_ACTOR)
    for board, result in enumerate(["10", "01", "10", "01"], start=1):
        enter_result(three_teams, 2, board, result, table=1)
    for board, result in enumerate(["10", "01", "10", "10"], start=1):
        enter_result(three_teams, 2, board, result, table=2)
    html = client.get("/e/small-teams/").content.decode()
    assert texts(html, "#standings-table tbody th.name") == [
        "Bishops",
        "Pawns",
        "Rooks",
        "Queens",
        "Knights",
    ]
    assert not select(html, ".tie-notes")


def test_a_tie_break_in_decimals_not_shown_is_named():
    cols = columns(("PTS", "ARO"), ("", "D"))
    rows = tuple(
        Row(rank, start_no, name, (5.0, aro), (False, False), False, ((), ()), parted_by=part)
        for rank, start_no, name, aro, part in [
            (1, 3, "Ann", 2001.004, None),
            (2, 7, "Bob", 2001.001, 1),
        ]
    )
    standings = Standings("2024", 5, ("PTS", "ARO"), rows, lots_seed=9)
    cells = [
        [Cell(format_value(v), False, c) for v, c in zip(r.values, cols, strict=True)] for r in rows
    ]
    assert [c.text for c in cells[0]] == [c.text for c in cells[1]] == ["5", "2001"]
    (note,) = tie_notes(standings, cells, cols)
    assert (note.first, note.last, note.lots, note.columns) == (1, 2, False, (cols[1],))
    assert note.parted_by == f'<abbr title="{cols[1].title}">ARO</abbr>'
    assert note.names == ("Ann", "Bob")


def test_a_large_group_is_noted_without_its_names():
    cols = columns(("PTS",), ("",))
    rows = tuple(
        Row(n, n, f"Player {n}", (3.0,), (False,), False, ((),), lot=n) for n in range(1, 7)
    )
    standings = Standings("2024", 5, ("PTS",), rows, lots_seed=3)
    cells = [[Cell("3", False, cols[0])] for _ in rows]
    (note,) = tie_notes(standings, cells, cols)
    assert (note.first, note.last, note.lots, note.seed, note.names) == (1, 6, True, 3, ())
    assert note.who == ""


def test_a_value_shown_to_two_decimals_keeps_no_stray_point():
    assert [format_value(v) for v in (2.001, 10.5, 7.25, 3.0)] == ["2", "10.5", "7.25", "3"]
