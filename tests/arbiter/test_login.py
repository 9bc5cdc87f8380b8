"""Logging in and out for arbiters."""

from __future__ import annotations


def test_login_page_then_back_to_the_arbiter_page(client, event):
    page = client.get("/login/?next=/e/small-open/arbiter/")
    html = page.content.decode()
    assert page.status_code == 200
    assert '<html lang="en">' in html
    assert '<label for="id_username">Username</label>' in html
    assert 'value="/e/small-open/arbiter/"' in html
    response = client.post(
        "/login/",
        {"username": "arbiter", "password": "pw-arbiter-1", "next": "/e/small-open/arbiter/"},
    )
    assert response.status_code == 302
    assert response["Location"] == "/e/small-open/arbiter/"
    assert client.get("/e/small-open/arbiter/").status_code == 200


def test_wrong_password_is_refused(client, event):
    response = client.post("/login/", {"username": "arbiter", "password": "nope"})
    assert response.status_code == 200
    assert 'role="alert"' in response.content.decode()


def test_logout_is_a_post(client, event, arbiter):
    client.force_login(arbiter)
    assert client.get("/logout/").status_code == 405
    response = client.post("/logout/")
    assert response.status_code == 302 and response["Location"] == "/"
    assert client.get("/e/small-open/arbiter/").status_code == 302
