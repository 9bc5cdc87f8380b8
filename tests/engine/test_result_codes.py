"""The one table of result codes: every code read from a file has its meaning there."""

from __future__ import annotations

from dataclasses import fields

from standings.engine.event import Scoring
from standings.engine.result_codes import (
    GAME_CODES,
    GAME_RESULTS,
    PENDING,
    RESULT_CODES,
    TRF_CODES,
    UNPLAYED_CODES,
)


def test_every_code_of_a_trf_cell_means_something_with_or_without_an_opponent():
    assert "".join(TRF_CODES) == "1=0+-WDLHFUZ"
    for code in TRF_CODES:
        assert code in GAME_CODES or code in UNPLAYED_CODES


def test_each_code_scores_the_scoring_field_its_row_names():
    scoring = Scoring(**{f.name: float(k + 1) for k, f in enumerate(fields(Scoring))})
    for row in RESULT_CODES:
        expected = getattr(scoring, row.scores) if row.scores else 0.0
        if row.with_opponent or row.code not in GAME_CODES:
            assert scoring.points(row.code) == expected, row


def test_a_finished_game_pairs_two_codes_that_agree():
    for codes, result in GAME_RESULTS.items():
        white, black = (GAME_CODES[c] for c in codes)
        assert PENDING not in codes and result.title
        if white.over_the_board:
            assert black.over_the_board
            assert white.game_points + black.game_points in (1.0, 0.0)
        else:
            assert not black.over_the_board
