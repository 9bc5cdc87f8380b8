"""What the TRF reader says about a file, by a stable key and its parameters.

Added to the engine's English table (`engine/phrases.py`), each key's words declared here
and marked for the catalogue (`engine/words.py`): a `TrfError` or `TrfWarning` made from a
phrase reads in English on the command line, and the web layer words the same message in
the arbiter's language (`wording/phrases.py`).
"""

from __future__ import annotations

from functools import cache

from ..phrases import ENGLISH, Phrase, phrase
from ..words import gettext_noop

ENGLISH.update(
    {
        # The file as a whole
        "trf.undecodable": gettext_noop(
            "byte %(byte)s at column %(column)s is neither UTF-8 nor Windows-1252 (Latin-1) text "
            "(save the file as UTF-8)"
        ),
        "trf.windows_1252": gettext_noop("the file is not UTF-8: read as Windows-1252 (Latin-1)"),
        "trf.ruler": gettext_noop("skipped a column ruler or legend: '%(text)s'"),
        "trf.control": gettext_noop(
            "column %(column)s: control character %(char)s (a TRF file is plain text)"
        ),
        "trf.comments.one": gettext_noop("skipped %(count)s comment line (###)"),
        "trf.comments.many": gettext_noop("skipped %(count)s comment lines (###)"),
        "trf.record": gettext_noop("record %(record)s"),
        # Header records
        "trf.date_kept": gettext_noop(
            "record %(record)s: no date read from '%(text)s', kept as text"
        ),
        "trf.round_dates_too_many": gettext_noop(
            "record 132 has %(count)s round dates; an event has at most %(limit)s rounds"
        ),
        "trf.round_dates_unread": gettext_noop("record 132: no date read from %(texts)s"),
        "trf.rounds_not_whole": gettext_noop(
            "the number of rounds must be a whole number, not '%(text)s'"
        ),
        "trf.rounds": gettext_noop("the number of rounds"),
        "trf.tiebreaks_left_out": gettext_noop(
            "record %(record)s: tie-breaks not computed here, left out: %(specs)s"
        ),
        "trf.modifiers_left_out.one": gettext_noop(
            "record %(record)s: modifier %(modifiers)s not computed here, left out with its "
            "tie-breaks: %(specs)s"
        ),
        "trf.modifiers_left_out.many": gettext_noop(
            "record %(record)s: modifiers %(modifiers)s not computed here, left out with their "
            "tie-breaks: %(specs)s"
        ),
        "trf.codes_left_out": gettext_noop("record %(record)s: codes %(codes)s not read, left out"),
        "trf.tiebreak_list": gettext_noop("record %(record)s: %(problem)s"),
        "trf.team_tiebreaks_left_out": gettext_noop(
            "record %(record)s: team tie-breaks in an individual event, left out: %(specs)s"
        ),
        "trf.federation_032": gettext_noop(
            "record 032: federation '%(federation)s' is longer than 3 letters: left out"
        ),
        "trf.code_pairs": gettext_noop(
            "%(record)s: expected pairs of code and points, got '%(text)s'"
        ),
        "trf.unknown_code": gettext_noop("%(record)s: unknown code '%(code)s' (%(codes)s)"),
        "trf.code_points": gettext_noop("%(record)s points for %(code)s"),
        # Player records
        "trf.player_short": gettext_noop(
            "player record (001) too short: the start number (columns 5-8) is incomplete"
        ),
        "trf.player_no_start": gettext_noop(
            "player record (001) without a start number (columns 5-8)"
        ),
        "trf.unknown_title": gettext_noop("player %(player)s: unknown title '%(title)s', kept"),
        "trf.birth_kept": gettext_noop("player %(player)s: birth date '%(birth)s' kept as text"),
        "trf.federation_long": gettext_noop(
            "federation '%(federation)s' is longer than 3 letters: left out"
        ),
        "trf.start_no_twice": gettext_noop(
            "start number %(start_no)s is used twice (also on line %(other)s): give each player a"
            " start number of his own (columns 5-8)"
        ),
        "trf.rounds_exceeded.one": gettext_noop(
            "player %(player)s has a result for round %(round)s, but record 142 (line %(line)s) "
            "says the event has %(rounds)s round: write 142 %(round)s (or XXR %(round)s), or "
            "leave round %(round)s out"
        ),
        "trf.rounds_exceeded.many": gettext_noop(
            "player %(player)s has a result for round %(round)s, but record 142 (line %(line)s) "
            "says the event has %(rounds)s rounds: write 142 %(round)s (or XXR %(round)s), or "
            "leave round %(round)s out"
        ),
        # Fields
        "trf.field.start_no": gettext_noop("start number (columns 5-8)"),
        "trf.field.rating": gettext_noop("rating (columns 49-52)"),
        "trf.field.points": gettext_noop("points (columns 81-84)"),
        "trf.field.rank": gettext_noop("rank (columns 86-89)"),
        "trf.field.member_013": gettext_noop("team member (from column 37)"),
        "trf.field.team_no": gettext_noop("team number (columns 5-7)"),
        "trf.field.member_310": gettext_noop("team member (from column 74)"),
        "trf.field.match_points": gettext_noop("match points (columns 55-60)"),
        "trf.field.game_points": gettext_noop("game points (columns 62-67)"),
        "trf.field.team_rank": gettext_noop("team rank (columns 69-71)"),
        "trf.field.bye_match_points": gettext_noop("record 320 match points"),
        "trf.field.bye_game_points": gettext_noop("record 320 game points"),
        "trf.field.bye_team": gettext_noop("record 320 team number"),
        "trf.field.bye_round": gettext_noop("record 240 round number"),
        "trf.field.bye_numbers": gettext_noop("record 240 player or team number"),
        "trf.field.forfeit_round": gettext_noop("record 330 round number"),
        "trf.field.forfeit_team": gettext_noop("record 330 team number"),
        "trf.not_whole": gettext_noop("%(what)s: '%(text)s' is not a whole number"),
        "trf.more_than": gettext_noop("%(what)s: %(text)s is more than %(limit)s"),
        "trf.not_number": gettext_noop("%(what)s: '%(text)s' is not a number"),
        "trf.negative": gettext_noop("%(what)s: %(text)s is negative"),
        "trf.not_multiple": gettext_noop("%(what)s: %(text)s is not a multiple of %(step)s"),
        # Round cells
        "trf.columns_90_91": gettext_noop(
            "columns 90-91 must be blank: the round results start at column 92"
        ),
        "trf.place": gettext_noop("round %(round)s (columns %(first)s-%(last)s)"),
        "trf.columns": gettext_noop("columns %(first)s-%(last)s"),
        "trf.cell_runs_on": gettext_noop(
            "%(place)s: the cell runs into columns %(first)s-%(last)s, which must be blank (each "
            "round takes 10 columns: opponent, colour, result)"
        ),
        "trf.misaligned": gettext_noop(
            "%(place)s: '%(cell)s' is not aligned as 'OOOO C R' (opponent in 4 columns, colour, "
            "result)"
        ),
        "trf.misaligned_write": gettext_noop(
            "%(place)s: '%(cell)s' is not aligned as 'OOOO C R' (opponent in 4 columns, colour, "
            "result): write '%(aligned)s' from column %(column)s"
        ),
        "trf.unknown_colour": gettext_noop(
            "%(place)s: unknown colour '%(colour)s' (w for white, b for black, - for none)"
        ),
        "trf.unknown_result": gettext_noop("%(place)s: unknown result code '%(code)s' (%(codes)s)"),
        "trf.unknown_result_half": gettext_noop(
            "%(place)s: unknown result code '%(code)s' (%(codes)s): a draw is written ="
        ),
        "trf.unknown_result_bye": gettext_noop(
            "%(place)s: unknown result code '%(code)s' (%(codes)s): a bye is written 0000 - F "
            "(full point), H (half), Z (zero) or U (pairing bye)"
        ),
        "trf.bye_with_opponent": gettext_noop(
            "round %(round)s: a bye (%(code)s) cannot have an opponent (%(opponent)s): write 0000"
            " - %(code)s for the bye, or the game's result against player %(opponent)s (1, =, 0, "
            "+, -)"
        ),
        "trf.conventions.one": gettext_noop("%(count)s cell '%(written)s' read as %(meaning)s"),
        "trf.conventions.many": gettext_noop("%(count)s cells '%(written)s' read as %(meaning)s"),
        "trf.meaning.full_bye": gettext_noop("full-point byes (a full point without opponent)"),
        "trf.meaning.half_bye": gettext_noop("half-point byes (not draws)"),
        "trf.meaning.zero_bye": gettext_noop("zero-point byes"),
        "trf.meaning.blank": gettext_noop("zero-point byes (TRF-2026: no opponent, no result)"),
        "trf.meaning.board_won": gettext_noop(
            "boards won by default (a full point without opponent)"
        ),
        "trf.meaning.H": gettext_noop("half-point bye, no opponent"),
        "trf.meaning.F": gettext_noop("full-point bye, no opponent"),
        "trf.meaning.U": gettext_noop("pairing-allocated bye, no opponent"),
        "trf.meaning.Z": gettext_noop("absent (zero-point bye), no opponent"),
        "trf.meaning.-": gettext_noop("not paired, no opponent"),
        # Pairings
        "trf.opponent_unknown": gettext_noop(
            "round %(round)s: player %(player)s's opponent %(opponent)s has no player record "
            "(001): correct the opponent's number (%(columns)s) or add player %(opponent)s's 001 "
            "line"
        ),
        "trf.self_paired": gettext_noop(
            "round %(round)s: player %(player)s is paired against himself: correct the opponent's"
            " number (%(columns)s)"
        ),
        "trf.game_says": gettext_noop(
            "round %(round)s: player %(player)s says he %(verb)s player %(opponent)s%(colour)s, "
            "but player %(opponent)s's line (line %(line)s) says %(said)s: write '%(cell)s' there"
            " (%(columns)s), or correct this line"
        ),
        "trf.game_missing": gettext_noop(
            "round %(round)s: player %(player)s says he %(verb)s player %(opponent)s%(colour)s, "
            "but player %(opponent)s's line (line %(line)s) has nothing for round %(round)s: "
            "write '%(cell)s' there (%(columns)s), or correct this line"
        ),
        "trf.with_white": gettext_noop(" with white"),
        "trf.with_black": gettext_noop(" with black"),
        "trf.verb.1": gettext_noop("beat"),
        "trf.verb.=": gettext_noop("drew with"),
        "trf.verb.0": gettext_noop("lost to"),
        "trf.verb.+": gettext_noop("won by forfeit against"),
        "trf.verb.-": gettext_noop("lost by forfeit to"),
        "trf.verb.W": gettext_noop("beat (game not rated)"),
        "trf.verb.D": gettext_noop("drew with (game not rated)"),
        "trf.verb.L": gettext_noop("lost to (game not rated)"),
        "trf.verb.*": gettext_noop("is paired against"),
        # Team records
        "trf.too_many_teams": gettext_noop("more than %(limit)s teams (records 013)"),
        "trf.team_no_number": gettext_noop("team record (310) without a team number (columns 5-7)"),
        "trf.team_bye_points": gettext_noop(
            "record 320 needs the bye's match points and game points"
        ),
        "trf.bye_type": gettext_noop("record 240: unknown bye type '%(kind)s' (F, H or Z)"),
        "trf.bye_no_round": gettext_noop("record 240 has no round number"),
        "trf.forfeit_form": gettext_noop(
            "record 330 must read: type (+-, -+ or --), round, white team, black team"
        ),
        "trf.team_no_twice": gettext_noop(
            "team number %(team)s is used twice (also on line %(other)s)"
        ),
        "trf.member_unknown": gettext_noop(
            "team %(team)s (%(name)s) lists player %(player)s, who has no player record (001): "
            "add player %(player)s's 001 line, or take him off the team"
        ),
        "trf.member_twice": gettext_noop(
            "player %(player)s is listed in team %(team)s and in team %(other)s: list each player"
            " in one team only"
        ),
        "trf.bye_given_twice": gettext_noop(
            "record 240: team %(team)s has the pairing bye of round %(round)s (record 320, line "
            "%(line)s); its %(kind)s bye is left out"
        ),
        "trf.round_outside": gettext_noop(
            "record %(record)s: round %(round)s is outside the event's rounds 1-%(rounds)s"
        ),
        "trf.bye_no_team": gettext_noop("record 240: there is no team %(number)s"),
        "trf.bye_no_player": gettext_noop("record 240: there is no player %(number)s"),
        "trf.forfeit_no_team": gettext_noop("record 330: there is no team %(number)s"),
        "trf.team_bye_rounds": gettext_noop(
            "record 320 lists %(count)s rounds, the event has %(rounds)s"
        ),
        "trf.team_bye_no_team": gettext_noop("record 320: there is no team %(number)s"),
        "trf.team_scores": gettext_noop("team %(team)s (%(name)s): %(differences)s"),
        "trf.team_scores.match_points": gettext_noop(
            "match points %(said)s in the file, %(counted)s from the boards"
        ),
        "trf.team_scores.game_points": gettext_noop(
            "game points %(said)s in the file, %(counted)s from the boards"
        ),
        "trf.team_scores.both": gettext_noop(
            "match points %(said)s in the file, %(counted)s from the boards; game points "
            "%(said_gp)s in the file, %(counted_gp)s from the boards"
        ),
        "trf.stray_teams.one": gettext_noop(
            "%(count)s team record (013) holds %(members)s of the %(players)s players: read as an "
            "individual event, the record kept as written"
        ),
        "trf.stray_teams.many": gettext_noop(
            "%(count)s team records (013) hold %(members)s of the %(players)s players: read as an "
            "individual event, the records kept as written"
        ),
        "trf.colours_clash": gettext_noop(
            "round %(round)s: player %(player)s has colour %(colour)s against player %(opponent)s, "
            "whose line %(other_line)s says %(their_colour)s: the round is left out, and the "
            "rounds after it; the standings are those after round %(last)s"
        ),
        "trf.lineup_too_long.one": gettext_noop(
            "round %(round)s: team %(team)s (%(name)s) fields %(count)s players, more than the "
            "%(boards)s board of a match (record 352): take player %(player)s out of the line-up,"
            " or lengthen record 352"
        ),
        "trf.lineup_too_long.many": gettext_noop(
            "round %(round)s: team %(team)s (%(name)s) fields %(count)s players, more than the "
            "%(boards)s boards of a match (record 352): take player %(player)s out of the "
            "line-up, or lengthen record 352"
        ),
        "trf.own_team": gettext_noop(
            "round %(round)s: player %(player)s meets player %(opponent)s of his own team "
            "%(team)s (%(name)s): a board is between the two teams of a match"
        ),
        "trf.third_team": gettext_noop(
            "round %(round)s: player %(player)s of team %(team)s (%(name)s) meets player "
            "%(opponent)s of team %(other)s (%(other_name)s), while the team's other boards meet "
            "team %(usual)s (%(usual_name)s): a match is between two teams"
        ),
        # The points column (columns 81-84)
        "trf.points_kept": gettext_noop(
            "player %(player)s (%(name)s): the points column says %(said)s, the rounds read add "
            "up to %(counted)s"
        ),
        "trf.points_read": gettext_noop("%(kept)s: %(reading)s, as the column says"),
        "trf.points_read_withdrawn.one": gettext_noop(
            "%(kept)s: %(reading)s, and round %(rest)s after the last result as a withdrawal, as "
            "the column says"
        ),
        "trf.points_read_withdrawn.many": gettext_noop(
            "%(kept)s: %(reading)s, and rounds %(rest)s after the last result as a withdrawal, as"
            " the column says"
        ),
        "trf.blank_read.H.one": gettext_noop("blank round %(rounds)s read as a half-point bye"),
        "trf.blank_read.H.many": gettext_noop("blank rounds %(rounds)s read as half-point byes"),
        "trf.blank_read.F.one": gettext_noop("blank round %(rounds)s read as a full-point bye"),
        "trf.blank_read.F.many": gettext_noop("blank rounds %(rounds)s read as full-point byes"),
        "trf.points_open.one": gettext_noop(
            "player %(player)s (%(name)s) on line %(line)s: the column says %(said)s, the rounds "
            "add up to %(counted)s with round %(rounds)s blank"
        ),
        "trf.points_open.many": gettext_noop(
            "player %(player)s (%(name)s) on line %(line)s: the column says %(said)s, the rounds "
            "add up to %(counted)s with rounds %(rounds)s blank"
        ),
        "trf.points_column_empty.one": gettext_noop(
            "the points column (columns 81-84) is 0.0 or blank for every player: not compared "
            "with the rounds; the standings come from the results, in which %(count)s player "
            "scores: %(players)s"
        ),
        "trf.points_column_empty.many": gettext_noop(
            "the points column (columns 81-84) is 0.0 or blank for every player: not compared "
            "with the rounds; the standings come from the results, in which %(count)s players "
            "score: %(players)s"
        ),
        "trf.points_ahead.one": gettext_noop(
            "%(count)s player's points column counts a bye requested for a round after round "
            "%(round)s, the last paired: %(players)s; the standings come from the rounds paired"
        ),
        "trf.points_ahead.many": gettext_noop(
            "%(count)s players' points column counts byes requested for rounds after round "
            "%(round)s, the last paired: %(players)s; the standings come from the rounds paired"
        ),
        "trf.points_unsettled": gettext_noop(
            "the points column (columns 81-84) does not add up from the rounds, and the rounds "
            "left blank do not say which rounds make the difference: %(players)s. Write each "
            "round without opponent with its result (0000 - H a half-point bye, 0000 - F a "
            "full-point bye, 0000 - Z a zero-point bye) or correct the column"
        ),
    }
)


def counted(key: str, count: int, /, **params: object) -> Phrase:
    """The phrase `key.one` or `key.many` as `count` asks."""
    return phrase(f"{key}.{'one' if count == 1 else 'many'}", **params)  # type: ignore[arg-type]


@cache  # a few fields, named for every line read
def field(key: str) -> Phrase:
    """A field a message names: field("rating") is "rating (columns 49-52)"."""
    return phrase(f"trf.field.{key}")
