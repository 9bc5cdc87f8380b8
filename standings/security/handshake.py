"""A websocket request that the websocket library refuses while reading it (a request line
or a header line over 8 KB, over 128 headers) is answered and closed at once.

uvicorn's websockets-sansio protocol (what `--ws auto` picks) lets the library make the
refusal (414 or 431) but never writes it, so the connection stayed open as long as the
client kept it (over 130 s seen; each one a socket and a buffer of the worker's). Patched
here, in each server process, until uvicorn writes it itself; tests/security/
test_server_limits.py checks it against the real server either way.
"""

from __future__ import annotations

from typing import Any


def answer_refused_handshakes() -> None:
    try:
        from uvicorn.protocols.websockets.websockets_sansio_impl import (
            WebSocketsSansIOProtocol,
        )
    except ImportError:  # another server, or another websocket library
        return
    received = WebSocketsSansIOProtocol.data_received
    if getattr(received, "answers_refused_handshakes", False):
        return

    def data_received(self: Any, data: bytes) -> None:
        received(self, data)
        refused = self.conn.handshake_exc is not None and not self.handshake_initiated
        if refused and not self.transport.is_closing():
            self.transport.write(b"".join(self.conn.data_to_send()))
            self.transport.close()

    data_received.answers_refused_handshakes = True  # type: ignore[attr-defined]
    WebSocketsSansIOProtocol.data_received = data_received  # type: ignore[method-assign]
