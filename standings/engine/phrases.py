"""What the engine says in words, by a stable key and its parameters.

The engine is English and imports nothing from Django: a `Phrase` is worded here in English
(the command line, JSON, the tests) and the web layer words the same key in the reader's
language (`wording/phrases.py`), so nothing translates from the English text. Used for the notes
on the parts of a value (`result.Contribution.notes`) and for a tie-break list typed wrong
(`notation.SpecError`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache

from .pickled import quick_pickle

# key -> English, str.format style; numbers are worded with :g, a tuple of numbers board by
# board, a tuple of words as a list, a phrase as itself. Other pure layers add theirs
# (prizes.rules, trf.phrases).
ENGLISH: dict[str, str] = {
    # Cuts (Art. 14 modifiers, Art. 16.5; the national systems' trimmed lists)
    "cut.least_significant": "cut: least significant (Art. 14.1)",
    "cut.unplayed": "cut: unplayed round (Art. 16.5)",
    "cut.most_significant": "cut: most significant (Art. 14.3)",
    "cut.lowest": "cut: lowest",
    "cut.highest": "cut: highest",
    "cut.first_running_total": "cut: first running total (Art. 14.1.1 c)",
    "cut.recount": "cut: recount without it",
    # Unplayed rounds (Art. 16) and Fore Buchholz (Art. 8.3)
    "virtual_opponent": "virtual opponent with own score (Art. 16.4)",
    "virtual_opponent.capped": "virtual opponent, score capped (Art. 16.4, 2026)",
    "fore.final_round_draw": "final round taken as a draw (Art. 8.3)",
    # A player's own results
    "pending": "pending",
    "won": "won",
    "boards_won": "boards won",
    "running_score": "running score",
    "own_score": "own score",
    "first_loss": "first loss",
    "no_loss": "no loss: one more than the rounds",
    "kashdan.win": "win: 4",
    "kashdan.draw": "draw: 2",
    "kashdan.loss": "loss: 1",
    "kashdan.unplayed": "unplayed: 0",
    # Opponents
    "opponent.score": "opponent's score",
    "opponent.score_times_points": "opponent's score × points",
    "opponent.buchholz": "opponent's Buchholz",
    "opponent.grade": "opponent's grade",
    "opponent.rating_scored": "opponent's rating, scored {points}",
    "opponent.performance": "opponent's {kind}",
    "opponent.cumulative": "opponent's Cumulative",
    "direct_encounter": "direct encounter (Art. 6)",
    "koya.below_limit": "opponent below the limit {limit}",
    "koya.limit": "limit {limit}",
    "unrated_dropped": "dropped: unrated participants (Art. 10)",
    # National systems
    "us.own_unplayed": "own unplayed round: counts 0",
    "us.adjusted_score": "opponent's score, each unplayed round as ½",
    "us.unplayed_deducted": "unplayed round: its points deducted",
    "scotland.bye": "bye: counts 0",
    "scotland.ungraded": "ungraded: the system does not apply",
    "scotland.eliminated": "scored against the {score} group: eliminated",
    "scotland.boards_won": "boards won: {boards}",
    "scotland.no_board_won": "boards won: none",
    "scotland.hooper_not_applicable": "applies only to two teams tied after they met",
    # Teams
    "team.boards": "boards {scores}",
    "team.board": "board {board}",
    "team.tied_match": "match against a tied team, {points} {basis}",
    "team.secondary_score": "{basis} (secondary score)",
    "team.buchholz_divided": "Buchholz on {basis}, divided by {divisor}",
    # A tie-break list typed wrong (SpecError)
    "spec.unknown": "unknown tie-break: {spec!r}",
    "spec.cut_too_large": "cut {modifier} in tie-break {spec!r} is more than {limit}",
    "spec.rating_out_of_range": "rating {rating} in tie-break {spec!r} is not 1-{limit}",
    "spec.unknown_modifier": "unknown modifier {modifier!r} in tie-break {spec!r}",
    "spec.team_only": "{spec}: for team events only",
    "spec.basis_team_only": "the score basis :{basis} is for team events only",
    "spec.cut_c1_c2": "{spec}: {acronym} takes C1 or C2, not C{cut}",
    "spec.cut_none": "{spec}: {acronym} takes no cut, not C{cut}",
    "spec.modifiers_refused": "{spec}: {acronym} takes no {refused}",
}


@quick_pickle
@dataclass(frozen=True, slots=True)
class Phrase:
    key: str  # one of ENGLISH's
    params: tuple[tuple[str, Param], ...] = ()

    def __str__(self) -> str:
        return self.english

    @property
    def english(self) -> str:
        return ENGLISH[self.key].format(**{name: english_param(v) for name, v in self.params})


Param = int | float | str | tuple[float, ...] | tuple[str, ...] | Phrase


def phrase(key: str, /, **params: Param) -> Phrase:
    """A phrase with parameters, e.g. phrase("koya.limit", limit=4.5); the same phrase is the
    same object, so a cached state pickles it once (a 500-player state repeats a few
    phrases tens of thousands of times)."""
    assert key in ENGLISH, key
    return _made(key, tuple(params.items()))


@lru_cache(maxsize=4096)
def _made(key: str, params: tuple[tuple[str, Param], ...]) -> Phrase:
    return Phrase(key, params)


@dataclass(frozen=True, slots=True)
class Notes:
    """The notes on one part of a value (result.Contribution.notes), made by said(): equal
    notes are one object. `token` is the same in text, which is what a pickled
    contribution holds (from_token() reads it back)."""

    phrases: tuple[Phrase, ...]
    token: str

    def __iter__(self) -> Iterator[Phrase]:
        return iter(self.phrases)

    def __bool__(self) -> bool:
        return bool(self.phrases)


@lru_cache(maxsize=4096)
def said(*phrases: Phrase) -> Notes:
    """The notes of one part, e.g. said(VIRTUAL_OPPONENT, CUT_UNPLAYED); said() for none."""
    return Notes(phrases, repr(tuple((p.key, p.params) for p in phrases)))


@lru_cache(maxsize=4096)
def from_token(token: str) -> Notes:
    """The notes a token stands for, in any process (numbers, texts and tuples only)."""
    from ast import literal_eval  # only an unpickled state needs it

    return said(*(_made(key, params) for key, params in literal_eval(token)))


def english(notes: Iterable[Phrase]) -> str:
    """Several phrases as one note: "virtual opponent ...; cut: ..."."""
    return "; ".join(p.english for p in notes)


def english_param(value: Param) -> str | int:
    if isinstance(value, Phrase):  # "category 'u1800'" inside "...: a name of ..."
        return value.english
    if isinstance(value, tuple):
        if all(isinstance(v, str) for v in value):  # "basis, cut"
            return ", ".join(str(v) for v in value)
        return ", ".join(f"{k}: {p:g}" for k, p in enumerate(value, 1))  # "1: 1, 2: 0.5"
    if isinstance(value, float):
        return f"{value:g}"
    return value


# The phrases without parameters, made once.
CUT_LEAST_SIGNIFICANT = Phrase("cut.least_significant")
CUT_UNPLAYED = Phrase("cut.unplayed")
CUT_MOST_SIGNIFICANT = Phrase("cut.most_significant")
CUT_LOWEST = Phrase("cut.lowest")
CUT_HIGHEST = Phrase("cut.highest")
CUT_FIRST_RUNNING_TOTAL = Phrase("cut.first_running_total")
CUT_RECOUNT = Phrase("cut.recount")
VIRTUAL_OPPONENT = Phrase("virtual_opponent")
VIRTUAL_OPPONENT_CAPPED = Phrase("virtual_opponent.capped")
FORE_FINAL_ROUND_DRAW = Phrase("fore.final_round_draw")
PENDING_RESULT = Phrase("pending")
WON = Phrase("won")
BOARDS_WON = Phrase("boards_won")
RUNNING_SCORE = Phrase("running_score")
OWN_SCORE = Phrase("own_score")
FIRST_LOSS = Phrase("first_loss")
NO_LOSS = Phrase("no_loss")
KASHDAN = {
    1.0: Phrase("kashdan.win"),
    0.5: Phrase("kashdan.draw"),
    0.0: Phrase("kashdan.loss"),
}
KASHDAN_UNPLAYED = Phrase("kashdan.unplayed")
OPPONENT_SCORE = Phrase("opponent.score")
OPPONENT_SCORE_TIMES_POINTS = Phrase("opponent.score_times_points")
OPPONENT_BUCHHOLZ = Phrase("opponent.buchholz")
OPPONENT_GRADE = Phrase("opponent.grade")
OPPONENT_CUMULATIVE = Phrase("opponent.cumulative")
DIRECT_ENCOUNTER = Phrase("direct_encounter")
UNRATED_DROPPED = Phrase("unrated_dropped")
US_OWN_UNPLAYED = Phrase("us.own_unplayed")
US_ADJUSTED_SCORE = Phrase("us.adjusted_score")
US_UNPLAYED_DEDUCTED = Phrase("us.unplayed_deducted")
SCOTLAND_BYE = Phrase("scotland.bye")
SCOTLAND_UNGRADED = Phrase("scotland.ungraded")
SCOTLAND_NO_BOARD_WON = Phrase("scotland.no_board_won")
SCOTLAND_HOOPER_NOT_APPLICABLE = Phrase("scotland.hooper_not_applicable")
