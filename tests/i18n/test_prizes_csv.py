"""The treasurer's prizes.csv names its columns in the reader's language, in the same order."""

from __future__ import annotations

import csv
import io

import pytest

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
