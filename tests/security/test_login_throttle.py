"""Sign-in throttling: by account from one address and by address, lifted after the window,
only a growing wait for an account tried from everywhere, the failures told at the next
sign-in, kept through a cache outage, and applied to the admin's sign-in too."""

from __future__ import annotations

import time
import uuid

import pytest
import redis
from django.test import Client

from standings.security import login_throttle
from tests.html import one, select, text
from tests.servers import free_port

pytestmark = pytest.mark.usefixtures("own_cache", "fast_passwords")

RIGHT = "pw-arbiter-1"


def sign_in(client: Client, password: str, username: str = "arbiter", **extra):
    return client.post("/login/", {"username": username, "password": password}, **extra)


def signed_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


def alert(response) -> str:
    return text(one(response.content, '.login [role="alert"]'))


def test_a_hundred_wrong_passwords_then_the_right_one_is_still_refused(client, arbiter):
    answers = [sign_in(client, f"guess-{n}") for n in range(100)]
    assert {answer.status_code for answer in answers} == {200}
    assert "Please enter a correct username and password" in alert(answers[4])
    assert "Too many wrong passwords for this account from here" in alert(answers[5])
    assert "try again in 15 minutes" in alert(answers[99])
    refused = sign_in(client, RIGHT)
    assert "Too many wrong passwords for this account from here" in alert(refused)
    assert not signed_in(client)


def test_the_pause_ends_after_the_window(client, arbiter, settings):
    settings.LOGIN_FAILURE_WINDOW = 1
    for n in range(5):
        sign_in(client, f"guess-{n}")
    assert "try again in 1 minute." in alert(sign_in(client, RIGHT))
    time.sleep(1.2)
    assert sign_in(client, RIGHT).status_code == 302
    assert signed_in(client)


def test_a_success_clears_the_accounts_count(client, arbiter):
    for round_ in range(3):
        for n in range(4):
            sign_in(client, f"guess-{round_}-{n}")
        assert sign_in(client, RIGHT).status_code == 302
        client.post("/logout/")


def test_one_address_trying_many_accounts_is_paused(client, arbiter, settings, django_user_model):
    settings.LOGIN_FAILURES_PER_ADDRESS = 10
    for n in range(10):
        sign_in(client, "guess", username=f"someone-{n}", REMOTE_ADDR="192.0.2.7")
    refused = sign_in(client, RIGHT, REMOTE_ADDR="192.0.2.7")
    assert "Too many wrong passwords from this network" in alert(refused)
    assert sign_in(client, RIGHT, REMOTE_ADDR="192.0.2.8").status_code == 302


def test_the_admin_sign_in_is_throttled_too(client, django_user_model):
    django_user_model.objects.create_superuser("boss", password="pw-boss-12")
    for n in range(5):
        client.post("/admin/login/", {"username": "boss", "password": f"guess-{n}"})
    answer = client.post("/admin/login/", {"username": "boss", "password": "pw-boss-12"})
    assert answer.status_code == 200
    assert "Too many wrong passwords for this account" in answer.content.decode()
    assert not signed_in(client)


def test_counts_live_in_redis_where_every_worker_sees_them(client, arbiter, settings, redis_url):
    prefix = f"test-{uuid.uuid4().hex}"
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": redis_url,
            "KEY_PREFIX": prefix,
        }
    }
    for n in range(5):
        sign_in(client, f"guess-{n}")
    account = login_throttle.account_counter("arbiter")
    keys = redis.Redis.from_url(redis_url).keys(f"{prefix}:*{account.count_key()}")
    assert len(keys) == 1
    assert "Too many wrong passwords" in alert(sign_in(client, RIGHT))


def test_a_redis_outage_neither_locks_everyone_out_nor_breaks_the_page(
    client, arbiter, settings, django_user_model, caplog
):
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": f"redis://127.0.0.1:{free_port()}/0",  # nothing listens there
        }
    }
    assert client.get("/login/").status_code == 200
    assert sign_in(client, RIGHT).status_code == 302  # people still sign in
    client.post("/logout/")
    for n in range(5):
        sign_in(client, f"guess-{n}")
    assert "Too many wrong passwords" in alert(sign_in(client, RIGHT))  # counted in memory
    assert "counting in this process" in caplog.text


def test_a_stranger_elsewhere_cannot_keep_the_arbiter_out(client, arbiter, event, settings):
    settings.LOGIN_DELAY_MAX = 0.05
    answers = [sign_in(client, f"guess-{n}", REMOTE_ADDR="203.0.113.66") for n in range(20)]
    assert "Too many wrong passwords for this account from here" in alert(answers[-1])
    for n in range(10):  # and from ten other places
        sign_in(client, f"guess-{n}", REMOTE_ADDR=f"198.51.100.{n}")

    venue = Client(REMOTE_ADDR="192.0.2.10")
    assert sign_in(venue, RIGHT).status_code == 302 and signed_in(venue)
    page = venue.get("/e/small-open/arbiter/")
    assert text(one(page.content, ".messages")) == (
        "15 wrong passwords were tried on your account since your last sign-in. "
        "If it was not you, ask the organiser to change your password."
    )
    assert not select(venue.get("/e/small-open/arbiter/").content, ".messages")  # told once
    still = sign_in(client, RIGHT, REMOTE_ADDR="203.0.113.66")  # the stranger's address
    assert "Too many wrong passwords for this account from here" in alert(still)


def test_failures_from_everywhere_only_slow_the_account_down(client, arbiter, settings):
    settings.LOGIN_DELAY_AFTER = 2
    waits = []
    for n in range(8):
        waits.append(login_throttle.delay("arbiter"))
        login_throttle.record_failure("arbiter", f"198.51.100.{n}")
    assert waits == [0, 0, 1, 2, 4, 8, 10, 10]

    settings.LOGIN_DELAY_MAX = 0.5
    started = time.monotonic()
    assert sign_in(client, RIGHT, REMOTE_ADDR="192.0.2.10").status_code == 302
    assert time.monotonic() - started >= 0.5  # waited, then let in
    assert login_throttle.delay("arbiter") == 0  # the success cleared the account's count


def test_the_refusal_is_in_the_readers_language(client, arbiter):
    for n in range(5):
        sign_in(client, f"guess-{n}", HTTP_ACCEPT_LANGUAGE="de")
    refused = sign_in(client, RIGHT, HTTP_ACCEPT_LANGUAGE="de")
    assert alert(refused) == (
        "Zu viele falsche Passwörter für dieses Konto von hier aus. Die Anmeldung bei "
        "diesem Konto ist von hier aus angehalten; versuchen Sie es in 15 Minuten erneut."
    )
    spanish = sign_in(client, RIGHT, HTTP_ACCEPT_LANGUAGE="es")
    assert alert(spanish).startswith("Demasiadas contraseñas incorrectas para esta cuenta")
