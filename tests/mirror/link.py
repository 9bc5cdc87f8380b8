"""A TCP link between a venue and its public server that a test cuts and restores: cut, it
drops the connections open through it (mid-request or mid-answer) and refuses new ones."""

from __future__ import annotations

import contextlib
import socket
import threading


class Link:
    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.up = threading.Event()
        self.up.set()
        self.cuts = 0
        self._open: set[socket.socket] = set()
        self._lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def cut(self) -> None:
        self.up.clear()
        self.cuts += 1
        with self._lock:
            for sock in self._open:
                _close(sock)
            self._open.clear()

    def restore(self) -> None:
        self.up.set()

    def close(self) -> None:
        self.cut()
        _close(self.listener)

    def _accept(self) -> None:
        while True:
            try:
                venue, _ = self.listener.accept()
            except OSError:
                return  # closed
            if not self.up.is_set():
                _close(venue)
                continue
            try:
                public = socket.create_connection(("127.0.0.1", self.target_port), timeout=5)
            except OSError:
                _close(venue)
                continue
            with self._lock:
                self._open.update((venue, public))
            threading.Thread(target=self._pump, args=(venue, public), daemon=True).start()
            threading.Thread(target=self._pump, args=(public, venue), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                if not self.up.is_set():
                    break
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for sock in (source, sink):
                _close(sock)
                with self._lock:
                    self._open.discard(sock)


def _close(sock: socket.socket) -> None:
    with contextlib.suppress(OSError):
        sock.shutdown(socket.SHUT_RDWR)
    with contextlib.suppress(OSError):
        sock.close()
