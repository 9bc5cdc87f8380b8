"""The venue's arbiter page, on a phone: its line on the public site changes by itself as the
pusher records its progress (asked again every 5 s), without a reload, and fits the screen."""

from __future__ import annotations

import pytest

from tests.servers import AsgiServer

from .conftest import PHONE

pytestmark = pytest.mark.browser

SEED = """
from django.contrib.auth.models import User
from standings.mirror.models import MirrorPush
from tests.factories import create_swiss
event = create_swiss(arbiters=[User.objects.create_user("arbiter", password="pw-arbiter-1")])
MirrorPush.objects.create(slug=event.slug, to_url="https://public.example",
                          acked_version=event.version)
"""
UNREACHABLE = """
import datetime
from django.utils import timezone
from standings.mirror.models import MirrorPush
MirrorPush.objects.update(failing_since=timezone.make_aware(datetime.datetime(2026, 6, 1, 10, 42)))
"""


@pytest.fixture
def venue(server_database):
    server_database.run_python(SEED)
    server = AsgiServer(server_database).start()
    yield server
    server.stop()


def test_the_public_sites_line_changes_without_a_reload(venue, new_page):
    page = new_page(PHONE)
    page.goto(venue.url + "/login/?next=/e/small-open/arbiter/")
    page.get_by_label("Username").fill("arbiter")
    page.get_by_label("Password").fill("pw-arbiter-1")
    page.get_by_role("button", name="Log in").click()
    line = page.locator(".mirror-status")
    line.wait_for()
    assert line.inner_text() == "public site: up to date"
    page.evaluate("document.body.dataset.sameBody = 'yes'")  # gone if the page reloads
    venue.database.run_python(UNREACHABLE)
    page.wait_for_function(
        "document.querySelector('.mirror-status').textContent.includes('unreachable')",
        timeout=15000,
    )
    assert line.inner_text() == "public site: unreachable since 10:42"
    assert page.evaluate("document.body.dataset.sameBody") == "yes"
    box = line.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
