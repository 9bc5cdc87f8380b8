"""The reader refuses a file whole, naming the JSON path and the problem; the writer round-trips."""

from __future__ import annotations

import copy
import json

import pytest

from standings.bridge.reader import BridgeFormatError, read_bridge
from standings.bridge.writer import write_bridge
from tests.conftest import FIXTURES

EXAMPLES = sorted((FIXTURES / "bridge").glob("example-*[0-9].json"))
RR03 = json.loads((FIXTURES / "bridge" / "example-rr03.json").read_text())
SW02 = json.loads((FIXTURES / "bridge" / "example-sw02.json").read_text())
PR02 = json.loads((FIXTURES / "bridge" / "example-pr02.json").read_text())
BAM02 = json.loads((FIXTURES / "bridge" / "example-bam02.json").read_text())


def refusal(data: dict) -> str:
    with pytest.raises(BridgeFormatError) as refused:
        read_bridge(json.dumps(data))
    return str(refused.value)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_the_writer_gives_back_the_same_event(path):
    event = read_bridge(path.read_text())
    assert read_bridge(write_bridge(event)) == event


def test_vps_are_read_exactly():
    data = copy.deepcopy(RR03)
    data["matches"][0]["vps"] = [13.51, 6.49]
    event = read_bridge(json.dumps(data))
    assert str(event.matches[0].vps[0]) == "1351/100"


def test_a_match_listed_twice():
    data = copy.deepcopy(RR03)
    twin = copy.deepcopy(data["matches"][0])
    twin["home"], twin["away"] = twin["away"], twin["home"]
    data["matches"].append(twin)
    assert refusal(data) == (
        "$.matches[45]: the match Oulu - Faro of round 1 is listed twice (also $.matches[0])"
    )


def test_a_team_playing_twice_in_a_round():
    data = copy.deepcopy(RR03)
    data["matches"][1]["away"] = data["matches"][0]["home"]
    assert refusal(data) == "$.matches[1]: Faro already plays in round 1 ($.matches[0])"


def test_vps_of_an_unknown_team():
    data = copy.deepcopy(RR03)
    data["matches"][2]["away"] = 99
    assert refusal(data) == "$.matches[2].away: a result of team 99, which is not in the teams"


def test_a_round_beyond_the_schedule():
    data = copy.deepcopy(RR03)
    data["matches"][4]["round"] = 19  # ten teams: at most a double round robin of 18 rounds
    assert refusal(data) == "$.matches[4].round: round 19 is beyond the schedule of 18 rounds"


def test_a_stated_schedule_is_kept():
    data = copy.deepcopy(SW02)
    data["rounds"] = 3
    assert "beyond the schedule of 3 rounds" in refusal(data)


def test_negative_imps():
    data = copy.deepcopy(SW02)
    data["matches"][5]["imps"][0] = -1
    assert refusal(data) == "$.matches[5].imps[0]: negative IMPs (-1)"


def test_a_team_id_listed_twice():
    data = copy.deepcopy(RR03)
    data["teams"][1]["id"] = data["teams"][0]["id"]
    assert refusal(data) == "$.teams[1].id: id 1 is listed twice (also $.teams[0])"


def test_a_pair_without_a_session_score():
    data = copy.deepcopy(PR02)
    del data["sessions"][1]["scores"][2]
    assert refusal(data) == "$.sessions[1].scores: no score for pair 3"


def test_a_board_played_twice_by_a_team():
    data = copy.deepcopy(BAM02)
    data["matches"][2]["boards"] = copy.deepcopy(data["matches"][0]["boards"])
    data["matches"][2]["home"], data["matches"][2]["away"] = (
        data["matches"][0]["home"],
        data["matches"][2]["away"],
    )
    assert "already" in refusal(data)


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda d: d.update(format="other"), '$.format: must be "standings-bridge-1"'),
        (lambda d: d.update(kind="chess"), '$.kind: must be "teams", "pairs" or "bam"'),
        (lambda d: d.pop("matches"), '$: "matches" is missing'),
        (lambda d: d["matches"][0].update(vps=[10]), "$.matches[0].vps: must hold two numbers"),
        (lambda d: d["matches"][0].update(round=0), "$.matches[0].round: must be at least 1"),
        (lambda d: d["teams"][0].update(name=""), "$.teams[0].name: must be a non-empty string"),
    ],
)
def test_other_refusals(change, problem):
    data = copy.deepcopy(RR03)
    change(data)
    assert refusal(data).startswith(problem)


def test_not_json():
    with pytest.raises(BridgeFormatError, match=r"^\$: not JSON"):
        read_bridge("{")
