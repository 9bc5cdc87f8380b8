"""An arbiter's and a scorer's tap while the database is away (for real: tests/security/
database_down.py), or while the network is: the page says so in the arbiter's language,
leaves the board and what was typed as they were, and the tap made again is saved once."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from standings.bridge_events.demo import BRIDGE_DEMO_SLUG
from tests.security.database_down import database_down
from tests.servers import AsgiServer

from .conftest import CHROMIUM_ARGS, chromium, site  # noqa: F401 (fixtures)
from .test_bridge_scorer import SEED as BRIDGE_SEED

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ARBITER = """
from django.contrib.auth import get_user_model
from standings.events.models import Event
user = get_user_model().objects.create_user("anna", password="pw-anna-1")
Event.objects.get(slug="small-open").arbiters.add(user)
"""
STORED = """
from standings.events.models import AuditEntry, Game
game = Game.objects.get(round__event__slug="small-open", round__number=3, board=3)
print(repr(game.result), AuditEntry.objects.count())
"""
TABLET = {"width": 800, "height": 1280}
assert CHROMIUM_ARGS


@pytest.fixture
def french_tablet(chromium):  # noqa: F811
    context = chromium.new_context(locale="fr-FR", viewport=TABLET, bypass_csp=True)
    yield context.new_page()
    context.close()


def sign_in(page, url: str, username: str, password: str, then: str) -> None:
    page.goto(f"{url}/login/?next={then}")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", password)
    page.click("button[type=submit]")
    page.wait_for_url(f"{url}{then}")
    page.wait_for_load_state()  # a tap before htmx is ready would post the plain form


def test_a_tap_while_the_database_is_away_says_so_and_leaves_the_board(site, french_tablet):  # noqa: F811
    database = site.server.database
    database.run_python(ARBITER)
    page = french_tablet
    sign_in(page, site.url, "anna", "pw-anna-1", "/e/small-open/arbiter/")
    page.evaluate("window.notReloaded = true")
    board = page.locator("#board-3")
    with database_down(database):
        board.get_by_role("button", name="1–0").click()
        expect(board.locator(".request-problem")).to_have_text(
            "Non enregistré : la base de données ne répond pas. Touchez à nouveau."
        )
    expect(board.locator(".entry")).to_contain_text("En attente")  # the board as it was
    assert database.run_python(STORED).split() == ["''", "0"]

    board.get_by_role("button", name="1–0").click()  # the same tap, the database back
    expect(board.locator(".entry")).to_contain_text("1–0")
    expect(board.locator(".request-problem")).to_have_count(0)
    assert database.run_python(STORED).split() == ["'10'", "1"]
    assert page.evaluate("window.notReloaded") is True


def test_a_tap_that_does_not_reach_the_server_says_so(site, french_tablet):  # noqa: F811
    site.server.database.run_python(ARBITER)
    page = french_tablet
    sign_in(page, site.url, "anna", "pw-anna-1", "/e/small-open/arbiter/")
    page.route("**/arbiter/round/3/board/4/", lambda route: route.abort("internetdisconnected"))
    board = page.locator("#board-4")
    board.get_by_role("button", name="0–1").click()
    expect(board.locator(".request-problem")).to_contain_text(
        "Non enregistré : le serveur est injoignable."
    )
    expect(board.locator(".entry")).to_contain_text("En attente")


@pytest.fixture
def bridge_server(server_database, redis_url):
    server_database.run_python(BRIDGE_SEED, redis_url=redis_url)
    server = AsgiServer(server_database, redis_url).start()
    yield server
    server.stop()


def test_a_scorers_entry_while_the_database_is_away_keeps_what_was_typed(
    bridge_server, french_tablet
):
    page = french_tablet
    score = f"/b/{BRIDGE_DEMO_SLUG}/score/?round=5"
    sign_in(page, bridge_server.url, "arbiter", "pw-scorer-1", score)
    form = page.locator('form[aria-label="Nouveau match"]')
    form.locator("select[name=home]").select_option(label="Aalborg")
    form.locator("select[name=away]").select_option(label="Bergen")
    for name, value in [
        ("home_imps", "40"),
        ("away_imps", "20"),
        ("home_points", "3100"),
        ("away_points", "2200"),
    ]:
        form.locator(f"input[name={name}]").fill(value)
    with database_down(bridge_server.database):
        form.locator("button[type=submit]").click()
        expect(form.locator("xpath=..").locator(".request-problem")).to_have_text(
            "Non enregistré : la base de données ne répond pas. Touchez à nouveau."
        )
    expect(form.locator("input[name=home_imps]")).to_have_value("40")  # nothing lost
    form.locator("button[type=submit]").click()
    expect(page.locator(".messages")).to_contain_text(
        "Tour 5, Aalborg – Bergen : 40-20 IMP, 15,00-5,00 PV."
    )
    expect(page.locator(".request-problem")).to_be_hidden()
