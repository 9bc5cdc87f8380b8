"""The steps of the procedures by stable key, in English: the name `decided_by` gives a
step ("IMP quotient", after its article: "1.3a IMP quotient") and the words a sentence
uses for what it compares ("IMP quotient 1.183 to 1.092"). The command prints these; the
pages word the same keys in the reader's language (wording/bridge.py)."""

from __future__ import annotations

# key: (name in decided_by, criterion in a sentence); "{about}" is the opponents a step names
STEPS: dict[str, tuple[str, str]] = {
    "vp": ("VP", "VP"),
    "imps": ("IMPs", "IMPs"),
    "score": ("score", "score"),
    "swiss_points": ("Swiss points", "Swiss points"),
    "imp_quotient": ("IMP quotient", "IMP quotient"),
    "point_quotient": ("total point quotient", "total point quotient"),
    "match_imps": ("IMPs in the match between the tied teams", "IMPs in their match"),
    "match_points": ("points in the match between the tied teams", "total points in their match"),
    "beat_both": ("beat both", "the team that beat both others"),
    "beat_one_tied_one": ("beat one, tied the other", "the only team that beat one and tied one"),
    "beaten_by_both": ("beaten by both", "the team beaten by both others"),
    "net_imps": ("net IMPs between the tied teams", "net IMPs between the tied teams"),
    "net_points": ("net points between the tied teams", "net total points between the tied teams"),
    "beat_all": ("beat all others", "the team that beat all the others"),
    "tied_one_beat_all": (
        "tied one, beat all others",
        "the only team that tied one and beat the rest",
    ),
    "qualification_rank": ("higher rank in the qualification", "qualification rank"),
    "qualification_match": ("won the qualification match", "IMPs in their qualification match"),
    "best_session": ("best session", "best session"),
    "best_two_sessions": ("best two sessions", "best two sessions"),
    "common_opponents": (
        "match points against common opponents",
        "match points against {about}",
    ),
    "score_without_carryover": ("score without carryover", "score without carryover"),
    "opponents_average": (
        "Swiss points (average of opponents' scores)",
        "average opponents' score",
    ),
    "weighted_average": ("weighted average", "weighted average"),
    "direct_match": ("direct match result", "BAM points in the matches between them"),
    "common_boards": ("net points on common boards", "net points on the boards all played"),
}


def criterion(key: str, about: tuple[str, ...] = ()) -> str:
    """A step's criterion in a sentence: "IMP quotient", "match points against P3 and P5"."""
    return STEPS[key][1].format(about=" and ".join(about))


def and_list(names: list[str] | tuple[str, ...]) -> str:
    """ "A", "A and B", "A, B and C"."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
