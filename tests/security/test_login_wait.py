"""A sign-in's wait holds no thread (security/login_wait.py): on a real server, sign-ins that
wait for their account's delay leave every other page answering, and the wait still comes
before the password is checked."""

from __future__ import annotations

import http.client
import re
import threading
import time
from urllib.parse import urlencode

import pytest

DELAY = 6  # seconds each sign-in to the tried account waits (LOGIN_DELAY_MAX)
SEED = """
from django.contrib.auth.models import User
from standings.security import login_throttle
for name in ("victim", "owner"):
    User.objects.create_user(name, password="right-pw")
    for n in range(8):  # wrong passwords from elsewhere: each sign-in to it waits
        login_throttle.record_failure(name, f"198.51.100.{n}")
"""


@pytest.fixture
def server(server_database, asgi_servers, redis_url):
    server_database.run_python(SEED, redis_url=redis_url)
    return asgi_servers(redis_url=redis_url, LOGIN_DELAY_MAX=str(DELAY))


def request(port: int, method: str, path: str, body: bytes = b"", headers=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        return response.status, response.getheaders(), response.read().decode()
    finally:
        connection.close()


def sign_in_form(port: int) -> dict[str, str]:
    """The headers and token with which a sign-in form may be sent."""
    _status, headers, page = request(port, "GET", "/login/")
    cookie = next(v.split(";")[0] for k, v in headers if k.lower() == "set-cookie")
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    return {"Cookie": cookie, "token": token}


def sign_in(port: int, form: dict[str, str], username: str, password: str, *, encoding=None):
    fields = {"csrfmiddlewaretoken": form["token"], "username": username, "password": password}
    headers = {"Cookie": form["Cookie"], "Referer": f"http://127.0.0.1:{port}/login/"}
    headers["Accept-Language"] = form.get("language", "en")
    if encoding == "multipart":
        boundary = "standings-test-boundary"
        body = (
            "".join(
                f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'
                for name, value in fields.items()
            )
            + f"--{boundary}--\r\n"
        )
        headers["Content-Type"] = f"multipart/form-data; boundary={boundary}"
        return request(port, "POST", "/login/", body.encode(), headers)
    headers["Content-Type"] = "application/x-www-form-urlencoded"
    return request(port, "POST", "/login/", urlencode(fields).encode(), headers)


def test_waiting_sign_ins_hold_up_no_other_page(server):
    form = sign_in_form(server.port)
    finished: list[float] = []

    def wrong_password(n: int) -> None:
        sign_in(server.port, form, "victim", f"guess-{n}")
        finished.append(time.monotonic())

    stranger = [threading.Thread(target=wrong_password, args=(n,)) for n in range(8)]
    for thread in stranger:
        thread.start()
    time.sleep(1)  # let them reach the server: each then waits DELAY seconds
    status, _headers, _page = request(server.port, "GET", "/login/")
    answered = time.monotonic()
    for thread in stranger:
        thread.join()
    assert status == 200
    assert len(finished) == 8
    # Slept in the views' one thread, the first sign-in's wait held this page up behind it.
    assert answered < min(finished)


def test_a_sign_in_still_waits_then_is_let_in(server):
    form = sign_in_form(server.port)
    started = time.monotonic()
    status, headers, _page = sign_in(server.port, form, "owner", "right-pw")
    assert status == 302, _page
    assert time.monotonic() - started >= DELAY
    assert any(k.lower() == "set-cookie" and "sessionid=" in v for k, v in headers)


def test_a_form_the_wait_cannot_read_is_refused_not_held(server):
    form = sign_in_form(server.port)
    status, _headers, page = sign_in(server.port, form, "owner", "right-pw", encoding="multipart")
    assert status == 200
    assert f"Signing in to this account waits {DELAY} seconds first" in page
    french = {**form, "language": "fr"}
    _status, _headers, page = sign_in(
        server.port, french, "owner", "right-pw", encoding="multipart"
    )
    assert f"La connexion à ce compte attend d'abord {DELAY} secondes" in page.replace(
        "&#x27;", "'"
    )
