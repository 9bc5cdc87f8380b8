"""What stops a production start (DEBUG off): no SECRET_KEY, or a demo password that works.
Each runs the real command in a subprocess, as an operator would."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.servers import ROOT, _env

pytestmark = pytest.mark.slow

PRODUCTION = {"DEBUG": "0", "SECRET_KEY": "a-test-only-production-key-0123456789abcdef"}


def run(args: list[str], database_url: str, **env: str) -> subprocess.CompletedProcess:
    environ = _env(database_url, None, env)
    for name, value in env.items():
        if value is None:
            environ.pop(name, None)
    return subprocess.run(
        [sys.executable, *args], env=environ, cwd=ROOT, capture_output=True, text=True, timeout=120
    )


def manage(*args: str, database_url: str, **env) -> subprocess.CompletedProcess:
    return run([str(ROOT / "manage.py"), *args], database_url, **env)


def test_debug_off_without_a_secret_key_refuses_to_start(server_database):
    done = manage("check", database_url=server_database.url, DEBUG="0", SECRET_KEY=None)
    assert done.returncode != 0
    assert "ImproperlyConfigured" in done.stderr
    assert "SECRET_KEY is not set, and DEBUG is off" in done.stderr
    served = run(["-c", "import standings.asgi"], server_database.url, DEBUG="0", SECRET_KEY=None)
    assert served.returncode != 0 and "SECRET_KEY is not set" in served.stderr


def test_with_a_key_or_debug_on_it_starts(server_database):
    assert manage("check", database_url=server_database.url, **PRODUCTION).returncode == 0
    done = manage("check", database_url=server_database.url, DEBUG=None, SECRET_KEY=None)
    assert done.returncode == 0, done.stderr  # development: DEBUG is on without a key


def test_demo_passwords_stop_a_production_start(server_database):
    server_database.manage("load_demo")
    url = server_database.url
    for command in (["check"], ["migrate", "--noinput"]):
        done = manage(*command, database_url=url, **PRODUCTION)
        assert done.returncode != 0, command
        assert "standings.E001" in done.stderr
        assert "admin/admin" in done.stderr and "arbiter/arbiter" in done.stderr
    served = run(["-c", "import standings.asgi"], url, **PRODUCTION)
    assert served.returncode != 0
    assert "refuses to serve with DEBUG off" in served.stderr and "standings.E001" in served.stderr
    # An operator may silence it on purpose (a throwaway benchmark), by name.
    silenced = run(
        ["-c", "import standings.asgi"], url, SILENCED_SYSTEM_CHECKS="standings.E001", **PRODUCTION
    )
    assert silenced.returncode == 0, silenced.stderr


def test_demo_passwords_are_a_warning_in_development_and_for_check_deploy(server_database):
    server_database.manage("load_demo")
    url = server_database.url
    development = {"DEBUG": None, "SECRET_KEY": None}
    assert "standings.W001" not in manage("check", database_url=url, **development).stderr
    for args in (["check", "--deploy"], ["check", "--database", "default"]):
        done = manage(*args, database_url=url, **development)
        assert "standings.W001" in done.stderr + done.stdout, args
        assert "admin/admin" in done.stderr + done.stdout


def test_changed_passwords_start_cleanly(server_database):
    server_database.manage("load_demo")
    server_database.run_python(
        "from django.contrib.auth import get_user_model\n"
        "for user in get_user_model().objects.all():\n"
        "    user.set_password('a-long-private-password-1'); user.save()\n"
    )
    url = server_database.url
    assert manage("check", database_url=url, **PRODUCTION).returncode == 0
    assert run(["-c", "import standings.asgi"], url, **PRODUCTION).returncode == 0
