"""A push service of our own for the tests and the benchmark: a real HTTP/1.1 server on
127.0.0.1 (keep-alive, many connections at once, on asyncio in a thread of its own) that
checks each Web Push request as a browser vendor's service would (RFC 8030 headers, the
VAPID token of RFC 8292 verified against the server's public key, its audience and expiry),
decrypts the payload with the subscription's private key (RFC 8291) and records it.

It also counts what the worker's manners are judged by: the TCP connections opened (a
pooled client opens few and reuses them) and the most requests it had at once (the
worker's bound); `delay` holds each answer so that requests overlap; `hang` records each
request as it arrives and answers none until `release()` (a push service that never answers).

The benchmark runs it in a process of its own (`python -m tests.follow.push_service KEY`,
as a real one runs on other machines): browsers' keys are then derived from a seed so the
two processes agree on them without talking, `sample` decrypts one request in that many
(every request's headers and VAPID token are still checked; a token's signature is verified
once, as a service that caches them would), and `GET /_received` tells the arrivals.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import hashlib
import json
import os
import sys
import threading
import time
from dataclasses import dataclass, field
from http import HTTPStatus

import http_ece
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

P256_ORDER = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551


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

    @classmethod
    def seeded(cls, path: str, seed: str) -> Browser:
        """The same keys in every process that knows the seed (the benchmark's two)."""
        digest = hashlib.sha256(f"{seed}:{path}".encode()).digest()
        scalar = int.from_bytes(digest, "big") % (P256_ORDER - 1) + 1
        auth = hashlib.sha256(f"auth:{seed}:{path}".encode()).digest()[:16]
        return cls(path, ec.derive_private_key(scalar, ec.SECP256R1()), auth)

    def keys(self) -> dict:
        point = self.private.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return {"p256dh": b64url(point), "auth": b64url(self.auth)}


@dataclass
class Received:
    path: str
    payload: dict | None  # None: not decrypted (the benchmark's sample)
    headers: dict
    at: float  # time.perf_counter() when it arrived (CLOCK_MONOTONIC: same in every process)


class PushService:
    """Answers `status_for[path]` (201 by default) after checking and decrypting."""

    def __init__(
        self,
        vapid_public_key: str,
        *,
        delay: float = 0.0,
        hang: bool = False,
        sample: int = 1,
        seed: str | None = None,
        port: int = 0,
    ) -> None:
        self.vapid_key = ec.EllipticCurvePublicKey.from_encoded_point(
            ec.SECP256R1(), unb64url(vapid_public_key)
        )
        self.delay, self.sample, self.seed = delay, sample, seed
        self.hang = hang
        self._released = asyncio.Event()
        self.browsers: dict[str, Browser] = {}
        self.received: list[Received] = []
        self.faults: list[str] = []
        self.status_for: dict[str, int] = {}
        self.headers_for: dict[str, dict[str, str]] = {}  # extra headers of the answer, by path
        self.connections = 0  # TCP connections accepted
        self.in_flight = 0
        self.max_in_flight = 0
        self.lock = threading.Lock()
        self._verified: dict[str, dict] = {}  # Authorization header -> its verified claims
        self._count = 0
        self.loop = asyncio.new_event_loop()
        self.server = self.loop.run_until_complete(
            asyncio.start_server(self._connection, "127.0.0.1", port, backlog=1024)
        )
        self.port = self.server.sockets[0].getsockname()[1]
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def subscribe(self, name: str) -> dict:
        """A new browser's PushSubscription JSON, as the page would post it."""
        path = f"/push/{name}"
        browser = Browser.seeded(path, self.seed) if self.seed else Browser(path)
        self.browsers[path] = browser
        return {"endpoint": self.origin + path, "keys": browser.keys()}

    def release(self) -> None:
        """A hanging service answers what it holds, and from now on at once."""
        self.loop.call_soon_threadsafe(self._released.set)

    def close(self) -> None:
        self.release()

        async def stop() -> None:
            self.server.close()
            await self.server.wait_closed()

        asyncio.run_coroutine_threadsafe(stop(), self.loop).result(timeout=10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=10)

    async def _connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter):
        self.connections += 1
        try:
            while True:
                request = await reader.readline()
                if not request.strip():
                    break
                method, path, _version = request.decode("latin-1").split(" ", 2)
                headers = {}
                while (line := await reader.readline()) not in (b"\r\n", b"\n", b""):
                    name, _, value = line.decode("latin-1").partition(":")
                    headers[name.strip().lower()] = value.strip()
                body = await reader.readexactly(int(headers.get("content-length", 0)))
                status, answer = await self._answer(method, path, headers, body)
                phrase = HTTPStatus(status).phrase
                extra = "".join(f"{k}: {v}\r\n" for k, v in self.headers_for.get(path, {}).items())
                writer.write(
                    f"HTTP/1.1 {status} {phrase}\r\nContent-Length: {len(answer)}\r\n"
                    f"Content-Type: application/json\r\n{extra}\r\n".encode()
                    + answer
                )
                await writer.drain()
                if headers.get("connection", "").lower() == "close":
                    break
        except (ConnectionError, asyncio.IncompleteReadError, ValueError):
            pass
        finally:
            writer.close()

    async def _answer(self, method: str, path: str, headers: dict, body: bytes):
        if method == "GET" and path == "/_received":  # the benchmark's look from its process
            return 200, json.dumps(
                {"at": [r.at for r in self.received], "faults": self.faults[:5]}
            ).encode()
        if method == "POST" and path == "/_clear":
            self.received.clear()
            return 200, b"{}"
        at = time.perf_counter()
        self.in_flight += 1
        self.max_in_flight = max(self.max_in_flight, self.in_flight)
        try:
            if self.delay:
                await asyncio.sleep(self.delay)
            status = self.status_for.get(path, 201)
            try:
                payload = self._check(path, headers, body)
            except Exception as fault:
                with self.lock:
                    self.faults.append(f"{path}: {fault!r}")
                return 400, b""
            with self.lock:
                self.received.append(Received(path, payload, headers, at))
            if self.hang:
                await self._released.wait()
            return status, b""
        finally:
            self.in_flight -= 1

    def _check(self, path: str, headers: dict, body: bytes) -> dict | None:
        if headers.get("content-encoding") != "aes128gcm":
            raise ValueError("Content-Encoding is not aes128gcm")
        if not headers.get("ttl", "").isdigit():
            raise ValueError("no TTL")
        self._check_vapid(headers.get("authorization", ""))
        self._count += 1
        if (self._count - 1) % self.sample:
            return None
        browser = self.browsers.get(path)
        if browser is None and self.seed:
            browser = Browser.seeded(path, self.seed)
        if browser is None:
            raise ValueError(f"no subscription at {path}")
        plain = http_ece.decrypt(
            body, private_key=browser.private, auth_secret=browser.auth, version="aes128gcm"
        )
        return json.loads(plain)

    def _check_vapid(self, authorization: str) -> None:
        said = self._verified.get(authorization)
        if said is None:
            said = self._verify(authorization)
            self._verified[authorization] = said
        if said.get("aud") != self.origin:
            raise ValueError(f"aud {said.get('aud')} is not {self.origin}")
        if not time.time() < said.get("exp", 0) <= time.time() + 24 * 3600:
            raise ValueError("exp is not within the next 24 hours")
        if not str(said.get("sub", "")).startswith(("mailto:", "https:")):
            raise ValueError("no sub")

    def _verify(self, authorization: str) -> dict:
        """The token's claims once its key and ES256 signature are the server's."""
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
        return json.loads(unb64url(claims))


def main() -> None:
    """The benchmark's push service in a process of its own: prints its port, serves until
    its standard input closes."""
    parser = argparse.ArgumentParser()
    parser.add_argument("vapid_public_key")
    parser.add_argument("--seed", required=True)
    parser.add_argument("--sample", type=int, default=1)
    args = parser.parse_args()
    service = PushService(args.vapid_public_key, seed=args.seed, sample=args.sample)
    print(service.port, flush=True)
    sys.stdin.read()
    service.close()


if __name__ == "__main__":
    main()
