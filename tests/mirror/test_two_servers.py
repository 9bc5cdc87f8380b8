"""A venue and its public mirror, two real servers on one machine: results entered at the
venue reach the mirror's standings.json through `mirror_push`, and a link cut and restored,
at random during a live round, loses and doubles nothing."""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import time
import urllib.request

import pytest

from tests.mirror.link import Link
from tests.servers import ROOT, AsgiServer, ServerDatabase, _env

SLUG = "small-open"
# An event that has seen changes, as a venue's has (the factory writes no audited change):
# the mirror then takes the venue's version numbers from the first batch on.
SEED = """
from standings.events.models import Event
from tests.factories import create_swiss
Event.objects.filter(pk=create_swiss().pk).update(version=5)
"""
# The venue's arbiter enters a result through the real service; prints when it committed.
ENTER = """
import time
from standings.events.models import Event
from standings.events.services import enter_result
from tests.factories import TEST_ACTOR
enter_result(Event.objects.get(slug="small-open"), {round}, {board}, "{result}", actor=TEST_ACTOR)
print(time.time())
"""
FAST = {"MIRROR_POLL": "0.1", "MIRROR_RETRY_FIRST": "0.2", "MIRROR_RETRY_MAX": "1"}


@pytest.fixture
def sides(redis_url):
    """(venue database, venue server, public database, public server, token). The venue's
    server and the venue's writes share a Redis, so that its pages show the writes of
    other processes at once; the public server writes only in its own process."""
    venue_db, public_db = ServerDatabase().create(), ServerDatabase().create()
    venue_db.run_python(SEED)
    token = public_db.manage("mirror_token", SLUG).strip().splitlines()[-1]
    venue, public = AsgiServer(venue_db, redis_url).start(), AsgiServer(public_db).start()
    yield venue_db, venue, public_db, public, token
    venue.stop()
    public.stop()
    venue_db.drop()
    public_db.drop()


def standings(server: AsgiServer) -> dict:
    """The event's standings.json (ranks, values, provisional marks) and the version it shows."""
    with urllib.request.urlopen(f"{server.url}/e/{SLUG}/standings.json", timeout=10) as answer:
        return {"version": answer.headers["X-Event-Version"], "standings": json.load(answer)}


def until_equal(
    venue: AsgiServer, public: AsgiServer, timeout: float = 20, version: int | None = None
) -> float:
    """Seconds until the mirror's standings are the venue's (at `version`, when given: the
    venue's pages may still show the version before its last write for a moment, and the
    mirror may show that one too while the last change waits in the pusher's retry)."""
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        try:
            # The venue's read again each time: a page read just after a write may still
            # show the version before it, which the mirror may never show.
            mirrored = standings(public)
            if mirrored == standings(venue) and version in (None, int(mirrored["version"])):
                return time.monotonic() - start
        except OSError:
            pass
        time.sleep(0.05)
    raise AssertionError(f"the mirror did not converge in {timeout}s")


def enter(db: ServerDatabase, redis_url: str, round_no: int, board: int, result: str) -> float:
    """The venue's arbiter enters a result (in a process of its own, as the venue's server
    would); when it committed."""
    code = ENTER.format(round=round_no, board=board, result=result)
    return float(db.run_python(code, redis_url=redis_url).split()[-1])


def pusher(db: ServerDatabase, to_url: str, token: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "manage.py", "mirror_push", SLUG, "--to", to_url, "--token", token],
        env=_env(db.url, None, FAST),
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def stop(process: subprocess.Popen) -> str:
    # TERM, as a service manager stops it: INT is ignored by a program that a shell started in
    # the background (CI's PostgreSQL run is one), and the pusher would never stop.
    process.send_signal(signal.SIGTERM)
    out, _ = process.communicate(timeout=20)
    return out


def counts(public_db: ServerDatabase, venue_db: ServerDatabase) -> tuple:
    said = public_db.run_python(
        "from standings.mirror.models import MirroredEvent\n"
        "from standings.events.models import AuditEntry\n"
        "m = MirroredEvent.objects.get(event__slug='small-open')\n"
        "print(m.last_seq, m.venue_version, AuditEntry.objects.filter(event=m.event,"
        " action__in=['mirror_state', 'mirror_results']).count(), m.event.version)\n"
    ).split()
    venue = venue_db.run_python(
        "from standings.mirror.models import MirrorPush\n"
        "from standings.events.models import Event\n"
        "p = MirrorPush.objects.get()\n"
        "print(p.seq, p.acked_version, Event.objects.get(slug='small-open').version)\n"
    ).split()
    return tuple(map(int, said)), tuple(map(int, venue))


def test_results_reach_the_mirror_and_a_cut_link_loses_and_doubles_nothing(sides, redis_url):
    venue_db, venue, public_db, public, token = sides
    out = venue_db.manage("mirror_push", SLUG, "--to", public.url, "--token", token, "--once")
    assert "changes waiting: 0" in out
    until_equal(venue, public, timeout=5)

    running = pusher(venue_db, public.url, token)
    try:
        # Taps at the venue: each reaches the mirror's standings.json.
        delays = []
        for board, result in ((3, "10"), (4, "01")):
            before = standings(public)
            committed = enter(venue_db, redis_url, 3, board, result)
            while standings(public) == before:
                time.sleep(0.02)
            delays.append(time.time() - committed)
            assert standings(public) == standings(venue)
        # The link cut: results entered meanwhile; the pusher retries; the link back.
        public.stop()
        enter(venue_db, redis_url, 3, 3, "")  # a correction: the result taken back
        enter(venue_db, redis_url, 3, 3, "01")
        time.sleep(1.5)  # a few refused connections, growing delays
        public.start()
        back = time.monotonic()
        until_equal(venue, public)
        converged = time.monotonic() - back
    finally:
        log = stop(running)
    assert "unreachable" in log
    (last_seq, venue_version, applied, mirrors), (seq, acked, version) = counts(public_db, venue_db)
    assert (last_seq, venue_version) == (seq, acked)
    assert acked == version == mirrors
    assert applied == last_seq  # one change per batch applied: none doubled
    print(f"\ntap to mirror: {[round(d, 2) for d in delays]} s; converged {converged:.2f} s after")

    # The pusher restarted: nothing to send, then the next change only.
    out = venue_db.manage("mirror_push", SLUG, "--to", public.url, "--token", token, "--once")
    assert counts(public_db, venue_db)[0][0] == last_seq
    enter(venue_db, redis_url, 3, 4, "")
    venue_db.manage("mirror_push", SLUG, "--to", public.url, "--token", token, "--once")
    until_equal(venue, public, timeout=5)
    assert counts(public_db, venue_db)[0][0] == last_seq + 1


def test_a_follower_on_the_mirror_gets_the_venues_result_pushed(sides, redis_url):
    """The mirror's followers get live pushes as on the venue: a socket open on the public
    server shows the result entered at the venue, with the venue's version."""
    from websockets.sync.client import connect

    from tests.html import select, text

    venue_db, venue, public_db, public, token = sides
    venue_db.manage("mirror_push", SLUG, "--to", public.url, "--token", token, "--once")
    running = pusher(venue_db, public.url, token)
    url = f"{public.ws_url}/ws/e/{SLUG}/?view=standings"
    try:
        with connect(url, origin=public.url) as socket:
            first = socket.recv(timeout=30)
            cell = '#standings-table tr[data-key="7"] td.num'
            assert text(select(first, cell)[0]) == "1.5"
            enter(venue_db, redis_url, 3, 3, "10")
            pushed = ""
            while not pushed.strip():  # not a heartbeat
                pushed = socket.recv(timeout=30)
    finally:
        stop(running)
    assert text(select(pushed, cell)[0]) == "2.5"
    shown = select(pushed, "#last-update")[0]["data-version"]
    assert shown == standings(venue)["version"] == standings(public)["version"]


def test_a_revoked_token_stops_the_pusher_with_the_servers_reason(sides):
    venue_db, venue, public_db, public, token = sides
    public_db.manage("mirror_token", SLUG, "--revoke")
    with pytest.raises(RuntimeError, match="token revoked"):
        venue_db.manage("mirror_push", SLUG, "--to", public.url, "--token", token, "--once")


# The venue's arbiters during a round: results, corrections, a result taken back, the round
# closed, reopened for a correction and closed again; a pause after each change.
ROUND = """
import random, time
from standings.events.models import Event
from standings.events.services import close_round, enter_result, reopen_round
from tests.factories import TEST_ACTOR
draw = random.Random({seed})
event = Event.objects.get(slug="small-open")
steps = [
    lambda: enter_result(event, 3, 3, "10", actor=TEST_ACTOR),
    lambda: enter_result(event, 3, 4, "01", actor=TEST_ACTOR),
    lambda: enter_result(event, 3, 1, "01", actor=TEST_ACTOR),
    lambda: enter_result(event, 3, 3, "", actor=TEST_ACTOR),
    lambda: enter_result(event, 3, 3, "==", actor=TEST_ACTOR),
    lambda: enter_result(event, 3, 2, "10", actor=TEST_ACTOR),
    lambda: close_round(event, 3, actor=TEST_ACTOR),
    lambda: reopen_round(event, 3, actor=TEST_ACTOR, reason="scoresheet checked"),
    lambda: enter_result(event, 3, 4, "==", actor=TEST_ACTOR),
    lambda: enter_result(event, 3, 1, "10", actor=TEST_ACTOR),
    lambda: close_round(event, 3, actor=TEST_ACTOR),
]
for step in steps:
    step()
    time.sleep(draw.uniform(0.2, 1.0))
print(Event.objects.get(slug="small-open").version)
"""


def test_a_link_cut_and_restored_at_random_during_a_round_ends_equal(sides, redis_url):
    """The issue's test: cuts at random moments (mid-request, mid-answer, between batches)
    while the round is played; at the end the mirror equals the venue, versions included,
    with every batch applied once."""
    venue_db, venue, public_db, public, token = sides
    seed = random.randrange(10**6)
    draw = random.Random(seed)
    link = Link(public.port)
    venue_db.manage("mirror_push", SLUG, "--to", link.url, "--token", token, "--once")
    running = pusher(venue_db, link.url, token)
    writer = subprocess.Popen(
        [sys.executable, "-c", "import django\ndjango.setup()\n" + ROUND.format(seed=seed)],
        env=_env(venue_db.url, redis_url),
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        while writer.poll() is None:
            time.sleep(draw.uniform(0.0, 2.0))
            link.cut()
            time.sleep(draw.uniform(0.0, 1.0))
            link.restore()
        out, err = writer.communicate()
        assert writer.returncode == 0, err
        link.cut()  # once more after the last change, long enough for the delays to grow
        time.sleep(2.5)
        link.restore()
        back = time.monotonic()
        until_equal(venue, public, version=int(out.split()[-1]))
        converged = time.monotonic() - back
    finally:
        log = stop(running)
        link.close()
    (last_seq, venue_version, applied, mirrors), (seq, acked, version) = counts(public_db, venue_db)
    assert version == int(out.split()[-1]) == acked == venue_version == mirrors, log
    assert last_seq == seq and applied == last_seq, log  # every batch applied once
    print(log)
    print(
        f"\nseed {seed}: {link.cuts} cuts, {seq} batches "
        f"({log.count('(changes,')} as changes); converged {converged:.2f} s after the last"
    )
