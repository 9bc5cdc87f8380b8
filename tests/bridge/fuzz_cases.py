"""Bad standings-bridge-1 files: the cases a probe of the import found (issue 24) and a
mutator that makes more from the example files. Used by the reader's and the import's
tests and by bench/fuzz_bridge.py.

Each case is (name, file bytes, the refusal's key or None for a file the reader accepts).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from standings.bridge.reader import MAX_BYTES

EXAMPLES = Path(__file__).resolve().parents[1] / "fixtures" / "bridge"
SEEDS = sorted(EXAMPLES.glob("example-*[0-9].json"))
RR03 = (EXAMPLES / "example-rr03.json").read_text()
PR02 = (EXAMPLES / "example-pr02.json").read_text()
BAM02 = (EXAMPLES / "example-bam02.json").read_text()


def _first(text: str, pattern: str, replacement: str) -> str:
    """`text` with the first match of `pattern` replaced (the case must change the file)."""
    changed, count = re.subn(pattern, lambda _: replacement, text, count=1)
    assert count == 1, pattern
    return changed


def _imps(value: str) -> str:
    return _first(RR03, r'"imps": \[\s*\d+', f'"imps": [{value}')


def _team_name(value: str) -> str:
    return _first(RR03, r'"name": "Gdansk"', f'"name": "{value}"')


CASES: list[tuple[str, bytes, str | None]] = [
    ("deep array", b"[" * 100_000 + b"]" * 100_000, "too_deep"),
    ("deep object", b'{"a":' * 100_000 + b"1" + b"}" * 100_000, "too_deep"),
    ("deep unclosed", b"[" * 100_000, "too_deep"),
    ("deep in an unread key", _first(RR03, r"\{", '{"x": ' + "[" * 50 + "]" * 50 + ",").encode(),
     "too_deep"),
    ("brackets in a name", _team_name("[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[{{{{").encode(), None),
    ("1e100000", _imps("1e100000").encode(), "exponent"),
    ("1e10000000 (a worker busy for minutes)", _imps("1e10000000").encode(), "exponent"),
    ("-1e-10000000", _imps("-1e-10000000").encode(), "exponent"),
    ("5000 digits", _imps("9" * 5000).encode(), "long_number"),
    ("4301 digits (past int's string limit)", _first(RR03, r'"id": 1,', f'"id": {"1" * 4301},')
     .encode(), "long_number"),
    ("a decimal of 40 digits", _imps("0." + "0" * 37 + "1").encode(), "long_number"),
    ("1e20", _imps("1e20").encode(), "too_large"),
    ("an id of 10^12", _first(RR03, r'"id": 1,', f'"id": {10**12},').encode(), "too_large"),
    ("NaN", _imps("NaN").encode(), "not_finite"),
    ("Infinity", _imps("Infinity").encode(), "not_finite"),
    ("-Infinity", _imps("-Infinity").encode(), "not_finite"),
    ("NUL in a name", _team_name("Gd\\u0000ansk").encode(), "bad_character"),
    ("a raw control character", _team_name("Gd\x1bansk").encode(), "not_json"),
    ("an escaped control character", _team_name("Gd\\u001bansk").encode(), "bad_character"),
    ("a lone high surrogate", _first(RR03, r'"name": "WBF', '"name": "\\ud800WBF').encode(),
     "bad_character"),
    ("a lone low surrogate", _team_name("\\udc00").encode(), "bad_character"),
    ("a surrogate pair (an emoji) is fine", _team_name("\\ud83c\\udccf Gdansk").encode(), None),
    ("a name of 201 characters", _team_name("x" * 201).encode(), "long_text"),
    ("an event name of 10000 characters", _first(RR03, r'"name": "WBF oracle RR03"',
     f'"name": "{"x" * 10_000}"').encode(), "long_text"),
    ("a name of 200 characters", _team_name("x" * 200).encode(), None),
    ("round 100", _first(RR03, r'"round": 1,', '"round": 100,').encode(), "at_most"),
    ("round 10^9", _first(RR03, r'"round": 1,', '"round": 1000000000,').encode(), "at_most"),
    ("session 100", _first(PR02, r'"session": 1,', '"session": 100,').encode(), "at_most"),
    ("BAM round 5000", _first(BAM02, r'"round": 1,', '"round": 5000,').encode(), "at_most"),
    ("an id as 1.0", _first(RR03, r'"id": 1,', '"id": 1.0,').encode(), "integer"),
    ("a round as true", _first(RR03, r'"round": 1,', '"round": true,').encode(), "integer"),
    ("invalid UTF-8", RR03.encode().replace(b"Gdansk", b"Gd\xffansk", 1), "not_utf8"),
    ("Latin-1 text", _team_name("Gdańsk").encode("utf-8").replace("ń".encode(), b"\xf1"),
     "not_utf8"),
    ("a UTF-8 byte order mark", b"\xef\xbb\xbf" + RR03.encode(), None),
    ("truncated", RR03.encode()[: len(RR03) // 2], "not_json"),
    ("empty", b"", "not_json"),
    ("whitespace", b" \n\t ", "not_json"),
    ("null", b"null", "object"),
    ("a list", b"[]", "object"),
    ("a number", b"1e999999999", "object"),
    ("a string", b'"standings-bridge-1"', "object"),
    ("larger than the limit", RR03.encode() + b" " * (MAX_BYTES - len(RR03.encode()) + 1),
     "too_big"),
    ("at the limit", RR03.encode() + b" " * (MAX_BYTES - len(RR03.encode())), None),
]  # fmt: skip


# Values the mutator puts in place of one value of an example file.
NASTY: list[Any] = [
    None, True, False, 0, -1, 1.5, 10**11, -(10**11), "", " ", "x" * 250, "\u0000", "\ud800",
    [], {}, [1], [1, 2, 3], [[[[[[[[[[[[1]]]]]]]]]]]], {"a": {"b": {"c": {}}}}, 99, 100,
]  # fmt: skip
# Raw number texts put in place of a number of the file.
NASTY_NUMBERS = ["1e400", "1e401", "-0", "0e0", "1E+2", "1e-400", "123456789012", "0.0000001"]


def mutate(text: str, rng: random.Random) -> bytes:
    """An example file with one to three changes: a value replaced, a key removed, a list
    item repeated, a number's text replaced, or the bytes cut or flipped."""
    data = json.loads(text)
    for _ in range(rng.randint(1, 3)):
        how = rng.random()
        if how < 0.55:
            _replace_value(data, rng)
        elif how < 0.7:
            _remove_key(data, rng)
        elif how < 0.8:
            _repeat_item(data, rng)
        else:
            break
    out = json.dumps(data)
    how = rng.random()
    if how < 0.15:
        numbers = list(re.finditer(r"-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?", out))
        if numbers:
            spot = rng.choice(numbers)
            out = out[: spot.start()] + rng.choice(NASTY_NUMBERS) + out[spot.end() :]
    raw = out.encode("utf-8", "surrogatepass")
    if how > 0.9:
        cut = rng.randrange(len(raw))
        raw = raw[:cut] + bytes([rng.randrange(256)]) + raw[cut + 1 :]
    elif how > 0.85:
        raw = raw[: rng.randrange(len(raw))]
    return raw


def _nodes(data: Any, depth: int = 0) -> Iterator[tuple[Any, Any]]:
    """(container, key or index) of every value of a decoded file; it is one of ours, a few
    levels deep, so the recursion is bounded."""
    items = data.items() if isinstance(data, dict) else enumerate(data)
    for key, value in list(items):
        yield data, key
        if isinstance(value, dict | list) and depth < 8:
            yield from _nodes(value, depth + 1)


def _replace_value(data: Any, rng: random.Random) -> None:
    container, key = rng.choice(list(_nodes(data)))
    container[key] = rng.choice(NASTY)


def _remove_key(data: Any, rng: random.Random) -> None:
    keyed = [(c, k) for c, k in _nodes(data) if isinstance(c, dict)]
    container, key = rng.choice(keyed)
    del container[key]


def _repeat_item(data: Any, rng: random.Random) -> None:
    listed = [(c, k) for c, k in _nodes(data) if isinstance(c, list)]
    if listed:
        container, index = rng.choice(listed)
        container.append(container[index])
