"""A BAM match scored board by board, in French: the scorer's round page, the match's board
page and the public round have nothing left in English (but the strings the lead has still
to translate, listed below: once translated, the set is empty)."""

from __future__ import annotations

import pytest

from standings.bridge_events.bam_boards import enter_bam_board
from standings.events.models import Event
from tests.factories import TEST_ACTOR
from tests.i18n.test_bridge_pages import bridge_events, left_unmarked  # noqa: F401 (a fixture)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("bam_round")]


@pytest.fixture
def bam_round(request):
    """Round 5 of the BAM example, Bergen - Kaunas begun board by board (16 a match: boards
    65 to 80): boards 65 and 67 complete, board 66 with its open room only."""
    request.getfixturevalue("bridge_events")
    bam = Event.objects.get(slug="bam")
    for board, rooms in ((65, ("4S= N", "4S-1 N")), (66, ("3NT= S", "")), (67, ("420", "420"))):
        enter_bam_board(bam, round_number=5, home=1, away=2, board=board, open_room=rooms[0],
                        closed_room=rooms[1], actor=TEST_ACTOR)  # fmt: skip


@pytest.mark.parametrize(
    "path",
    [
        "/b/bam/?round=5",  # the round's matches: one in play, provisional
        "/b/bam/score/?round=5",  # the scorer's round: a match board by board, a new one
        "/b/bam/score/bam/5/1-2/",  # the match's boards
    ],
)
def test_bam_board_pages_have_no_english_left(client, arbiter, path):
    client.force_login(arbiter)
    assert left_unmarked(client, path) == set()
