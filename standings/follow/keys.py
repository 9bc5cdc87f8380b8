"""The VAPID key pair (RFC 8292) that signs every push request, so that push services know
the pushes come from this server and from no one else.

Production sets `VAPID_PRIVATE_KEY` (a PEM, or the raw 32-byte key in base64url, as
`vapid --gen` or any VAPID tool makes it): every host then signs with the same key. Without
it, a key is generated on first use and kept in the database (`ServerKey`), which every
process and host sharing the database reads: the embedded default needs nothing set up, and
no key is ever in the repository. Changing the key invalidates every browser's subscription
(browsers bind it to the key): keep it for the life of the site.
"""

from __future__ import annotations

import base64
import functools

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings
from django.db import transaction
from py_vapid import Vapid

from .models import ServerKey


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


@functools.cache
def signer() -> Vapid:
    """The server's VAPID signer, read once per process."""
    configured = settings.VAPID_PRIVATE_KEY.strip()
    if configured.startswith("-----BEGIN"):
        return Vapid.from_pem(configured.encode())
    if configured:
        return Vapid.from_raw(configured.encode())
    return Vapid.from_pem(_stored_pem().encode())


def public_key() -> str:
    """The application server key the browser subscribes with: the uncompressed P-256 point,
    base64url without padding."""
    point = signer().public_key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return b64url(point)


def _stored_pem() -> str:
    """The generated key: the oldest row, so two processes that both generated one on the
    same first use agree on the same key from then on."""
    stored = ServerKey.objects.order_by("pk").first()
    if stored is None:
        private = ec.generate_private_key(ec.SECP256R1())
        pem = private.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        ).decode()
        with transaction.atomic():
            ServerKey.objects.create(private_pem=pem)
        stored = ServerKey.objects.order_by("pk").first()
        assert stored is not None
    return stored.private_pem
