"""The public pages of a team event: team standings, round matches, team crosstable, team
page, board rankings, the screen; and the live fragments they are sent."""

from __future__ import annotations

import pytest

from standings.events.rounds import create_round
from standings.events.services import close_round, enter_result
from standings.events.snapshot import team_tiebreaks
from standings.events.team_services import forfeit_match, set_team_bye
from standings.live.fragments import render_parts
from standings.state import cache as state_cache
from tests.factories import TEST_ACTOR, create_team_event
from tests.html import one, select, text, texts

pytestmark = pytest.mark.django_db


@pytest.fixture
def teams(arbiter):
    """Five teams; round 1 closed (Rooks 2½–1½ Knights, Bishops 2–2 Pawns, Queens a full-point
    bye), round 2 under way (Knights forfeit to the Queens, Pawns 1½–1½ Rooks after three
    boards, Bishops a half-point bye). The home team has white on boards 1 and 3."""
    event = create_team_event(arbiters=[arbiter], teams=5)
    set_team_bye(event, 1, 5, "F", actor=TEST_ACTOR)
    for n, result in enumerate(["10", "10", "10", "=="], start=1):
        enter_result(event, 1, n, result, table=1, actor=TEST_ACTOR)
    for n, result in enumerate(["10", "10", "10", "10"], start=1):
        enter_result(event, 1, n, result, table=2, actor=TEST_ACTOR)
    close_round(event, 1, actor=TEST_ACTOR)
    create_round(
        event,
        2,
        [(4, 1), (2, 5)],
        {3: "H"},
        boards=4,
        lineups={5: [21, 22, 23, 25]},
        actor=TEST_ACTOR,
    )
    from standings.events.services import publish_pairings

    publish_pairings(event, 2, actor=TEST_ACTOR)
    forfeit_match(event, 2, 2, "-+", actor=TEST_ACTOR)
    for n, result in enumerate(["==", "01", "01"], start=1):
        enter_result(event, 2, n, result, table=1, actor=TEST_ACTOR)
    event.refresh_from_db()
    return event


def test_team_standings_rank_by_match_then_game_points(client, teams):
    teams.shared_places = True  # no list: match points, then game points, ties share
    teams.save(update_fields=["shared_places"])
    html = client.get("/e/small-teams/").content.decode()
    table = one(html, "#standings-table")
    assert text(one(table, "caption")).startswith("Team standings after round 2")
    rows = [[text(cell) for cell in row.select("td, th")] for row in select(table, "tbody tr")]
    # Queens: a full-point bye (2 MP, 4 GP) and a forfeit win (2, 4); Rooks won round 1
    # (2, 2½), round 2 undecided at 1½–1½; Bishops drew, then a half-point bye (1 + 1, 2 + 2).
    assert rows == [
        ["1", "5", "Queens", "4", "8"],
        ["2", "1", "Rooks", "2", "4"],
        ["2", "3", "Bishops", "2", "4"],
        ["4", "4", "Pawns", "1", "3.5"],
        ["5", "2", "Knights", "0", "1.5"],
    ]
    assert one(table, 'tr[data-key="5"] a')["href"] == "/e/small-teams/team/5/"
    nav = texts(html, ".event-nav a")
    assert nav == ["Standings", "Round 2", "Crosstable", "Boards", "Screen", "Print", "JSON"]


def test_the_round_page_lists_matches_with_their_boards(client, teams):
    html = client.get("/e/small-teams/round/2/").content.decode()
    games = one(html, "#round-games-2")
    heads = texts(games, ".match-head")
    assert heads == ["1. Pawns 1½–1½ Rooks", "2. Knights −/+ Queens (match points 0–2)"]
    first = select(games, "tbody.match")[0]
    assert texts(first, "tr[data-key] .result") == ["½–½", "0–1", "0–1", "… to come"]
    assert "Bishops : half-point bye" in text(one(games, ".byes")).replace("\n", " ")
    assert text(one(games, "caption")) == "Round 2: in progress · 1 board to come"


def test_the_team_crosstable_shows_opponent_rank_side_and_game_points(client, teams):
    html = client.get("/e/small-teams/crosstable/").content.decode()
    rows = {row["data-key"]: row for row in select(html, ".crosstable tbody tr")}
    assert [text(td) for td in rows["1"].select("td.num")][:2] == ["5h 2½", "4a 1½"]
    assert [text(td) for td in rows["5"].select("td.num")][:2] == ["F", "5a 4"]


def test_the_team_page_shows_record_roster_and_values_explained(client, teams):
    html = client.get("/e/small-teams/team/1/").content.decode()
    assert text(one(html, "h2.player-name")) == "Rooks"
    assert texts(html, ".record:not(.roster) tbody tr td.num") == ["2½–1½", "2", "1½–1½", "…"]
    roster = select(html, ".roster tbody tr")
    assert len(roster) == 5  # four boards and the reserve
    assert [text(td) for td in roster[0].select("td")] == ["1", "2290", "1 1", "1 ½", "1.5", "2"]
    assert [text(td) for td in roster[4].select("td")][-2:] == ["0", "0"]  # the reserve
    values = texts(html, ".explained h3")
    assert values == ["MPTS Match points: 2", "GPTS Game points: 4"]
    assert client.get("/e/small-teams/team/9/").status_code == 404


def test_board_rankings_by_percentage_with_the_minimum_games(client, teams):
    teams.board_ranking_min_games = 2
    teams.save(update_fields=["board_ranking_min_games"])
    html = client.get("/e/small-teams/boards/").content.decode()
    captions = texts(html, ".board-ranking caption")
    assert captions == ["Board 1", "Board 2", "Board 3", "Board 4", "Reserves"]
    board1 = select(html, ".board-ranking")[0]
    lines = [[text(td) for td in row.select("td, th")][:6] for row in board1.select("tbody tr")]
    # Rook 1 won, then drew: 1½ of 2; Pawn 1 ½ of 2. Bishop 1 and Knight 1 played once (a bye,
    # a forfeited match), Queen 1 never: listed, unranked.
    assert lines[0] == ["1", "Rook 1", "Rooks", "1.5", "2", "75.0"]
    assert lines[1][0] == "2"
    assert [line[:2] for line in lines[1:]] == [
        ["2", "Pawn 1"],
        ["–", "Bishop 1"],
        ["–", "Knight 1"],
        ["–", "Queen 1"],
    ]
    assert "Ranked from 2 games" in text(one(html, "#page-body > .meta"))


def test_an_individual_event_has_no_team_pages(client, event):
    assert client.get("/e/small-open/boards/").status_code == 404
    assert client.get("/e/small-open/team/1/").status_code == 404
    assert "Boards" not in texts(client.get("/e/small-open/").content, ".event-nav a")


def test_the_screen_shows_team_standings_and_the_round_s_matches(client, teams):
    html = client.get("/e/small-teams/screen/").content.decode()
    assert texts(one(html, "#screen-standings"), "tbody th.name")[0] == "Queens"
    assert texts(one(html, "#screen-pairings"), "tbody td.result") == ["1½–1½", "−/+"]


def test_the_live_fragments_carry_team_standings_and_matches(teams):
    state = state_cache.state("small-teams", teams.version)
    parts = render_parts(state)
    standings = one(parts["standings"], "#standings-table")
    assert standings["hx-swap-oob"] == "true"
    assert "Queens" in text(standings)
    round_part = one(parts["round"], "#round-games-2")
    assert len(select(round_part, "tbody.match")) == 2
    assert len(select(parts["screen"], "#screen-pairings tbody tr")) == 2


def test_standings_json_of_a_team_event_lists_the_teams(client, teams):
    data = client.get("/e/small-teams/standings.json").json()
    assert data["tiebreaks"] == ["MPTS", "GPTS"]
    assert data["round"] == 2
    assert data["standings"][0] == {
        "rank": 1,
        "start_no": 5,
        "name": "Queens",
        "values": [4.0, 8.0],
        "provisional": [False, False],
        "parted_by": None,
        "lot": None,
    }


def test_the_team_page_counts_only_games_with_a_result(client, teams):
    html = client.get("/e/small-teams/team/1/").content.decode()
    fourth = select(html, ".roster tbody tr")[3]  # board 4 of round 2 is still to come
    assert [text(td) for td in fourth.select("td")][-2:] == ["0.5", "1"]
    assert "places gained or lost" not in text(one(html, ".legend"))


def test_board_rankings_before_the_first_match(client, arbiter):
    from standings.events.models import Round

    event = create_team_event(arbiters=[arbiter], slug="new-teams")
    Round.objects.filter(event=event).delete()
    event.version += 1
    event.save()
    html = client.get("/e/new-teams/boards/").content.decode()
    assert text(one(html, "#page-body")).endswith("No games yet.")


def test_a_player_card_names_the_player_s_team(client, teams):
    html = client.get("/e/small-teams/player/7/").content.decode()
    assert "Plays for Knights , board 2 of its roster" in text(one(html, "#page-body"))
    assert select(html, '#page-body a[href="/e/small-teams/team/2/"]')


def test_team_standings_show_the_event_s_team_tiebreaks_with_types_and_marks(client, teams):
    teams.tiebreaks = "MPTS GPTS BH:MP EMGSB BBE"
    teams.save(update_fields=["tiebreaks"])
    html = client.get("/e/small-teams/").content.decode()
    table = one(html, "#standings-table")
    heads = [text(th) for th in select(table, "thead th")][3:]
    assert heads == ["MPTS", "GPTS", "BH:MP", "EMGSB", "BBE"]
    titles = [abbr["title"] for abbr in select(table, "thead th abbr")][2:]
    assert titles[2:4] == ["Buchholz (match points)", "Extended Sonneborn-Berger (MP x GP)"]
    # Round 2 is open: Buchholz and EMGSB (type C) are provisional, the scores are not; BBE
    # places teams inside groups those values form, so it is provisional with them.
    queens = one(table, 'tr[data-key="5"]')
    cells = [td for td in queens.select("td.num")]
    assert [("prov" in td.get("class", [])) for td in cells] == [False, False, True, True, True]
    legend = text(one(html, ".legend"))
    assert "Art. 13.2.2, type BC" in legend

    got = client.get("/e/small-teams/standings.json").json()
    assert got["tiebreaks"] == ["MPTS", "GPTS", "BH:MP", "EMGSB", "BBE"]
    queens_row = next(r for r in got["standings"] if r["start_no"] == 5)
    assert queens_row["values"][:2] == [4.0, 8.0]
    assert queens_row["provisional"] == [False, False, True, True, True]


def test_the_team_page_explains_every_team_tiebreak(client, teams):
    teams.tiebreaks = "MPTS GPTS BH:MP EMGSB BC"
    teams.save(update_fields=["tiebreaks"])
    html = client.get("/e/small-teams/team/1/").content.decode()
    sections = select(html, ".explained")
    assert [text(select(s, "h3 abbr")[0]) for s in sections] == [
        "MPTS",
        "GPTS",
        "BH:MP",
        "EMGSB",
        "BC",
    ]
    emgsb = sections[3]
    rows = [[text(td) for td in tr.select("td")] for tr in emgsb.select("tbody tr")]
    assert [r[1] for r in rows] == ["Knights", "Pawns"]  # the teams met, linked
    assert "Provisional" in text(emgsb)
    board_count = [[text(td) for td in tr.select("td")] for tr in sections[4].select("tbody tr")]
    assert board_count[0][3] == "boards 1: 1, 2: 0, 3: 1, 4: 0.5"  # white on boards 1 and 3


@pytest.mark.parametrize(
    ("stored", "ranked"),
    [
        ("", "MPTS GPTS"),
        ("BH", "MPTS BH GPTS"),
        ("MPVGP", "MPTS MPVGP GPTS"),
        ("GPTS BH", "GPTS BH MPTS"),
        ("MPTS EMGSB/C1 GPTS EDE", "MPTS EMGSB/C1 GPTS EDE"),
    ],
)
def test_team_standings_always_show_both_scores_the_primary_first(stored: str, ranked: str):
    assert team_tiebreaks(stored.split()) == ranked.split()
