"""Each player's path and the estimated rating change (the card, the team page, the standings
column, the arbiter's settings) have no unmarked text in French (test_marked's heuristic).
"""

from __future__ import annotations

import pytest
from django.core.cache import cache

from standings.demo.team_event import DEMO_TEAM_SLUG, load_team_demo
from standings.events.rating_settings import change_rating_settings
from standings.state import cache as state_cache
from tests.factories import TEST_ACTOR
from tests.html import select
from tests.i18n.test_marked import WORD, _alike_words, words

pytestmark = pytest.mark.django_db


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
        assert unmarked_in(client, path, PARTS) == set(), path


def test_the_team_page_has_no_unmarked_text(client, db):
    load_team_demo()  # rounds played, so a path to show
    assert unmarked_in(client, f"/e/{DEMO_TEAM_SLUG}/team/1/", "section.path") == set()


def test_the_arbiters_settings_pages_have_no_unmarked_text(client, event, arbiter):
    client.force_login(arbiter)
    assert unmarked_in(client, "/e/small-open/arbiter/settings/rating/", "main") == set()
    link = "a[href='/e/small-open/arbiter/settings/rating/']"
    assert unmarked_in(client, "/e/small-open/arbiter/settings/", link) == set()


def test_an_unrated_player_s_card_has_no_unmarked_text(client, event):
    event.participants.filter(start_no=4).update(rating=None)
    cache.delete(state_cache.version_key(event.slug))
    assert unmarked_in(client, "/e/small-open/player/4/", "section.rating-change") == set()
