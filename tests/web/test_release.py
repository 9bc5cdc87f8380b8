"""The release identifier (standings/release.py, settings.RELEASE): derived from the code,
and in every shared-cache key that holds a rendered page or a pickled state, so a deploy
never serves the previous code's renders."""

from __future__ import annotations

import pickle
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.core.cache import cache

from standings.live import schedule
from standings.release import release_id
from standings.web import derived, render
from tests.factories import TEST_ACTOR

ROOT = Path(__file__).resolve().parents[2]

PAGES = [
    "/",
    "/e/small-open/",
    "/e/small-open/round/3/",
    "/e/small-open/round/1/",
    "/e/small-open/crosstable/",
    "/e/small-open/player/7/",
    "/e/small-open/screen/",
    "/e/small-open/standings.json",
    "/e/small-open/round/2.json",
    "/e/small-open/crosstable.json",
    "/e/small-open/player/3.json",
    "/e/small-open/widget/pairings/",
    "/e/small-open/print/",
    "/e/small-open/print/a4/round/3/pairings/",
    "/e/small-open/print/a4/round/3/names/",
    "/e/small-open/print/letter/standings/",
    "/e/small-open/print/a4/crosstable/",
    "/e/small-open/print/a4/players/",
]


def shared_cache_entries() -> dict[str, object]:
    """Every key of the shared cache (as the code names it) and its value."""
    prefix = cache.make_key("")
    if hasattr(cache, "_cache") and isinstance(cache._cache, dict):  # LocMemCache
        raw = dict(cache._cache)
        return {key.removeprefix(prefix): pickle.loads(value) for key, value in raw.items()}
    client = cache._cache.get_client()  # RedisCache (REDIS_URL set)
    return {
        key.decode().removeprefix(prefix): cache.get(key.decode().removeprefix(prefix))
        for key in client.scan_iter(match=prefix + "*")
    }


def holds_a_render_or_state(value: object) -> bool:
    return not isinstance(value, bool | int | float | type(None))


def make_tree(root: Path) -> None:
    for name, content in [
        ("standings/web/pages.py", "PAGES = {}\n"),
        ("standings/engine/result.py", "class Row: ...\n"),
        ("templates/web/player.html", "<h1>{{ person.name }}</h1>\n"),
        ("locale/fr/LC_MESSAGES/django.mo", "\x00compiled"),
    ]:
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(content)


def test_the_release_follows_the_code_templates_translations_and_the_deployment(tmp_path):
    make_tree(tmp_path)
    first = release_id(tmp_path)
    assert release_id(tmp_path) == first and len(first) == 12
    seen = {first}
    for name, content in [
        ("standings/engine/result.py", "class Row:\n    slots = ()\n"),  # a pickled row
        ("templates/web/player.html", "<h1 class=name>{{ person.name }}</h1>\n"),
        ("locale/fr/LC_MESSAGES/django.mo", "\x00compiled again"),
        ("standings/web/printouts.py", "PAPERS = {}\n"),  # a new module
    ]:
        (tmp_path / name).write_text(content)
        seen.add(release_id(tmp_path))
    (tmp_path / "standings/web/__pycache__").mkdir()
    (tmp_path / "standings/web/__pycache__/pages.cpython-311.pyc").write_bytes(b"\x00")
    seen.add(release_id(tmp_path))  # compiled bytecode changes nothing
    seen.add(release_id(tmp_path, deployed="build-42"))
    assert len(seen) == 6


def test_the_settings_hold_this_code_s_release():
    assert re.fullmatch("[0-9a-f]{12}", settings.RELEASE)
    assert release_id(ROOT, "build-1") != release_id(ROOT, "build-2")


@pytest.fixture
def bridge_event(db):
    from standings.bridge_events.services import import_bridge
    from tests.conftest import FIXTURES

    return import_bridge(
        (FIXTURES / "bridge/example-sw02.json").read_bytes(), slug="swiss", actor=TEST_ACTOR
    )


@pytest.mark.django_db
def test_every_render_and_state_in_the_shared_cache_is_keyed_by_the_release(
    client, event, bridge_event, settings
):
    settings.RELEASE = "release-one"
    schedule.publish_now(event.pk)  # the state, the hot pages, the sockets' message
    for path in [*PAGES, "/b/swiss/", "/b/swiss/screen/", "/b/swiss/team/1/"]:
        assert client.get(path).status_code == 200, path
    client.get("/e/small-open/find/", {"q": "7"})
    entries = shared_cache_entries()
    held = {key for key, value in entries.items() if holds_a_render_or_state(value)}
    assert any(":state" in key for key in held)
    assert len([key for key in held if ":page:" in key]) >= len(PAGES) - 1
    assert [key for key in held if "release-one" not in key] == []

    first = client.get("/e/small-open/player/7/")
    settings.RELEASE = "release-two"  # a deploy
    assert render.cached_page("small-open", event.version, "player-7") is None
    assert render.cached_page("small-open", event.version, "standings") is None
    assert cache.get(f"web:release-two:small-open:{event.version}:state") is None
    derived.build("small-open", event.version)  # the new release's race, off the request path
    again = client.get("/e/small-open/player/7/", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 200  # not the old release's 304
    assert "release-two" in again["ETag"] and "release-one" in first["ETag"]
    assert cache.get(f"web:release-two:small-open:{event.version}:state") is not None
