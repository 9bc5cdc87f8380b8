"""The treasurer's prizes.csv names its columns in the reader's language, in the same order,
and no name in it runs as a formula in a spreadsheet."""

from __future__ import annotations

import csv
import io

import pytest

from standings.events.models import Participant
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
