"""The production server (uvicorn as deploy/Procfile starts it, real) answers or closes at
once a client that sends too much: an oversized websocket request line or header, a socket
message over its limit. It had kept an oversized upgrade open for over 130 s."""

from __future__ import annotations

import asyncio
import shlex
import socket
import subprocess
import time
from pathlib import Path

import pytest
import websockets

from tests.servers import ROOT, _env, free_port, uvicorn_command, wait_for_port

pytestmark = [pytest.mark.slow]

PROMPTLY = 5.0  # seconds
SEED = "from tests.factories import create_swiss\ncreate_swiss()"
UPGRADE = (
    "Host: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
)


def procfile_options() -> list[str]:
    """The web process's uvicorn options, less where it listens and how many workers."""
    line = next(
        line
        for line in (ROOT / "deploy" / "Procfile").read_text().splitlines()
        if line.startswith("web:")
    )
    words = shlex.split(line.split("standings.asgi:application", 1)[1])
    options, skip = [], False
    for word in words:
        if skip:
            skip = False
        elif word in ("--host", "--port", "--workers"):
            skip = True
        else:
            options.append(word)
    return options


@pytest.fixture(scope="module")
def production_server(tmp_path_factory):
    from tests.servers import ServerDatabase

    database = ServerDatabase().create()
    database.run_python(SEED)
    port = free_port()
    log = tmp_path_factory.mktemp("uvicorn") / "log"
    with open(log, "w") as output:
        process = subprocess.Popen(
            uvicorn_command(port, *procfile_options()),
            env=_env(database.url, None),
            cwd=ROOT,
            stdout=output,
            stderr=subprocess.STDOUT,
        )
    wait_for_port(port)
    yield port
    process.terminate()
    process.wait(timeout=10)
    database.drop()
    assert "Traceback" not in Path(log).read_text()  # no worker harmed


def answer_to(port: int, request: bytes) -> tuple[bytes, float]:
    """What the server sends back (b"" if it only closes), and after how many seconds."""
    with socket.create_connection(("127.0.0.1", port)) as client:
        started = time.monotonic()
        client.sendall(request)
        client.settimeout(PROMPTLY * 4)
        try:
            answer = client.recv(200)
        except TimeoutError:
            answer = b"(no answer: still open)"
        return answer, time.monotonic() - started


@pytest.mark.parametrize("size", [9_000, 70_000, 1_000_000])
def test_an_oversized_upgrade_request_line_is_answered_at_once(production_server, size):
    line = f"GET /ws/e/small-open/?view={'a' * size} HTTP/1.1\r\n"
    answer, seconds = answer_to(production_server, (line + UPGRADE + "\r\n").encode())
    assert answer.startswith(b"HTTP/1.1 414 "), answer
    assert seconds < PROMPTLY


def test_an_oversized_upgrade_header_is_answered_at_once(production_server):
    request = "GET /ws/e/small-open/ HTTP/1.1\r\n" + UPGRADE + f"X-Big: {'b' * 20_000}\r\n\r\n"
    answer, seconds = answer_to(production_server, request.encode())
    assert answer.startswith(b"HTTP/1.1 431 "), answer
    assert seconds < PROMPTLY


def test_a_socket_message_over_the_limit_closes_the_socket(production_server):
    async def send_too_much() -> int:
        url = f"ws://127.0.0.1:{production_server}/ws/e/small-open/?view=standings"
        async with websockets.connect(url, origin="http://127.0.0.1") as socket_:
            await socket_.send("x" * 100_000)
            with pytest.raises(websockets.ConnectionClosed) as closed:
                while True:
                    await asyncio.wait_for(socket_.recv(), PROMPTLY)
            return closed.value.rcvd.code

    assert asyncio.run(send_too_much()) == 1009  # message too big
