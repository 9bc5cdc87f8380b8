"""The cached bridge pages and their query: a round the page does not link is refused and
never cached, so no visitor's query can change what the next visitor reads (issue 24)."""

from __future__ import annotations

import pytest

from standings.bridge_events.services import import_bridge
from tests.conftest import FIXTURES
from tests.factories import TEST_ACTOR
from tests.html import select, text

# The Swiss example holds rounds 1-9 and has no schedule: its page links rounds 1-10.
NOT_ROUNDS = ["-5", "0", "11", "99", "1000", "abc", "1e3", "3.0", " 3", "+3", "٣", "²", "9" * 5000]


def round_heading(html: str) -> str:
    return text(select(html, "#round-heading")[0])


@pytest.mark.parametrize("asked", NOT_ROUNDS)
def test_a_round_the_page_does_not_link_is_refused_and_not_cached(client, bridge_event, asked):
    refused = client.get("/b/swiss/", {"round": asked})
    assert refused.status_code == 404
    assert "This event has no such round." in refused.content.decode()
    assert round_heading(client.get("/b/swiss/").content.decode()) == "Round 9"


def test_the_default_page_is_not_changed_by_a_refused_round_asked_first(client, bridge_event):
    client.get("/b/swiss/?round=-5")
    client.get("/b/swiss/?round=abc")
    html = client.get("/b/swiss/").content.decode()
    assert "Round -5" not in html and round_heading(html) == "Round 9"


def test_every_round_the_page_links_is_shown_under_its_own_key(client, bridge_event):
    html = client.get("/b/swiss/").content.decode()
    linked = [a.get("href") for a in select(html, ".round-nav a")]
    assert linked == [f"?round={n}" for n in range(1, 10)]  # the rounds held, no more
    for n in (1, 9):
        assert round_heading(client.get(f"/b/swiss/?round={n}").content.decode()) == f"Round {n}"
    assert client.get("/b/swiss/?round=10").status_code == 404  # neither drawn nor scored
    assert round_heading(client.get("/b/swiss/?round=01").content.decode()) == "Round 1"
    assert round_heading(client.get("/b/swiss/").content.decode()) == "Round 9"


def test_the_last_of_repeated_rounds_is_the_one_checked_and_shown(client, bridge_event):
    assert client.get("/b/swiss/?round=3&round=-5").status_code == 404
    html = client.get("/b/swiss/?round=-5&round=3").content.decode()
    assert round_heading(html) == "Round 3"
    assert round_heading(client.get("/b/swiss/").content.decode()) == "Round 9"


def test_other_query_parameters_are_ignored(client, bridge_event):
    first = client.get("/b/swiss/?x=<b>1</b>&lang=xx").content.decode()
    assert "&lt;b&gt;" not in first and "<b>1</b>" not in first
    assert first == client.get("/b/swiss/").content.decode()
    team = client.get("/b/swiss/team/11/?round=-5&x=1").content.decode()
    assert team == client.get("/b/swiss/team/11/").content.decode()


def test_the_screen_ignores_its_query_on_the_server(client, bridge_event):
    client.get("/b/swiss/screen/?round=-5&views=evil&rotate=-1")
    html = client.get("/b/swiss/screen/").content.decode()
    assert "Round -5" not in html and "Round 9" in html


def test_a_round_beyond_the_schedule_is_not_linked_nor_shown(client, db):
    import_bridge(
        (FIXTURES / "bridge" / "example-rr03.json").read_bytes(), slug="rr", actor=TEST_ACTOR
    )
    html = client.get("/b/rr/").content.decode()
    assert [a.get("href") for a in select(html, ".round-nav a")][-1] == "?round=9"
    assert client.get("/b/rr/?round=10").status_code == 404  # not held yet, of its 18 rounds
    assert client.get("/b/rr/?round=19").status_code == 404


def test_a_pairs_page_refuses_a_session_it_does_not_link(client, db):
    import_bridge(
        (FIXTURES / "bridge" / "example-pr02.json").read_bytes(), slug="pairs", actor=TEST_ACTOR
    )
    refused = client.get("/b/pairs/?round=7")
    assert refused.status_code == 404
    assert "This event has no such session." in refused.content.decode()
    assert client.get("/b/pairs/?round=3").status_code == 200
    assert client.get("/b/pairs/?round=4").status_code == 404  # the next, not held yet


def test_a_knockout_page_has_no_rounds_to_ask_for(client, db):
    import_bridge(
        (FIXTURES / "bridge" / "example-ko02.json").read_bytes(), slug="ko", actor=TEST_ACTOR
    )
    assert client.get("/b/ko/").status_code == 200
    assert client.get("/b/ko/?round=1").status_code == 404


def test_the_refusal_is_in_the_readers_language(client, bridge_event):
    refused = client.get("/b/swiss/?round=-5", headers={"accept-language": "fr"})
    assert refused.status_code == 404
    assert "Ce tournoi ne comporte pas ce tour." in refused.content.decode()


def test_an_unknown_team_is_refused_in_the_readers_language(client, bridge_event):
    refused = client.get("/b/swiss/team/99/", headers={"accept-language": "de"})
    assert refused.status_code == 404
    assert "Kein solches Team" in refused.content.decode()


def test_the_scorer_ignores_a_round_its_page_does_not_link(client, bridge_event, arbiter):
    client.force_login(arbiter)
    for asked in ("-5", "abc", "99"):
        page = client.get("/b/swiss/score/", {"round": asked})
        assert page.status_code == 200 and "Round 9" in page.content.decode()


def test_a_refused_entry_with_a_malformed_round_leads_back_to_the_page(
    client, bridge_event, arbiter
):
    client.force_login(arbiter)
    answer = client.post("/b/swiss/score/enter", {"round": "1\r\nX-Evil: 1", "home": 1})
    assert answer.status_code == 302 and answer["Location"] == "/b/swiss/score/?round=9"
    assert "X-Evil" not in answer.headers
