"""The server-process helper itself: two workers on one database and one Redis."""

import urllib.request

import pytest


@pytest.mark.slow
def test_two_servers_share_a_database(server_database, asgi_servers, redis_url):
    server_database.run_python("from tests.factories import create_swiss\ncreate_swiss()\n")
    first, second = asgi_servers(redis_url), asgi_servers(redis_url)
    for server in (first, second):
        with urllib.request.urlopen(server.url + "/admin/login/") as response:
            assert response.status == 200
