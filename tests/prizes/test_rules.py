"""The prize document: read, refused with every fault named, written back unchanged."""

from __future__ import annotations

import pytest

from standings.prizes.rules import RulesError, read_rules, write_rules

DOCUMENT = {
    "version": 1,
    "ties": "hort",
    "stacking": False,
    "currency": "€",
    "categories": [
        {"key": "overall", "name": "Overall"},
        {
            "key": "u1800",
            "name": "U1800",
            "rating": {"field": "rating", "min": None, "max": 1799, "unrated": True},
        },
        {"key": "girls", "name": "Girls U14", "born_from": "2012-01-01", "sex": ["F"]},
        {
            "key": "ger",
            "name": "Best German",
            "federations": ["GER"],
            "titles": ["WFM"],
            "clubs": ["SK"],
            "unrated": False,
        },
        {"key": "guests", "name": "Guests", "players": [3, 7]},
    ],
    "prizes": [
        {"category": "overall", "place": 1, "amount": "500"},
        {"category": "overall", "place": 2, "amount": "300.50"},
        {"category": "u1800", "place": 1, "amount": "150"},
        {"category": "girls", "place": 1, "item": "Trophy", "worth": "40"},
        {"category": "guests", "place": 1, "item": "Book"},
    ],
}


def test_a_document_round_trips():
    rules = read_rules(DOCUMENT)
    assert write_rules(rules) == DOCUMENT
    assert read_rules(write_rules(rules)) == rules


def test_nothing_stated_is_no_prizes():
    assert read_rules(None).empty and read_rules({}).empty


def problems(**changes) -> list[str]:
    with pytest.raises(RulesError) as refused:
        read_rules({**DOCUMENT, **changes})
    return refused.value.problems


def test_overlapping_bands_are_named():
    bands = [
        {"key": "a", "name": "1600-1799", "rating": {"min": 1600, "max": 1799}},
        {"key": "b", "name": "1700-1899", "rating": {"min": 1700, "max": 1899}},
        {"key": "c", "name": "U2000", "rating": {"max": 1999}},  # holds both: allowed
    ]
    assert problems(categories=bands, prizes=[]) == [
        "rating bands of '1600-1799' and '1700-1899' overlap "
        "(a band may lie inside another, not across it)"
    ]


@pytest.mark.parametrize("amount", [0, -5, "abc", "1.234", True])
def test_amounts_must_be_positive(amount):
    found = problems(prizes=[{"category": "overall", "place": 1, "amount": amount}])
    assert any("amount" in p for p in found)


def test_every_fault_is_named():
    found = problems(
        ties="split",
        prizes=[
            {"category": "nowhere", "place": 1, "amount": 5},
            {"category": "overall", "place": 1, "amount": 100},
            {"category": "overall", "place": 2, "amount": 200},
            {"category": "u1800", "place": 1},
        ],
    )
    assert found == [
        "ties must be one of none, equal, hort, uscf, not 'split'",
        "a prize names no known category ('nowhere')",
        "prize 1 of 'u1800': give an amount or an item (a trophy, a book)",
        "'Overall': place 2 is worth more than place 1",
    ]


def test_us_chess_pooling_refuses_stacking():
    assert problems(ties="uscf", stacking=True) == [
        "US Chess pooling gives one cash prize a player: stacking must be off"
    ]
