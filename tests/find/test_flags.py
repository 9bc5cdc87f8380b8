"""Federation flags beside names, and the standings filtered by federation."""

from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from standings.events.models import Participant
from standings.web.flags import FIDE_TO_FLAG, federations, flag_name
from tests.factories import create_swiss

FLAGS = Path(__file__).resolve().parents[2] / "static" / "vendor" / "flags"


def test_every_mapped_federation_has_its_bundled_flag_and_the_licence_is_there():
    missing = [code for code, name in FIDE_TO_FLAG.items() if not (FLAGS / f"{name}.svg").is_file()]
    assert missing == []
    assert "MIT" in (FLAGS / "LICENSE").read_text()


def test_fide_codes_that_differ_from_iso():
    assert flag_name("GER") == "de"
    assert flag_name("ned") == "nl"
    assert flag_name("SUI") == "ch"
    assert flag_name("ENG") == "gb-eng"
    assert flag_name("SCO") == "gb-sct"
    assert flag_name("FID") is None


def test_federations_counted_by_code():
    listed = federations(["GER", "ger", "FRA", "", "FID"])
    assert [(f.code, f.players) for f in listed] == [("FID", 1), ("FRA", 1), ("GER", 2)]
    assert listed[0].flag is None and listed[1].flag.endswith("vendor/flags/fr.svg")


@pytest.fixture
def event(db):
    event = create_swiss()
    Participant.objects.filter(event=event, start_no__in=[2, 5]).update(federation="GER")
    Participant.objects.filter(event=event, start_no=7).update(federation="FID")
    return event


@pytest.mark.parametrize("path", ["", "round/3/", "screen/"])
def test_flags_beside_names(client, event, path):
    page = BeautifulSoup(client.get(f"/e/small-open/{path}").content, "html.parser")
    flags = {img["alt"]: img["src"] for img in page.select("img.flag[alt]") if img["alt"]}
    assert flags["SCO"].endswith("vendor/flags/gb-sct.svg")
    assert flags["GER"].endswith("vendor/flags/de.svg")
    assert "FID" in [span.text for span in page.select(".fed")]


def test_standings_filtered_by_federation(client, event):
    page = BeautifulSoup(client.get("/e/small-open/").content, "html.parser")
    links = [a["href"] for a in page.select(".federations a")]
    assert "/e/small-open/federation/GER/" in links
    response = client.get("/e/small-open/federation/GER/")
    page = BeautifulSoup(response.content, "html.parser")
    assert sorted(tr["data-key"] for tr in page.select("tbody tr[data-key]")) == ["2", "5"]
    assert client.get("/e/small-open/federation/ger/").status_code == 200
    assert client.get("/e/small-open/federation/USA/").status_code == 404
