"""The audit page: every change, newest first, with who, what, before/after and why."""

from __future__ import annotations

from standings.arbiter.audit import PER_PAGE, describe
from standings.events.changes import record_change
from standings.events.services import enter_result, reopen_round

AUDIT = "/e/small-open/arbiter/audit/"


def test_entries_newest_first_with_who_what_and_why(client, event, arbiter):
    enter_result(event, 3, 3, "10", seen_version=0, user=arbiter)
    enter_result(event, 3, 3, "01", seen_version=1, user=arbiter, reason="wrong line")
    reopen_round(event, 1, user=arbiter, reason="appeal")
    client.force_login(arbiter)
    html = client.get(AUDIT).content.decode()
    reopened = html.index("Round reopened")
    corrected = html.index("1–0 (version 1) → 0–1 (version 2)")
    entered = html.index("pending (version 0) → 1–0 (version 1)")
    assert reopened < corrected < entered
    assert "Closed → In progress" in html
    assert "<td>round 3 board 3</td>" in html and "<td>wrong line</td>" in html
    assert "<td>arbiter</td>" in html


def test_system_writes_show_as_system(client, event, arbiter):
    enter_result(event, 3, 3, "10")
    client.force_login(arbiter)
    assert '<span class="meta">system</span>' in client.get(AUDIT).content.decode()


def test_reasons_and_targets_are_escaped(client, event, arbiter):
    reopen_round(event, 1, user=arbiter, reason="<img src=x onerror=alert(1)>")
    record_change(event, user=None, action="import_trf", target="<b>file</b>")
    client.force_login(arbiter)
    html = client.get(AUDIT).content.decode()
    assert "<img src=x" not in html and "&lt;img src=x onerror=alert(1)&gt;" in html
    assert "<b>file</b>" not in html and "&lt;b&gt;file&lt;/b&gt;" in html
    assert "Import trf" in html


def test_the_log_is_paginated(client, event, arbiter):
    for n in range(PER_PAGE + 3):
        record_change(event, user=arbiter, action="note", target=f"note {n}")
    client.force_login(arbiter)
    first = client.get(AUDIT).content.decode()
    assert "note 52" in first and "<td>note 2</td>" not in first
    assert "Page 1 of 2" in first and 'href="?page=2"' in first
    second = client.get(AUDIT + "?page=2").content.decode()
    assert "<td>note 2</td>" in second and "<td>note 0</td>" in second
    assert "note 52" not in second
    assert client.get(AUDIT + "?page=junk").status_code == 200


def test_describe_values():
    assert describe(None) == ""
    assert describe({"result": "==", "version": 3}) == "½–½ (version 3)"
    assert describe({"state": "draft"}) == "Pairings prepared"
    assert describe({"games": [[1, 2]]}) == "games: [[1, 2]]"
    assert describe([1, 2]) == "[1, 2]"
    assert describe({"bye": "H"}) == "Half-point bye"
    assert describe({"bye": ""}) == "no bye"
