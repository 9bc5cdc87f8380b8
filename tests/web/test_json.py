import pytest

from standings.events.snapshot import event_standings

pytestmark = pytest.mark.django_db


def test_standings_json_is_the_tiebreaks_command_shape(client, event):
    response = client.get("/e/small-open/standings.json")
    assert response["Content-Type"] == "application/json"
    data = response.json()
    assert data == event_standings(event).to_json()
    assert set(data) == {"rules", "round", "tiebreaks", "lots_seed", "standings"}
    assert data["tiebreaks"] == ["PTS", "BH/C1", "BH", "SB", "DE"]
    first = data["standings"][0]
    assert set(first) == {"rank", "start_no", "name", "values", "provisional", "parted_by", "lot"}
    assert len(first["values"]) == len(first["provisional"]) == 5
