"""The reader's bounds (issue 24): every number is bounded before it becomes a Fraction,
nesting before the json module recurses, names before they are stored; each refusal names
where and what. The cases are the probe's (tests/bridge/fuzz_cases.py)."""

from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest

from standings.bridge.reader import BridgeFormatError, read_bridge
from standings.bridge.writer import write_bridge
from tests.bridge.fuzz_cases import CASES, RR03


@pytest.mark.parametrize(("raw", "key"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_a_probed_file_is_refused_with_its_problem_or_read(raw, key):
    if key is None:
        read_bridge(raw)
        return
    with pytest.raises(BridgeFormatError) as refused:
        read_bridge(raw)
    assert refused.value.key == key
    assert refused.value.problem  # worded in English for the command


def test_the_refusal_names_the_place_of_the_number():
    raw = re.sub(r'"points": \[\s*\d+', '"points": [1e10000000', RR03, count=1)
    with pytest.raises(BridgeFormatError, match="a number whose exponent is beyond 400") as e:
        read_bridge(raw)
    assert e.value.path == "$.matches[0].points[0]"


def test_a_file_given_as_text_is_bounded_as_bytes():
    with pytest.raises(BridgeFormatError, match="larger than 5 MB"):
        read_bridge(RR03 + "é" * (3 * 1024 * 1024))


def test_numbers_at_the_bounds_read_back_after_the_writer():
    data = json.loads(RR03)
    data["teams"][0]["carryover"] = 999_999_999_999
    data["teams"][1]["carryover"] = Fraction(1, 3)  # written as a float's shortest text
    data["teams"][2]["carryover"] = -0.000_000_000_1
    text = json.dumps(data, default=float)
    event = read_bridge(text)
    assert read_bridge(write_bridge(event)).teams[0].carryover == 999_999_999_999
    assert read_bridge(write_bridge(read_bridge(write_bridge(event)))) == read_bridge(
        write_bridge(event)
    )


def test_a_number_text_of_32_characters_is_read_exactly():
    number = "1." + "0" * 29 + "5"
    assert len(number) == 32
    event = read_bridge(re.sub(r'"points": \[\s*\d+', f'"points": [{number}', RR03, count=1))
    assert event.matches[0].points[0] == Fraction(number)


def test_a_raw_number_is_refused_where_it_stands_not_where_it_is_unread():
    # An unread number in a key the format does not have is never made exact nor refused.
    read_bridge(RR03.replace("{", '{"note": 1e10000000, ', 1))
