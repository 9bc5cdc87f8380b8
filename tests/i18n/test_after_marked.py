"""The standings after a round (and the standings page that links them) have no unmarked
text in French (test_marked's heuristic). The page's own new strings are excused only while
the French catalogue lacks them: once translated, they are held like every other text."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from tests.i18n.test_marked import unmarked
from tests.web import writes

pytestmark = pytest.mark.django_db

# The page's new strings (their values are numbers).
NEW = ["Standings after round %(number)s of %(of)s", "Back to the live standings"]


def still_english(path: str, client) -> set[str]:
    """The page's unmarked texts, less the new strings the French catalogue lacks yet."""
    with translation.override("fr"):
        missing = [msgid for msgid in NEW if translation.gettext(msgid) == msgid]
    shapes = [re.compile(re.sub(r"%\\\(\w+\\\)s", r"\\d+", re.escape(m)) + "$") for m in missing]
    return {t for t in unmarked(client, path) if not any(s.match(t) for s in shapes)}


@pytest.mark.parametrize(
    "path", ["/e/small-open/after/2/", "/e/small-open/after/1/", "/e/small-open/"]
)
def test_the_after_pages_have_no_unmarked_text(client, event, path):
    assert still_english(path, client) == set()


def test_a_complete_round_not_closed_has_no_unmarked_text(client, event):
    writes.enter_result(event, 3, 3, "10")
    writes.enter_result(event, 3, 4, "01")
    assert still_english("/e/small-open/after/3/", client) == set()
