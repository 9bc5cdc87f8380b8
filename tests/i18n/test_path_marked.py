"""Each player's path and the estimated rating change (the card, the team page, the standings
column, the arbiter's settings) have no unmarked text in French (test_marked's heuristic).
Their new strings are excused only while the French catalogue lacks them: once translated,
they are held like every other text."""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.utils import translation

from standings.demo.team_event import DEMO_TEAM_SLUG, load_team_demo
from standings.events.rating_settings import change_rating_settings
from standings.state import cache as state_cache
from tests.factories import TEST_ACTOR
from tests.html import select
from tests.i18n.test_marked import WORD, _alike_words, words

pytestmark = pytest.mark.django_db

NEW = [
    "Estimated rating change",
    "Unrated: no rating change to estimate.",
    "An estimate under the FIDE Rating Regulations, not the official change: rated games only "
    "(played over the board against a rated opponent), K = %(k)s",
    "set by the arbiter",
    "under 18 and rated under 2300",
    "rated under 2400",
    "rated 2400 or more",
    "Estimated rating change: %(change)s",
    "Expected score: FIDE table 8.1(b), a difference over 400 counted as 400",
    "Change",
    "Total, rounded (an estimate)",
    "No rated game yet.",
    "Rank and points after each round",
    "After each round closed or complete, as the standings after that round rank it "
    "(first place on top).",
    "The figures as a table",
    "Estimated rating change (FIDE Rating Regulations, rated games only): an estimate, "
    "not the official change",
    "Rating change",
    "estimated rating change",
    "Each player card estimates the rating change under the FIDE Rating Regulations, game by "
    "game, for rated games only. K is worked out from the rating and the birth year; set it "
    "where they cannot tell it: a player new to the rating list (40 for the first 30 games), "
    "or one once rated 2400 or more (10).",
    "Show the estimated rating change as a column of the standings (not on a phone)",
    "K for each player",
    "Born",
    "worked out: %(k)s",
    "Estimated rating change: the standings column and each player's K",
]
NEW_IN_CONTEXT = [
    ("expected score, abbreviated", "Exp."),
    ("estimated rating change, abbreviated", "Rtg ±"),
]


def still_english(client, path: str, where: str) -> set[str]:
    """The unmarked texts of the page's parts `where` (a CSS selector: what this feature
    adds), less the new strings the French catalogue lacks yet (cut out of a text that
    joins several)."""
    with translation.override("fr"):
        missing = [m for m in NEW if translation.gettext(m) == m]
        missing += [m for c, m in NEW_IN_CONTEXT if translation.pgettext(c, m) == m]
    shapes = [  # the longest first: a short string may be part of a longer one
        re.compile(re.sub(r"%\\\(\w+\\\)s", r"[−+]?\\d+", re.escape(m)))
        for m in sorted(missing, key=len, reverse=True)
    ]
    left = set()
    for found in unmarked_in(client, path, where):
        rest = found
        for shape in shapes:
            rest = shape.sub(" ", rest)
        if WORD.search(rest):
            left.add(found)
    return left


def unmarked_in(client, path: str, where: str) -> set[str]:
    """test_marked.unmarked, on the parts of the page `where` selects only."""
    english, french = (client.get(path, HTTP_ACCEPT_LANGUAGE=language) for language in ("en", "fr"))
    assert english.status_code == french.status_code == 200, path
    shown = [
        words("".join(str(part) for part in select(answer.content.decode(), where)))
        for answer in (english, french)
    ]
    assert shown[0], f"nothing of {where!r} on {path}"
    same = shown[0] & shown[1]
    return {text for text in same if not set(WORD.findall(text)) <= _alike_words()}


PARTS = "section.path, section.rating-change, #standings-table thead th.change"


def test_the_player_cards_have_no_unmarked_text(client, event):
    change_rating_settings(event, column=True, k_factors={2: 40}, actor=TEST_ACTOR)
    for path in ["/e/small-open/player/1/", "/e/small-open/player/2/", "/e/small-open/"]:
        assert still_english(client, path, PARTS) == set(), path


def test_the_team_page_has_no_unmarked_text(client, db):
    load_team_demo()  # rounds played, so a path to show
    assert still_english(client, f"/e/{DEMO_TEAM_SLUG}/team/1/", "section.path") == set()


def test_the_arbiters_settings_pages_have_no_unmarked_text(client, event, arbiter):
    client.force_login(arbiter)
    assert still_english(client, "/e/small-open/arbiter/settings/rating/", "main") == set()
    link = "a[href='/e/small-open/arbiter/settings/rating/']"
    assert still_english(client, "/e/small-open/arbiter/settings/", link) == set()


def test_an_unrated_player_s_card_has_no_unmarked_text(client, event):
    event.participants.filter(start_no=4).update(rating=None)
    cache.delete(state_cache.version_key(event.slug))
    assert still_english(client, "/e/small-open/player/4/", "section.rating-change") == set()
