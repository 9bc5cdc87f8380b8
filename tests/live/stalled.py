"""A follower whose socket stops reading (a phone in a lift, or someone doing it on purpose),
and an event big enough that one push fills what the server buffers for such a socket.

Used by test_slow_sockets.py and bench/slow_socket_bench.py.
"""

from __future__ import annotations

import base64
import os
import socket
import struct
import time
from urllib.parse import urlsplit

RECEIVE_BUFFER = 4096  # bytes: the kernel's smallest, so the server's writes block soon

SEED = """
import random
from django.contrib.auth.models import User
from standings.events.models import Event, Game, Participant, Round
arbiter = (User.objects.filter(username="arbiter").first()
           or User.objects.create_user("arbiter", password="pw-arbiter-1"))
event = Event.objects.create(slug={slug!r}, name="Crowd Open", rounds_planned=9,
                             tiebreaks="BH/C1 BH SB ARO")
event.arbiters.set([arbiter])
people = [Participant.objects.create(event=event, start_no=n, name=f"Competitor {{n:03d}}",
                                     rating=2650 - 3 * n, federation="SCO")
          for n in range(1, {players} + 1)]
draw = random.Random(2026)
for number in range(1, 5):
    state = Round.State.CLOSED if number < 4 else Round.State.IN_PROGRESS
    rnd = Round.objects.create(event=event, number=number, state=state)
    order = people[:]
    draw.shuffle(order)
    for board in range(len(order) // 2):
        result = draw.choice(["10", "==", "01"]) if number < 4 else ""
        Game.objects.create(round=rnd, board=board + 1, white=order[2 * board],
                            black=order[2 * board + 1], result=result)
"""
PASSWORD = "pw-arbiter-1"  # the seeded arbiter's ("arbiter")


class StalledSocket:
    """A websocket opened as a browser opens one, with a tiny receive buffer, that then reads
    nothing: the server's writes to it fill its buffers and then wait."""

    def __init__(self, ws_url: str, origin: str) -> None:
        parts = urlsplit(ws_url)
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, RECEIVE_BUFFER)
        self.sock.settimeout(30)
        self.sock.connect((parts.hostname, parts.port))
        path = parts.path + (f"?{parts.query}" if parts.query else "")
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(
            (
                f"GET {path} HTTP/1.1\r\nHost: {parts.netloc}\r\nUpgrade: websocket\r\n"
                f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                f"Sec-WebSocket-Version: 13\r\nOrigin: {origin}\r\n\r\n"
            ).encode()
        )
        self.unread = b""
        while b"\r\n\r\n" not in self.unread:  # the answer's head, then no more reading
            chunk = self.sock.recv(1)
            if not chunk:
                raise ConnectionError("closed during the handshake")
            self.unread += chunk
        if not self.unread.startswith(b"HTTP/1.1 101"):
            raise ConnectionError(self.unread.split(b"\r\n")[0].decode())
        self.unread = b""

    def read_until_closed(self, timeout: float) -> tuple[int, int | None]:
        """Start reading at last: everything the server had for it, until the server closes
        (a close frame, or the end of the stream), within `timeout` seconds. How many
        messages came, and the close frame's code (None: the stream ended without one)."""
        deadline = time.monotonic() + timeout
        buffer, messages = b"", 0
        while True:
            frame = _frame(buffer)
            if frame is not None:
                opcode, payload, size = frame
                buffer = buffer[size:]
                if opcode == 0x8:
                    return messages, struct.unpack("!H", payload[:2])[0] if payload else None
                messages += opcode in (0x1, 0x2)
                continue
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"not closed after {timeout} s ({messages} messages read)")
            self.sock.settimeout(left)
            chunk = self.sock.recv(65536)
            if not chunk:
                return messages, None
            buffer += chunk

    def close(self) -> None:
        self.sock.close()


def _frame(buffer: bytes) -> tuple[int, bytes, int] | None:
    """The first whole frame of `buffer` (a server's: unmasked): opcode, payload, size."""
    if len(buffer) < 2:
        return None
    length, start = buffer[1] & 0x7F, 2
    if length == 126:
        if len(buffer) < 4:
            return None
        length, start = struct.unpack("!H", buffer[2:4])[0], 4
    elif length == 127:
        if len(buffer) < 10:
            return None
        length, start = struct.unpack("!Q", buffer[2:10])[0], 10
    if len(buffer) < start + length:
        return None
    return buffer[0] & 0x0F, buffer[start : start + length], start + length
