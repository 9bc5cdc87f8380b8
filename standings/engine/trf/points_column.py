"""The points column of the 001 records (columns 81-84) checked against the rounds read.

A difference is never stored silently:
- rounds that say their result (a game, a bye code) are kept and the difference is a
  warning naming the player: the column is a summary, the rounds are the record;
- a blank round (no opponent, no result) scores nothing as TRF-2026 reads it, but some
  programs write a bye that way and count it in the column (Krause files write byes and
  absences alike as blank rounds). The readings tried: every blank round a half-point
  bye; the blank rounds before the player's last written round half-point byes and those
  after it (a withdrawal, as a line that stops early reads) nothing; the same two with
  full-point byes. When exactly one of them makes up the difference it is applied and
  said; otherwise the blank rounds are left open and the file is refused listing every
  such player;
- a column of 0.0 (or blank) for everyone says nothing: it is not compared, and one
  warning names the players whose results score;
- a column that counts the byes requested for rounds not paired yet (JaVaFo's input
  does) is one warning naming those players: the standings come from the rounds paired.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..event import Participant, RoundEntry, Scoring
from ..phrases import Phrase, phrase
from ..result_codes import FULL_BYE, HALF_BYE, PENDING
from .phrases import counted as counted_phrase
from .records import TrfError, TrfWarning, warning

# What a blank round may be read as.
_BLANK_READINGS = (HALF_BYE, FULL_BYE)
_TOLERANCE = 0.001


@dataclass(frozen=True, slots=True)
class ClaimedPoints:
    """One 001 record as the check needs it."""

    line: int
    participant: Participant
    said: float | None  # columns 81-84; None when blank
    blank_rounds: tuple[int, ...]  # rounds written with neither opponent nor result
    last_written: int  # the last round with an opponent or a result, 0 if none


@dataclass(frozen=True, slots=True)
class _Open:
    """A player whose blank rounds the column leaves open."""

    claim: ClaimedPoints
    counted: float

    @property
    def said(self) -> Phrase:
        p = self.claim.participant
        return counted_phrase(
            "trf.points_open",
            len(self.claim.blank_rounds),
            player=p.start_no,
            name=p.name,
            line=self.claim.line,
            said=_shown(self.claim.said or 0.0),
            counted=_shown(self.counted),
            rounds=_listed(self.claim.blank_rounds),
        )


def check_points_column(
    claims: list[ClaimedPoints], scoring: Scoring, paired: int
) -> tuple[list[Participant], list[TrfWarning]]:
    """The participants with their blank rounds read as the column says, and the
    warnings; TrfError when the column leaves some blank rounds open.

    `paired` is the file's last paired round: later rounds hold byes requested ahead.
    """
    if not any(c.said for c in claims):
        return [c.participant for c in claims], _says_nothing(claims, scoring)
    participants: list[Participant] = []
    warnings: list[TrfWarning] = []
    still_open: list[_Open] = []
    ahead: list[ClaimedPoints] = []
    for claim in claims:
        p = claim.participant
        counted = _points_read(p, scoring)
        # Points without the rounds after the last paired (byes requested ahead), when any.
        paired_only = counted if len(p.entries) <= paired else _points_read(p, scoring, paired)
        said = claim.said
        if said is None or abs(said - counted) <= _TOLERANCE:
            if said and abs(paired_only - counted) > _TOLERANCE:
                ahead.append(claim)
            participants.append(p)
            continue
        if abs(said - paired_only) <= _TOLERANCE:
            participants.append(p)  # the column leaves out the byes requested ahead
            continue
        difference = said - counted
        if difference < 0 or not claim.blank_rounds:
            warnings.append(warning(claim.line, _kept(p, said, counted)))
            participants.append(p)
            continue
        readings = _readings(claim, difference, scoring)
        if len(readings) != 1:
            still_open.append(_Open(claim, counted))
            participants.append(p)
            continue
        rounds, code = readings[0]
        participants.append(_read_blank_as(p, rounds, code))
        warnings.append(warning(claim.line, _applied(claim, counted, rounds, code)))
    if still_open:
        # One player's part is a phrase; several are joined in English (a rare file).
        players: Phrase | str = still_open[0].said
        if len(still_open) > 1:
            players = "; ".join(o.said.english for o in still_open)
        raise TrfError(phrase("trf.points_unsettled", players=players), still_open[0].claim.line)
    if ahead:
        told = counted_phrase(
            "trf.points_ahead",
            len(ahead),
            count=len(ahead),
            round=paired,
            players=", ".join(_named(c.participant) for c in ahead),
        )
        warnings.append(warning(ahead[0].line, told))
    return participants, warnings


def _says_nothing(claims: list[ClaimedPoints], scoring: Scoring) -> list[TrfWarning]:
    """One warning naming the players who score, when the column is 0.0 or blank for all."""
    scoring_players = [c for c in claims if _points_read(c.participant, scoring) > _TOLERANCE]
    if not scoring_players:
        return []
    said = counted_phrase(
        "trf.points_column_empty",
        len(scoring_players),
        count=len(scoring_players),
        players=", ".join(str(c.participant.start_no) for c in scoring_players),
    )
    return [warning(scoring_players[0].line, said)]


def _named(p: Participant) -> str:
    return f"{p.start_no} ({p.name})" if p.name else str(p.start_no)


def _points_read(p: Participant, scoring: Scoring, through: int | None = None) -> float:
    """The points of a participant's rounds as read (games not finished count nothing),
    of all rounds or of those up to `through`."""
    return sum(
        scoring.points(e.code)
        for e in p.entries
        if e.code not in (PENDING, " ") and (through is None or e.round <= through)
    )


def _shown(value: float) -> str:
    return f"{value:.1f}"


def _readings(
    claim: ClaimedPoints, difference: float, scoring: Scoring
) -> list[tuple[tuple[int, ...], str]]:
    """The readings (blank rounds given a bye, and its code) that make up the difference."""
    inner = tuple(r for r in claim.blank_rounds if r < claim.last_written)
    fitting = []
    for code in _BLANK_READINGS:
        for rounds in dict.fromkeys((claim.blank_rounds, inner)):
            if rounds and abs(len(rounds) * scoring.points(code) - difference) <= _TOLERANCE:
                fitting.append((rounds, code))
    return fitting


def _read_blank_as(p: Participant, rounds: tuple[int, ...], code: str) -> Participant:
    entries = tuple(
        RoundEntry(e.round, None, e.color, code) if e.round in rounds else e for e in p.entries
    )
    return replace(p, entries=entries)


def _kept(p: Participant, said: float, counted: float) -> Phrase:
    return phrase(
        "trf.points_kept",
        player=p.start_no,
        name=p.name,
        said=_shown(said),
        counted=_shown(counted),
    )


def _applied(claim: ClaimedPoints, counted: float, rounds: tuple[int, ...], code: str) -> Phrase:
    kept = _kept(claim.participant, claim.said or 0.0, counted)
    # 'blank round 2 read as a half-point bye', 'blank rounds 3, 4 read as ...'
    reading = counted_phrase(f"trf.blank_read.{code}", len(rounds), rounds=_listed(rounds))
    rest = tuple(r for r in claim.blank_rounds if r not in rounds)
    if rest:
        return counted_phrase(
            "trf.points_read_withdrawn", len(rest), kept=kept, reading=reading, rest=_listed(rest)
        )
    return phrase("trf.points_read", kept=kept, reading=reading)


def _listed(rounds: tuple[int, ...]) -> str:
    return ", ".join(str(r) for r in rounds)
