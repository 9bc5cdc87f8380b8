"""How a socket is sent its view: as text, or compressed once for every socket that asked.

A page whose browser can inflate (DecompressionStream; live.js) asks for `?enc=deflate`
and gets each state as one binary message: its view's HTML in zlib format, compressed
ONCE per publish for all such sockets. permessage-deflate would instead compress every
socket's copy of the same text again; with 1,000 sockets that was most of the server's
time. Production therefore runs uvicorn with `--ws-per-message-deflate false` (README).
"""

from __future__ import annotations

import functools
import zlib
from collections.abc import Collection
from urllib.parse import parse_qs

from . import fragments

DEFLATE = "deflate"
LEVEL = 6  # level 9 gains 2% on a standings table for twice the time


def pack(parts: dict[str, str], views: Collection[str] | None = None) -> dict[str, bytes]:
    """The HTML of each of `views` (every view and fragments.ALL when None), compressed once;
    fragments.ALL (every fragment, for a socket of no view) from render_parts()'s full output."""
    wanted = [*parts, fragments.ALL] if views is None else views
    texts = {
        view: fragments.every_fragment(parts) if view == fragments.ALL else parts[view]
        for view in wanted
    }
    return {view: zlib.compress(html.encode("ascii"), LEVEL) for view, html in texts.items()}


def part(message: dict, view: str, language: str) -> bytes | None:
    """What a socket of `view` in `language` (asked.pair) is sent of a push message; None
    when the message does not carry it (another language's message of the same push)."""
    return message.get("parts", {}).get(language, {}).get(view)


@functools.lru_cache(maxsize=4)
def inflate(body: bytes) -> str:
    """The HTML of a packed part, for a socket that asked for text: inflated once for all
    such sockets of a push, not once per socket (every fragment of a 500-player event is
    about 1 MB of text); the last few kept."""
    return zlib.decompress(body).decode("ascii")


def socket_options(query_string: bytes) -> tuple[str, str, bool]:
    """The view a socket asks for (fragments.ALL when none), the language of the page that
    opened it (`&lang=fr`, the page's own) and whether it wants deflate."""
    query = parse_qs(query_string.decode("latin-1"))
    view = query.get("view", [fragments.ALL])[0]
    return view, query.get("lang", [""])[0], query.get("enc", [""])[0] == DEFLATE
