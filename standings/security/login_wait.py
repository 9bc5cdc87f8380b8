"""A sign-in's wait (login_throttle.delay) spent on the event loop, before Django, holding
no thread.

Django runs every synchronous view of a process in one shared thread (asgiref's
thread-sensitive executor), so a sign-in that slept in its view held up every other page
of that process: 40 wrong passwords sent at once stalled the arbiters' pages for 2.8-7.3 s.
This wrapper reads a sign-in's form, waits the account's delay with asyncio, then hands the
same body on to Django, naming in the scope the account it waited for; the form then checks
the password at once (login.ThrottledLoginForm).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import parse_qs

from asgiref.sync import sync_to_async

from . import login_throttle

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
AsgiApp = Callable[..., Awaitable[None]]

SIGN_IN_PATHS = frozenset({"/login/", "/admin/login/"})
WAITED = "standings.login_waited_for"  # the scope's key: the account waited for


class SignInWait:
    """Wraps the HTTP app (inside the body limit, which bounds what is read here)."""

    def __init__(self, app: AsgiApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if not (
            scope["type"] == "http" and scope["method"] == "POST" and scope["path"] in SIGN_IN_PATHS
        ):
            await self.app(scope, receive, send)
            return
        messages, body = await read_body(receive)
        username = form_username(scope, body)
        if username is not None:
            # In a worker thread: the views' one thread may be busy.
            seconds = await sync_to_async(login_throttle.delay, thread_sensitive=False)(username)
            if seconds:
                await asyncio.sleep(seconds)
            scope = {**scope, WAITED: login_throttle.account_key(username)}
        await self.app(scope, replay(messages, receive), send)


async def read_body(receive: Receive) -> tuple[list[Message], bytes]:
    """Every message of the request's body (to hand on unchanged) and the body."""
    messages: list[Message] = []
    while True:
        message = await receive()
        messages.append(message)
        if message["type"] != "http.request" or not message.get("more_body", False):
            break
    body = b"".join(m.get("body", b"") for m in messages if m["type"] == "http.request")
    return messages, body


def form_username(scope: Scope, body: bytes) -> str | None:
    """The username of a URL-encoded sign-in form, or None (another encoding: the form
    refuses a sign-in whose wait was not spent here, login.py)."""
    content_type = dict(scope.get("headers", ())).get(b"content-type", b"")
    if not content_type.split(b";")[0].strip().lower() == b"application/x-www-form-urlencoded":
        return None
    try:
        fields = parse_qs(body.decode(), max_num_fields=20)
    except (UnicodeDecodeError, ValueError):
        return None
    names = fields.get("username", [])
    return names[0] if len(names) == 1 else None


def replay(messages: list[Message], receive: Receive) -> Receive:
    """receive for the app: the messages already read, then the client's own."""
    pending = list(messages)

    async def replaying_receive() -> Message:
        if pending:
            return pending.pop(0)
        return await receive()

    return replaying_receive
