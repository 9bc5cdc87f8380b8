"""The demo event, its Swiss pairer and one step of the live feeder."""

from __future__ import annotations

import datetime
import io
from collections import Counter

import pytest
from django.contrib.auth import authenticate, get_user_model
from django.core.management import call_command
from django.utils import timezone
from hypothesis import given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from standings.demo.event import DEMO_SLUG, load_demo
from standings.demo.feeder import DemoFeeder
from standings.demo.pairing import Entrant, entrants, pair_round
from standings.engine import event as engine
from standings.engine.notation import parse_spec
from standings.events.models import AuditEntry, Event, Game, Round, UnplayedRound

TITLES = {"", "GM", "IM", "FM", "WGM", "WIM", "CM"}


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def demo(db) -> Event:
    return load_demo()


def rounds_of(event: Event) -> dict[int, tuple[list[tuple[int, int]], dict[int, str]]]:
    """Round number -> ((white, black) start numbers, {start_no: bye kind})."""
    found: dict[int, tuple[list[tuple[int, int]], dict[int, str]]] = {
        r.number: ([], {}) for r in event.round_set.all()
    }
    games = Game.objects.filter(round__event=event).select_related("round", "white", "black")
    for g in games.order_by("round__number", "board"):
        found[g.round.number][0].append((g.white.start_no, g.black.start_no))
    byes = UnplayedRound.objects.filter(round__event=event).select_related("round", "participant")
    for u in byes:
        found[u.round.number][1][u.participant.start_no] = u.kind
    return found


def assert_valid_swiss(event: Event) -> None:
    """Nobody twice in a round, no rematch, nobody left out, a pairing bye at most once each."""
    everyone = set(event.participants.values_list("start_no", flat=True))
    met: set[frozenset[int]] = set()
    pairing_byes: Counter[int] = Counter()
    for number, (games, byes) in rounds_of(event).items():
        seated = [n for pair in games for n in pair] + list(byes)
        assert len(seated) == len(set(seated)), f"round {number}: a player seated twice"
        assert set(seated) == everyone, f"round {number}: someone left out"
        for white, black in games:
            assert frozenset((white, black)) not in met, f"round {number}: rematch"
            met.add(frozenset((white, black)))
        pairing_byes.update(n for n, kind in byes.items() if kind == "U")
        assert list(byes.values()).count("U") <= 1
    assert all(times == 1 for times in pairing_byes.values())


def test_load_demo_builds_a_realistic_swiss_under_way(demo):
    players = list(demo.participants.all())
    assert len(players) >= 40
    rated = [p.rating for p in players if p.rating is not None]
    assert 1400 <= min(rated) and max(rated) <= 2650
    assert 1 <= len(players) - len(rated) <= 6
    assert {p.title for p in players} <= TITLES and {"GM", "IM", "FM"} <= {p.title for p in players}
    assert len({p.federation for p in players}) >= 8
    assert len({p.name for p in players}) == len(players)
    assert sum(bool(p.fide_id) for p in players) >= len(rated)
    assert demo.rounds_planned == 9
    assert demo.start_date < timezone.localdate()
    for spec in demo.tiebreak_list():
        parse_spec(spec)
    states = {r.number: r.state for r in demo.round_set.all()}
    assert states == {**{n: Round.State.CLOSED for n in range(1, 6)}, 6: Round.State.IN_PROGRESS}


def test_load_demo_has_every_kind_of_unplayed_round(demo):
    kinds = Counter(UnplayedRound.objects.filter(round__event=demo).values_list("kind", flat=True))
    assert kinds["U"] >= 1 and kinds["H"] >= 1 and kinds["Z"] >= 1
    results = Counter(Game.objects.filter(round__event=demo).values_list("result", flat=True))
    assert results["+-"] + results["-+"] >= 1
    assert results["10"] > results["=="] > 0 and results["01"] > 0


def test_load_demo_withdrawn_player_has_zero_byes_from_the_withdrawal_on(demo):
    withdrawn = demo.participants.get(withdrawn_from_round__isnull=False)
    for number, (games, byes) in rounds_of(demo).items():
        if number >= withdrawn.withdrawn_from_round:
            assert byes.get(withdrawn.start_no) == "Z"
        else:
            assert any(withdrawn.start_no in pair for pair in games)


def test_load_demo_leaves_results_missing_in_the_open_round_only(demo):
    games = Game.objects.filter(round__event=demo)
    missing = games.filter(result="")
    assert missing.exists()
    assert set(missing.values_list("round__number", flat=True)) == {6}
    assert games.filter(round__number=6).exclude(result="").exists()


def test_load_demo_pairings_are_a_valid_swiss(demo):
    assert_valid_swiss(demo)


def test_load_demo_creates_the_arbiter_and_an_admin(demo):
    arbiter = authenticate(username="arbiter", password="arbiter")
    assert arbiter is not None and list(demo.arbiters.all()) == [arbiter]
    admin = authenticate(username="admin", password="admin")
    assert admin is not None and admin.is_superuser


def test_load_demo_keeps_an_existing_superuser(db):
    users = get_user_model()
    users.objects.create_superuser("boss", password="pw-boss-12")
    load_demo()
    assert not users.objects.filter(username="admin").exists()


def test_load_demo_is_idempotent_and_keeps_versions_rising(db):
    call_command("load_demo", stdout=io.StringIO(), stderr=io.StringIO())
    first = Event.objects.get(slug=DEMO_SLUG)
    first_rounds = rounds_of(first)
    first_results = list(
        Game.objects.filter(round__event=first).values_list("round__number", "board", "result")
    )
    call_command("load_demo", stdout=io.StringIO(), stderr=io.StringIO())
    second = Event.objects.get(slug=DEMO_SLUG)
    assert Event.objects.filter(slug=DEMO_SLUG).count() == 1
    assert rounds_of(second) == first_rounds
    assert (
        list(
            Game.objects.filter(round__event=second).values_list("round__number", "board", "result")
        )
        == first_results
    )
    assert second.version > first.version  # cached pages are keyed by slug and version
    assert get_user_model().objects.count() == 2
    assert AuditEntry.objects.filter(event=second, action="load_demo").count() == 1


def test_demo_standings_page_and_json(demo, client):
    assert client.get(f"/e/{DEMO_SLUG}/").status_code == 200
    response = client.get(f"/e/{DEMO_SLUG}/standings.json")
    assert response.status_code == 200
    rows = response.json()["standings"]
    assert sorted(row["start_no"] for row in rows) == list(range(1, demo.participants.count() + 1))


# --- the pairer -------------------------------------------------------------------------


def _play(n_players: int, rounds: int, outcomes: list[float], absent: list[int]) -> None:
    """Pair `rounds` rounds of an n-player Swiss from the given results; check every round."""
    people = {n: [] for n in range(1, n_players + 1)}
    draws = iter(outcomes * (rounds * n_players))
    for number in range(1, rounds + 1):
        away = {absent[number - 1] % n_players + 1} if absent[number - 1] >= 0 else set()
        described = [engine.Participant(n, f"P{n}", entries=tuple(e)) for n, e in people.items()]
        field = entrants(described, engine.Scoring(), set(people) - away)
        pairing = pair_round(field)
        seated = [n for pair in pairing.games for n in pair]
        assert len(seated) == len(set(seated))
        assert set(seated) | {pairing.bye} - {None} == set(people) - away
        for white, black in pairing.games:
            assert black not in {e.opponent for e in people[white]}
        if pairing.bye is not None:
            ranked = sorted(field, key=lambda e: (-e.score, e.start_no))
            eligible = [e.start_no for e in ranked if not e.bye_barred]
            assert pairing.bye == eligible[-1]
        for white, black in pairing.games:
            x = next(draws)
            codes = ("1", "0") if x < 0.4 else ("=", "=") if x < 0.7 else ("0", "1")
            people[white].append(engine.RoundEntry(number, black, "w", codes[0]))
            people[black].append(engine.RoundEntry(number, white, "b", codes[1]))
        for n in away:
            people[n].append(engine.RoundEntry(number, None, None, "H"))
        if pairing.bye is not None:
            people[pairing.bye].append(engine.RoundEntry(number, None, None, "U"))


@hypothesis_settings(max_examples=60, deadline=None)
@given(
    n_players=st.integers(13, 30),
    rounds=st.integers(1, 5),
    outcomes=st.lists(st.floats(0, 1), min_size=1, max_size=20),
    absent=st.lists(st.integers(-3, 40), min_size=5, max_size=5),
)
def test_pairer_never_rematches_and_gives_the_bye_to_the_lowest_eligible(
    n_players, rounds, outcomes, absent
):
    _play(n_players, rounds, outcomes, absent)


def test_pairer_puts_top_half_against_bottom_half_in_round_one():
    pairing = pair_round([Entrant(n, 0.0) for n in range(1, 9)])
    assert pairing.games == ((1, 5), (6, 2), (3, 7), (8, 4))
    assert pairing.bye is None


def test_pairer_gives_the_bye_to_the_lowest_player_without_one():
    field = [Entrant(n, 0.0) for n in range(1, 5)] + [Entrant(5, 0.0, bye_barred=True)]
    assert pair_round(field).bye == 4


def test_pairer_alternates_colours():
    field = [Entrant(1, 1.0, frozenset({3}), "w"), Entrant(2, 1.0, frozenset({4}), "b")]
    assert pair_round(field).games == ((2, 1),)


# --- the live feeder --------------------------------------------------------------------


def test_feeder_step_enters_exactly_one_result_through_the_services(demo):
    pending = Game.objects.filter(round__event=demo, result="").count()
    audited = AuditEntry.objects.filter(event=demo, action="result").count()
    assert DemoFeeder(seed=1).step() == "result"
    assert Game.objects.filter(round__event=demo, result="").count() == pending - 1
    assert AuditEntry.objects.filter(event=demo, action="result").count() == audited + 1
    demo.refresh_from_db()
    assert demo.version == 2


def test_feeder_closes_a_complete_round_after_waiting_then_pairs_the_next(demo):
    feeder = DemoFeeder(seed=2, close_after=2)
    while Game.objects.filter(round__event=demo, result="").exists():
        assert feeder.step() == "result"
    assert [feeder.step(), feeder.step()] == ["waiting", "waiting"]
    assert feeder.step() == "closed"
    assert demo.round_set.get(number=6).state == Round.State.CLOSED
    assert feeder.step() == "paired"
    seventh = demo.round_set.get(number=7)
    assert seventh.state == Round.State.PAIRINGS
    assert seventh.games.count() == (demo.participants.count() - 1) // 2
    withdrawn = demo.participants.get(withdrawn_from_round__isnull=False)
    assert seventh.unplayed.get(participant=withdrawn).kind == "Z"
    assert_valid_swiss(demo)


def test_feeder_leaves_a_closed_rounds_standings_up_before_pairing_the_next(demo):
    feeder = DemoFeeder(seed=2, close_after=0, pair_after=3)
    while (outcome := feeder.step()) == "result":
        pass
    assert outcome == "closed"
    assert [feeder.step() for _ in range(4)] == ["waiting", "waiting", "waiting", "paired"]


def test_the_demo_pace_is_one_a_visitor_can_follow(settings):
    assert 10 <= settings.DEMO_LIVE_INTERVAL <= 15 and settings.DEMO_ROUND_PAUSE >= 60


def test_feeder_plays_the_event_to_its_end_then_reloads_the_demo(demo):
    feeder = DemoFeeder(seed=3, close_after=0, reload_after=1)
    outcomes = Counter()
    while (outcome := feeder.step()) != "finished":
        outcomes[outcome] += 1
        assert outcomes.total() < 500
    assert outcomes["paired"] == 3 and outcomes["closed"] == 4
    assert set(demo.round_set.values_list("state", flat=True)) == {Round.State.CLOSED}
    assert demo.round_set.count() == 9
    assert_valid_swiss(demo)
    demo.refresh_from_db()
    assert feeder.step() == "reloaded"
    reloaded = Event.objects.get(slug=DEMO_SLUG)
    assert reloaded.round_set.count() == 6 and reloaded.version > demo.version


def test_feeder_without_the_demo_does_nothing(db):
    assert DemoFeeder().step() == "no event"


def test_demo_dates_are_in_the_past(demo):
    assert demo.round_set.get(number=1).starts_at < timezone.now() - datetime.timedelta(days=1)


def test_the_demo_has_prizes_in_line_on_its_prize_page(demo, client):
    from standings.events.prizes import prize_rules

    rules = prize_rules(demo)
    assert len(rules.categories) == 7 and len(rules.prizes) == 14
    html = client.get(f"/e/{DEMO_SLUG}/prizes/").content.decode()
    assert html.count('<table class="prizes"') == 7
    assert "Provisional" in html  # round 6 is under way
