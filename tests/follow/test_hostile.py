"""Bodies the follow POST refuses: 400 with a reason, never 5xx; CSRF stays on."""

from __future__ import annotations

import json

import pytest

from standings.follow.models import Subscription
from tests.factories import create_swiss
from tests.follow.conftest import Follower

pytestmark = pytest.mark.django_db

KEYS = {
    "p256dh": "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1Xbjha"
    "zAkj7I99e8QcYP7DkM",
    "auth": "tBHItJI5svbpez7KI4CCXg",
}
GOOD = {
    "subscription": {"endpoint": "https://fcm.googleapis.com/fcm/send/abc", "keys": KEYS},
    "players": [1],
}


def with_(**changes):
    body = json.loads(json.dumps(GOOD))
    for path, value in changes.items():
        where = body
        *parents, last = path.split("__")
        for part in parents:
            where = where[part]
        where[last] = value
    return body


HOSTILE = {
    "not JSON": b"{subscription",
    "not UTF-8": b"\xff\xfe",
    "a list": [1, 2],
    "no players": {"subscription": GOOD["subscription"]},
    "an extra key": {**GOOD, "admin": True},
    "no keys": with_(subscription={"endpoint": GOOD["subscription"]["endpoint"]}),
    "plain http": with_(subscription__endpoint="http://fcm.googleapis.com/fcm/send/abc"),
    "not a push service": with_(subscription__endpoint="https://127.0.0.1:6379/"),
    "a user in the URL": with_(subscription__endpoint="https://a:b@fcm.googleapis.com/x"),
    "a bad port": with_(subscription__endpoint="https://fcm.googleapis.com:99999999/x"),
    "an endpoint that is a number": with_(subscription__endpoint=12),
    "a long endpoint": with_(subscription__endpoint="https://fcm.googleapis.com/" + "a" * 2000),
    "a key off the curve": with_(subscription__keys__p256dh="BA" + "A" * 85),
    "a short auth": with_(subscription__keys__auth="abc"),
    "players not a list": with_(players="1"),
    "a player that is text": with_(players=["1"]),
    "a player that is true": with_(players=[True]),
    "a fraction": with_(players=[1.5]),
    "a huge number": b'{"subscription": {}, "players": [' + b"9" * 5000 + b"]}",
    "ten thousand players": with_(players=list(range(1, 10001))),
    "a number nobody has": with_(players=[99]),
    "NaN": b'{"subscription": NaN, "players": []}',
    "deep nesting": b"[" * 5000 + b"]" * 5000,
    "a NUL in the endpoint": with_(subscription__endpoint="https://fcm.googleapis.com/a\u0000"),
    "a NUL in a key": with_(subscription__keys__auth="tBHItJI5svbpez7KI4CCXg\u0000"),
    "another port": with_(subscription__endpoint="https://fcm.googleapis.com:8443/x"),
    "a fragment": with_(subscription__endpoint="https://fcm.googleapis.com/x#y"),
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_a_hostile_body_is_refused_with_a_reason(name, follower):
    event = create_swiss()
    answer = follower.post(event.slug, HOSTILE[name])
    assert answer.status_code == 400, answer.content
    assert answer.json()["error"]
    assert Subscription.objects.count() == 0


def test_the_good_body_is_taken(follower):
    event = create_swiss()
    assert follower.post(event.slug, GOOD).status_code == 201


def test_an_unknown_event_is_refused(follower):
    answer = follower.post("no-such-event", GOOD)
    assert answer.status_code == 400
    assert answer.json()["error"] == "There is no such event."


def test_the_reason_is_in_the_readers_language(follower):
    event = create_swiss()
    answer = follower.post(event.slug, b"nope", **{"Accept-Language": "fr"})
    assert answer.status_code == 400
    assert answer.json()["error"]  # worded by gettext in French once translated


def test_without_the_csrf_token_nothing_is_stored(follower):
    event = create_swiss()
    answer = follower.client.post(
        f"/e/{event.slug}/follow/", data=json.dumps(GOOD), content_type="application/json"
    )
    assert answer.status_code == 403
    assert Subscription.objects.count() == 0


def test_get_is_not_allowed(follower):
    event = create_swiss()
    assert follower.client.get(f"/e/{event.slug}/follow/").status_code == 405


def test_the_caps(follower, settings):
    event = create_swiss()
    settings.FOLLOW_MAX_SUBSCRIPTIONS = 1
    assert follower.post(event.slug, GOOD).status_code == 201
    other = with_(subscription__endpoint="https://fcm.googleapis.com/fcm/send/other")
    answer = follower.post(event.slug, other)
    assert answer.status_code == 400
    assert "followers" in answer.json()["error"]
    settings.FOLLOW_MAX_PLAYERS = 2
    assert follower.post(event.slug, with_(players=[1, 2, 3])).status_code == 400


def test_posts_from_one_address_are_limited(settings):
    event = create_swiss()
    settings.FOLLOW_POSTS_PER_ADDRESS = 3
    follower = Follower()
    codes = [follower.post(event.slug, GOOD).status_code for _ in range(4)]
    assert codes == [201, 201, 201, 429]


def test_the_key_and_the_worker(client):
    key = client.get("/push/key")
    assert key.status_code == 200 and len(key.json()["key"]) == 87
    assert "no-store" in key["Cache-Control"] or "no-cache" in key["Cache-Control"]
    worker = client.get("/sw.js")
    assert worker.status_code == 200
    assert worker["Content-Type"].startswith("text/javascript")
    assert worker["Service-Worker-Allowed"] == "/"
    assert b"showNotification" in worker.content
