"""The public side's endpoint: a venue's batch is applied only when signed with the live
token and in order; every other batch is refused and changes nothing."""

from __future__ import annotations

import gzip
import json

import pytest
from django.core.management import CommandError, call_command

from standings.events import actors
from standings.events.models import AuditEntry, Event, Game, Match
from standings.events.services import enter_result
from standings.mirror import batch
from standings.mirror.export import state_at_version
from standings.mirror.models import MirroredEvent
from standings.state.event_state import build_state
from tests.factories import TEST_ACTOR, create_swiss, create_team_event

MIRROR_SLUG = "open-mirror"


def token_for(slug: str = MIRROR_SLUG, *args: str) -> str:
    from io import StringIO

    out = StringIO()
    call_command("mirror_token", slug, *args, stdout=out)
    return out.getvalue().strip().splitlines()[-1]


def body_of(
    venue_slug: str, seq: int, prev: int, slug: str = MIRROR_SLUG, version: int | None = None
) -> bytes:
    """A batch carrying the venue's whole state, as `mirror_push` sends it first."""
    at, state = state_at_version(venue_slug)
    said = {"slug": slug, "seq": seq, "prev": prev, "version": at if version is None else version}
    return batch.pack({**said, "state": batch.plain(state)})


def post(client, body: bytes, token: str, slug: str = MIRROR_SLUG, **headers):
    return client.post(
        f"/mirror/{slug}/",
        body,
        content_type="application/json",
        headers={
            "Content-Encoding": "gzip",
            batch.SIGNATURE_HEADER: batch.signature(batch.token_key(token), body),
            **headers,
        },
    )


def written() -> tuple:
    return sorted(Event.objects.values_list("slug", "version")), AuditEntry.objects.count()


def standings_of(slug: str) -> object:
    state = build_state(Event.objects.get(slug=slug))
    return json.loads(json.dumps(state.standings.to_json()))


@pytest.fixture
def venue(db):
    return create_swiss(slug="small-open")


def test_a_token_is_printed_last_and_only_its_hash_is_kept(db):
    token = token_for()
    mirrored = MirroredEvent.objects.get(event__slug=MIRROR_SLUG)
    assert len(token) >= 40 and token.startswith("sm_")  # never "-", which argparse misreads
    assert mirrored.token_key == batch.token_key(token) != token
    assert token not in json.dumps(list(MirroredEvent.objects.values()), default=str)
    assert Event.objects.get(slug=MIRROR_SLUG).name == MIRROR_SLUG


def test_a_local_event_is_mirrored_only_when_asked_to_replace_it(venue):
    Event.objects.create(slug="empty-local", name="Empty")
    for slug in ("small-open", "empty-local"):
        with pytest.raises(CommandError, match="--replace"):
            token_for(slug)
    assert not MirroredEvent.objects.exists()
    token_for("small-open", "--replace")
    assert MirroredEvent.objects.get().event == venue


def test_the_batch_is_applied_and_the_standings_are_the_venues(client, venue):
    token = token_for()
    enter_result(venue, 3, 2, "01", actor=TEST_ACTOR)  # a venue's event has a version
    venue.refresh_from_db()
    answer = post(client, body_of("small-open", 1, 0), token)
    assert answer.status_code == 200, answer.content
    assert answer.json() == {"seq": 1, "applied": True, "last_seq": 1}
    assert Event.objects.get(slug=MIRROR_SLUG).version == venue.version
    assert standings_of(MIRROR_SLUG) == standings_of("small-open")
    mirror = Event.objects.get(slug=MIRROR_SLUG)
    assert mirror.tiebreaks == venue.tiebreaks
    assert list(mirror.round_set.values_list("number", "state")) == list(
        venue.round_set.values_list("number", "state")
    )
    boards = "round__number", "board", "white__start_no", "black__start_no", "result"
    assert sorted(Game.objects.filter(round__event=mirror).values_list(*boards)) == sorted(
        Game.objects.filter(round__event=venue).values_list(*boards)
    )
    # A result, then the next batch: the mirror follows.
    enter_result(venue, 3, 3, "10", actor=TEST_ACTOR)
    assert post(client, body_of("small-open", 2, 1), token).status_code == 200
    assert standings_of(MIRROR_SLUG) == standings_of("small-open")
    assert MirroredEvent.objects.get().venue_version == Event.objects.get(slug="small-open").version


def test_the_boards_are_numbered_as_the_venue_numbered_them(client, venue):
    # The venue's arbiter numbered every round's boards in reverse of the import's order.
    for round_ in venue.round_set.all():
        games = list(Game.objects.filter(round=round_).order_by("board"))
        for game in games:
            Game.objects.filter(pk=game.pk).update(board=game.board + 1000)
        for game, board in zip(games, reversed([g.board for g in games]), strict=True):
            Game.objects.filter(pk=game.pk).update(board=board)
    token = token_for()
    assert post(client, body_of("small-open", 1, 0), token).status_code == 200
    boards = "round__number", "board", "white__start_no", "black__start_no", "result"
    assert sorted(Game.objects.filter(round__event__slug=MIRROR_SLUG).values_list(*boards)) == (
        sorted(Game.objects.filter(round__event=venue).values_list(*boards))
    )


def test_a_team_event_is_mirrored(client, db):
    event = create_team_event(slug="small-teams")
    # The venue's arbiter paired round 1 with the teams' numbers in another order than the
    # import's: the mirror's tables are the venue's all the same.
    first, second = Match.objects.filter(round__event=event, round__number=1).order_by("table")
    Match.objects.filter(pk=first.pk).update(table=second.table)
    Match.objects.filter(pk=second.pk).update(table=first.table)
    token = token_for()
    assert post(client, body_of("small-teams", 1, 0), token).status_code == 200
    mirror = build_state(Event.objects.get(slug=MIRROR_SLUG))
    venue = build_state(Event.objects.get(slug="small-teams"))
    assert mirror.teams is not None and venue.teams is not None
    assert json.dumps(mirror.teams.to_json()) == json.dumps(venue.teams.to_json())

    def matches(slug: str) -> list:
        return sorted(
            Match.objects.filter(round__event__slug=slug).values_list(
                "round__number", "table", "home__number", "away__number"
            )
        )

    assert matches(MIRROR_SLUG) == matches("small-teams")


def test_the_last_batch_sent_again_is_acknowledged_and_changes_nothing(client, venue):
    token = token_for()
    body = body_of("small-open", 1, 0)
    assert post(client, body, token).status_code == 200
    before = written()
    again = post(client, body, token)
    assert again.status_code == 200
    assert again.json()["applied"] is False
    assert written() == before


@pytest.mark.parametrize("case", ["wrong token", "revoked", "tampered", "no signature"])
def test_a_batch_not_signed_by_the_live_token_is_403_and_changes_nothing(client, venue, case):
    token = token_for()
    body = body_of("small-open", 1, 0)
    before = written()
    if case == "wrong token":
        answer = post(client, body, batch.new_token())
    elif case == "revoked":
        token_for(MIRROR_SLUG, "--revoke")
        answer = post(client, body, token)
    elif case == "tampered":
        state = json.loads(gzip.decompress(body))
        state["state"]["trf"] = state["state"]["trf"].replace("Player 01", "Player 99")
        signed = batch.signature(batch.token_key(token), body)
        answer = client.post(
            f"/mirror/{MIRROR_SLUG}/",
            batch.pack(state),
            content_type="application/json",
            headers={"Content-Encoding": "gzip", batch.SIGNATURE_HEADER: signed},
        )
    else:
        answer = client.post(
            f"/mirror/{MIRROR_SLUG}/",
            body,
            content_type="application/json",
            headers={"Content-Encoding": "gzip"},
        )
    assert answer.status_code == 403
    assert answer.json()["error"]
    assert written() == before
    assert MirroredEvent.objects.get().last_seq == 0


def test_a_new_token_replaces_the_old_one(client, venue):
    old = token_for()
    new = token_for()
    assert post(client, body_of("small-open", 1, 0), old).status_code == 403
    assert post(client, body_of("small-open", 1, 0), new).status_code == 200


def test_a_replayed_or_out_of_order_batch_is_409_and_changes_nothing(client, venue):
    token = token_for()
    first = body_of("small-open", 1, 0)
    assert post(client, first, token).status_code == 200
    enter_result(venue, 3, 3, "10", actor=TEST_ACTOR)
    assert post(client, body_of("small-open", 2, 1), token).status_code == 200
    before = written()
    for body in (
        first,  # replayed
        body_of("small-open", 4, 3),  # one missing before it
        body_of("small-open", 3, 1),  # does not follow the last
        body_of("small-open", 2, 1, version=99),  # the last's number with another body
    ):
        answer = post(client, body, token)
        assert answer.status_code == 409
        assert answer.json()["last_seq"] == 2
    assert written() == before


@pytest.mark.parametrize(
    "body, headers, status",
    [
        (b"not gzip", {}, 400),
        (gzip.compress(b"[1, 2]"), {}, 400),
        (gzip.compress(b'{"seq": "x"}'), {}, 400),
        (gzip.compress(b'{"seq": 1, "prev": 0, "version": 1, "slug": "other"}'), {}, 400),
        (gzip.compress(b'{"seq": 1, "prev": 0, "version": 1, "slug": "open-mirror"}'), {}, 400),
        (gzip.compress(b"{}"), {"Content-Encoding": "identity"}, 415),
    ],
)
def test_a_signed_body_that_is_not_a_state_is_4xx_and_changes_nothing(
    client, venue, body, headers, status
):
    token = token_for()
    before = written()
    assert post(client, body, token, **headers).status_code == status
    assert written() == before


@pytest.mark.parametrize(
    "envelope",
    [
        {"seq": -1},
        {"seq": "1"},
        {"seq": 1.5},
        {"prev": True},
        {"version": 2**40},
        {"version": float("inf")},
        {"version": None},
    ],
)
def test_a_number_out_of_its_columns_range_is_400_and_changes_nothing(client, venue, envelope):
    token = token_for()
    version, state = state_at_version("small-open")
    said = {"slug": MIRROR_SLUG, "seq": 1, "prev": 0, "version": version, **envelope}
    before = written()
    assert post(client, batch.pack({**said, "state": batch.plain(state)}), token).status_code == 400
    assert written() == before


@pytest.mark.parametrize("section", [{"order": -1}, {"version": 2**40}, {"order": "x"}, []])
def test_a_sections_value_out_of_range_is_400_and_changes_nothing(client, db, section):
    cup = Event.objects.create(slug="cup", name="Cup")
    Event.objects.filter(pk=create_swiss(slug="cup-a").pk).update(parent=cup)
    token = token_for()
    version, state = cup_state()
    if isinstance(section, dict):
        state["sections"]["m-cup-a"].update(section)
    else:
        state["sections"]["m-cup-a"] = section
    before = written()
    assert post(client, cup_body(1, state, version), token).status_code == 400
    assert written() == before


@pytest.mark.parametrize("change", ["nested", "infinite board"])
def test_a_state_past_what_can_be_stored_is_400_and_changes_nothing(client, venue, change):
    token = token_for()
    version, state = state_at_version("small-open")
    state = batch.plain(state)
    state["deep"] = "DEEP"
    if change == "infinite board":
        state["boards"][0][0] = float("inf")
    said = {"slug": MIRROR_SLUG, "seq": 1, "prev": 0, "version": version, "state": state}
    text = json.dumps(said)
    if change == "nested":  # nested near json's limit: read, perhaps, but not written back
        text = text.replace('"DEEP"', "[" * 950 + "]" * 950)
    body = gzip.compress(text.encode())
    before = written()
    assert post(client, body, token).status_code == 400
    assert written() == before


def test_a_state_the_import_refuses_is_400_and_changes_nothing(client, venue):
    token = token_for()
    version, state = state_at_version("small-open")
    said = {"slug": MIRROR_SLUG, "seq": 1, "prev": 0, "version": version}
    body = batch.pack({**said, "state": {**batch.plain(state), "trf": "001 garbage"}})
    before = written()
    assert post(client, body, token).status_code == 400
    assert written() == before


def test_an_unknown_slug_and_a_get_are_refused(client, db):
    assert post(client, gzip.compress(b"{}"), "x", slug="nothing").status_code == 403
    assert client.get(f"/mirror/{MIRROR_SLUG}/").status_code == 405


def test_a_body_past_the_cap_is_413(client, venue, settings):
    token = token_for()
    settings.MIRROR_MAX_BODY = 100
    assert post(client, body_of("small-open", 1, 0), token).status_code == 413


def test_a_bridge_event_is_mirrored_as_its_document(client, db):
    from standings.bridge_events.models import BridgeEvent
    from standings.bridge_events.services import import_bridge
    from tests.conftest import FIXTURES

    import_bridge(
        (FIXTURES / "bridge" / "example-sw02.json").read_bytes(), slug="swiss", actor=TEST_ACTOR
    )
    token = token_for()
    assert post(client, body_of("swiss", 1, 0), token).status_code == 200
    venue, mirror = (BridgeEvent.objects.get(event__slug=slug) for slug in ("swiss", MIRROR_SLUG))
    assert mirror.document == venue.document
    assert (mirror.boards_per_match, mirror.vp_scale) == (venue.boards_per_match, venue.vp_scale)
    assert mirror.event.name == venue.event.name


def test_a_section_alone_is_not_pushed_its_tournament_is(db):
    tournament = Event.objects.create(slug="cup", name="Cup")
    Event.objects.create(slug="cup-a", name="Cup A", parent=tournament)
    with pytest.raises(CommandError, match="publish the tournament, cup"):
        call_command("mirror_push", "cup-a", "--to", "http://127.0.0.1:9", "--token", "t", "--once")


def cup_state() -> tuple[int, dict]:
    """The venue's tournament "cup" as its batch carries it, its sections renamed "m-..."
    (venue and mirror share the tests' database, where a slug is taken once)."""
    version, state = state_at_version("cup")
    state = batch.plain(state)
    state["sections"] = {f"m-{slug}": said for slug, said in state["sections"].items()}
    return version, state


def cup_body(seq: int, state: dict, version: int) -> bytes:
    said = {"slug": MIRROR_SLUG, "seq": seq, "prev": seq - 1, "version": version}
    return batch.pack({**said, "state": state})


def test_a_tournament_is_mirrored_with_its_sections(client, arbiter):
    from standings.events.sections import sections_of

    cup = Event.objects.create(slug="cup", name="Cup", version=3)
    for order, slug in enumerate(("cup-b", "cup-a")):
        section = create_swiss(slug=slug)
        Event.objects.filter(pk=section.pk).update(parent=cup, section_order=order, version=4)
    token = token_for()
    version, state = cup_state()
    assert post(client, cup_body(1, state, version), token).status_code == 200
    mirror = Event.objects.get(slug=MIRROR_SLUG)
    assert [s.slug for s in sections_of(mirror)] == ["m-cup-b", "m-cup-a"]
    assert standings_of("m-cup-a") == standings_of("cup-a")
    assert Event.objects.get(slug="m-cup-a").version == Event.objects.get(slug="cup-a").version
    assert mirror.version == Event.objects.get(slug="cup").version
    # A section is read-only as its tournament is.
    with pytest.raises(actors.HeldAtVenue):
        enter_result(Event.objects.get(slug="m-cup-a"), 3, 3, "10", actor=arbiter)
    # A result in one section travels with the tournament: applied as a result.
    enter_result(Event.objects.get(slug="cup-a"), 3, 3, "10", actor=TEST_ACTOR)
    version, state = cup_state()
    assert post(client, cup_body(2, state, version), token).status_code == 200
    assert standings_of("m-cup-a") == standings_of("cup-a")
    entry = AuditEntry.objects.filter(event__slug="m-cup-a").latest("id")
    assert entry.action == "mirror_results"
    # A section gone at the venue goes on the mirror.
    Event.objects.filter(slug="cup-b").delete()
    Event.objects.filter(slug="cup").update(version=version + 1)
    version, state = cup_state()
    assert post(client, cup_body(3, state, version), token).status_code == 200
    assert [s.slug for s in sections_of(mirror)] == ["m-cup-a"]
    # The last one gone: the tournament is an event of its own again (here, an empty one).
    Event.objects.filter(slug="cup-a").delete()
    Event.objects.filter(slug="cup").update(version=version + 2)
    version, state = state_at_version("cup")
    assert post(client, cup_body(4, batch.plain(state), version), token).status_code == 200
    assert sections_of(mirror) == []
    assert not Event.objects.filter(slug="m-cup-a").exists()


def test_a_section_that_would_take_a_local_slug_is_400_and_changes_nothing(client, db):
    cup = Event.objects.create(slug="cup", name="Cup")
    section = create_swiss(slug="cup-a")
    Event.objects.filter(pk=section.pk).update(parent=cup)
    token = token_for()
    version, state = state_at_version("cup")
    before = written()
    answer = post(client, cup_body(1, batch.plain(state), version), token)  # "cup-a" is taken
    assert answer.status_code == 400
    assert "cup-a names an event of this server's own" in answer.json()["error"]
    assert written() == before


def test_a_section_slug_cannot_be_given_a_token(db):
    cup = Event.objects.create(slug="cup", name="Cup")
    Event.objects.create(slug="cup-a", name="Cup A", parent=cup)
    with pytest.raises(CommandError, match="a section of cup"):
        token_for("cup-a", "--replace")


def test_an_unreachable_public_site_is_recorded_for_the_arbiters_page(venue):
    from standings.mirror.models import MirrorPush
    from tests.servers import free_port

    to = f"http://127.0.0.1:{free_port()}"
    with pytest.raises(CommandError, match="cannot be reached"):
        call_command("mirror_push", "small-open", "--to", to, "--token", "t", "--once")
    push = MirrorPush.objects.get()
    assert push.failing_since is not None and push.last_error
    assert (push.seq, push.acked_version) == (0, 0)


@pytest.mark.parametrize("args", [("not a slug",), ("x" * 51,), ("nothing-here", "--revoke")])
def test_mirror_token_refuses_what_it_cannot_do(db, args):
    with pytest.raises(CommandError):
        token_for(*args)
    assert not Event.objects.exists()
