"""One batch from a venue to its mirror: the event's whole state at one version, as JSON,
gzip-compressed, signed with HMAC-SHA256 under a key derived from the venue's token.

The signature covers the compressed body as sent, and the body names the event, the batch's
sequence number and the previous batch's: a batch cannot be moved to another event, replayed
later, reordered or altered without the public side seeing it (public.py).
"""

from __future__ import annotations

import gzip
import hashlib
import hmac
import io
import json
import secrets
from typing import Any

from django.core.serializers.json import DjangoJSONEncoder

FORMAT = "standings-mirror-1"
SIGNATURE_HEADER = "X-Mirror-Signature"
_KEY_LABEL = b"standings mirror key\0"


def new_token() -> str:
    """256 random bits; the prefix keeps a token from starting with "-", which a command
    line would read as an option."""
    return "sm_" + secrets.token_urlsafe(32)


def token_key(token: str) -> str:
    """The HMAC key of a token, hex: what the public side stores (a hash, not the token)."""
    return hashlib.sha256(_KEY_LABEL + token.encode()).hexdigest()


def signature(key_hex: str, body: bytes) -> str:
    return hmac.new(bytes.fromhex(key_hex), body, hashlib.sha256).hexdigest()


def signature_matches(key_hex: str, body: bytes, said: str) -> bool:
    return bool(key_hex) and hmac.compare_digest(signature(key_hex, body), said)


def pack(payload: dict[str, Any]) -> bytes:
    """The body: compact JSON, gzip without a timestamp (the same state packs the same)."""
    text = json.dumps(payload, cls=DjangoJSONEncoder, separators=(",", ":"), sort_keys=True)
    return gzip.compress(text.encode(), compresslevel=9, mtime=0)


class Unreadable(ValueError):
    """A body that is not a gzip'd JSON object, or unpacks past the cap."""


def unpack(body: bytes, limit: int) -> dict[str, Any]:
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(body)) as stream:
            text = stream.read(limit + 1)
    except (OSError, EOFError) as error:
        raise Unreadable("the body is not gzip") from error
    if len(text) > limit:
        raise Unreadable("the body unpacks past the limit")
    try:
        payload = json.loads(text)
    except (UnicodeDecodeError, ValueError) as error:
        raise Unreadable("the body is not JSON") from error
    if not isinstance(payload, dict):
        raise Unreadable("the body is not a JSON object")
    return payload


def digest(body: bytes) -> str:
    return hashlib.sha256(body).hexdigest()
