"""The follow POST's body, read in one place: every fault refused with a reason in the
reader's language, nothing trusted before it is checked, every read bounded."""

from __future__ import annotations

import base64
import binascii
import json
import re
from dataclasses import dataclass

from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings
from django.utils.translation import gettext

from . import endpoints

NUMBER_MAX = 99999
BASE64URL = re.compile(r"^[A-Za-z0-9_-]+={0,2}$")


class Refused(ValueError):
    """A body we do not take; its message says why, translated."""


@dataclass(frozen=True, slots=True)
class FollowRequest:
    endpoint: str
    p256dh: str
    auth: str
    players: tuple[int, ...]


def read_follow_request(body: bytes) -> FollowRequest:
    if len(body) > settings.FOLLOW_MAX_BODY:
        raise Refused(gettext("The request is too large."))
    try:
        data = json.loads(body.decode("utf-8"), parse_int=_small_int, parse_constant=_no_constant)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise Refused(gettext("The request is not JSON.")) from None
    if not isinstance(data, dict) or set(data) != {"subscription", "players"}:
        raise Refused(gettext('The request must hold "subscription" and "players", nothing else.'))
    endpoint, p256dh, auth = _subscription(data["subscription"])
    return FollowRequest(endpoint, p256dh, auth, _players(data["players"]))


def _subscription(sub: object) -> tuple[str, str, str]:
    if not isinstance(sub, dict) or not isinstance(sub.get("keys"), dict):
        raise Refused(gettext('"subscription" must hold "endpoint" and "keys".'))
    endpoint, keys = sub.get("endpoint"), sub["keys"]
    not_a_push_service = gettext("The subscription's endpoint is not a push service's address.")
    if not isinstance(endpoint, str):
        raise Refused(not_a_push_service)
    try:  # the worker's own checks (sender.py applies them again before each push)
        endpoints.target(endpoint)
    except endpoints.Unusable:
        raise Refused(not_a_push_service) from None
    p256dh, auth = keys.get("p256dh"), keys.get("auth")
    if not _public_key(p256dh) or len(_bytes(auth)) != 16:
        raise Refused(gettext("The subscription's keys are not valid."))
    assert isinstance(p256dh, str) and isinstance(auth, str)
    return endpoint, p256dh, auth


def _public_key(value: object) -> bool:
    raw = _bytes(value)
    if len(raw) != 65 or raw[0] != 4:
        return False
    try:
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), raw)
    except ValueError:
        return False
    return True


def _bytes(value: object) -> bytes:
    """base64url (padded or not) -> bytes; b"" for anything else (the decoder would skip
    other characters, which the database would then be asked to store)."""
    if not isinstance(value, str) or len(value) > 200 or not BASE64URL.match(value):
        return b""
    try:
        return base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    except (binascii.Error, ValueError):
        return b""


def _players(players: object) -> tuple[int, ...]:
    if not isinstance(players, list):
        raise Refused(gettext('"players" must be a list of numbers.'))
    if len(players) > settings.FOLLOW_MAX_PLAYERS:
        raise Refused(
            gettext("At most %(count)s players can be followed on one event.")
            % {"count": settings.FOLLOW_MAX_PLAYERS}
        )
    if not all(type(n) is int and 1 <= n <= NUMBER_MAX for n in players):
        raise Refused(gettext('"players" must be a list of numbers.'))
    return tuple(sorted(set(players)))


def _small_int(text: str) -> int:
    """A JSON number with ten million digits is refused before Python converts it."""
    if len(text) > 12:
        raise ValueError("number too long")
    return int(text)


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not JSON")
