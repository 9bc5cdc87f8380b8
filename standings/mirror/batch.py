"""One batch from a venue to its mirror, as JSON, gzip-compressed, signed with HMAC-SHA256
under a key derived from the venue's token.

A batch carries the event's state at one version (export.py): whole (`state`), or as what
changed since the state the public side acknowledged last (`delta` from the state whose
digest is `base`, to the state whose digest is `digest`). The public side keeps the state it
applied last, rebuilds the new one from the delta and checks its digest before applying it.

The signature covers the compressed body as sent, and the body names the event, the batch's
sequence number and the previous batch's: a batch cannot be moved to another event, replayed
later, reordered or altered without the public side seeing it (views.py).
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
        payload = json.loads(text, object_pairs_hook=_once_each)
    except Unreadable:
        raise
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        raise Unreadable("the body is not JSON") from error
    if not isinstance(payload, dict):
        raise Unreadable("the body is not a JSON object")
    return payload


def _once_each(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object whose keys are each given once: a key given twice is not read as its last."""
    said = dict(pairs)
    if len(said) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise Unreadable(f"the key {key[:60]!r} is given twice in one object")
            seen.add(key)
    return said


def digest(body: bytes) -> str:
    return hashlib.sha256(body).hexdigest()


def plain(state: dict[str, Any]) -> dict[str, Any]:
    """The state as the other side reads it: JSON values only (dates as text)."""
    return json.loads(canonical(state))


def canonical(state: dict[str, Any]) -> str:
    """One text per state: what its digest is taken of."""
    return json.dumps(
        state, cls=DjangoJSONEncoder, separators=(",", ":"), sort_keys=True, ensure_ascii=False
    )


def state_digest(state: dict[str, Any]) -> str:
    return digest(canonical(state).encode())


# A delta is a JSON value that turns one plain JSON value into another:
#   {"=": new}                              the value replaced
#   {"{": {key: delta}, "-": [keys]}        an object: some keys changed or added, some removed
#   {"[": {index: delta}, "+": [items], "#": length}
#                                           a list: some items changed, items appended, or
#                                           cut to `length`
#   {"~": [[offset, text], ...]}            a text of the same length: some runs rewritten
#   {"L": delta of the list of its lines}   a text of several lines (a TRF file)
# Equal values have no delta (None); an object's or a list's unchanged parts are left out.
_SHORT = 40  # characters: a text this short is sent again rather than patched


def delta(old: Any, new: Any) -> dict[str, Any] | None:
    if type(old) is type(new) and old == new:
        return None
    if isinstance(old, dict) and isinstance(new, dict):
        return _object_delta(old, new)
    if isinstance(old, list) and isinstance(new, list):
        return _list_delta(old, new)
    if isinstance(old, str) and isinstance(new, str) and len(new) > _SHORT:
        if "\n" in old and "\n" in new:
            return {"L": _list_delta(old.split("\n"), new.split("\n"))}
        if len(old) == len(new):
            runs = _runs(old, new)
            if sum(len(text) + 8 for _, text in runs) < len(new):
                return {"~": runs}
    return {"=": new}


def _object_delta(old: dict, new: dict) -> dict[str, Any]:
    changed = {}
    for key, value in new.items():
        if key not in old:
            changed[key] = {"=": value}
        else:
            step = delta(old[key], value)
            if step is not None:
                changed[key] = step
    said: dict[str, Any] = {"{": changed}
    removed = sorted(key for key in old if key not in new)
    if removed:
        said["-"] = removed
    return said


def _list_delta(old: list, new: list) -> dict[str, Any]:
    changed = {}
    for index in range(min(len(old), len(new))):
        step = delta(old[index], new[index])
        if step is not None:
            changed[str(index)] = step
    said: dict[str, Any] = {"[": changed}
    if len(new) > len(old):
        said["+"] = new[len(old) :]
    elif len(new) < len(old):
        said["#"] = len(new)
    return said


def _runs(old: str, new: str) -> list[list]:
    """[[offset, text]] where `new` differs from `old` (same length); runs closer than 8
    characters are merged (a run costs about that much to say)."""
    runs: list[list] = []
    index = 0
    while index < len(new):
        if old[index] == new[index]:
            index += 1
            continue
        start = index
        while index < len(new) and (
            old[index] != new[index] or new[index : index + 8] != old[index : index + 8]
        ):
            index += 1
        runs.append([start, new[start:index]])
    return runs


class BadDelta(ValueError):
    """A delta that does not fit the value it is applied to."""


def patched(old: Any, step: Any) -> Any:
    """`old` changed by `step` (None: unchanged); raises BadDelta on a delta that does not fit."""
    if step is None:
        return old
    if not isinstance(step, dict):
        raise BadDelta("not a delta")
    try:
        if "=" in step:
            return step["="]
        if "{" in step:
            if not isinstance(old, dict):
                raise BadDelta("an object's delta for a value that is not one")
            removed = set(step.get("-", []))
            value = {k: v for k, v in old.items() if k not in removed}
            for key, inner in step["{"].items():
                value[key] = patched(old.get(key), inner)
            return value
        if "[" in step:
            if not isinstance(old, list):
                raise BadDelta("a list's delta for a value that is not one")
            items = list(old[: step["#"]] if "#" in step else old)
            for index, inner in step["["].items():
                items[int(index)] = patched(items[int(index)], inner)
            return items + list(step.get("+", []))
        if "L" in step:
            if not isinstance(old, str):
                raise BadDelta("a text's delta for a value that is not one")
            return "\n".join(patched(old.split("\n"), step["L"]))
        if "~" in step:
            if not isinstance(old, str):
                raise BadDelta("a text's delta for a value that is not one")
            chars = list(old)
            for offset, text in step["~"]:
                if offset < 0 or offset + len(text) > len(chars):
                    raise BadDelta("a run outside the text")
                chars[offset : offset + len(text)] = text
            return "".join(chars)
    except (AttributeError, IndexError, KeyError, TypeError, ValueError) as error:
        raise BadDelta(f"the delta does not fit ({type(error).__name__})") from error
    raise BadDelta("not a delta")
