"""Where the worker may send a push: one set of checks, applied when the browser subscribes
(forms.py) and again by the worker before each request (sender.py), so a subscription that
could never be sent to is refused at once, and no endpoint turns the worker against the
server's own network.

An endpoint is refused unless it is HTTPS (plain HTTP where FOLLOW_ALLOW_HTTP says), on port
443, on a push service's host (FOLLOW_PUSH_HOSTS), and its host is a name or a public address;
names are resolved by the worker, which refuses loopback, private, link-local, multicast and
reserved addresses and connects to the address it checked (`PublicResolver`). The
`host:port` pairs of FOLLOW_PUSH_LOCAL (a developer's or the tests' push service on this
machine) are let through all of that but the scheme.
"""

from __future__ import annotations

import ipaddress
import re
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit

from aiohttp.abc import AbstractResolver, ResolveResult
from aiohttp.resolver import ThreadedResolver
from django.conf import settings

MAX_ENDPOINT = 1024
DEFAULT_PORTS = {"https": 443, "http": 80}
PUSH_PORT = 443
# py_vapid's own rule for a token's audience: scheme, host, optional port; nothing else.
AUDIENCE = re.compile(r"^https?://[^/:]+(:\d+)?$", re.IGNORECASE)
URL_CHARACTERS = re.compile(r"^[\x21-\x7e]+$")  # printable ASCII: no space, no NUL


class Unusable(ValueError):
    """An endpoint the worker will not send to; the message says why (for the log)."""


@dataclass(frozen=True, slots=True)
class Target:
    url: str  # the endpoint as posted: sent to as it is
    host: str  # lower case, IPv6 without brackets
    port: int
    origin: str  # the VAPID audience and the key connections are pooled by
    local: bool  # named in FOLLOW_PUSH_LOCAL


def target(endpoint: str) -> Target:
    """The endpoint's push service, or Unusable saying why it is not one we send to."""
    if not isinstance(endpoint, str) or len(endpoint) > MAX_ENDPOINT:
        raise Unusable("not a string of at most 1024 characters")
    if not URL_CHARACTERS.match(endpoint):
        raise Unusable("characters outside printable ASCII")
    try:
        parts = urlsplit(endpoint)
        port = parts.port or DEFAULT_PORTS.get(parts.scheme, 0)
    except ValueError:
        raise Unusable("not a URL with a valid port") from None
    host = (parts.hostname or "").lower()
    schemes = {"https", "http"} if settings.FOLLOW_ALLOW_HTTP else {"https"}
    if parts.scheme not in schemes:
        raise Unusable("not HTTPS")
    if not host or parts.username is not None or parts.password is not None or parts.fragment:
        raise Unusable("no host, or a user or fragment in the URL")
    local = is_local(host, port)
    if not local:
        name = host.removesuffix(".")  # a fully qualified name is the same host
        if port != PUSH_PORT:
            raise Unusable(f"port {port} is not {PUSH_PORT}")
        if not _on_push_host(host):
            raise Unusable("not on a push service's host")
        if name == "localhost" or name.endswith(".localhost"):
            raise Unusable("this machine")
        address = _address(name)
        if address is not None and not public(address):
            raise Unusable("not a public address")
    origin = _origin(parts.scheme, host, port)
    if not AUDIENCE.match(origin):  # an IPv6 literal: no VAPID audience can name it
        raise Unusable("no VAPID audience names this host")
    return Target(endpoint, host, port, origin, local)


def origin_of(endpoint: str) -> str:
    """The push service an endpoint is on (scheme, host and port, as `Target.origin`), ""
    when it names none: what the worker counts the pushes on their way by."""
    try:
        parts = urlsplit(endpoint)
        port = parts.port or DEFAULT_PORTS.get(parts.scheme, 0)
    except ValueError:
        return ""
    if parts.scheme not in DEFAULT_PORTS or not parts.hostname:
        return ""
    return _origin(parts.scheme, parts.hostname.lower(), port)


def _origin(scheme: str, host: str, port: int) -> str:
    shown_port = "" if port == DEFAULT_PORTS[scheme] else f":{port}"
    return f"{scheme}://{host}{shown_port}"


def is_local(host: str, port: int) -> bool:
    """Named in FOLLOW_PUSH_LOCAL (`host:port`, IPv6 in brackets)."""
    shown = f"[{host}]" if ":" in host else host
    return f"{shown}:{port}" in {each.lower() for each in settings.FOLLOW_PUSH_LOCAL}


def public(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    """An address on the Internet at large: none of this machine's or its networks'."""
    if isinstance(address, ipaddress.IPv6Address):
        # An IPv4 address inside an IPv6 one is judged as that IPv4 address (6to4 is
        # routed to it).
        address = address.ipv4_mapped or address.sixtofour or address
    return address.is_global and not (
        address.is_multicast
        or address.is_private
        or address.is_loopback
        or address.is_link_local
        or address.is_reserved
        or address.is_unspecified
    )


def _address(host: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """The address a host is, not a name to resolve: also the older IPv4 forms the
    system's resolver reads without asking anyone (127.1, 2130706433, 0x7f.0.0.1)."""
    try:
        return ipaddress.ip_address(host)
    except ValueError:
        pass
    try:
        return ipaddress.IPv4Address(socket.inet_aton(host))
    except OSError:
        return None


def _on_push_host(host: str) -> bool:
    allowed = [h.lower().lstrip(".") for h in settings.FOLLOW_PUSH_HOSTS if h]
    return not allowed or any(host == h or host.endswith("." + h) for h in allowed)


class PublicResolver(AbstractResolver):
    """The system's resolver, keeping only public addresses (all for a FOLLOW_PUSH_LOCAL
    pair). aiohttp connects to the addresses a resolver returns, so what was checked is
    what is connected to: a name that resolves elsewhere a second time changes nothing."""

    def __init__(self) -> None:
        self._system = ThreadedResolver()

    async def resolve(
        self, host: str, port: int = 0, family: socket.AddressFamily = socket.AF_INET
    ) -> list[ResolveResult]:
        found = await self._system.resolve(host, port, family)
        if is_local(host.lower(), port):
            return found
        kept = [each for each in found if public(ipaddress.ip_address(each["host"]))]
        if not kept:
            raise OSError(f"{host} resolves to no public address")
        return kept

    async def close(self) -> None:
        await self._system.close()
