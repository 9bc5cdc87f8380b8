"""One Web Push request (RFC 8030): the payload encrypted for the browser (RFC 8291,
`Content-Encoding: aes128gcm`, pywebpush's encoder), a VAPID `Authorization` (RFC 8292),
a `TTL`; and what the push service's answer means for the subscription.

Requests go out of the worker only, never out of a request of the site; redirects are not
followed (a push service does not redirect; an endpoint that does is not one).
"""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass
from urllib.parse import urlsplit

import requests
from django.conf import settings
from pywebpush import WebPusher

from . import keys

VAPID_LIFETIME = 12 * 3600  # seconds a signed VAPID token is valid (RFC 8292: at most 24 h)


@dataclass(frozen=True, slots=True)
class Answer:
    """What became of one request: `status` the push service's HTTP status (0: no answer),
    `retry_after` its Retry-After in seconds when it gave one."""

    status: int
    retry_after: float | None = None

    @property
    def delivered(self) -> bool:
        return 200 <= self.status < 300

    @property
    def gone(self) -> bool:
        """The subscription no longer exists (the browser unsubscribed, or it expired)."""
        return self.status in (404, 410)

    @property
    def retry(self) -> bool:
        """Worth another try later: no answer, too many requests, the service's trouble."""
        return self.status == 0 or self.status == 429 or self.status >= 500


class Sender:
    """Sends pushes; one per thread (each its own HTTP session, its keep-alive connections
    reused); the VAPID tokens are shared, one per push service and half day."""

    _tokens: dict[str, tuple[float, str]] = {}
    _tokens_lock = threading.Lock()

    def __init__(self) -> None:
        self.session = requests.Session()

    def send(self, info: dict, payload: dict) -> Answer:
        data = json.dumps(payload, ensure_ascii=False).encode()
        encrypted = WebPusher(info, requests_session=self.session).encode(data, "aes128gcm")
        headers = {
            "Content-Encoding": "aes128gcm",
            "Content-Type": "application/octet-stream",
            "TTL": str(settings.FOLLOW_PUSH_TTL),
            "Urgency": "normal",
            "Authorization": self.vapid(info["endpoint"]),
        }
        try:
            response = self.session.post(
                info["endpoint"],
                data=encrypted["body"],
                headers=headers,
                timeout=settings.FOLLOW_PUSH_TIMEOUT,
                allow_redirects=False,
            )
        except requests.RequestException:
            return Answer(0)
        response.close()
        return Answer(response.status_code, _seconds(response.headers.get("Retry-After")))

    @classmethod
    def vapid(cls, endpoint: str) -> str:
        parts = urlsplit(endpoint)
        audience = f"{parts.scheme}://{parts.netloc}"
        now = time.time()
        with cls._tokens_lock:
            until, header = cls._tokens.get(audience, (0.0, ""))
            if until - now < VAPID_LIFETIME / 2:
                expires = int(now) + VAPID_LIFETIME
                claims = {"aud": audience, "exp": expires, "sub": settings.VAPID_SUBJECT}
                header = keys.signer().sign(claims)["Authorization"]
                cls._tokens[audience] = (float(expires), header)
        return header


def _seconds(retry_after: str | None) -> float | None:
    """Retry-After in seconds; its HTTP-date form is read as "later" (None)."""
    try:
        return max(0.0, float(retry_after)) if retry_after else None
    except ValueError:
        return None
