"""Following within bounds: no endpoint on the server's own network whatever the host list,
a subscription changed or deleted only with its auth secret, a cap for the whole site, the
per-address limit counted per /64 and kept through a Redis outage, JSON during a database
outage."""

from __future__ import annotations

import asyncio
import ipaddress
import json
import socket

import pytest

from standings.follow import endpoints
from standings.follow.models import Followed, Subscription
from tests.factories import create_swiss
from tests.follow.conftest import Follower
from tests.follow.test_hostile import GOOD, with_
from tests.servers import free_port

pytestmark = pytest.mark.django_db

OWN_NETWORK = [
    "https://127.0.0.1/x",
    "https://0.0.0.0/x",
    "https://localhost/x",
    "https://push.localhost/x",
    "https://localhost./x",  # the same names, fully qualified
    "https://push.localhost./x",
    "https://127.0.0.1./x",
    "https://127.1/x",  # the forms of an IPv4 address the system's resolver reads
    "https://2130706433/x",
    "https://0x7f.0.0.1/x",
    "https://0177.0.0.1/x",
    "https://[::1]/x",
    "https://[::ffff:127.0.0.1]/x",
    "https://10.1.2.3/x",
    "https://192.168.0.1/x",
    "https://169.254.169.254/latest/meta-data",
    "https://224.0.0.1/x",
    "https://240.0.0.1/x",
    "https://[fe80::1]/x",
    "https://93.184.216.34:8080/x",  # public, but not the push port
    "https://[2001:4860:4860::8888]/x",  # public, but no VAPID audience can name it
]


@pytest.mark.parametrize("endpoint", OWN_NETWORK)
def test_no_endpoint_on_the_servers_own_network_even_with_any_host(endpoint, follower, settings):
    settings.FOLLOW_PUSH_HOSTS = []  # "any host"
    event = create_swiss()
    answer = follower.post(event.slug, with_(subscription__endpoint=endpoint))
    assert answer.status_code == 400, answer.content
    assert Subscription.objects.count() == 0


def test_a_public_address_on_the_push_port_is_taken_with_any_host(follower, settings):
    settings.FOLLOW_PUSH_HOSTS = []
    event = create_swiss()
    answer = follower.post(event.slug, with_(subscription__endpoint="https://93.184.216.34/x"))
    assert answer.status_code == 201


def test_a_local_push_service_is_taken_only_where_named(follower, settings):
    settings.FOLLOW_PUSH_HOSTS = []
    settings.FOLLOW_ALLOW_HTTP = True
    event = create_swiss()
    local = with_(subscription__endpoint="http://127.0.0.1:8123/push/a")
    assert follower.post(event.slug, local).status_code == 400
    settings.FOLLOW_PUSH_LOCAL = ["127.0.0.1:8123"]
    assert follower.post(event.slug, local).status_code == 201
    other_port = with_(subscription__endpoint="http://127.0.0.1:8124/push/a")
    assert follower.post(event.slug, other_port).status_code == 400


@pytest.mark.parametrize(
    "address", ["::ffff:127.0.0.1", "2002:7f00:1::", "2002:a9fe:a9fe::1", "2002:0a01:0203::"]
)
def test_an_ipv4_address_inside_an_ipv6_one_is_judged_as_itself(address):
    """What the resolver keeps: a name whose AAAA record hides a local IPv4 address."""
    assert not endpoints.public(ipaddress.ip_address(address))
    assert endpoints.public(ipaddress.ip_address("2002:5db8:d822::1"))  # 93.184.216.34


def resolve(host: str, port: int = 443):
    async def go():
        resolver = endpoints.PublicResolver()
        try:
            return await resolver.resolve(host, port, socket.AF_UNSPEC)
        finally:
            await resolver.close()

    return asyncio.run(go())


@pytest.mark.parametrize("host", ["localhost", socket.gethostname()])
def test_a_name_resolving_to_this_machine_is_not_connected_to(host, settings):
    """The worker's resolver: what it returns is what aiohttp connects to."""
    with pytest.raises(OSError, match="no public address"):
        resolve(host)
    settings.FOLLOW_PUSH_LOCAL = [f"{host}:443"]
    assert resolve(host)  # named: let through


def test_changing_or_deleting_a_subscription_needs_its_auth_secret(follower):
    event = create_swiss()
    assert follower.post(event.slug, GOOD).status_code == 201
    stranger = Follower()
    theirs = with_(subscription__keys__auth="AAAAAAAAAAAAAAAAAAAAAA", players=[2])
    answer = stranger.post(event.slug, theirs)
    assert answer.status_code == 403 and answer.json()["error"]
    deleted = with_(subscription__keys__auth="AAAAAAAAAAAAAAAAAAAAAA", players=[])
    assert stranger.post(event.slug, deleted).status_code == 403
    assert list(Followed.objects.values_list("number", flat=True)) == [1]
    assert follower.post(event.slug, with_(players=[])).status_code == 201  # the owner can
    assert Subscription.objects.count() == 0


def test_the_whole_site_has_a_cap(follower, settings):
    first = create_swiss()
    second = create_swiss(slug="second-open")
    settings.FOLLOW_MAX_SITE_SUBSCRIPTIONS = 1
    assert follower.post(first.slug, GOOD).status_code == 201
    answer = follower.post(second.slug, GOOD)
    assert answer.status_code == 400
    assert "site" in answer.json()["error"]
    assert follower.post(first.slug, with_(players=[2])).status_code == 201  # a change is no new


def test_one_ipv6_block_counts_as_one_address(settings):
    event = create_swiss()
    settings.FOLLOW_POSTS_PER_ADDRESS = 2
    follower = Follower()

    def post(address: str) -> int:
        return post_from(follower, event.slug, address)

    assert [post("2001:db8:1:2::1"), post("2001:db8:1:2:ffff::9")] == [201, 201]
    assert post("2001:db8:1:2::3") == 429  # the same /64
    assert post("2001:db8:1:3::1") == 201  # the next /64


def post_from(follower: Follower, slug: str, address: str) -> int:
    return follower.client.post(
        f"/e/{slug}/follow/",
        data=json.dumps(GOOD),
        content_type="application/json",
        headers={"X-CSRFToken": follower.token},
        REMOTE_ADDR=address,
    ).status_code


def test_the_limit_holds_while_redis_is_away(settings):
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": f"redis://127.0.0.1:{free_port()}/0",  # nothing listens there
        }
    }
    settings.FOLLOW_POSTS_PER_ADDRESS = 3
    event = create_swiss()
    follower = Follower()
    codes = [post_from(follower, event.slug, "198.51.100.7") for _ in range(5)]
    assert codes == [201, 201, 201, 429, 429]


@pytest.mark.django_db(transaction=True)
def test_a_database_outage_is_answered_in_json(request):
    event = create_swiss()
    follower = Follower()  # its CSRF token taken before the outage
    request.getfixturevalue("read_only_database")
    answer = follower.post(event.slug, GOOD)
    assert answer.status_code == 503
    assert answer["Content-Type"] == "application/json"
    assert answer.json()["error"]
    assert answer["Retry-After"]
