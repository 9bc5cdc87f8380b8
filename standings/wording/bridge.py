"""The bridge explanations in the reader's language: the step that decided a place, the
sentence with its numbers, the criteria the standings add as columns.

The pure package (standings.bridge) words them in English for the `bridge_standings`
command; it also hands each place a `Reason` and each step a stable key, and this module
words those, never the English text. Numbers keep the procedures' decimals and take the
locale's separator ("1,183" in French, German and Spanish).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from standings.bridge.ordering import Term
from standings.bridge.reader import BridgeFormatError
from standings.bridge.standings import Place, Reason

from .phrases import decimal

# A step's name as "Decided by" shows it, after its article ("1.3a IMP quotient").
STEP_NAMES: dict[str, Promise] = {
    "vp": pgettext_lazy("bridge", "VP"),
    "imps": _("IMPs"),
    "score": _("score"),
    "swiss_points": _("Swiss points"),
    "imp_quotient": _("IMP quotient"),
    "point_quotient": _("total point quotient"),
    "match_imps": _("IMPs in the match between the tied teams"),
    "match_points": _("points in the match between the tied teams"),
    "beat_both": _("beat both"),
    "beat_one_tied_one": _("beat one, tied the other"),
    "beaten_by_both": _("beaten by both"),
    "net_imps": _("net IMPs between the tied teams"),
    "net_points": _("net points between the tied teams"),
    "beat_all": _("beat all others"),
    "tied_one_beat_all": _("tied one, beat all others"),
    "qualification_rank": _("higher rank in the qualification"),
    "qualification_match": _("won the qualification match"),
    "best_session": _("best session"),
    "best_two_sessions": _("best two sessions"),
    "common_opponents": _("match points against common opponents"),
    "score_without_carryover": _("score without carryover"),
    "opponents_average": _("Swiss points (average of opponents' scores)"),
    "weighted_average": _("weighted average"),
    "direct_match": _("direct match result"),
    "common_boards": _("net points on common boards"),
}

# What a sentence compares, and a column's heading; a step not listed is named as above.
CRITERIA: dict[str, Promise] = {
    "match_imps": _("IMPs in their match"),
    "match_points": _("total points in their match"),
    "beat_both": _("the team that beat both others"),
    "beat_one_tied_one": _("the only team that beat one and tied one"),
    "beaten_by_both": _("the team beaten by both others"),
    "net_points": _("net total points between the tied teams"),
    "beat_all": _("the team that beat all the others"),
    "tied_one_beat_all": _("the only team that tied one and beat the rest"),
    "qualification_rank": _("qualification rank"),
    "qualification_match": _("IMPs in their qualification match"),
    "common_opponents": _("match points against %(opponents)s"),
    "opponents_average": _("average opponents' score"),
    "direct_match": _("BAM points in the matches between them"),
    "common_boards": _("net points on the boards all played"),
}


def number(text: str) -> str:
    """A value as the procedures show it ("1.183", "infinite") in the reader's format."""
    if text == "infinite":
        return gettext("infinite")
    return decimal(text)


def decided_by(place: Place) -> str:
    """ "1.3a IMP quotient", or the play-off a shared place needs."""
    if place.decider is None:
        return gettext("play-off needed (sudden death)")
    name = str(STEP_NAMES[place.decider.key])
    return f"{place.decider.article} {name}".strip()


def criterion(term: Term) -> str:
    key, about = term
    if key == "common_opponents":
        return gettext("match points against %(opponents)s") % {"opponents": and_list(about)}
    return str(CRITERIA.get(key) or STEP_NAMES[key])


def score(reason: Reason) -> str:
    """The team's score with its unit: "121,40 PV"."""
    shown = number(reason.score)
    if reason.unit == "vp":
        return pgettext("bridge", "%(score)s VP") % {"score": shown}
    if reason.unit == "imps":
        return pgettext("bridge", "%(score)s IMPs") % {"score": shown}
    return shown


def why(reason: Reason) -> str:
    """The sentence `Place.why` says in English, in the reader's language."""
    if reason.level_with:
        sentence = gettext(
            "level with %(teams)s after every step, on %(score)s: play-off needed"
        ) % {"teams": and_list(reason.level_with), "score": score(reason)}
        if reason.level_on:
            values = ", ".join(f"{criterion(t)} {number(v)}" for t, v in reason.level_on)
            sentence = gettext("%(sentence)s (level on %(values)s)") % {
                "sentence": sentence,
                "values": values,
            }
        return sentence
    step = reason.step
    if step is None:
        return score(reason)
    words = {"team": reason.neighbour, "criterion": criterion(step.term)}
    if step.relation and reason.singled_out:
        sentence = gettext("ahead of %(team)s as %(criterion)s") % words
    elif step.relation:
        sentence = gettext("behind %(team)s, %(criterion)s") % words
    else:
        words |= {"better": number(reason.better), "worse": number(reason.worse)}
        if reason.ahead:
            sentence = gettext("ahead of %(team)s on %(criterion)s %(better)s to %(worse)s") % words
        else:
            sentence = gettext("behind %(team)s on %(criterion)s %(better)s to %(worse)s") % words
    if reason.both_scored:
        sentence = gettext("%(sentence)s after both scored %(score)s") % {
            "sentence": sentence,
            "score": score(reason),
        }
    return sentence


def and_list(names: Iterable[str]) -> str:
    """ "A", "A and B", "A, B and C" in the reader's language."""
    *first, last = names
    if not first:
        return last
    return gettext("%(names)s and %(last)s") % {"names": ", ".join(first), "last": last}


def entry(stored: dict[str, Any] | None) -> str:
    """An entry as the scorer reads it ("32-18 IMPs, 13,51-6,49 PV"); `services.shown` is
    the same in English, kept as the token a correction carries."""
    if stored is None:
        return gettext("not entered")
    if "board" in stored:  # a board's rooms, open / closed, as typed
        return " / ".join(str(stored.get(room, "…")) for room in ("open", "closed"))
    if "segment" in stored:
        imps = stored["imps"]
        return gettext("%(imps)s IMPs") % {"imps": number(f"{imps[0]:g}-{imps[1]:g}")}
    if "imps" in stored:
        imps, vps = stored["imps"], stored["vps"]
        return gettext("%(imps)s IMPs, %(vps)s VPs") % {
            "imps": number(f"{imps[0]:g}-{imps[1]:g}"),
            "vps": number(f"{vps[0]:.2f}-{vps[1]:.2f}"),
        }
    if "bam" in stored:
        bam = stored["bam"]
        return gettext("%(points)s BAM points") % {"points": number(f"{bam[0]:g}-{bam[1]:g}")}
    if "table" in stored:
        return gettext("table %(table)s") % {"table": stored["table"]}
    return ", ".join(f"{s['id']}: {number(format(s['score'], 'g'))}" for s in stored["scores"])


# A board's dealer and vulnerability (bridge.contract.dealer, .vulnerability) on the tablet.
SEATS: dict[str, Promise] = {
    "N": pgettext_lazy("bridge seat", "North"),
    "E": pgettext_lazy("bridge seat", "East"),
    "S": pgettext_lazy("bridge seat", "South"),
    "W": pgettext_lazy("bridge seat", "West"),
}
VULNERABLE: dict[str, Promise] = {
    "none": pgettext_lazy("bridge vulnerability", "none vulnerable"),
    "NS": pgettext_lazy("bridge vulnerability", "North-South vulnerable"),
    "EW": pgettext_lazy("bridge vulnerability", "East-West vulnerable"),
    "all": pgettext_lazy("bridge vulnerability", "all vulnerable"),
}


# The reader's problems (bridge.reader.PROBLEMS) by key; "negative" and "unknown_team" by
# key and what they are about, so that each is a whole sentence to translate.
PROBLEMS: dict[str, Promise] = {
    "not_json": _("not JSON (line %(line)s, column %(column)s)"),
    "too_big": _("the file is larger than %(most)s MB"),
    "too_deep": _("nested deeper than %(most)s levels"),
    "not_utf8": _("not UTF-8 text (byte %(byte)s)"),
    "long_number": _("a number of more than %(most)s characters"),
    "exponent": _("a number whose exponent is beyond %(most)s"),
    "not_finite": _("%(name)s is not a number"),
    "too_large": _("must be between -%(most)s and %(most)s"),
    "at_most": _("must be at most %(most)s"),
    "long_text": _("longer than %(most)s characters"),
    "bad_character": _(
        "holds a character that cannot be stored, a control character or a lone surrogate "
        "(character %(at)s)"
    ),
    "format": _('must be "%(format)s"'),
    "system": _("must be one of %(systems)s"),
    "kind": _('must be "teams", "pairs" or "bam"'),
    "missing": _('"%(field)s" is missing'),
    "object": _("must be an object"),
    "list": _("must be a list"),
    "text": _("must be a non-empty string"),
    "integer": _("must be an integer"),
    "at_least": _("must be at least %(least)s"),
    "number": _("must be a number"),
    "negative:value": _("negative value (%(value)s)"),
    "negative:imps": _("negative IMPs (%(value)s)"),
    "negative:points": _("negative points (%(value)s)"),
    "negative:match_points": _("negative match points (%(value)s)"),
    "negative:bam_points": _("negative BAM points (%(value)s)"),
    "two_numbers": _("must hold two numbers, home then away"),
    "empty": _("is empty"),
    "id_twice": _("id %(id)s is listed twice (also %(also)s)"),
    "unknown_team:result": _("a result of team %(id)s, which is not in the teams"),
    "unknown_team:imps": _("IMPs of team %(id)s, which is not in the teams"),
    "unknown_team:rank": _("a rank of team %(id)s, which is not in the teams"),
    "unknown_team:bam_points": _("BAM points of team %(id)s, which is not in the teams"),
    "beyond_schedule": _("round %(round)s is beyond the schedule of %(rounds)s rounds"),
    "match_twice": _(
        "the match %(home)s - %(away)s of round %(round)s is listed twice (also %(also)s)"
    ),
    "already_plays": _("%(team)s already plays in round %(round)s (%(also)s)"),
    "plays_itself": _("team %(id)s cannot play itself"),
    "knockout_teams": _("a knockout match has exactly two teams"),
    "segment_twice": _("segment %(segment)s is listed twice (also %(also)s)"),
    "ranked_twice": _("team %(id)s is ranked twice"),
    "session_twice": _("session %(session)s is listed twice (also %(also)s)"),
    "two_scores": _("pair %(id)s has two scores in session %(session)s"),
    "no_score": _("no score for pair %(id)s"),
    "pair_plays_itself": _("pair %(id)s cannot play itself"),
    "encounter_twice": _("round %(round)s of %(ns)s - %(ew)s is listed twice (also %(also)s)"),
    "unknown_pair": _("pair %(id)s is not in the pairs"),
    "board_twice": _("%(team)s already played board %(board)s (%(also)s)"),
    "unknown_team:draw": _("a draw of team %(id)s, which is not in the teams"),
    "unknown_team:board": _("a board of team %(id)s, which is not in the teams"),
    "table_twice": _("table %(table)s of round %(round)s is listed twice (also %(also)s)"),
    "drawn_twice": _("%(team)s is drawn twice in round %(round)s (also %(also)s)"),
    "not_drawn": _("%(home)s - %(away)s is not a match of round %(round)s's draw"),
    "board_listed_twice": _(
        "board %(board)s of %(home)s - %(away)s in round %(round)s is listed twice (also %(also)s)"
    ),
    "segment_board_twice": _(
        "board %(board)s of segment %(segment)s is listed twice (also %(also)s)"
    ),
    "no_room": _("a board needs the result of at least one room, open or closed"),
    "ns_score": _(
        "a North-South score is a multiple of 10 from -%(most)s to %(most)s, not %(score)s"
    ),
    # A room's result in the usual notation (bridge.contract.PROBLEMS).
    "contract": _(
        'not a contract: "%(text)s" (a level 1 to 7, a strain C, D, H, S or NT, then X or '
        "XX if doubled or redoubled)"
    ),
    "level": _("the level of a contract is 1 to 7, not %(level)s"),
    "strain": _("the strain of a contract is C, D, H, S or NT, not %(strain)s"),
    "doubling": _(
        'a contract is undoubled (""), doubled ("X") or redoubled ("XX"), not %(doubling)s'
    ),
    "declarer": _('not a declarer: "%(text)s" (N, E, S or W)'),
    "tricks": _("declarer takes 0 to 13 tricks, not %(tricks)s"),
    "result": _('not a result: "%(text)s" (the tricks taken, 0 to 13, or "=", "+1", "-2")'),
    "result_beyond": _("%(contract)s%(result)s would be %(tricks)s tricks; declarer takes 0 to 13"),
    "no_result": _("%(contract)s by %(declarer)s needs its result (the tricks, or =, +1, -2)"),
    "two_results": _("%(contract)s has two results: %(first)s and %(second)s"),
    "played": _(
        'not a board\'s result: "%(text)s" (e.g. "4S= N", "3NTX-2 S", "6H W 12" or "pass")'
    ),
    "board": _("a board number is at least 1, not %(board)s"),
}


# A scorer's entry refused: the same problems, naming teams, rounds and boards but not the
# place in the event's document the clash is with (a path means nothing at the table).
ENTRY_PROBLEMS: dict[str, Promise] = {
    "already_plays": _("%(team)s already plays in round %(round)s"),
    "match_twice": _("the match %(home)s - %(away)s of round %(round)s is already entered"),
    "session_twice": _("session %(session)s is already entered"),
    "encounter_twice": _("round %(round)s of %(ns)s - %(ew)s is already entered"),
    "board_twice": _("%(team)s already played board %(board)s"),
    "table_twice": _("table %(table)s of round %(round)s is taken"),
    "drawn_twice": _("%(team)s is already drawn in round %(round)s"),
    "board_listed_twice": _(
        "board %(board)s of %(home)s - %(away)s in round %(round)s is already entered"
    ),
    "segment_board_twice": _("board %(board)s of segment %(segment)s is already entered"),
}


def problem(error: BridgeFormatError) -> str:
    """What the reader found wrong, in the reader's language: "Porto already plays in round
    10 ($.matches[3])"."""
    key, values = _problem(error)
    return str(PROBLEMS[key]) % values


def entry_problem(error: BridgeFormatError) -> str:
    """A scorer's entry refused, in the reader's language: "Porto already plays in round 10"."""
    key, values = _problem(error)
    if key in ENTRY_PROBLEMS:
        values.pop("also", None)
        return str(ENTRY_PROBLEMS[key]) % values
    return str(PROBLEMS[key]) % values


def _problem(error: BridgeFormatError) -> tuple[str, dict[str, Any]]:
    values = dict(error.values)
    key = error.key
    if "what" in values:
        key = f"{key}:{values.pop('what')}"
    if "value" in values:
        values["value"] = number(values["value"])
    if values.get("away", "") is None:
        values["away"] = pgettext("bridge", "bye")
    return key, values


def file_refusal(error: BridgeFormatError) -> str:
    """Where in the file and what is wrong there: "$.matches[3].imps[1]: negative IMPs (-2)"."""
    return gettext("%(path)s: %(problem)s") % {"path": error.path, "problem": problem(error)}
