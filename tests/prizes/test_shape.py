"""A prize document's shape is checked before its meaning: the probe's documents (and random
bad ones) are refused with every fault named, never with an exception of another kind."""

from __future__ import annotations

import json
import random

import pytest

from standings.prizes.rules import RulesError, parse_document, read_rules, write_rules
from standings.prizes.shape import FORBIDDEN

from .mutations import GOOD, PROBES, mutate


def refused(text: str) -> list[str]:
    with pytest.raises(RulesError) as error:
        read_rules(parse_document(text))
    return error.value.problems


@pytest.mark.parametrize("text", [text for _, text in PROBES], ids=[what for what, _ in PROBES])
def test_the_probes_documents_are_refused_and_each_fault_named(text):
    problems = refused(text)
    assert 1 <= len(problems) <= 21
    for problem in problems:
        assert len(problem) < 400 and not FORBIDDEN.search(problem)


@pytest.mark.parametrize(
    ("what", "problem"),
    [
        ("150,000 open lists", "lists and objects are nested more than 6 deep"),
        (
            "a category key that is an object",
            "a prize names no known category ({'key': 'overall'})",
        ),
        (
            "a name with NUL",
            "categories[0].name: a text may not hold the character U+0000 (a control character"
            " or half of a surrogate pair)",
        ),
        (
            "a name with a lone surrogate",
            "categories[0].name: a text may not hold the character U+D800",
        ),
        ("a field name with NUL", "categories[0]: a text may not hold the character U+0000"),
        ("a 5,000-digit version", "version: a number of more than 15 digits"),
        ("a 5,000-digit start number", "categories[0].players[0]: a number of more than 15 digits"),
        ("1e999", "prizes[0].amount: a number of more than 15 digits"),
        ("NaN", "prizes[0].amount: NaN is not a number in JSON"),
        ("sex as a text", "category 'c': sex must be a list of texts"),
        ("clubs as a text", "category 'c': clubs must be a list of texts"),
        ("version true", "unknown document version True (this is version 1)"),
        ("a week date", "category 'c': born_from must be a date as YYYY-MM-DD"),
        ("an amount with an exponent", "prize 1 of 'overall': amount must be a positive amount"),
        ("a field given twice", "the document: the field ties is given twice"),
        ("7,000 categories", "at most 50 categories and 300 prizes"),
        ("2,800 rating bands", "at most 50 categories and 300 prizes"),
        ("1,001 start numbers", "categories[0].players: more than 1000 entries"),
        ("a text of 100,000 characters", "categories[0].name: a text of more than 200 characters"),
        ("2,000 unknown fields", "the document: more than 1000 entries"),
        ("not JSON", "not JSON at line 1, column 10: a value is expected"),
        ("a trailing comma", "not JSON at line 1, column 17: a field name in double quotes"),
        ("longer than the limit", "the document is longer than 200000 characters"),
    ],
)
def test_what_is_wrong_is_said(what, problem):
    text = dict(PROBES)[what]
    assert any(p.startswith(problem) for p in refused(text)), refused(text)


def test_a_list_too_long_is_not_read_further():
    # 7,000 categories with a fault each: one fault said, not 7,000
    document = {"categories": [{"key": {}} for _ in range(7000)]}
    with pytest.raises(RulesError) as error:
        read_rules(document)
    assert error.value.problems == ["at most 50 categories and 300 prizes"]


def test_many_faults_are_counted_after_the_first_twenty():
    document = {"categories": [{"key": f"c{k}", "name": "\u0000"} for k in range(50)]}
    with pytest.raises(RulesError) as error:
        read_rules(document)
    assert len(error.value.problems) == 21
    assert error.value.problems[-1] == "faults not listed: 30"


def test_a_python_caller_gets_the_same_bounds():
    deep: list = []
    for _ in range(100_000):  # json.dumps of it would recurse too deep
        deep = [deep]
    for document in (
        {"categories": deep},
        {"prizes": [{"category": "overall", "place": 10**5000}]},
        {"currency": float("nan")},
        {"categories": {1, 2}},
        {1: "a"},
    ):
        with pytest.raises(RulesError):
            read_rules(document)


def test_the_good_document_reads_and_round_trips():
    rules = read_rules(parse_document(json.dumps(GOOD)))
    assert len(rules.categories) == 6 and len(rules.prizes) == 5
    assert read_rules(write_rules(rules)) == rules


def test_at_the_limits_a_document_is_read():
    categories = [{"key": f"c{k}", "rating": {"max": 1000 + 10 * k}} for k in range(50)]
    prizes = [
        {"category": f"c{k % 50}", "place": 1 + k // 50, "amount": str(1000 - k)}
        for k in range(300)
    ]
    document = {"categories": categories, "prizes": prizes}
    rules = read_rules(parse_document(json.dumps(document)))
    assert len(rules.categories) == 50 and len(rules.prizes) == 300


def test_random_bad_documents_are_read_or_refused_never_crash():
    rng = random.Random(24)
    outcomes = {"read": 0, "refused": 0}
    for _ in range(400):
        text = mutate(rng)
        try:
            rules = read_rules(parse_document(text))
        except RulesError as error:
            outcomes["refused"] += 1
            assert error.faults and all(not FORBIDDEN.search(p) for p in error.problems)
        else:
            outcomes["read"] += 1
            assert read_rules(write_rules(rules)) == rules
    assert outcomes["refused"] > 200 and outcomes["read"] > 10
