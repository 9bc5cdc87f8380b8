"""Every route of the arbiter's and the scorer's pages goes through the one permission check,
`actors.check_may_change`: a signed-in user who arbitrates another event is refused there
(403), with the check seeing that user and the route's event, and nothing is written.

The routes are read from the URL configuration, so a route added later is covered as soon
as it exists; only the sign-in pages and the bridge event's public pages are left out.
"""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import URLPattern, get_resolver, reverse

from standings.bridge_events.services import import_bridge
from standings.events import actors
from standings.events.models import AuditEntry, Event
from standings.trf.exporter import export_trf
from tests.conftest import FIXTURES
from tests.factories import TEST_ACTOR, create_swiss, create_team_event

NAMESPACES = ("arbiter", "bridge_events")
# Open to anyone: signing in and out, and a bridge event's public pages.
PUBLIC = {
    "arbiter:login",
    "arbiter:logout",
    "bridge_events:standings",
    "bridge_events:screen",
    "bridge_events:team",
}
# The arbiter's routes of a team event's matches; the others are an individual event's.
TEAM_ROUTES = {"arbiter:match", "arbiter:match_result", "arbiter:forfeit", "arbiter:lineup"}
TEAM_ROUTES |= {"arbiter:team_bye"}
# Round 3 of the individual event is under way (its board 3 still to play); the team event
# has played nothing of its round 1 yet.
NUMBERS = {"number": 3, "board": 3, "table": 1, "team": 1, "home": 1, "away": 2, "segment": 1}
TEAM_NUMBERS = {"number": 1, "board": 1, "table": 1, "team": 1}
BRIDGE_FILE = FIXTURES / "bridge" / "example-sw02.json"


def routes() -> list[tuple[str, URLPattern]]:
    """Every named route of the arbiter's and the scorer's namespaces but the public ones."""
    found = []
    for namespace in NAMESPACES:
        _, resolver = get_resolver().namespace_dict[namespace]
        for pattern in resolver.url_patterns:
            assert isinstance(pattern, URLPattern)  # no nested includes to walk
            name = f"{namespace}:{pattern.name}"
            if name not in PUBLIC:
                found.append((name, pattern))
    return found


ROUTES = routes()


def test_the_public_routes_left_out_exist():
    names = {
        f"{namespace}:{p.name}"
        for namespace in NAMESPACES
        for p in get_resolver().namespace_dict[namespace][1].url_patterns
    }
    assert PUBLIC <= names
    assert len(ROUTES) == len(names) - len(PUBLIC)


@pytest.fixture
def events(db, arbiter) -> dict[str, Event]:
    """An individual event, a team event and a bridge event, each arbitrated by `arbiter`."""
    bridge = import_bridge(BRIDGE_FILE.read_bytes(), slug="swiss", actor=TEST_ACTOR)
    bridge.arbiters.add(arbiter)
    return {
        "individual": create_swiss(arbiters=[arbiter]),
        "team": create_team_event(arbiters=[arbiter]),
        "bridge": bridge,
    }


@pytest.fixture
def other_arbiter(db, django_user_model):
    """Signed in, and an arbiter, but of another event."""
    user = django_user_model.objects.create_user("olga", password="pw-olga-1")
    create_swiss(arbiters=[user], slug="other-open")
    return user


@pytest.fixture
def checks(monkeypatch) -> list[tuple[object, Event | None]]:
    """Each call of the one check, as (actor, event); the check itself runs as it is."""
    seen: list[tuple[object, Event | None]] = []
    check = actors.check_may_change

    def spy(actor, event):
        seen.append((actor, event))
        return check(actor, event)

    monkeypatch.setattr(actors, "check_may_change", spy)
    return seen


def target(name: str, events: dict[str, Event]) -> Event | None:
    """The event a route changes; None for the route that creates one."""
    if name in ("arbiter:import", "bridge_events:import"):
        return None
    if name.startswith("bridge_events:"):
        return events["bridge"]
    return events["team"] if name in TEAM_ROUTES else events["individual"]


def url(name: str, pattern: URLPattern, event: Event | None, slug: str | None = None) -> str:
    numbers = TEAM_NUMBERS if name in TEAM_ROUTES else NUMBERS
    kwargs: dict[str, object] = {}
    for key in pattern.pattern.converters:
        kwargs[key] = (slug or event.slug) if key == "slug" else numbers[key]
    return reverse(name, kwargs=kwargs)


def posted(event: Event) -> dict[str, object]:
    """What the forms of every route read, filled in as an arbiter would."""
    document = {"categories": [{"key": "overall", "name": "Overall"}], "prizes": []}
    return {
        "result": "10",
        "version": "0",
        "reason": "score sheet",
        "forfeit": "+-",
        "team": "1",
        "kind": "U",
        **{f"board_{n}": str(n) for n in range(1, 5)},
        "preset": "custom",
        "tiebreaks": "BH SB",
        "ties": "shared",
        "document": json.dumps(document),
        "final": "declare",
        "round": "10",
        "session": "1",
        "home": "1",
        "away": "2",
        "home_imps": "40",
        "away_imps": "20",
        "home_points": "3000",
        "away_points": "2100",
        "home_bam": "1",
        "away_bam": "0",
        "seen": "",
        "boards": "16",
        "name": "A new event",
        "file": SimpleUploadedFile("event.trf", export_trf(event).encode()),
    }


def written() -> tuple:
    """What any write changes: an event's version, an audit entry, a new event."""
    versions = sorted(Event.objects.values_list("slug", "version"))
    return versions, AuditEntry.objects.count()


@pytest.mark.parametrize("name, pattern", ROUTES, ids=[name for name, _ in ROUTES])
def test_a_user_who_does_not_arbitrate_the_event_is_refused_by_the_one_check(
    client, events, other_arbiter, checks, name, pattern
):
    event = target(name, events)
    address = url(name, pattern, event)
    client.force_login(other_arbiter)
    before = written()
    answers = {}
    for method in ("get", "post"):
        checks.clear()
        data = posted(events["individual"]) if method == "post" else {}
        response = getattr(client, method)(address, data)
        answers[method] = response.status_code
        assert response.status_code in (403, 405), (method, response.status_code)
        if response.status_code == 403:
            assert checks and checks[0] == (other_arbiter, event)
    assert 403 in answers.values()  # the route serves one of the two, and refuses it
    assert written() == before


@pytest.mark.parametrize(
    "name, pattern",
    [(name, pattern) for name, pattern in ROUTES if "slug" in pattern.pattern.converters],
    ids=[name for name, pattern in ROUTES if "slug" in pattern.pattern.converters],
)
def test_an_unknown_event_is_404(client, events, arbiter, name, pattern):
    client.force_login(arbiter)
    address = url(name, pattern, None, slug="no-such-event")
    for method in ("get", "post"):
        assert getattr(client, method)(address, {}).status_code in (404, 405)


@pytest.mark.parametrize(
    "name, kind", [("arbiter:result", "individual"), ("bridge_events:enter", "bridge")]
)
def test_the_same_post_by_the_events_arbiter_writes(client, events, arbiter, checks, name, kind):
    """The payload above is one that writes: the refusals are the check's, not the form's."""
    pattern = dict(ROUTES)[name]
    client.force_login(arbiter)
    before = written()
    client.post(url(name, pattern, events[kind]), posted(events["individual"]))
    assert written() != before
    assert (arbiter, events[kind]) in checks
