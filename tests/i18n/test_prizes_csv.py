"""The treasurer's prizes.csv names its columns in the reader's language, in the same order,
and no name in it runs as a formula in a spreadsheet."""

from __future__ import annotations

import csv
import io

import pytest

from standings.events.models import Participant
from tests.html import one, select, text
from tests.web.test_prizes import prized  # noqa: F401 (a fixture)

pytestmark = pytest.mark.django_db


def rows(client, language: str) -> list[list[str]]:
    answer = client.get("/e/small-open/prizes.csv", HTTP_ACCEPT_LANGUAGE=language)
    return list(csv.reader(io.StringIO(answer.content.decode())))


def test_the_header_in_french_and_english_column_by_column(client, prized):  # noqa: F811
    french, english = rows(client, "fr"), rows(client, "en")
    assert french[0][:4] == ["catégorie", "place", "places", "n° de départ"]
    assert english[0][:4] == ["category", "place", "places", "start_no"]
    assert len(french[0]) == len(english[0])
    assert {row[-1] for row in french[1:]} == {"oui"}
    assert [row[:-1] for row in french[1:]] == [row[:-1] for row in english[1:]]


FORMULAS = ['=HYPERLINK("http://x.test","pay")', "-1+2", "@SUM(A1)", "+1", "\tTab", "\rCR"]


def test_no_text_cell_runs_as_a_formula_and_numbers_stay_numbers(client, prized):  # noqa: F811
    for n, name in enumerate(FORMULAS * 2, start=1):  # the 8 players (and some to spare)
        Participant.objects.filter(event=prized, start_no=n).update(name=name, federation="=X")
    for language in ("en", "fr"):
        listed = rows(client, language)[1:]
        assert listed
        for row in listed:
            name, federation = row[4], row[5]
            assert name.startswith("'") and name[1:] in FORMULAS
            assert federation == "'=X"
            for number in (row[1], row[3], row[6], row[10]):  # place, start no, points, shared
                assert not number.startswith("'") and float(number) >= 0
            assert row[7] == "" or float(row[7]) > 0  # the amount


# Round 3 of 5 closed: in line for, provisional; declared final: wins, final (issue 26).
WORDS = {
    "fr": ("En lice pour", "Remporte", "oui", "non", "dernière ronde", "Définitif"),
    "de": ("Auf Kurs für", "Gewinnt", "ja", "nein", "letzte Runde", "Endgültig"),
    "es": ("Opta a", "Gana", "sí", "no", "última ronda", "Definitiv"),
}


@pytest.mark.parametrize("language", sorted(WORDS))
def test_in_line_for_and_final_in_every_language(
    client,
    prized,  # noqa: F811
    arbiter,
    language,
    django_capture_on_commit_callbacks,
):
    from functools import partial

    from standings.events.prizes import declare_final
    from tests.web.test_cache import publish_after_commit
    from tests.web.writes import close_round, enter_result

    in_line, wins, yes, no, last_round, final = WORDS[language]
    enter_result(prized, 3, 3, "10")
    enter_result(prized, 3, 4, "01")
    close_round(prized, 3)

    def said():
        lang = {"HTTP_ACCEPT_LANGUAGE": language}
        page = client.get("/e/small-open/prizes/", **lang).content.decode()
        first = select(page, 'table[data-category="overall"] tbody tr')[0]["data-start-no"]
        card = client.get(f"/e/small-open/player/{first}/", **lang).content.decode()
        column = {row[-1] for row in rows(client, language)[1:]}
        return text(one(page, "#prize-status")), text(one(card, ".in-line-for")), column

    status, card, column = said()
    assert last_round in status and card.startswith(in_line) and column == {yes}
    publish_after_commit(
        django_capture_on_commit_callbacks, partial(declare_final, actor=arbiter), prized
    )
    status, card, column = said()
    assert status.startswith(final) and card.startswith(wins) and column == {no}
