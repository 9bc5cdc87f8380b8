"""The standings after a round (and the standings page that links them) have no unmarked
text in French (test_marked's heuristic)."""

from __future__ import annotations

import pytest

from tests.i18n.test_marked import unmarked
from tests.web import writes
from tests.web.built import fetched

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "path", ["/e/small-open/after/2/", "/e/small-open/after/1/", "/e/small-open/"]
)
def test_the_after_pages_have_no_unmarked_text(client, event, path):
    fetched(client, path, HTTP_ACCEPT_LANGUAGE="fr")  # built off the request path first
    assert unmarked(client, path) == set()


def test_a_complete_round_not_closed_has_no_unmarked_text(client, event):
    writes.enter_result(event, 3, 3, "10")
    writes.enter_result(event, 3, 4, "01")
    fetched(client, "/e/small-open/after/3/", HTTP_ACCEPT_LANGUAGE="fr")
    assert unmarked(client, "/e/small-open/after/3/") == set()
