"""The audit page: every change, newest first, with who, what, before/after and why."""

from __future__ import annotations

from standings.arbiter.audit import PER_PAGE, describe
from standings.events.changes import record_change
from standings.events.services import enter_result, reopen_round
from tests.html import one, parse, text, texts

AUDIT = "/e/small-open/arbiter/audit/"


def test_entries_newest_first_with_who_what_and_why(client, event, arbiter):
    enter_result(event, 3, 3, "10", seen_version=0, user=arbiter)
    enter_result(event, 3, 3, "01", seen_version=1, user=arbiter, reason="wrong line")
    reopen_round(event, 1, user=arbiter, reason="appeal")
    client.force_login(arbiter)
    rows = [texts(str(row), "td") for row in parse(client.get(AUDIT).content).select("tbody tr")]
    assert [(row[2], row[4]) for row in rows] == [
        ("Round reopened", "Closed → In progress"),
        ("Result", "1–0 (version 1) → 0–1 (version 2)"),
        ("Result", "pending (version 0) → 1–0 (version 1)"),
    ]
    assert [row[3] for row in rows[1:]] == ["round 3 board 3", "round 3 board 3"]
    assert [row[5] for row in rows] == ["appeal", "wrong line", ""]
    assert {row[1] for row in rows} == {"arbiter"}


def test_system_writes_show_as_system(client, event, arbiter):
    enter_result(event, 3, 3, "10")
    client.force_login(arbiter)
    assert text(one(client.get(AUDIT).content, "tbody tr td:nth-of-type(2) .meta")) == "system"


def test_reasons_and_targets_are_escaped(client, event, arbiter):
    reopen_round(event, 1, user=arbiter, reason="<img src=x onerror=alert(1)>")
    record_change(event, user=None, action="import_trf", target="<b>file</b>")
    client.force_login(arbiter)
    page = parse(client.get(AUDIT).content)
    assert not page.select("tbody img, tbody b")
    cells = texts(str(page), "tbody td")
    assert "<img src=x onerror=alert(1)>" in cells and "<b>file</b>" in cells
    assert "TRF import" in cells


def test_the_log_is_paginated(client, event, arbiter):
    for n in range(PER_PAGE + 3):
        record_change(event, user=arbiter, action="note", target=f"note {n}")
    client.force_login(arbiter)
    first = parse(client.get(AUDIT).content)
    targets = texts(str(first), "tbody td:nth-of-type(4)")
    assert "note 52" in targets and "note 2" not in targets
    assert "Page 1 of 2" in text(first.select_one("nav.pages"))
    assert first.select_one('nav.pages a[rel="next"]')["href"] == "?page=2"
    second = texts(client.get(AUDIT + "?page=2").content, "tbody td:nth-of-type(4)")
    assert "note 2" in second and "note 0" in second and "note 52" not in second
    assert client.get(AUDIT + "?page=junk").status_code == 200


def test_describe_values():
    assert describe(None) == ""
    assert describe({"result": "==", "version": 3}) == "½–½ (version 3)"
    assert describe({"state": "draft"}) == "Pairings prepared"
    assert describe({"games": [[1, 2]]}) == "games: [[1, 2]]"
    assert describe([1, 2]) == "[1, 2]"
    assert describe({"bye": "H"}) == "Half-point bye"
    assert describe({"bye": ""}) == "no bye"
