"""An ASGI middleware in front of Django: a request body over its limit is refused with 413
before anything reads it (Django would otherwise spool the whole body to disk first).

The declared Content-Length is checked before the first byte is read; a chunked body is
counted as it streams and refused the moment it passes the limit.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from django.conf import settings
from django.urls import Resolver404, resolve

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
AsgiApp = Callable[..., Awaitable[None]]  # Django's handler types its arguments more narrowly

# The upload pages (TRF files, bridge files) take a larger body than every other form.
UPLOAD_VIEWS = {
    "arbiter:import",
    "arbiter:reimport",
    "arbiter:import_section",
    "bridge_events:import",
}
DISCONNECT: Message = {"type": "http.disconnect"}


def body_limit(path: str) -> int:
    """The largest body the page at `path` accepts, in bytes."""
    try:
        view = resolve(path).view_name
    except Resolver404:
        return settings.MAX_REQUEST_BODY
    if view in UPLOAD_VIEWS:
        return settings.MAX_UPLOAD_REQUEST_BODY
    return settings.MAX_REQUEST_BODY


def declared_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers", ()):
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None  # the server refuses a malformed length before we see it
    return None


class RequestBodyLimit:
    """Wraps the HTTP app: 413 for a body over `body_limit(path)`; other scopes pass."""

    def __init__(self, app: AsgiApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        # Resolve the path's own limit only for a body over the common one.
        declared = declared_length(scope)
        if declared is not None and declared > settings.MAX_REQUEST_BODY:
            limit = body_limit(scope["path"])
            if declared > limit:
                await refuse(send, limit)
                return
        await self.app(scope, *counted(scope, receive, send))


def counted(scope: Scope, receive: Receive, send: Send) -> tuple[Receive, Send]:
    """receive and send for the app: receive counts the body and, past the limit, answers
    413 itself and tells the app the client has gone; send then drops the app's answer."""
    received = 0
    limit: int | None = None
    refused = False

    async def counting_receive() -> Message:
        nonlocal received, limit, refused
        if refused:
            return DISCONNECT
        message = await receive()
        if message["type"] != "http.request":
            return message
        received += len(message.get("body", b""))
        if received > settings.MAX_REQUEST_BODY:
            if limit is None:
                limit = body_limit(scope["path"])
            if received > limit:
                refused = True
                await refuse(send, limit)
                return DISCONNECT
        return message

    async def guarded_send(message: Message) -> None:
        if not refused:
            await send(message)

    return counting_receive, guarded_send


async def refuse(send: Send, limit: int) -> None:
    body = (f"Request body too large: this page accepts at most {limit // 1024} KB.\n").encode()
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [
                (b"content-type", b"text/plain; charset=utf-8"),
                (b"content-length", str(len(body)).encode()),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
