"""A database that stops answering, for real (tests/security/database_down.py), under a real
server: a tap gets 503 and a sentence in the arbiter's language, never the bare "Server
Error (500)"; nothing is written, and the tap made again once it is back is saved once."""

from __future__ import annotations

import re
import urllib.error

import pytest

from tests.html import one, text
from tests.live.arbiter_http import ArbiterClient

from .database_down import database_down

pytestmark = [pytest.mark.slow]

SEED = """
from django.contrib.auth.models import User
from tests.factories import create_swiss
create_swiss(arbiters=[User.objects.create_user("arbiter", password="pw-arbiter-1")])
"""
STORED = """
from standings.events.models import AuditEntry, Game
game = Game.objects.get(round__event__slug="small-open", round__number=3, board=3)
print(repr(game.result), AuditEntry.objects.count())
"""


@pytest.fixture
def desk(server_database, asgi_servers):
    server_database.run_python(SEED)
    server = asgi_servers()
    arbiter = ArbiterClient(server.url)
    arbiter.log_in("arbiter", "pw-arbiter-1")
    return server, arbiter


def refused(call) -> urllib.error.HTTPError:
    with pytest.raises(urllib.error.HTTPError) as refusal:
        call()
    return refusal.value


def test_a_tap_while_the_database_is_away_is_refused_in_the_arbiters_language(desk):
    server, arbiter = desk
    page = arbiter.round_page("small-open", 3)
    arbiter.opener.addheaders.append(("Accept-Language", "fr"))
    with database_down(server.database):
        answer = refused(lambda: arbiter.enter_result("small-open", 3, 3, "10", page))
    assert answer.code == 503
    assert answer.headers["Retry-After"] == "5"
    assert "no-store" in answer.headers["Cache-Control"]
    said = answer.read().decode()
    assert text(one(said, "[data-problem]")) == (
        "Non enregistré : la base de données ne répond pas. Touchez à nouveau."
    )
    assert "<html" not in said  # a fragment: the page shows it without swapping the board
    assert server.database.run_python(STORED).split() == ["''", "0"]  # nothing written

    arbiter.enter_result("small-open", 3, 3, "10", page)  # the same tap, once it is back
    assert server.database.run_python(STORED).split() == ["'10'", "1"]  # saved once


def test_a_plain_form_gets_a_page_and_a_page_view_says_so_too(desk):
    server, arbiter = desk
    page = arbiter.round_page("small-open", 3)
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    arbiter.opener.addheaders.append(("Accept-Language", "de"))
    with database_down(server.database):
        posted = refused(
            lambda: arbiter.post(
                "/e/small-open/arbiter/round/3/board/3/", {"result": "01", "version": "0"}, page
            )
        )
        viewed = refused(lambda: arbiter.round_page("small-open", 3))
        colleague = ArbiterClient(server.url)
        login_page = colleague.get("/login/")  # the form itself needs no database
        colleague.opener.addheaders.append(("Accept-Language", "de"))
        signing_in = refused(
            lambda: colleague.post(
                "/login/", {"username": "arbiter", "password": "pw-arbiter-1"}, login_page
            )
        )
    assert token
    assert signing_in.code == 503
    assert "Die Datenbank antwortet nicht" in signing_in.read().decode()
    assert posted.code == viewed.code == 503
    shown = posted.read().decode()
    assert "<h1>Die Datenbank antwortet nicht</h1>" in shown
    assert "Nicht gespeichert" in text(one(shown, "[data-problem]"))
    assert "Nicht gespeichert" not in text(one(viewed.read().decode(), "[data-problem]"))
    assert server.database.run_python(STORED).split() == ["''", "0"]
