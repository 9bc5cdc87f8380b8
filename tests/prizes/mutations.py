"""Bad prize documents for the fuzz tests and bench/fuzz_prizes.py: the probe's cases by
hand (PROBES), and random changes to good documents (`mutate`), as JSON texts."""

from __future__ import annotations

import copy
import json
import random

GOOD = {
    "version": 1,
    "ties": "equal",
    "stacking": False,
    "currency": "€",
    "categories": [
        {"key": "overall", "name": "Overall"},
        {"key": "u1800", "name": "U1800", "rating": {"field": "rating", "max": 1799}},
        {"key": "women", "name": "Women", "sex": ["W"], "born_from": "1990-01-01"},
        {"key": "ger", "name": "Germany", "federations": ["GER"], "titles": ["WFM"]},
        {"key": "club", "name": "SK Nord", "clubs": ["SK Nord"], "unrated": False},
        {"key": "guests", "name": "Guests", "players": [1, 3, 5]},
    ],
    "prizes": [
        {"category": "overall", "place": 1, "amount": "500"},
        {"category": "overall", "place": 2, "amount": "300"},
        {"category": "u1800", "place": 1, "amount": 150},
        {"category": "women", "place": 1, "item": "Trophy", "worth": "40"},
        {"category": "guests", "place": 1, "item": "Book"},
    ],
}


def _with(**changes) -> str:
    return json.dumps({**GOOD, **changes})


def _category(**fields) -> str:
    return _with(categories=[{"key": "c", "name": "C", **fields}], prizes=[])


def _prize(**fields) -> str:
    return _with(prizes=[{"category": "overall", "place": 1, "amount": "5", **fields}])


# The probe's cases and their neighbours: (what, JSON text); every one must be refused.
PROBES: list[tuple[str, str]] = [
    ("150,000 open lists", "[" * 150_000),
    ("150,000 open objects", '{"a":' * 40_000),
    ("deep but closed", "[" * 50 + "]" * 50),
    ("a category key that is an object", _prize(category={"key": "overall"})),
    ("a category key that is a list", _prize(category=["overall"])),
    ("a category's key an object", _category(key={})),
    ("a name with NUL", _category(name="Wo\u0000men")),
    ("a name with a lone surrogate", _category(name="Women \ud800")),
    ("an item with a lone low surrogate", _prize(item="Book \udc00", amount=None)),
    ("a club with a line break", _category(clubs=["SK\nNord"])),
    ("a field name with NUL", _category(**{"na\u0000me": "x"})),
    ("a 5,000-digit version", '{"version": ' + "9" * 5000 + "}"),
    ("a 5,000-digit place", _prize().replace('"place": 1', '"place": ' + "1" * 5000)),
    ("a 5,000-digit start number", _category(players=[1]).replace("[1]", "[" + "7" * 5000 + "]")),
    ("a 5,000-digit amount", _prize().replace('"amount": "5"', '"amount": ' + "5" * 5000)),
    (
        "a 5,000-digit rating",
        _category(rating={"max": 1}).replace(": 1}", ": -" + "1" * 5000 + "}"),
    ),
    ("1e999", _prize().replace('"amount": "5"', '"amount": 1e999')),
    ("NaN", _prize().replace('"amount": "5"', '"amount": NaN')),
    ("-Infinity", _category(rating={"min": 1}).replace(": 1}", ": -Infinity}")),
    ("sex as a text", _category(sex="W")),
    ("clubs as a text", _category(clubs="abc")),
    ("federations as a number", _category(federations=49)),
    ("players as a text", _category(players="1,2")),
    ("version true", _with(version=True)),
    ("version 1.0", _with(version=1.0)),
    ("a week date", _category(born_from="2012-W01-1")),
    ("a date without dashes", _category(born_before="20120101")),
    ("an amount with an exponent", _prize(amount="1e3")),
    ("an amount with underscores", _prize(amount="1_000")),
    ("an amount with a sign", _prize(amount="+5")),
    ("stacking as a text", _with(stacking="false")),
    ("ties as an object", _with(ties={"rule": "equal"})),
    ("currency as a list", _with(currency=["€"])),
    ("a field given twice", '{"ties": "none", "ties": "equal"}'),
    ("7,000 categories", _with(categories=[{"key": f"c{k}"} for k in range(7000)], prizes=[])),
    (
        "2,800 rating bands",
        _with(
            categories=[{"key": f"b{k}", "rating": {"min": k, "max": k}} for k in range(2800)],
            prizes=[],
        ),
    ),
    ("51 categories", _with(categories=[{"key": f"c{k}"} for k in range(51)], prizes=[])),
    (
        "301 prizes",
        _with(prizes=[{"category": "overall", "place": k, "amount": "1"} for k in range(1, 302)]),
    ),
    ("1,001 start numbers", _category(players=list(range(1, 1002)))),
    ("a text of 100,000 characters", _category(name="x" * 100_000)),
    ("a field name of 100,000 characters", _category(**{"y" * 100_000: 1})),
    ("2,000 unknown fields", _with(**{f"f{k}": k for k in range(2000)})),
    ("a list as the document", "[]"),
    ("a text as the document", '"prizes"'),
    ("not JSON", '{"ties": '),
    ("a trailing comma", '{"ties": "none",}'),
    ("a raw tab in a text", '{"currency": "\t"}'),
    ("more after the end", "{} {}"),
    ("longer than the limit", "[" + "1," * 100_000 + "1]"),
]

NASTY: list[object] = [
    None,
    True,
    0,
    -1,
    1.5,
    10**20,
    1e300,
    "",
    " ",
    "\u0000",
    "\ud800",
    "\u202e",
    "x" * 300,
    "=1+2",
    "2012-02-30",
    "1e3",
    "NaN",
    {},
    [],
    [[[[[[[]]]]]]],
    {"key": "overall"},
    ["W"] * 1500,
    list(range(1, 1200)),
]


def mutate(rng: random.Random) -> str:
    """A good document changed in one to three places, as JSON text; sometimes the text
    itself is cut or spliced."""
    document = copy.deepcopy(GOOD)
    for _ in range(rng.randint(1, 3)):
        _change(document, rng)
    text = json.dumps(document, ensure_ascii=rng.random() < 0.5)
    roll = rng.random()
    if roll < 0.1:
        cut = rng.randrange(len(text))
        return text[:cut]
    if roll < 0.2:
        at = rng.randrange(len(text))
        return (
            text[:at]
            + rng.choice(["[", "{", "]", '"', ",", ":", "\\", "\t", "9" * 5000])
            + text[at:]
        )
    if roll < 0.25:
        return "[" * rng.randint(2, 200_000) + text
    return text


def _change(document: dict, rng: random.Random) -> None:
    container, key = _somewhere(document, rng)
    kind = rng.random()
    if kind < 0.5:
        container[key] = copy.deepcopy(rng.choice(NASTY))
    elif kind < 0.6 and isinstance(container, dict):
        del container[key]
    elif kind < 0.7 and isinstance(container, dict):
        container[rng.choice(["extra", "\u0000", "Key", "x" * 300, key + "_"])] = 1
    elif kind < 0.8 and isinstance(container[key], list) and container[key]:
        container[key] = container[key] * rng.choice([2, 60, 400, 3000])
    elif kind < 0.9:
        container[key] = [container[key]] if rng.random() < 0.5 else {"v": container[key]}
    else:
        container[key] = rng.choice(["-", "", "X", "0"]) + str(container[key])


def _somewhere(document: dict, rng: random.Random) -> tuple[dict | list, str | int]:
    """A container and one of its keys or indexes, anywhere in the document."""
    container: dict | list = document
    while True:
        keys = list(container) if isinstance(container, dict) else list(range(len(container)))
        if not keys:
            return document, "categories"
        key = rng.choice(keys)
        inner = container[key]  # type: ignore[index]
        if isinstance(inner, dict | list) and inner and rng.random() < 0.6:
            container = inner
            continue
        return container, key
