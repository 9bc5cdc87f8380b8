"""The read API: real responses checked against the OpenAPI document it serves; CORS on
the read endpoints only."""

import json

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry
from referencing.jsonschema import DRAFT202012

from standings.events.models import Event
from tests.factories import create_swiss, create_team_event
from tests.web.built import fetched

pytestmark = pytest.mark.django_db


@pytest.fixture
def document(client):
    response = client.get("/api/openapi.json")
    assert response.status_code == 200 and response["Access-Control-Allow-Origin"] == "*"
    document = json.loads(response.content)
    assert document["openapi"].startswith("3.1")
    return document


def check(document, path, response):
    """The response is the 200 the document describes for `path`."""
    assert response.status_code == 200, response.content[:200]
    assert response["Content-Type"].startswith("application/json")
    assert response["Access-Control-Allow-Origin"] == "*"
    described = document["paths"][path]["get"]["responses"]["200"]
    schema = described["content"]["application/json"]["schema"]
    # The document as one resource, so its "#/components/schemas/..." references resolve.
    registry = Registry().with_resource("urn:api", DRAFT202012.create_resource(document))
    validator = Draft202012Validator(
        {"$ref": "urn:api#" + schema["$ref"].removeprefix("#")}, registry=registry
    )
    errors = sorted(validator.iter_errors(json.loads(response.content)), key=str)
    assert errors == [], errors[0].message if errors else ""
    return json.loads(response.content)


def test_every_documented_endpoint_answers_its_shape(client, document):
    create_swiss()
    tournament = Event.objects.create(slug="festival", name="Festival")
    create_swiss(slug="open-b")
    Event.objects.filter(slug="open-b").update(parent=tournament)
    listed = check(document, "/api/events.json", client.get("/api/events.json"))
    by_slug = {e["slug"]: e for e in listed["events"]}
    assert by_slug["festival"]["sections"] == ["open-b"]
    assert by_slug["open-b"]["tournament"] == "festival"

    standings = check(
        document, "/e/{slug}/standings.json", client.get("/e/small-open/standings.json")
    )
    assert standings["tiebreaks"][0] == "PTS" or standings["standings"]
    round3 = check(
        document, "/e/{slug}/round/{number}.json", client.get("/e/small-open/round/3.json")
    )
    assert round3["round"] == 3 and round3["boards"][0]["white"]["start_no"] == 2
    assert round3["boards"][3]["result"] == ""  # pending
    cross = check(
        document, "/e/{slug}/crosstable.json", client.get("/e/small-open/crosstable.json")
    )
    assert len(cross["players"]) == 8 and len(cross["players"][0]["games"]) == 3
    card = check(
        document, "/e/{slug}/player/{start_no}.json", client.get("/e/small-open/player/6.json")
    )
    assert card["player"]["name"] == "Player 06" and card["games"][2]["colour"] == "white"


def test_missing_things_are_404(client, document):
    create_swiss()
    create_team_event()
    assert client.get("/e/small-open/round/9.json").status_code == 404
    assert client.get("/e/small-open/player/99.json").status_code == 404
    assert client.get("/e/nothing/crosstable.json").status_code == 404
    assert client.get("/e/small-teams/crosstable.json").status_code == 404
    team = client.get("/e/small-teams/standings.json")
    check(document, "/e/{slug}/standings.json", team)


def test_json_is_cached_per_version_like_the_pages(client):
    create_swiss()
    first = client.get("/e/small-open/round/3.json")
    again = client.get("/e/small-open/round/3.json", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
    assert first["X-Event-Version"]


def test_cors_only_on_the_read_endpoints(client):
    create_swiss()
    assert "Access-Control-Allow-Origin" not in client.get("/e/small-open/")
    assert "Access-Control-Allow-Origin" not in client.get("/e/small-open/round/3/")
    assert client.post("/e/small-open/round/3.json").status_code == 405


def test_every_json_read_is_open_to_other_sites(client):
    """The API's promise (docs/api.md): each documented JSON endpoint may be read by another
    site's page, the standings after a round too."""
    event = create_swiss()
    computing = client.get(f"/e/{event.slug}/after/1.json")  # built after the publish
    assert computing.status_code == 503
    assert computing["Access-Control-Allow-Origin"] == "*"  # another site may read and wait
    for path in ("standings.json", "after/1.json", "round/3.json", "crosstable.json"):
        response = fetched(client, f"/e/{event.slug}/{path}")
        assert response.status_code == 200, path
        assert response["Access-Control-Allow-Origin"] == "*", path
