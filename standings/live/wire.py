"""How a socket is sent its view: as text, or compressed once for every socket that asked.

A page whose browser can inflate (DecompressionStream; live.js) asks for `?enc=deflate`
and gets each state as one binary message: its view's HTML in zlib format, compressed
ONCE per publish for all such sockets. permessage-deflate would instead compress every
socket's copy of the same text again; with 1,000 sockets that was most of the server's
time. Production therefore runs uvicorn with `--ws-per-message-deflate false` (README).
"""

from __future__ import annotations

import zlib
from urllib.parse import parse_qs

from . import fragments

DEFLATE = "deflate"
LEVEL = 6  # level 9 gains 2% on a standings table for twice the time


def pack(parts: dict[str, str]) -> dict[str, bytes]:
    """Each view's HTML (and every fragment, for a socket of no view), compressed once."""
    texts = {**parts, fragments.ALL: fragments.every_fragment(parts)}
    return {view: zlib.compress(html.encode("ascii"), LEVEL) for view, html in texts.items()}


def packed_part(packed: dict[str, bytes], view: str) -> bytes:
    """What a deflate socket of `view` is sent of pack()'s output."""
    return packed.get(view) or packed[fragments.ALL]


def in_language(message: dict, language: str) -> dict[str, bytes]:
    """The packed parts of a push message in `language`; the default language's when the
    push was not rendered in it (nobody had read the event in it lately)."""
    return message["translated"].get(language) or message["packed"]


def inflate(body: bytes) -> str:
    """The HTML of a packed part, for a socket that asked for text."""
    return zlib.decompress(body).decode("ascii")


def socket_options(query_string: bytes) -> tuple[str, bool]:
    """The view a socket asks for (fragments.ALL when none) and whether it wants deflate."""
    query = parse_qs(query_string.decode("latin-1"))
    view = query.get("view", [fragments.ALL])[0]
    return view, query.get("enc", [""])[0] == DEFLATE


def socket_language(query_string: bytes) -> str:
    """The language of the page that opened the socket (`&lang=fr`, the page's own)."""
    return parse_qs(query_string.decode("latin-1")).get("lang", [""])[0]
