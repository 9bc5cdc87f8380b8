"""The real files of fixtures/real (README there): each reads and writes back the same.

What each file should give comes from that README: its players and rounds, how its
byes read, and where its own points column (001 columns 81-84) agrees with its rounds.
The import, export and re-import of each are in tests/events/test_real_files.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from standings.engine.event import FULL_BYE, HALF_BYE, ZERO_BYE, Scoring
from standings.engine.trf import TrfFile, read_trf, read_trf_bytes, write_trf
from tests.conftest import FIXTURES

REAL = Path(FIXTURES) / "real"

# file: (players, rounds with results, players whose points column the rounds do not give)
# Bunratty's 11 players whose column counts a blank round as a half point are read so.
EXPECTED = {
    "bbp-issue15.input": (180, 11, set()),
    "cr-aeroflot-open-2026.trf": (169, 8, set()),
    "heltour-friendship-cup-2024.trf": (129, 7, {41, 122}),
    "krause-armstrong-2011.tab": (160, 11, set()),
    "krause-bunratty-major-2011.tab": (56, 6, set()),
    "krause-latin-1.tab": (3, 3, set()),
    "krause-valid.tab": (12, 5, set()),
    "lichess-2024-rapid-hId1KZmF.trf": (127, 7, set()),
    "sharly-example-trf26.trf": (249, 14, set()),
    "sklangen-karl-mala-2005.trf": (284, 7, set()),
}


def real_files() -> list[Path]:
    return sorted(p for p in REAL.iterdir() if p.name != "README.md")


def read(name: str) -> TrfFile:
    return read_trf_bytes((REAL / name).read_bytes())


def points_column(name: str) -> dict[int, float]:
    """Each player's columns 81-84, as the file says them."""
    text = (REAL / name).read_bytes().decode(read(name).encoding.replace(" with BOM", "-sig"))
    return {
        int(line[4:8]): float(line[80:84])
        for line in text.replace("\r\n", "\n").replace("\r", "\n").splitlines()
        if line.startswith("001")
    }


def counted(trf: TrfFile) -> dict[int, float]:
    scoring: Scoring = trf.event.scoring
    return {
        p.start_no: sum(scoring.points(e.code) for e in p.entries if e.code not in ("*", " "))
        for p in trf.event.participants
    }


def test_every_real_file_is_listed_here():
    assert sorted(p.name for p in real_files()) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_real_file_reads_with_its_players_and_rounds(name: str):
    players, rounds, _ = EXPECTED[name]

    trf = read(name)

    assert len(trf.event.participants) == players
    assert trf.rounds_in_file == rounds


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_the_points_column_matches_the_rounds_or_a_warning_names_the_player(name: str):
    _, _, differ = EXPECTED[name]
    trf = read(name)
    said, rounds = points_column(name), counted(trf)

    different = {n for n in said if abs(said[n] - rounds[n]) > 0.001}

    assert different == differ
    named = {n for n in different if any(f"player {n} (" in w.text for w in trf.warnings)}
    assert named == different


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_real_file_writes_and_reads_back_the_same(name: str):
    trf = read(name)

    assert read_trf(write_trf(trf)) == trf


def test_latin_1_names_are_read_intact():
    trf = read("krause-latin-1.tab")

    assert trf.encoding == "Windows-1252"
    assert trf.event.name == "Läs Végas National Opeñ"
    assert {p.name for p in trf.event.participants} >= {"Uì Laighlèis,Gearoìdin", "Örr,Mârk"}


def test_krause_half_point_byes_are_byes_not_draws():
    trf = read("krause-valid.tab")
    codes = [e.code for p in trf.event.participants for e in p.entries if e.opponent is None]

    assert codes.count(HALF_BYE) == 3
    assert codes.count(FULL_BYE) == 1
    assert any("'0000 - ='" in w.text and "half-point" in w.text for w in trf.warnings)


def test_team_boards_won_by_default_are_full_points():
    trf = read("heltour-friendship-cup-2024.trf")
    codes = [e.code for p in trf.event.participants for e in p.entries if e.opponent is None]

    assert codes.count(FULL_BYE) == 12


def test_bunratty_blank_rounds_are_read_as_its_points_column_says_with_its_dates():
    trf = read("krause-bunratty-major-2011.tab")
    codes = [e.code for p in trf.event.participants for e in p.entries if e.opponent is None]
    reread = [w.text for w in trf.warnings if "as the column says" in w.text]

    assert codes.count(HALF_BYE) == 11
    assert codes.count(ZERO_BYE) == 5  # player 40, absent from round 2 on, 0.0 in the column
    assert len(reread) == 11
    assert reread[0] == (
        "player 1 (Clancy, Dan): the points column says 4.0, the rounds read add up to 3.5: "
        "blank round 2 read as a half-point bye, as the column says"
    )
    assert str(trf.header.start_date) == "2011-02-25"
    assert str(trf.header.round_dates[0]) == "2011-02-25"  # 11.25.02: yy.dd.mm


def test_lichess_keeps_its_free_text_federation_out_and_reads_its_dates():
    trf = read("lichess-2024-rapid-hId1KZmF.trf")

    assert str(trf.event.start_date) == "2024-10-13"
    assert trf.header.federation == ""
    assert any("Lichess" in w.text for w in trf.warnings)


def test_sharly_drops_the_team_tiebreaks_it_cannot_compute():
    trf = read("sharly-example-trf26.trf")

    assert trf.event.tiebreaks == ("MPVGP",)
    assert any("EDET/P" in w.text for w in trf.warnings)
