"""Each player's path (issue 29, part 2): the card's and team page's chart and its table are
the standings after each round (after/<n>.json); the estimated FIDE rating change on the card,
worked by hand; the standings column an organiser switches on; the arbiter's settings page
refusing bad input with 4xx; the path built once per version."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from standings.demo.event import DEMO_SLUG, load_demo
from standings.demo.team_event import DEMO_TEAM_SLUG, load_team_demo
from standings.events.models import AuditEntry, Event, Participant
from standings.events.rating_settings import change_rating_settings
from standings.live.publish import publish
from standings.state import cache as state_cache
from standings.state import path as state_path
from tests.factories import TEST_ACTOR
from tests.html import one, select, text, texts
from tests.web import writes
from tests.web.built import fetched

pytestmark = pytest.mark.django_db


def after_json(client, slug: str, number: int) -> dict[int, tuple[int, float]]:
    """start (or team) number -> (rank, first value) in the standings after round n."""
    data = fetched(client, f"/e/{slug}/after/{number}.json").json()
    return {row["start_no"]: (row["rank"], row["values"][0]) for row in data["standings"]}


def shown_steps(html: str) -> list[tuple[int, str, int]]:
    """The card's table of the path: (round, points, rank) per row."""
    rows = select(one(html, "details.path-table table"), "tbody tr")
    return [(int(text(r.th)), text(r.select("td")[0]), int(text(r.select("td")[1]))) for r in rows]


def points_text(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def test_every_demo_card_charts_the_standings_after_each_round(client):
    load_demo()  # 45 players, rounds 1-5 closed, round 6 under way: byes, forfeits, a withdrawal
    after = {n: after_json(client, DEMO_SLUG, n) for n in range(1, 6)}
    for start_no in range(1, 46):
        html = client.get(f"/e/{DEMO_SLUG}/player/{start_no}/").content.decode()
        expected = [
            (n, points_text(after[n][start_no][1]), after[n][start_no][0]) for n in range(1, 6)
        ]
        assert shown_steps(html) == expected, start_no
        chart = one(html, "svg.path-chart")
        assert [int(t) for t in texts(chart, "text.rank")] == [rank for _, _, rank in expected]
        assert chart["role"] == "img" and text(one(chart, "title"))  # named for a screen reader
    html = client.get(f"/e/{DEMO_SLUG}/player/1/").content.decode()
    links = [a["href"] for a in select(html, "details.path-table tbody a")]
    assert links == [f"/e/{DEMO_SLUG}/after/{n}/" for n in range(1, 6)]
    assert text(one(html, "details.path-table summary"))  # the text alternative, folded


def test_the_team_page_charts_the_team_standings_after_each_round(client):
    event = load_team_demo()
    state = state_cache.state(event.slug, event.version)
    assert state is not None and state.teams is not None
    finished = [
        n
        for n in range(1, 10)
        if fetched(client, f"/e/{DEMO_TEAM_SLUG}/after/{n}.json").status_code == 200
    ]
    assert finished
    after = {n: after_json(client, DEMO_TEAM_SLUG, n) for n in finished}
    for number in state.teams.teams:
        html = client.get(f"/e/{DEMO_TEAM_SLUG}/team/{number}/").content.decode()
        expected = [(n, points_text(after[n][number][1]), after[n][number][0]) for n in finished]
        assert shown_steps(html) == expected, number
        assert one(html, "svg.path-chart")
    assert not select(html, ".rating-change")  # a team has no rating of its own


def test_only_rounds_over_are_charted_and_an_event_without_one_has_no_chart(client, event):
    html = client.get("/e/small-open/player/1/").content.decode()
    assert [step[0] for step in shown_steps(html)] == [1, 2]  # rounds 1, 2 closed; 3 under way
    fresh = Event.objects.create(slug="empty-open", name="Empty")
    Participant.objects.create(event=fresh, start_no=1, name="Alone", rating=2000)
    html = client.get("/e/empty-open/player/1/").content.decode()
    assert not select(html, "svg.path-chart") and not select(html, "details.path-table")
    assert texts(html, ".rating-change p.meta")[-1] == "No rated game yet."


def set_ratings(event: Event, **settings) -> None:
    """The arbiter's write, its new version shown at once (the live push moves the version
    pointer; these tests do not run it)."""
    change_rating_settings(event, **settings, actor=TEST_ACTOR)
    cache.delete(state_cache.version_key(event.slug))


def rating_rows(html: str) -> list[list[str]]:
    return [texts(row, "th, td") for row in select(html, "table.rating-games tbody tr")]


def test_the_estimated_rating_change_worked_by_hand(client, event):
    # Player 01, 2375, K 20 (under 2400): R1 beat 05 (2275): D 100, PD 0.64, +7.2; R2 drew
    # 03 (2325): D 50, PD 0.57, -1.4; R3 lost to 02 (2350): D 25, PD 0.53, -10.6. -4.8: -5.
    html = client.get("/e/small-open/player/1/").content.decode()
    assert rating_rows(html) == [
        ["1", "Player 05", "2275", "1", "0.64", "+7.2"],
        ["2", "Player 03", "2325", "½", "0.57", "−1.4"],
        ["3", "Player 02", "2350", "0", "0.53", "−10.6"],
    ]
    assert texts(html, "table.rating-games tfoot td") == ["−5"]
    assert "K = 20 (rated under 2400)" in text(one(html, ".rating-change .estimate"))
    assert "estimate" in text(one(html, "#rating-change-heading")).lower()
    # Player 08 won round 2 by forfeit: not rated. R1 lost to 04 (2300): PD 0.36, -7.2;
    # R3 drew 03 (2325): D -125, PD 0.33, +3.4. -3.8: -4.
    html = client.get("/e/small-open/player/8/").content.decode()
    assert [row[0] for row in rating_rows(html)] == ["1", "3"]
    assert texts(html, "table.rating-games tfoot td") == ["−4"]


def test_the_arbiters_k_and_an_unrated_player(client, event):
    set_ratings(event, column=False, k_factors={1: 40})
    html = client.get("/e/small-open/player/1/").content.decode()
    assert "K = 40 (set by the arbiter)" in text(one(html, ".rating-change .estimate"))
    assert texts(html, "table.rating-games tfoot td") == ["−10"]  # 40 x -0.24 = -9.6
    Participant.objects.filter(event=event, start_no=5).update(rating=None)
    set_ratings(event, column=False, k_factors={1: None})
    html = client.get("/e/small-open/player/1/").content.decode()
    assert [row[0] for row in rating_rows(html)] == ["2", "3"]  # 05 is unrated now
    html = client.get("/e/small-open/player/5/").content.decode()
    assert text(one(html, ".rating-change p.meta")) == "Unrated: no rating change to estimate."


def test_the_standings_column_is_off_by_default_and_on_when_the_organiser_says(client, event):
    html = client.get("/e/small-open/").content.decode()
    assert not select(html, "#standings-table .change")
    set_ratings(event, column=True, k_factors={})
    html = client.get("/e/small-open/").content.decode()
    header = one(html, "#standings-table thead th.change")
    assert "secondary" in header["class"]  # hidden on a phone with the other secondary columns
    assert "estimate" in one(header, "abbr")["title"]
    cells = {
        row["data-key"]: text(one(row, "td.change"))
        for row in select(html, "#standings-table tbody tr")
    }
    assert cells["1"] == "−5" and cells["8"] == "−4"
    assert all("secondary" in c["class"] for c in select(html, "#standings-table td.change"))
    set_ratings(event, column=False, k_factors={})
    assert not select(client.get("/e/small-open/").content.decode(), ".change")


def test_names_are_escaped_on_the_card_and_the_settings_page(client, event, arbiter):
    Participant.objects.filter(event=event, start_no=5).update(name="<b>Bold</b> & co")
    writes.enter_result(event, 3, 3, "10")  # a new version
    html = client.get("/e/small-open/player/1/").content.decode()
    assert "<b>Bold</b>" not in html and "&lt;b&gt;Bold&lt;/b&gt; &amp; co" in html
    client.force_login(arbiter)
    html = client.get("/e/small-open/arbiter/settings/rating/").content.decode()
    assert "<b>Bold</b>" not in html and "&lt;b&gt;Bold&lt;/b&gt;" in html


def post(client, event, **data):
    return client.post(f"/e/{event.slug}/arbiter/settings/rating/", data)


def test_the_arbiter_sets_k_and_the_column_audited(client, event, arbiter):
    client.force_login(arbiter)
    page = client.get(f"/e/{event.slug}/arbiter/settings/rating/").content.decode()
    assert texts(page, "#k-1 option[selected]") == ["worked out: 20"]
    answer = post(client, event, version=event.version, column="on", k_1="40", k_2="")
    assert answer.status_code == 302
    event.refresh_from_db()
    assert event.rating_change_column
    assert Participant.objects.get(event=event, start_no=1).k_factor == 40
    entry = AuditEntry.objects.filter(event=event).latest("at")
    assert (entry.user, entry.action, entry.target) == (arbiter, "settings", "rating change")
    assert entry.after == {"rating_change_column": True, "k_factor": {"1": 40}}
    # A POST naming only the column leaves every K as it is.
    assert post(client, event, version=event.version).status_code == 302
    assert Participant.objects.get(event=event, start_no=1).k_factor == 40


@pytest.mark.parametrize(
    "data",
    [
        {"k_1": "35"},  # not a FIDE K
        {"k_1": "forty"},
        {"k_1": "9" * 5000},
        {"k_1": "-10"},
        {"k_1": "40", "version": ""},  # the page's version missing
        {"k_1": "40", "version": "nine"},
        {"k_1": "40", "version": "1" * 400},
        {"k_1": "40", "version": "stale"},  # the event moved on since the page was opened
    ],
)
def test_hostile_posts_are_refused_with_4xx_and_write_nothing(client, event, arbiter, data):
    client.force_login(arbiter)
    before = (Event.objects.get(pk=event.pk).version, AuditEntry.objects.count())
    data = {"version": str(event.version), **data}
    if data["version"] == "stale":
        data["version"] = str(event.version + 1)
    answer = post(client, event, **data)
    assert answer.status_code == 400
    assert one(answer.content.decode(), "#save-refusal")
    assert (Event.objects.get(pk=event.pk).version, AuditEntry.objects.count()) == before
    assert Participant.objects.get(event=event, start_no=1).k_factor is None


def test_a_player_of_another_event_is_not_a_field_and_a_stranger_is_refused(
    client, event, arbiter, stranger
):
    client.force_login(arbiter)
    before = Event.objects.get(pk=event.pk).version
    assert post(client, event, version=event.version, k_999="40").status_code == 302
    assert Event.objects.get(pk=event.pk).version == before  # nothing to change, no write
    client.force_login(stranger)
    assert client.get(f"/e/{event.slug}/arbiter/settings/rating/").status_code == 403
    assert post(client, event, version=event.version, k_1="40").status_code == 403
    client.logout()
    assert post(client, event, version=event.version, k_1="40").status_code == 302  # sign in
    assert Participant.objects.get(event=event, start_no=1).k_factor is None


def test_the_path_is_built_once_per_version_and_earlier_rounds_are_not_ranked_again(
    client, event, monkeypatch, django_assert_num_queries
):
    state_path._RANKED.clear()  # an earlier test may have ranked these very rounds already
    state = state_cache.state(event.slug, event.version)
    assert state is not None
    path = state_path.path_of(state)
    with django_assert_num_queries(0):  # a second card of the version reads no database
        assert state_path.path_of(state) is path
    runs = []
    engine_run = state_path.compute_standings
    monkeypatch.setattr(
        state_path,
        "compute_standings",
        lambda *args, **kwargs: runs.append(kwargs["through_round"]) or engine_run(*args, **kwargs),
    )
    writes.enter_result(event, 3, 3, "10")  # round 3, under way: rounds 1 and 2 unchanged
    event.refresh_from_db()
    newer = state_cache.state(event.slug, event.version)
    assert newer is not None and state_path.path_of(newer).version == event.version
    assert runs == []  # rounds 1 and 2 remembered; round 3 is not shown until complete
    writes.enter_result(event, 3, 4, "01")  # round 3 complete: ranked once, for its step
    event.refresh_from_db()
    newest = state_cache.state(event.slug, event.version)
    assert newest is not None
    assert [s.round for s in state_path.path_of(newest).players[1]] == [1, 2, 3]
    assert runs == [3]


def test_the_publish_builds_the_path_so_a_card_reads_no_database(
    event, client, django_assert_num_queries
):
    """The standings page's render (which the publish makes once the sockets have the push)
    builds the version's path: the first card of that version reads it from memory."""
    publish(event.pk)
    with django_assert_num_queries(0):
        assert client.get("/e/small-open/player/3/").status_code == 200
