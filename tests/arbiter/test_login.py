"""Signing in and out for arbiters; a sign-in on a shared tablet ends with the browser."""

from __future__ import annotations

from tests.html import one, parse, text


def test_login_page_then_back_to_the_arbiter_page(client, event):
    page = parse(client.get("/login/?next=/e/small-open/arbiter/").content)
    assert page.html["lang"] == "en"
    assert text(page.select_one('label[for="id_username"]')) == "Username"
    assert page.select_one('input[name="next"]')["value"] == "/e/small-open/arbiter/"
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
    alert = text(one(response.content, '.login [role="alert"]'))
    assert alert.startswith("Please enter a correct username and password")


def test_logout_is_a_post(client, event, arbiter):
    client.force_login(arbiter)
    assert client.get("/logout/").status_code == 405
    response = client.post("/logout/")
    assert response.status_code == 302 and response["Location"] == "/"
    assert client.get("/e/small-open/arbiter/").status_code == 302


def test_a_sign_in_ends_when_the_browser_closes(client, event, settings):
    client.post("/login/", {"username": "arbiter", "password": "pw-arbiter-1"})
    assert client.session.get_expire_at_browser_close()
    cookie = client.cookies[settings.SESSION_COOKIE_NAME]
    assert not cookie["expires"] and not cookie["max-age"]


def test_keep_me_signed_in_lasts_a_day(client, event, settings):
    checkbox = one(client.get("/login/").content, 'input[name="keep_signed_in"]')
    assert checkbox["type"] == "checkbox" and not checkbox.has_attr("checked")
    client.post(
        "/login/", {"username": "arbiter", "password": "pw-arbiter-1", "keep_signed_in": "on"}
    )
    assert not client.session.get_expire_at_browser_close()
    assert client.session.get_expiry_age() == settings.SESSION_COOKIE_AGE == 24 * 3600
    assert client.cookies[settings.SESSION_COOKIE_NAME]["max-age"] == 24 * 3600
