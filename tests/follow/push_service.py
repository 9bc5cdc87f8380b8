"""A push service of our own for the tests: a real HTTP server on 127.0.0.1 that checks each
Web Push request as a browser vendor's service would (RFC 8030 headers, the VAPID token of
RFC 8292 verified against the server's public key, its audience and expiry), decrypts the
payload with the subscription's private key (RFC 8291) and records it."""

from __future__ import annotations

import base64
import json
import os
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Browser:
    """What a browser holds for one subscription: its key pair and auth secret."""

    path: str
    private: ec.EllipticCurvePrivateKey = field(
        default_factory=lambda: ec.generate_private_key(ec.SECP256R1())
    )
    auth: bytes = field(default_factory=lambda: os.urandom(16))

    def keys(self) -> dict:
        point = self.private.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return {"p256dh": b64url(point), "auth": b64url(self.auth)}


@dataclass
class Received:
    path: str
    payload: dict
    headers: dict
    at: float  # time.perf_counter() when it arrived


class PushService:
    """Answers `status_for[path]` (201 by default) after checking and decrypting."""

    def __init__(self, vapid_public_key: str) -> None:
        self.vapid_key = ec.EllipticCurvePublicKey.from_encoded_point(
            ec.SECP256R1(), unb64url(vapid_public_key)
        )
        self.browsers: dict[str, Browser] = {}
        self.received: list[Received] = []
        self.faults: list[str] = []
        self.status_for: dict[str, int] = {}
        self.lock = threading.Lock()
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def subscribe(self, name: str) -> dict:
        """A new browser's PushSubscription JSON, as the page would post it."""
        browser = Browser(f"/push/{name}")
        self.browsers[browser.path] = browser
        return {"endpoint": self.origin + browser.path, "keys": browser.keys()}

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def _check(self, path: str, headers: dict, body: bytes) -> dict:
        if headers.get("content-encoding") != "aes128gcm":
            raise ValueError("Content-Encoding is not aes128gcm")
        if not headers.get("ttl", "").isdigit():
            raise ValueError("no TTL")
        self._check_vapid(headers.get("authorization", ""))
        browser = self.browsers[path]
        plain = http_ece.decrypt(
            body, private_key=browser.private, auth_secret=browser.auth, version="aes128gcm"
        )
        return json.loads(plain)

    def _check_vapid(self, authorization: str) -> None:
        scheme, _, params = authorization.partition(" ")
        if scheme != "vapid":
            raise ValueError("Authorization is not vapid")
        fields = dict(part.strip().split("=", 1) for part in params.split(","))
        if unb64url(fields["k"]) != self.vapid_key.public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        ):
            raise ValueError("k is not the server's public key")
        head, claims, signature = fields["t"].split(".")
        raw = unb64url(signature)
        der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
        try:
            self.vapid_key.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
        except InvalidSignature:
            raise ValueError("the VAPID signature does not verify") from None
        if json.loads(unb64url(head)).get("alg") != "ES256":
            raise ValueError("alg is not ES256")
        said = json.loads(unb64url(claims))
        if said.get("aud") != self.origin:
            raise ValueError(f"aud {said.get('aud')} is not {self.origin}")
        if not time.time() < said.get("exp", 0) <= time.time() + 24 * 3600:
            raise ValueError("exp is not within the next 24 hours")
        if not str(said.get("sub", "")).startswith(("mailto:", "https:")):
            raise ValueError("no sub")

    def _handler(self):
        service = self

        class Handler(BaseHTTPRequestHandler):
            def answer_post(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                headers = {k.lower(): v for k, v in self.headers.items()}
                status = service.status_for.get(self.path, 201)
                try:
                    payload = service._check(self.path, headers, body)
                except Exception as fault:
                    with service.lock:
                        service.faults.append(f"{self.path}: {fault!r}")
                    status = 400
                else:
                    with service.lock:
                        service.received.append(
                            Received(self.path, payload, headers, time.perf_counter())
                        )
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args) -> None:
                pass

        # http.server calls do_<METHOD> by name, which a dead-code check cannot see.
        setattr(Handler, "do_POST", Handler.answer_post)  # noqa: B010
        return Handler
