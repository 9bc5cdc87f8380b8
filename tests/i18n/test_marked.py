"""Every text of a page goes through the translation machinery: a small heuristic. A page
is rendered in English and in French; a text node that reads the same in both and holds a
word is text nobody marked, unless it is data (names, in <bdi>) or reads the same in
French on purpose (ALIKE)."""

from __future__ import annotations

import re

import pytest
from bs4 import Doctype, Tag
from django.test import Client

from tests.factories import TEST_ACTOR
from tests.html import parse

pytestmark = pytest.mark.django_db

PUBLIC = [
    "/",
    "/e/small-open/",
    "/e/small-open/round/3/",
    "/e/small-open/round/1/",
    "/e/small-open/crosstable/",
    "/e/small-open/player/1/",
    "/e/small-open/player/5/",
    "/e/small-open/screen/",
    "/language/",
    "/e/small-open/print/",
    "/e/small-open/print/a4/round/3/pairings/",
    "/e/small-open/print/a4/round/3/names/",
    "/e/small-open/print/a4/round/3/results/",
    "/e/small-open/print/letter/standings/",
    "/e/small-open/print/a4/crosstable/",
    "/e/small-open/print/a4/players/",
]
ARBITER = [
    "/e/small-open/arbiter/",
    "/e/small-open/arbiter/round/2/",
    "/e/small-open/arbiter/audit/",
    "/e/small-open/arbiter/settings/",
    "/e/small-open/arbiter/settings/prizes/",
    "/login/",
]
# Words French writes as English does, and the data of the test event.
ALIKE = {
    "Points", "Total", "Elo", "Buchholz", "Sonneborn-Berger", "bridge", "Pts", "Rg", "N°",
    "Small Open", "Standings", "Note", "Cut", "Median", "Type", "type", "Koya", "OK", "Place",
    "Action", "(arbiter)", "Letter",  # the US paper size keeps its name
    # rule books' names, as their federations write them (engine.presets)
    "US Chess", "Chess Scotland: Swiss", "Chess Scotland: all-play-all",
}  # fmt: skip
# a word of 3 letters or more with a lower-case one (ROU, SCO, JSON are codes)
WORD = re.compile(r"\b(?=[A-Za-z]*[a-z])[A-Za-z]{3,}\b")
DATA = ("bdi", "script", "style", "code", "time", "option", "textarea")  # textarea: a JSON editor


def words(html: str) -> set[str]:
    """The page's text nodes (and titles, labels, placeholders) that hold a word."""
    page = parse(html)
    found = set()
    for node in page.find_all(string=True):
        if isinstance(node, Doctype) or any(p.name in DATA for p in node.parents):
            continue
        found.add(" ".join(node.split()))
    for element in page.find_all(True):
        assert isinstance(element, Tag)
        for attribute in ("title", "aria-label", "placeholder", "alt"):
            if element.get(attribute):
                found.add(" ".join(str(element[attribute]).split()))
    return {text for text in found if WORD.search(text) and not text.startswith("/")}


def unmarked(client: Client, path: str) -> set[str]:
    english = client.get(path, HTTP_ACCEPT_LANGUAGE="en")
    french = client.get(path, HTTP_ACCEPT_LANGUAGE="fr")
    assert english.status_code == french.status_code == 200, path
    same = words(english.content.decode()) & words(french.content.decode())
    return {text for text in same if not set(WORD.findall(text)) <= _alike_words()}


def _alike_words() -> set[str]:
    return {word for text in ALIKE for word in WORD.findall(text)} | {"BH", "SB", "DE", "PTS"}


@pytest.mark.parametrize("path", PUBLIC)
def test_public_pages_have_no_unmarked_text(client, event, path):
    assert unmarked(client, path) == set()


@pytest.mark.parametrize("path", ARBITER)
def test_arbiter_pages_have_no_unmarked_text(client, event, arbiter, path):
    if path != "/login/":
        client.force_login(arbiter)
    assert unmarked(client, path) == set()


PRIZES = {
    "ties": "equal",
    "categories": [{"key": "all", "name": "Overall"}, {"key": "u2250", "name": "U2250",
                   "rating": {"max": 2249}}],
    "prizes": [{"category": "all", "place": 1, "amount": "300"},
               {"category": "u2250", "place": 1, "item": "Book"}],
}  # fmt: skip


@pytest.mark.parametrize(
    "path",
    [
        "/e/small-open/prizes/",
        "/e/small-open/print/a4/prizes/",
        "/e/small-open/player/1/",
        "/e/small-open/arbiter/settings/prizes/",
    ],
)
def test_prize_pages_with_prizes_have_no_unmarked_text(client, event, arbiter, path):
    from standings.events.services import change_prizes

    change_prizes(event, PRIZES, actor=TEST_ACTOR)
    client.force_login(arbiter)
    data = {"Overall", "Book"}  # the document's names
    assert {t for t in unmarked(client, path) if not set(WORD.findall(t)) <= data} == set()


@pytest.mark.parametrize("path", ["/import/", "/e/small-open/import/"])
def test_the_import_pages_have_no_unmarked_text(client, event, django_user_model, path):
    client.force_login(django_user_model.objects.create_user("organiser", is_staff=True))
    assert unmarked(client, path) == set()
