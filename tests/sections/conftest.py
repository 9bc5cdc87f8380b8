import datetime

import pytest

from standings.events.models import Event
from tests.factories import create_swiss


@pytest.fixture
def cup(db, arbiter):
    """A tournament of two sections, Open A and Open B; the cup's arbiter runs both."""
    tournament = Event.objects.create(
        slug="cup", name="Rilton Cup", start_date=datetime.date(2026, 6, 1)
    )
    tournament.arbiters.set([arbiter])
    for order, (slug, name, offset) in enumerate(
        [("cup-a", "Open A", 0), ("cup-b", "Open B", 100)], start=1
    ):
        section = create_swiss(slug=slug)
        Event.objects.filter(pk=section.pk).update(
            name=name, parent=tournament, section_order=order, board_offset=offset
        )
    return tournament
