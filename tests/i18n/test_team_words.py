"""A team event's pages in French (issue 26): home and away, byes, a player's games, the
board rankings and the tie-break names as the language writes them, nothing left in English
(tests/browser/test_no_english.py reads every page with its scripts running)."""

from __future__ import annotations

import pytest

from tests.html import one, select, text, texts
from tests.web.test_team_pages import teams  # noqa: F401 (a fixture)

pytestmark = pytest.mark.django_db

FRENCH = {"HTTP_ACCEPT_LANGUAGE": "fr"}


def test_a_team_s_card_says_home_and_away_and_its_games_in_french(client, teams):  # noqa: F811
    html = client.get("/e/small-teams/team/1/", **FRENCH).content.decode()
    record = one(html, ".record:not(.roster)")
    assert text(record.select_one("thead abbr")) == "Rde"
    assert "D/E" in texts(record, "thead th")
    assert [text(row.select("td")[1]) for row in record.select("tbody tr")] == [
        "domicile",
        "extérieur",
    ]
    first = select(html, ".roster tbody tr")[0].select("td[title]")[0]["title"]
    assert first.startswith("échiquier 1, blancs, ") and " contre " in first, first
    # The tie-break names keep their case after the rank ("Points de match", not "points").
    assert "· Points de match 2" in " ".join(texts(html, "p.meta"))


def test_the_team_crosstable_words_home_away_and_byes_in_french(client, teams):  # noqa: F811
    html = client.get("/e/small-teams/crosstable/", **FRENCH).content.decode()
    rows = {row["data-key"]: row for row in select(html, ".crosstable tbody tr")}
    assert [text(td) for td in rows["1"].select("td.num")][:2] == ["5d 2½", "4e 1½"]
    bye = rows["5"].select("td.num")[0]
    assert bye["title"] == "Bye d'un point" and text(bye) == "B"


def test_board_rankings_and_match_points_in_french(client, teams):  # noqa: F811
    boards = client.get("/e/small-teams/boards/", **FRENCH).content.decode()
    assert texts(boards, ".board-ranking caption")[0] == "Échiquier 1"
    assert "Remplaçants" in texts(boards, ".board-ranking caption")
    assert boards.count("Board") == 0
    page = client.get("/e/small-teams/round/1/", **FRENCH).content.decode()
    assert "(points de match 2–0)" in texts(page, "tr.match-head")[0]


def test_the_arbiter_s_bye_kinds_and_round_titles_in_french(client, arbiter, teams):  # noqa: F811
    client.force_login(arbiter)
    html = client.get("/e/small-teams/arbiter/round/2/", **FRENCH).content.decode()
    assert texts(html, ".team-byes option") == [
        "pas de bye",
        "exempt (bye d'appariement)",
        "bye d'un point",
        "bye d'un demi-point",
        "bye à zéro point",
    ]
    assert one(html, "title").text.startswith("Ronde 2 · ")
    assert [a["title"] for a in select(html, ".round-nav a")] == ["Close", "En cours"]


def test_a_tournament_s_sections_say_their_round_s_state_in_each_reader_s_language(client):
    """The sections' summaries are cached for every language: read in English first, the
    German overview still says its rounds' states in German."""
    from standings.events.models import Event
    from tests.factories import create_swiss

    cup = Event.objects.create(slug="cup", name="Cup")
    create_swiss(slug="cup-a")
    Event.objects.filter(slug="cup-a").update(parent=cup, name="Open A")
    english = client.get("/e/cup/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Round 3: in progress" in " ".join(texts(english, "p.meta"))
    german = client.get("/e/cup/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Runde 3: läuft" in " ".join(texts(german, "p.meta"))


@pytest.mark.parametrize(
    "language, presets",
    [
        ("fr", ["FIDE : équipes", "Chess Scotland : équipes", "Liste personnalisée"]),
        ("de", ["FIDE: Mannschaften", "Chess Scotland: Mannschaften"]),
        ("es", ["FIDE: equipos", "Chess Scotland: equipos"]),
    ],
)
def test_the_team_presets_are_named_in_the_arbiter_s_language(
    client,
    arbiter,
    teams,  # noqa: F811
    language,
    presets,
):
    client.force_login(arbiter)
    html = client.get("/e/small-teams/arbiter/settings/", HTTP_ACCEPT_LANGUAGE=language).content
    labels = [" ".join(label.text.split()) for label in select(html, "label.choice")]
    assert len(labels) >= len(presets), labels
    for label, name in zip(labels, presets, strict=False):
        assert label.startswith(name), labels
