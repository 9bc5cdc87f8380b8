"""The venue's arbiter page, on a phone: its line on the public site says what the arbiter
must know (publisher not running, up to date, unreachable, refused), changes by itself as the
pusher records its progress (asked again every 5 s), without a reload, and fits the screen.
A mirrored event's public page, on a phone and a desktop, in French too: "venue offline since
10:42" appears and goes away as the venue is heard or not (asked again every 15 s), without a
reload, and fits the screen."""

from __future__ import annotations

import pytest

from tests.servers import AsgiServer

from .conftest import DESKTOP, PHONE

pytestmark = pytest.mark.browser

SEED = """
from django.contrib.auth.models import User
from standings.mirror.models import MirrorPush
from tests.factories import create_swiss
event = create_swiss(arbiters=[User.objects.create_user("arbiter", password="pw-arbiter-1")])
MirrorPush.objects.create(slug=event.slug, to_url="https://public.example",
                          acked_version=event.version)
"""
# What the pusher records (push.py): a pass, a failure since 10:42, the token refused.
RUNNING = """
from django.utils import timezone
from standings.mirror.models import MirrorPush
MirrorPush.objects.update(alive_at=timezone.now())
"""
UNREACHABLE = """
import datetime
from django.utils import timezone
from standings.mirror.models import MirrorPush
MirrorPush.objects.update(failing_since=timezone.make_aware(datetime.datetime(2026, 6, 1, 10, 42)))
"""
REFUSED = """
from standings.mirror.models import MirrorPush
MirrorPush.objects.update(refused_status=403, last_error="403: token revoked")
"""


@pytest.fixture
def venue(server_database):
    server_database.run_python(SEED)
    # A pass recorded once stays "running" however slowly this test goes on a loaded machine.
    server = AsgiServer(server_database, extra_env={"MIRROR_OFFLINE_AFTER": "3600"}).start()
    yield server
    server.stop()


def test_the_public_sites_line_says_each_case_without_a_reload(venue, new_page):
    page = new_page(PHONE)
    page.goto(venue.url + "/login/?next=/e/small-open/arbiter/")
    page.get_by_label("Username").fill("arbiter")
    page.get_by_label("Password").fill("pw-arbiter-1")
    page.get_by_role("button", name="Log in").click()
    line = page.locator(".mirror-status")
    line.wait_for()
    assert line.inner_text() == "public site: publisher not running (mirror_push)"
    page.evaluate("document.body.dataset.sameBody = 'yes'")  # gone if the page reloads
    for seed, said in (
        (RUNNING, "public site: up to date"),
        (UNREACHABLE, "public site: unreachable since 10:42"),
        (REFUSED, "public site: refused the token (revoked or wrong); publishing stopped"),
    ):
        venue.database.run_python(seed)
        page.wait_for_function(
            "said => document.querySelector('.mirror-status').textContent === said",
            arg=said,
            timeout=20000,
        )
        assert page.evaluate("document.body.dataset.sameBody") == "yes"
        box = line.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


# The public site: a venue's event, mirrored (its token granted over an event of the same slug).
MIRRORED = """
from tests.factories import create_swiss
from standings.mirror.public import grant_token
create_swiss()
grant_token("small-open", replace=True)
"""
HEARD_AT = """
import datetime
from django.utils import timezone
from standings.mirror.models import MirroredEvent
MirroredEvent.objects.update(heard_at={when})
"""
LONG_AGO = "timezone.make_aware(datetime.datetime(2026, 6, 1, 10, 42))"


@pytest.fixture
def public(server_database):
    server_database.run_python(MIRRORED + HEARD_AT.format(when=LONG_AGO))
    # Heard just now stays heard however slowly this test goes on a loaded machine.
    server = AsgiServer(server_database, extra_env={"MIRROR_OFFLINE_AFTER": "3600"}).start()
    yield server
    server.stop()


@pytest.mark.parametrize(
    ("viewport", "locale", "offline"),
    [
        (PHONE, "en-US", "venue offline since 10:42; results may be behind"),
        (PHONE, "fr-FR", "salle hors ligne depuis 10:42"),
        (DESKTOP, "de-DE", "Turniersaal offline seit 10:42"),
    ],
)
def test_the_public_page_says_the_venue_is_offline_and_then_not(
    public, chromium, viewport, locale, offline
):
    context = chromium.new_context(viewport=viewport, locale=locale, bypass_csp=True)
    try:
        page = context.new_page()
        page.goto(public.url + "/e/small-open/")
        line = page.locator(".venue-offline")
        page.wait_for_function(
            "said => document.querySelector('.venue-offline').textContent.includes(said)",
            arg=offline,
            timeout=20000,
        )
        box = line.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        page.evaluate("document.body.dataset.sameBody = 'yes'")  # gone if the page reloads
        public.database.run_python(HEARD_AT.format(when="timezone.now()"))
        page.wait_for_function(
            "document.querySelector('.venue-offline').textContent === ''", timeout=40000
        )
        public.database.run_python(HEARD_AT.format(when=LONG_AGO))
        page.wait_for_function(
            "said => document.querySelector('.venue-offline').textContent.includes(said)",
            arg=offline,
            timeout=40000,
        )
        assert page.evaluate("document.body.dataset.sameBody") == "yes"
    finally:
        context.close()
