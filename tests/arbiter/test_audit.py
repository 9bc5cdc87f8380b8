"""The audit page: every change, newest first, with who, what, before/after and why."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from standings.arbiter.audit import PER_PAGE, describe
from standings.events.changes import record_change
from standings.events.services import enter_result, reopen_round
from tests.factories import TEST_ACTOR
from tests.html import one, parse, text, texts

AUDIT = "/e/small-open/arbiter/audit/"
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(["result", "state", "bye", "forfeit", "players", "version", "x"]),
            inner,
            max_size=5,
        )
    ),
    max_leaves=12,
)


def test_entries_newest_first_with_who_what_and_why(client, event, arbiter):
    enter_result(event, 3, 3, "10", seen_version=0, actor=arbiter)
    enter_result(event, 3, 3, "01", seen_version=1, actor=arbiter, reason="wrong line")
    reopen_round(event, 1, actor=arbiter, reason="appeal")
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
    enter_result(event, 3, 3, "10", actor=TEST_ACTOR)
    client.force_login(arbiter)
    assert text(one(client.get(AUDIT).content, "tbody tr td:nth-of-type(2) .meta")) == "system"


def test_reasons_and_targets_are_escaped(client, event, arbiter):
    reopen_round(event, 1, actor=arbiter, reason="<img src=x onerror=alert(1)>")
    record_change(event, actor=TEST_ACTOR, action="import_trf", target="<b>file</b>")
    client.force_login(arbiter)
    page = parse(client.get(AUDIT).content)
    assert not page.select("tbody img, tbody b")
    cells = texts(str(page), "tbody td")
    assert "<img src=x onerror=alert(1)>" in cells and "<b>file</b>" in cells
    assert "TRF import" in cells


def test_the_log_is_paginated(client, event, arbiter):
    for n in range(PER_PAGE + 3):
        record_change(event, actor=arbiter, action="note", target=f"note {n}")
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


def test_describe_values_of_any_shape():
    # load_demo records a count of players, not a list of numbers (the audit page gave 500)
    assert describe({"players": 45}) == "45 players"
    assert describe({"players": [3, 7]}) == "players 3, 7"
    assert describe({"result": ["10"], "state": {"a": 1}, "bye": [1]}) == '["10"], {"a": 1}, [1]'
    assert describe({"forfeit": None, "version": [1]}) == "null (version [1])"


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(value=JSON_VALUES)
def test_describe_words_every_recorded_value(value):
    assert isinstance(describe(value), str)


def test_the_audit_of_every_demo_renders(client, db):
    """Every entry the demos record (load_demo's count of players, the team, sections and
    bridge demos' imports) renders on each event's audit page, for its arbiter."""
    from standings.bridge_events.demo import load_bridge_demo
    from standings.demo.event import load_demo
    from standings.demo.sections import load_cup_demo
    from standings.demo.team_event import load_team_demo
    from standings.events.models import AuditEntry, Event

    load_demo(), load_team_demo(), load_cup_demo(), load_bridge_demo()
    assert {"load_demo", "import_bridge"} <= set(
        AuditEntry.objects.values_list("action", flat=True)
    )
    client.force_login(django_user_model_admin())
    for event in Event.objects.all():
        answer = client.get(f"/e/{event.slug}/arbiter/audit/")
        assert answer.status_code == 200, event.slug
    demo = parse(client.get("/e/demo-open/arbiter/audit/").content)
    worded = [set(cell.split(", ")) for cell in texts(str(demo), "tbody td")]
    assert {"45 players", "rounds: 6", "seed: 20260619"} in worded  # PostgreSQL's jsonb reorders


def django_user_model_admin():
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_superuser("chief", password="pw-chief-1")
