"""A bare websocket client for load drivers: enough of RFC 6455 to read what a server
sends, inflate permessage-deflate, and answer its pings.

On a machine that runs the server too, every CPU cycle a driver spends receiving is
taken from the server it measures (browsers do that work on the followers' phones); a
general client library spends several times more per message than this.
"""

from __future__ import annotations

import asyncio
import base64
import os
import zlib
from collections.abc import Callable
from urllib.parse import urlsplit

TAIL = b"\x00\x00\xff\xff"  # what permessage-deflate strips from each message's end


class BareWebSocket(asyncio.Protocol):
    """One connection; `on_message(data, binary)` gets each whole message."""

    def __init__(self, on_message: Callable[[bytes, bool], None]) -> None:
        self.on_message = on_message
        self.opened: asyncio.Future = asyncio.get_running_loop().create_future()
        self.transport: asyncio.Transport | None = None
        self.buffer = bytearray()
        self.inflater: zlib._Decompress | None = None  # once permessage-deflate is agreed
        self.parts: list[bytes] = []
        self.first = (0, False)  # opcode and "compressed" of the message being assembled

    @classmethod
    async def connect(
        cls, url: str, origin: str, on_message: Callable[[bytes, bool], None], deflate: bool
    ) -> BareWebSocket:
        """Open `url` (ws://host:port/path?query), offering permessage-deflate if asked."""
        parts = urlsplit(url)
        loop = asyncio.get_running_loop()
        _, socket = await loop.create_connection(
            lambda: cls(on_message), parts.hostname, parts.port
        )
        path = parts.path + (f"?{parts.query}" if parts.query else "")
        key = base64.b64encode(os.urandom(16)).decode()
        offer = "Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\n"
        socket.transport.write(
            (
                f"GET {path} HTTP/1.1\r\nHost: {parts.netloc}\r\nUpgrade: websocket\r\n"
                f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                f"Sec-WebSocket-Version: 13\r\nOrigin: {origin}\r\n"
                f"{offer if deflate else ''}\r\n"
            ).encode()
        )
        await socket.opened
        return socket

    def close(self) -> None:
        if self.transport is not None:
            self.transport.close()

    # --- asyncio.Protocol -----------------------------------------------------------

    def connection_made(self, transport: asyncio.Transport) -> None:
        self.transport = transport

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.opened.done():
            self.opened.set_exception(exc or ConnectionError("closed during the handshake"))

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        if not self.opened.done():
            end = self.buffer.find(b"\r\n\r\n")
            if end < 0:
                return
            head = bytes(self.buffer[:end]).decode("latin-1").lower()
            del self.buffer[: end + 4]
            if not head.startswith("http/1.1 101"):
                self.opened.set_exception(ConnectionError(head.split("\r\n")[0]))
                return
            if "permessage-deflate" in head:
                self.inflater = zlib.decompressobj(-15)
            self.opened.set_result(None)
        self._frames()

    # --- frames -----------------------------------------------------------------------

    def _frames(self) -> None:
        buffer = self.buffer
        while len(buffer) >= 2:
            length, start = buffer[1] & 0x7F, 2
            if length == 126:
                if len(buffer) < 4:
                    return
                length, start = int.from_bytes(buffer[2:4], "big"), 4
            elif length == 127:
                if len(buffer) < 10:
                    return
                length, start = int.from_bytes(buffer[2:10], "big"), 10
            if len(buffer) < start + length:
                return
            head = buffer[0]
            payload = bytes(buffer[start : start + length])
            del buffer[: start + length]
            self._frame(head & 0x80, head & 0x40, head & 0x0F, payload)

    def _frame(self, fin: int, rsv1: int, opcode: int, payload: bytes) -> None:
        if opcode == 0x9:  # ping: pong with the same payload, masked by a zero key
            self.transport.write(bytes([0x8A, 0x80 | len(payload)]) + b"\0\0\0\0" + payload)
            return
        if opcode == 0x8:  # close
            self.close()
            return
        if opcode in (0x1, 0x2):
            self.first, self.parts = (opcode, bool(rsv1)), []
        self.parts.append(payload)
        if not fin:
            return
        opcode, compressed = self.first
        data = b"".join(self.parts)
        if compressed:
            data = self.inflater.decompress(data + TAIL)
        self.on_message(data, opcode == 0x2)
