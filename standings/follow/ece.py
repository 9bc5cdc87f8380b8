"""A Web Push payload encrypted for one browser (RFC 8291 on RFC 8188, `aes128gcm`).

Written here rather than called through pywebpush's encoder because the worker encrypts
thousands of pushes a second on one core: the encoder copies the subscription, builds HKDF
objects and checks options on every call (about twice the cost of the cryptography itself).
The steps are the RFC's, one record; a payload too long for one record (not one of ours:
push services accept 4 KB) goes to http_ece, which splits it. The ephemeral key pair and
the salt are new for every push, as the RFC requires; nothing is shared between browsers.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os

import http_ece
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

RECORD_SIZE = 4096  # RFC 8188 `rs`; RFC 8291 needs one record of at most 4096 bytes
_TAG = 16  # AES-GCM tag
_LAST = b"\x02"  # the padding delimiter of the last record (RFC 8188 section 2)
_POINT = serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint


def _unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _hmac(key: bytes, data: bytes) -> bytes:
    return hmac.digest(key, data, hashlib.sha256)


def encrypt(plain: bytes, p256dh: str, auth: str) -> bytes:
    """The body of the push request for the browser whose public key is `p256dh` and whose
    authentication secret is `auth` (both base64url, as the subscription gives them).
    Raises ValueError when the browser's key is not a P-256 point."""
    browser_public = _unb64url(p256dh)
    secret = _unb64url(auth)
    browser_key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), browser_public)
    ours = ec.generate_private_key(ec.SECP256R1())
    our_public = ours.public_key().public_bytes(*_POINT)
    if len(plain) + len(_LAST) + _TAG > RECORD_SIZE:
        return http_ece.encrypt(
            plain,
            private_key=ours,
            dh=browser_public,
            auth_secret=secret,
            version="aes128gcm",
            rs=RECORD_SIZE,
        )
    shared = ours.exchange(ec.ECDH(), browser_key)
    # RFC 8291 section 3.4: the input keying material from the ECDH secret and auth secret.
    prk_key = _hmac(secret, shared)
    ikm = _hmac(prk_key, b"WebPush: info\x00" + browser_public + our_public + b"\x01")
    # RFC 8188 section 2.2-2.3: the content encryption key and nonce from a fresh salt.
    salt = os.urandom(16)
    prk = _hmac(salt, ikm)
    cek = _hmac(prk, b"Content-Encoding: aes128gcm\x00\x01")[:16]
    nonce = _hmac(prk, b"Content-Encoding: nonce\x00\x01")[:12]
    record = AESGCM(cek).encrypt(nonce, plain + _LAST, None)
    header = salt + RECORD_SIZE.to_bytes(4, "big") + bytes([len(our_public)]) + our_public
    return header + record
