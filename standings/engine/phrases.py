"""What the engine says in words, by a stable key and its parameters.

The engine is English and imports nothing from Django: a `Phrase` is worded here in English
(the command line, JSON, the tests) and the web layer words the same key in the reader's
language (`wording/phrases.py`), so nothing translates from the English text. Each key's
words are declared once, below, marked for the catalogue (`words.py`): the English template
is the message id the web layer translates. Used for the notes on the parts of a value
(`result.Contribution.notes`) and for a tie-break list typed wrong (`notation.SpecError`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache

from .pickled import quick_pickle
from .words import Words, gettext_noop, pgettext

# key -> its words: the English template, parameters as %(name)s, which is also the message
# id the pages translate (a context where a word is ambiguous). Numbers are worded with :g,
# a tuple of numbers board by board, a tuple of words as a list, a phrase as itself. Other
# pure layers add theirs (trf.phrases, prizes.rules, prizes.shape).
ENGLISH: dict[str, Words] = {
    # Cuts (Art. 14 modifiers, Art. 16.5; the national systems' trimmed lists)
    "cut.least_significant": gettext_noop("cut: least significant (Art. 14.1)"),
    "cut.unplayed": gettext_noop("cut: unplayed round (Art. 16.5)"),
    "cut.most_significant": gettext_noop("cut: most significant (Art. 14.3)"),
    "cut.lowest": gettext_noop("cut: lowest"),
    "cut.highest": gettext_noop("cut: highest"),
    "cut.first_running_total": gettext_noop("cut: first running total (Art. 14.1.1 c)"),
    "cut.recount": gettext_noop("cut: recount without it"),
    # Unplayed rounds (Art. 16) and Fore Buchholz (Art. 8.3)
    "virtual_opponent": gettext_noop("virtual opponent with own score (Art. 16.4)"),
    "virtual_opponent.capped": gettext_noop("virtual opponent, score capped (Art. 16.4, 2026)"),
    "fore.final_round_draw": gettext_noop("final round taken as a draw (Art. 8.3)"),
    # A player's own results
    "pending": pgettext("a game", "pending"),
    "won": pgettext("a game", "won"),
    "boards_won": gettext_noop("boards won"),
    "running_score": gettext_noop("running score"),
    "own_score": gettext_noop("own score"),
    "first_loss": gettext_noop("first loss"),
    "no_loss": gettext_noop("no loss: one more than the rounds"),
    "kashdan.win": gettext_noop("win: 4"),
    "kashdan.draw": gettext_noop("draw: 2"),
    "kashdan.loss": gettext_noop("loss: 1"),
    "kashdan.unplayed": gettext_noop("unplayed: 0"),
    # Opponents
    "opponent.score": gettext_noop("opponent's score"),
    "opponent.score_times_points": gettext_noop("opponent's score × points"),
    "opponent.buchholz": gettext_noop("opponent's Buchholz"),
    "opponent.grade": gettext_noop("opponent's grade"),
    "opponent.rating_scored": gettext_noop("opponent's rating, scored %(points)s"),
    "opponent.performance": gettext_noop("opponent's %(kind)s"),
    "opponent.cumulative": gettext_noop("opponent's Cumulative"),
    "direct_encounter": gettext_noop("direct encounter (Art. 6)"),
    "koya.below_limit": gettext_noop("opponent below the limit %(limit)s"),
    "koya.limit": gettext_noop("limit %(limit)s"),
    "unrated_dropped": gettext_noop("dropped: unrated participants (Art. 10)"),
    # National systems
    "us.own_unplayed": gettext_noop("own unplayed round: counts 0"),
    "us.adjusted_score": gettext_noop("opponent's score, each unplayed round as ½"),
    "us.unplayed_deducted": gettext_noop("unplayed round: its points deducted"),
    "scotland.bye": gettext_noop("bye: counts 0"),
    "scotland.ungraded": gettext_noop("ungraded: the system does not apply"),
    "scotland.eliminated": gettext_noop("scored against the %(score)s group: eliminated"),
    "scotland.boards_won": gettext_noop("boards won: %(boards)s"),
    "scotland.no_board_won": gettext_noop("boards won: none"),
    "scotland.hooper_not_applicable": gettext_noop("applies only to two teams tied after they met"),
    # Teams
    "team.boards": gettext_noop("boards %(scores)s"),
    "team.board": gettext_noop("board %(board)s"),
    "team.tied_match": gettext_noop("match against a tied team, %(points)s %(basis)s"),
    "team.secondary_score": gettext_noop("%(basis)s (secondary score)"),
    "team.buchholz_divided": gettext_noop("Buchholz on %(basis)s, divided by %(divisor)s"),
    # A tie-break list typed wrong (SpecError)
    "spec.unknown": gettext_noop("unknown tie-break: '%(spec)s'"),
    "spec.cut_too_large": gettext_noop(
        "cut %(modifier)s in tie-break '%(spec)s' is more than %(limit)s"
    ),
    "spec.rating_out_of_range": gettext_noop(
        "rating %(rating)s in tie-break '%(spec)s' is not 1-%(limit)s"
    ),
    "spec.unknown_modifier": gettext_noop(
        "unknown modifier '%(modifier)s' in tie-break '%(spec)s'"
    ),
    "spec.team_only": gettext_noop("%(spec)s: for team events only"),
    "spec.basis_team_only": gettext_noop("the score basis :%(basis)s is for team events only"),
    "spec.cut_c1_c2": gettext_noop("%(spec)s: %(acronym)s takes C1 or C2, not C%(cut)s"),
    "spec.cut_none": gettext_noop("%(spec)s: %(acronym)s takes no cut, not C%(cut)s"),
    "spec.modifiers_refused": gettext_noop("%(spec)s: %(acronym)s takes no %(refused)s"),
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
        params = {name: english_param(v) for name, v in self.params}
        return ENGLISH[self.key].text % params


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
