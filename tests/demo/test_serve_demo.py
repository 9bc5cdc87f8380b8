"""`make run`'s server: its last lines, once it answers, give the address and the sign-ins."""

from __future__ import annotations

import subprocess
import sys
import time
import urllib.request

import pytest

from tests.servers import ROOT, _env, free_port

pytestmark = pytest.mark.slow


def read_until_banner(server: subprocess.Popen, timeout: float = 90.0) -> list[str]:
    lines: list[str] = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        line = server.stdout.readline()
        if not line:
            break
        lines.append(line.rstrip("\n"))
        if line.startswith("Stop with Ctrl-C"):
            return lines
    raise AssertionError(f"no banner; the server printed: {lines}")


def test_serve_demo_prints_the_address_and_sign_ins_once_it_answers(server_database):
    server_database.run_python(
        "from standings.demo.accounts import create_demo_arbiter; create_demo_arbiter()"
    )
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, str(ROOT / "manage.py"), "serve_demo", "127.0.0.1", str(port)]
        + ["--noreload"],
        env=_env(server_database.url, None, {"DEMO_LIVE": "0"}),
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        banner = read_until_banner(server)
        address = f"http://127.0.0.1:{port}/"
        assert banner[-3].startswith(f"standings is running: {address}")
        assert banner[-2] == f"Sign in at {address}login/ as admin / admin, arbiter / arbiter"
        with urllib.request.urlopen(address + "healthz", timeout=5) as answer:
            assert answer.status == 200  # it said so once it answered, not before
    finally:
        server.terminate()
        server.wait(timeout=20)
    assert not alive(port), "the server outlived serve_demo"


def alive(port: int) -> bool:
    try:
        urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2).close()
    except OSError:
        return False
    return True
