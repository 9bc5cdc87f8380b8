"""Record 310's match and game points against the boards (standings/engine/trf/team_scores.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from standings.engine.trf import read_trf, read_trf_bytes
from tests.conftest import FIXTURES
from tests.engine.test_trf import cell, player

TEAM_FILES = sorted((Path(FIXTURES) / "fide").glob("team-*.trf")) + [
    Path(FIXTURES) / "real" / "sharly-example-trf26.trf"
]


def team_warnings(trf) -> list[str]:
    return [str(w) for w in trf.warnings if w.text.startswith("team ")]


@pytest.mark.parametrize("path", TEAM_FILES, ids=[p.name for p in TEAM_FILES])
def test_the_team_fixtures_agree_with_their_boards(path: Path):
    assert team_warnings(read_trf_bytes(path.read_bytes())) == []


def team_line(number: int, name: str, mp: float, gp: float, *members: int) -> str:
    listed = " ".join(f"{m:4d}" for m in members)
    return f"310 {number:3d} {name:<32} {'':<5} {'':>6} {mp:6.1f} {gp:6.1f} {number:3d}  {listed}"


def two_matches(*extra: str, a=(2.0, 1.5), b=(0.0, 0.5)) -> str:
    """Team A (players 1, 2) beats team B (3, 4) 1½-½ in round 1; round 2 as `extra` says."""
    return "\n".join(
        [
            "012 Team Cup",
            "142 2",
            player(1, cell(3, "w", "1"), *extra[:1]),
            player(2, cell(4, "b", "="), *extra[:1]),
            player(3, cell(1, "b", "0")),
            player(4, cell(2, "w", "=")),
            team_line(1, "Team A", *a, 1, 2),
            team_line(2, "Team B", *b, 3, 4),
            *extra[1:],
        ]
    )


def test_totals_the_boards_give_say_nothing():
    assert team_warnings(read_trf(two_matches())) == []


def test_a_total_the_boards_do_not_give_is_a_warning_naming_the_team_and_both_values():
    # Issue 25: not refused; the boards are the record.
    trf = read_trf(two_matches(a=(1.0, 2.0), b=(3.0, 0.5)))

    assert team_warnings(trf) == [
        "line 7: team 1 (Team A): match points 1.0 in the file, 2.0 from the boards; "
        "game points 2.0 in the file, 1.5 from the boards",
        "line 8: team 2 (Team B): match points 3.0 in the file, 0.0 from the boards",
    ]
    assert [t.number for t in trf.event.teams] == [1, 2]


def test_totals_that_record_362_explains_say_nothing():
    # Team A won its match: 3 match points under the file's own scoring, 2 by default.
    scoring = "362 TW 3.0   TD 1.0   TL 0.0"

    assert team_warnings(read_trf(two_matches("", scoring, a=(3.0, 1.5)))) == []
    assert len(team_warnings(read_trf(two_matches(a=(3.0, 1.5))))) == 1
    assert read_trf(two_matches("", scoring, a=(3.0, 1.5))).event.match_points == (3.0, 1.0, 0.0)


def test_a_pairing_allocated_bye_scores_what_record_320_says():
    bye = f"320  2.0  1.0{'':>4}{2:4d}"

    trf = read_trf(two_matches("0000 - -", bye, b=(2.0, 1.5)))

    assert trf.header.team_byes == (0, 2)
    assert team_warnings(trf) == []


def test_files_with_forfeited_matches_are_left_to_the_team_engine():
    forfeit = "330 +-   2   1   2"

    assert team_warnings(read_trf(two_matches("0000 - -", forfeit, a=(9.0, 9.0)))) == []


def test_record_362_s_other_codes_are_left_out_with_a_warning():
    scoring = "362 TW 3.0   TD 1.0   TL 0.0   FW 3.0"

    trf = read_trf(two_matches("", scoring, a=(3.0, 1.5)))

    assert trf.event.match_points == (3.0, 1.0, 0.0)
    assert [str(w) for w in trf.warnings] == ["line 9: record 362: codes FW not read, left out"]
