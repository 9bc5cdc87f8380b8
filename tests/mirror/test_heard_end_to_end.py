"""The venue heard or not, as shipped: `manage.py mirror_push` started as docs/deployment.md
starts it, in a process of its own, against a real public server. Its heartbeat keeps the
public pages from saying the venue is offline; stopped, the public pages say "venue offline
since ..."; refused (the token revoked), it stops and the venue's status line says so."""

from __future__ import annotations

import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator

import pytest

from tests.servers import ROOT, AsgiServer, ServerDatabase, _env

from .test_two_servers import SLUG, stop

SEED = """
from django.contrib.auth.models import User
from standings.events.models import Event
from tests.factories import create_swiss
arbiter = User.objects.create_user("arbiter", password="pw-arbiter-1")
Event.objects.filter(pk=create_swiss(arbiters=[arbiter]).pk).update(version=5)
"""
# The venue's arbiter page's line, through its view, for the event's arbiter.
VENUE_LINE = """
from django.contrib.auth.models import User
from django.test import Client
client = Client()
client.force_login(User.objects.get(username="arbiter"))
print(client.get("/e/small-open/arbiter/mirror-status/").content.decode())
"""
LAST_BEAT = """
from standings.mirror.models import MirroredEvent
print(MirroredEvent.objects.get(event__slug="small-open").last_beat)
"""
# Short, so that the test need not wait 30 s; a beat every 0.5 s keeps well inside it.
OFFLINE_AFTER = 4
PUSHER_ENV = {"MIRROR_POLL": "0.1", "MIRROR_HEARTBEAT": "0.5", "MIRROR_RETRY_MAX": "1"}


@pytest.fixture
def sides() -> Iterator[tuple[ServerDatabase, ServerDatabase, AsgiServer, str]]:
    venue_db, public_db = ServerDatabase().create(), ServerDatabase().create()
    venue_db.run_python(SEED)
    token = public_db.manage("mirror_token", SLUG).strip().splitlines()[-1]
    public = AsgiServer(public_db, extra_env={"MIRROR_OFFLINE_AFTER": str(OFFLINE_AFTER)})
    public.start()
    yield venue_db, public_db, public, token
    public.stop()
    venue_db.drop()
    public_db.drop()


def mirror_push(db: ServerDatabase, to_url: str, token: str) -> subprocess.Popen:
    """docs/deployment.md's command line, in its own process."""
    return subprocess.Popen(
        [sys.executable, "manage.py", "mirror_push", SLUG, "--to", to_url, "--token", token],
        env=_env(db.url, None, PUSHER_ENV),
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def venue_offline_line(public: AsgiServer) -> str:
    """What the mirrored event's public pages show in their venue line."""
    with urllib.request.urlopen(f"{public.url}/e/{SLUG}/venue/", timeout=10) as answer:
        return answer.read().decode()


def until(condition: Callable[[], bool], what: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.1)
    raise AssertionError(f"not {what} after {timeout} s")


def test_the_public_pages_say_whether_the_venue_is_heard(sides):
    venue_db, public_db, public, token = sides
    pushing = mirror_push(venue_db, public.url, token)
    try:
        with urllib.request.urlopen(f"{public.url}/e/{SLUG}/", timeout=10) as answer:
            assert f'hx-get="/e/{SLUG}/venue/"' in answer.read().decode()  # asked by the page
        until(lambda: int(public_db.run_python(LAST_BEAT)) > 0, "a heartbeat heard")
        assert venue_offline_line(public) == ""
        assert "up to date" in venue_db.run_python(VENUE_LINE)
    finally:
        stop(pushing)
    until(
        lambda: venue_offline_line(public).startswith("venue offline since "),
        "offline once the pusher stopped",
    )
    assert venue_offline_line(public).endswith("; results may be behind")


def test_a_revoked_token_stops_the_pusher_and_the_venues_line_says_refused(sides):
    venue_db, public_db, public, token = sides
    public_db.manage("mirror_token", SLUG, "--revoke")
    pushing = mirror_push(venue_db, public.url, token)
    out, _ = pushing.communicate(timeout=60)
    assert pushing.returncode != 0 and "token revoked" in out
    assert venue_db.run_python(VENUE_LINE).strip() == (
        "public site: refused the token (revoked or wrong); publishing stopped"
    )
