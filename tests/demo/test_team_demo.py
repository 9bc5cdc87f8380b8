"""The demo team event and its feeder: a team Swiss under way, fed board by board."""

from __future__ import annotations

from collections import Counter

import pytest
from django.core.cache import cache

from standings.demo.feeder import DemoFeeder
from standings.demo.team_event import DEMO_TEAM_SLUG, ROUNDS, load_team_demo
from standings.events.models import Event, Game, Match, Round, TeamBye


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def demo(db) -> Event:
    return load_team_demo()


def assert_valid_team_swiss(event: Event) -> None:
    """Every team once a round (a match or the bye), no rematch, a bye at most once each."""
    everyone = set(event.teams.values_list("number", flat=True))
    met: set[frozenset[int]] = set()
    byes: Counter[int] = Counter()
    for rnd in event.round_set.all():
        pairs = [(m.home.number, m.away.number) for m in rnd.matches.select_related("home", "away")]
        bye = [b.team.number for b in rnd.team_byes.select_related("team")]
        seated = [n for pair in pairs for n in pair] + bye
        assert sorted(seated) == sorted(everyone), f"round {rnd.number}"
        for pair in pairs:
            assert frozenset(pair) not in met, f"round {rnd.number}: rematch"
            met.add(frozenset(pair))
        byes.update(bye)
        for match in rnd.matches.all():  # each side fields its own players, four boards
            games = list(match.games.select_related("white", "black"))
            assert len(games) == 4
            for game in games:
                assert {game.white.team_id, game.black.team_id} == {match.home_id, match.away_id}
    assert all(times == 1 for times in byes.values())


def test_the_team_demo_is_a_team_swiss_under_way(demo):
    assert demo.kind == Event.Kind.TEAM
    assert demo.teams.count() >= 12
    squads = Counter(demo.participants.values_list("team__number", flat=True))
    assert set(squads.values()) == {5}  # four boards and a reserve
    states = list(demo.round_set.order_by("number").values_list("state", flat=True))
    assert states == ["closed", "closed", "closed", "in_progress"]
    assert TeamBye.objects.filter(round__event=demo, kind="U").count() == 4
    assert Match.objects.filter(round__event=demo).exclude(forfeit="").count() == 1
    forfeited_boards = Game.objects.filter(round__event=demo, result__in=["+-", "-+"])
    assert forfeited_boards.count() == 1
    missing = Game.objects.filter(round__event=demo, result="").exclude(match__forfeit__gt="")
    assert set(missing.values_list("round__number", flat=True)) == {4}
    reserves = Game.objects.filter(round__event=demo, white__board_order=5)
    assert reserves.exists()  # players rest in turn: the reserves play
    assert_valid_team_swiss(demo)
    assert demo.tiebreak_list() == ["MPTS", "EMGSB/C1", "GPTS", "EDE"]  # FIDE: teams


def test_the_team_demo_s_pages_render(client, demo):
    cache.clear()
    for url in ["", "round/4/", "crosstable/", "boards/", "team/1/", "screen/"]:
        assert client.get(f"/e/{DEMO_TEAM_SLUG}/{url}").status_code == 200, url


def test_the_feeder_enters_one_board_at_a_time(demo):
    pending = Game.objects.filter(round__event=demo, result="").count()
    assert DemoFeeder(DEMO_TEAM_SLUG, seed=1).step() == "result"
    assert Game.objects.filter(round__event=demo, result="").count() == pending - 1


def test_the_feeder_plays_the_team_event_to_its_end_then_reloads_it(demo):
    feeder = DemoFeeder(DEMO_TEAM_SLUG, seed=3, close_after=0, reload_after=1)
    outcomes: Counter[str] = Counter()
    while (outcome := feeder.step()) != "finished":
        outcomes[outcome] += 1
        assert outcomes.total() < 400
    assert outcomes["paired"] == ROUNDS - 4 and outcomes["closed"] == ROUNDS - 3
    assert set(demo.round_set.values_list("state", flat=True)) == {Round.State.CLOSED}
    assert_valid_team_swiss(demo)
    assert feeder.step() == "reloaded"
    assert Event.objects.get(slug=DEMO_TEAM_SLUG).round_set.count() == 4
