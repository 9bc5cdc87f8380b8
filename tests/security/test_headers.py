"""Security headers: a Content-Security-Policy everywhere, nothing private kept in a cache."""

from __future__ import annotations

import pytest

from standings.security.headers import CONTENT_SECURITY_POLICY

PUBLIC = ["/", "/e/small-open/", "/e/small-open/round/1/", "/e/small-open/standings.json"]
PRIVATE = ["/e/small-open/arbiter/", "/e/small-open/arbiter/audit/", "/e/small-open/import/"]


@pytest.fixture
def desk(client, arbiter, event):
    client.force_login(arbiter)
    return client


def test_every_page_has_the_policy(desk):
    for url in PUBLIC + PRIVATE + ["/login/", "/admin/login/"]:
        policy = desk.get(url)["Content-Security-Policy"]
        assert policy == CONTENT_SECURITY_POLICY, url
    assert "script-src 'self';" in CONTENT_SECURITY_POLICY
    assert "'unsafe-inline'" not in CONTENT_SECURITY_POLICY
    assert "'unsafe-eval'" not in CONTENT_SECURITY_POLICY


def test_arbiter_login_and_import_pages_are_never_stored(desk, client):
    for url in PRIVATE:
        assert "no-store" in desk.get(url)["Cache-Control"], url
    answer = desk.post("/e/small-open/arbiter/round/3/board/3/", {"result": "10", "version": "0"})
    assert "no-store" in answer["Cache-Control"]
    desk.post("/logout/")
    assert "no-store" in client.get("/login/")["Cache-Control"]
    assert "no-store" in client.get("/e/small-open/arbiter/")["Cache-Control"]  # the redirect


def test_public_pages_are_stored_for_strangers_never_for_a_signed_in_arbiter(desk, client):
    for url in PUBLIC:
        assert "no-store" in desk.get(url)["Cache-Control"], url
    desk.post("/logout/")
    for url in PUBLIC:
        assert client.get(url)["Cache-Control"].startswith("public"), url


def test_hsts_comes_from_the_environment(settings, client, event):
    settings.SECURE_HSTS_SECONDS = 3600
    assert "Strict-Transport-Security" not in client.get("/e/small-open/")  # plain HTTP
    answer = client.get("/e/small-open/", secure=True)
    assert answer["Strict-Transport-Security"] == "max-age=3600"
