"""The TRF reader's phrases (`engine/trf/phrases.py`) in the arbiter's language: a refused
file on the import page and the reader's warnings in an import's summary. Merged into
`phrases.TEXTS`, looked up by key like the engine's notes."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

TEXTS: dict[str, Promise] = {
    "trf.undecodable": _(
        "byte %(byte)s at column %(column)s is neither UTF-8 nor Windows-1252 (Latin-1) text "
        "(save the file as UTF-8)"
    ),
    "trf.windows_1252": _("the file is not UTF-8: read as Windows-1252 (Latin-1)"),
    "trf.ruler": _("skipped a column ruler or legend: '%(text)s'"),
    "trf.control": _("column %(column)s: control character %(char)s (a TRF file is plain text)"),
    "trf.comments.one": _("skipped %(count)s comment line (###)"),
    "trf.comments.many": _("skipped %(count)s comment lines (###)"),
    "trf.record": _("record %(record)s"),
    "trf.date_kept": _("record %(record)s: no date read from '%(text)s', kept as text"),
    "trf.round_dates_too_many": _(
        "record 132 has %(count)s round dates; an event has at most %(limit)s rounds"
    ),
    "trf.round_dates_unread": _("record 132: no date read from %(texts)s"),
    "trf.rounds_not_whole": _("the number of rounds must be a whole number, not '%(text)s'"),
    "trf.rounds": _("the number of rounds"),
    "trf.tiebreaks_left_out": _(
        "record %(record)s: tie-breaks not computed here, left out: %(specs)s"
    ),
    "trf.modifiers_left_out.one": _(
        "record %(record)s: modifier %(modifiers)s not computed here, left out with its "
        "tie-breaks: %(specs)s"
    ),
    "trf.modifiers_left_out.many": _(
        "record %(record)s: modifiers %(modifiers)s not computed here, left out with their "
        "tie-breaks: %(specs)s"
    ),
    "trf.codes_left_out": _("record %(record)s: codes %(codes)s not read, left out"),
    "trf.tiebreak_list": _("record %(record)s: %(problem)s"),
    "trf.team_tiebreaks_left_out": _(
        "record %(record)s: team tie-breaks in an individual event, left out: %(specs)s"
    ),
    "trf.federation_032": _(
        "record 032: federation '%(federation)s' is longer than 3 letters: left out"
    ),
    "trf.code_pairs": _("%(record)s: expected pairs of code and points, got '%(text)s'"),
    "trf.unknown_code": _("%(record)s: unknown code '%(code)s' (%(codes)s)"),
    "trf.code_points": _("%(record)s points for %(code)s"),
    "trf.player_short": _(
        "player record (001) too short: the start number (columns 5-8) is incomplete"
    ),
    "trf.player_no_start": _("player record (001) without a start number (columns 5-8)"),
    "trf.unknown_title": _("player %(player)s: unknown title '%(title)s', kept"),
    "trf.birth_kept": _("player %(player)s: birth date '%(birth)s' kept as text"),
    "trf.federation_long": _("federation '%(federation)s' is longer than 3 letters: left out"),
    "trf.start_no_twice": _(
        "start number %(start_no)s is used twice (also on line %(other)s): give each player a"
        " start number of his own (columns 5-8)"
    ),
    "trf.rounds_exceeded.one": _(
        "player %(player)s has a result for round %(round)s, but record 142 (line %(line)s) "
        "says the event has %(rounds)s round: write 142 %(round)s (or XXR %(round)s), or "
        "leave round %(round)s out"
    ),
    "trf.rounds_exceeded.many": _(
        "player %(player)s has a result for round %(round)s, but record 142 (line %(line)s) "
        "says the event has %(rounds)s rounds: write 142 %(round)s (or XXR %(round)s), or "
        "leave round %(round)s out"
    ),
    "trf.field.start_no": _("start number (columns 5-8)"),
    "trf.field.rating": _("rating (columns 49-52)"),
    "trf.field.points": _("points (columns 81-84)"),
    "trf.field.rank": _("rank (columns 86-89)"),
    "trf.field.member_013": _("team member (from column 37)"),
    "trf.field.team_no": _("team number (columns 5-7)"),
    "trf.field.member_310": _("team member (from column 74)"),
    "trf.field.match_points": _("match points (columns 55-60)"),
    "trf.field.game_points": _("game points (columns 62-67)"),
    "trf.field.team_rank": _("team rank (columns 69-71)"),
    "trf.field.bye_match_points": _("record 320 match points"),
    "trf.field.bye_game_points": _("record 320 game points"),
    "trf.field.bye_team": _("record 320 team number"),
    "trf.field.bye_round": _("record 240 round number"),
    "trf.field.bye_numbers": _("record 240 player or team number"),
    "trf.field.forfeit_round": _("record 330 round number"),
    "trf.field.forfeit_team": _("record 330 team number"),
    "trf.not_whole": _("%(what)s: '%(text)s' is not a whole number"),
    "trf.more_than": _("%(what)s: %(text)s is more than %(limit)s"),
    "trf.not_number": _("%(what)s: '%(text)s' is not a number"),
    "trf.negative": _("%(what)s: %(text)s is negative"),
    "trf.not_multiple": _("%(what)s: %(text)s is not a multiple of %(step)s"),
    "trf.columns_90_91": _("columns 90-91 must be blank: the round results start at column 92"),
    "trf.place": _("round %(round)s (columns %(first)s-%(last)s)"),
    "trf.columns": _("columns %(first)s-%(last)s"),
    "trf.cell_runs_on": _(
        "%(place)s: the cell runs into columns %(first)s-%(last)s, which must be blank (each "
        "round takes 10 columns: opponent, colour, result)"
    ),
    "trf.misaligned": _(
        "%(place)s: '%(cell)s' is not aligned as 'OOOO C R' (opponent in 4 columns, colour, result)"
    ),
    "trf.misaligned_write": _(
        "%(place)s: '%(cell)s' is not aligned as 'OOOO C R' (opponent in 4 columns, colour, "
        "result): write '%(aligned)s' from column %(column)s"
    ),
    "trf.unknown_colour": _(
        "%(place)s: unknown colour '%(colour)s' (w for white, b for black, - for none)"
    ),
    "trf.unknown_result": _("%(place)s: unknown result code '%(code)s' (%(codes)s)"),
    "trf.unknown_result_half": _(
        "%(place)s: unknown result code '%(code)s' (%(codes)s): a draw is written ="
    ),
    "trf.unknown_result_bye": _(
        "%(place)s: unknown result code '%(code)s' (%(codes)s): a bye is written 0000 - F "
        "(full point), H (half), Z (zero) or U (pairing bye)"
    ),
    "trf.bye_with_opponent": _(
        "round %(round)s: a bye (%(code)s) cannot have an opponent (%(opponent)s): write 0000"
        " - %(code)s for the bye, or the game's result against player %(opponent)s (1, =, 0, "
        "+, -)"
    ),
    "trf.conventions.one": _("%(count)s cell '%(written)s' read as %(meaning)s"),
    "trf.conventions.many": _("%(count)s cells '%(written)s' read as %(meaning)s"),
    "trf.meaning.full_bye": _("full-point byes (a full point without opponent)"),
    "trf.meaning.half_bye": _("half-point byes (not draws)"),
    "trf.meaning.zero_bye": _("zero-point byes"),
    "trf.meaning.blank": _("zero-point byes (TRF-2026: no opponent, no result)"),
    "trf.meaning.board_won": _("boards won by default (a full point without opponent)"),
    "trf.meaning.H": _("half-point bye, no opponent"),
    "trf.meaning.F": _("full-point bye, no opponent"),
    "trf.meaning.U": _("pairing-allocated bye, no opponent"),
    "trf.meaning.Z": _("absent (zero-point bye), no opponent"),
    "trf.meaning.-": _("not paired, no opponent"),
    "trf.opponent_unknown": _(
        "round %(round)s: player %(player)s's opponent %(opponent)s has no player record "
        "(001): correct the opponent's number (%(columns)s) or add player %(opponent)s's 001 "
        "line"
    ),
    "trf.self_paired": _(
        "round %(round)s: player %(player)s is paired against himself: correct the opponent's"
        " number (%(columns)s)"
    ),
    "trf.game_says": _(
        "round %(round)s: player %(player)s says he %(verb)s player %(opponent)s%(colour)s, "
        "but player %(opponent)s's line (line %(line)s) says %(said)s: write '%(cell)s' there"
        " (%(columns)s), or correct this line"
    ),
    "trf.game_missing": _(
        "round %(round)s: player %(player)s says he %(verb)s player %(opponent)s%(colour)s, "
        "but player %(opponent)s's line (line %(line)s) has nothing for round %(round)s: "
        "write '%(cell)s' there (%(columns)s), or correct this line"
    ),
    "trf.with_white": _(" with white"),
    "trf.with_black": _(" with black"),
    "trf.verb.1": _("beat"),
    "trf.verb.=": _("drew with"),
    "trf.verb.0": _("lost to"),
    "trf.verb.+": _("won by forfeit against"),
    "trf.verb.-": _("lost by forfeit to"),
    "trf.verb.W": _("beat (game not rated)"),
    "trf.verb.D": _("drew with (game not rated)"),
    "trf.verb.L": _("lost to (game not rated)"),
    "trf.verb.*": _("is paired against"),
    "trf.too_many_teams": _("more than %(limit)s teams (records 013)"),
    "trf.team_no_number": _("team record (310) without a team number (columns 5-7)"),
    "trf.team_bye_points": _("record 320 needs the bye's match points and game points"),
    "trf.bye_type": _("record 240: unknown bye type '%(kind)s' (F, H or Z)"),
    "trf.bye_no_round": _("record 240 has no round number"),
    "trf.forfeit_form": _(
        "record 330 must read: type (+-, -+ or --), round, white team, black team"
    ),
    "trf.team_no_twice": _("team number %(team)s is used twice (also on line %(other)s)"),
    "trf.member_unknown": _(
        "team %(team)s (%(name)s) lists player %(player)s, who has no player record (001): "
        "add player %(player)s's 001 line, or take him off the team"
    ),
    "trf.member_twice": _(
        "player %(player)s is listed in team %(team)s and in team %(other)s: list each player"
        " in one team only"
    ),
    "trf.bye_given_twice": _(
        "record 240: team %(team)s has the pairing bye of round %(round)s (record 320, line "
        "%(line)s); its %(kind)s bye is left out"
    ),
    "trf.round_outside": _(
        "record %(record)s: round %(round)s is outside the event's rounds 1-%(rounds)s"
    ),
    "trf.bye_no_team": _("record 240: there is no team %(number)s"),
    "trf.bye_no_player": _("record 240: there is no player %(number)s"),
    "trf.forfeit_no_team": _("record 330: there is no team %(number)s"),
    "trf.team_bye_rounds": _("record 320 lists %(count)s rounds, the event has %(rounds)s"),
    "trf.team_bye_no_team": _("record 320: there is no team %(number)s"),
    "trf.team_scores": _("team %(team)s (%(name)s): %(differences)s"),
    "trf.team_scores.match_points": _(
        "match points %(said)s in the file, %(counted)s from the boards"
    ),
    "trf.team_scores.game_points": _(
        "game points %(said)s in the file, %(counted)s from the boards"
    ),
    "trf.team_scores.both": _(
        "match points %(said)s in the file, %(counted)s from the boards; game points "
        "%(said_gp)s in the file, %(counted_gp)s from the boards"
    ),
    "trf.lineup_too_long.one": _(
        "round %(round)s: team %(team)s (%(name)s) fields %(count)s players, more than the "
        "%(boards)s board of a match (record 352): take player %(player)s out of the line-up,"
        " or lengthen record 352"
    ),
    "trf.lineup_too_long.many": _(
        "round %(round)s: team %(team)s (%(name)s) fields %(count)s players, more than the "
        "%(boards)s boards of a match (record 352): take player %(player)s out of the "
        "line-up, or lengthen record 352"
    ),
    "trf.own_team": _(
        "round %(round)s: player %(player)s meets player %(opponent)s of his own team "
        "%(team)s (%(name)s): a board is between the two teams of a match"
    ),
    "trf.third_team": _(
        "round %(round)s: player %(player)s of team %(team)s (%(name)s) meets player "
        "%(opponent)s of team %(other)s (%(other_name)s), while the team's other boards meet "
        "team %(usual)s (%(usual_name)s): a match is between two teams"
    ),
    "trf.points_kept": _(
        "player %(player)s (%(name)s): the points column says %(said)s, the rounds read add "
        "up to %(counted)s"
    ),
    "trf.points_read": _("%(kept)s: %(reading)s, as the column says"),
    "trf.points_read_withdrawn.one": _(
        "%(kept)s: %(reading)s, and round %(rest)s after the last result as a withdrawal, as "
        "the column says"
    ),
    "trf.points_read_withdrawn.many": _(
        "%(kept)s: %(reading)s, and rounds %(rest)s after the last result as a withdrawal, as"
        " the column says"
    ),
    "trf.blank_read.H.one": _("blank round %(rounds)s read as a half-point bye"),
    "trf.blank_read.H.many": _("blank rounds %(rounds)s read as half-point byes"),
    "trf.blank_read.F.one": _("blank round %(rounds)s read as a full-point bye"),
    "trf.blank_read.F.many": _("blank rounds %(rounds)s read as full-point byes"),
    "trf.points_open.one": _(
        "player %(player)s (%(name)s) on line %(line)s: the column says %(said)s, the rounds "
        "add up to %(counted)s with round %(rounds)s blank"
    ),
    "trf.points_open.many": _(
        "player %(player)s (%(name)s) on line %(line)s: the column says %(said)s, the rounds "
        "add up to %(counted)s with rounds %(rounds)s blank"
    ),
    "trf.stray_teams.one": _(
        "%(count)s team record (013) holds %(members)s of the %(players)s players: read as an "
        "individual event, the record kept as written"
    ),
    "trf.stray_teams.many": _(
        "%(count)s team records (013) hold %(members)s of the %(players)s players: read as an "
        "individual event, the records kept as written"
    ),
    "trf.colours_clash": _(
        "round %(round)s: player %(player)s has colour %(colour)s against player %(opponent)s, "
        "whose line %(other_line)s says %(their_colour)s: the round is left out, and the "
        "rounds after it; the standings are those after round %(last)s"
    ),
    "trf.points_column_empty.one": _(
        "the points column (columns 81-84) is 0.0 or blank for every player: not compared "
        "with the rounds; the standings come from the results, in which %(count)s player "
        "scores: %(players)s"
    ),
    "trf.points_column_empty.many": _(
        "the points column (columns 81-84) is 0.0 or blank for every player: not compared "
        "with the rounds; the standings come from the results, in which %(count)s players "
        "score: %(players)s"
    ),
    "trf.points_ahead.one": _(
        "%(count)s player's points column counts a bye requested for a round after round "
        "%(round)s, the last paired: %(players)s; the standings come from the rounds paired"
    ),
    "trf.points_ahead.many": _(
        "%(count)s players' points column counts byes requested for rounds after round "
        "%(round)s, the last paired: %(players)s; the standings come from the rounds paired"
    ),
    "trf.points_unsettled": _(
        "the points column (columns 81-84) does not add up from the rounds, and the rounds "
        "left blank do not say which rounds make the difference: %(players)s. Write each "
        "round without opponent with its result (0000 - H a half-point bye, 0000 - F a "
        "full-point bye, 0000 - Z a zero-point bye) or correct the column"
    ),
}


# The kinds of warning an import's summary groups its list by (a phrase's key without its
# ".one"/".many"); a key not listed here is grouped under "Other".
_POINTS_COLUMN = _("Points column (columns 81-84)")
_LEFT_OUT_TIEBREAKS = _("Tie-breaks the file names that are not kept")
_AS_WRITTEN = _("Details kept as written")
_TEAM_RECORDS = _("Team records")
WARNING_KINDS: dict[str, Promise] = {
    "trf.windows_1252": _("Text encoding"),
    "trf.ruler": _("Column rulers and legends skipped"),
    "trf.comments": _("Comment lines skipped"),
    "trf.date_kept": _AS_WRITTEN,
    "trf.round_dates_unread": _AS_WRITTEN,
    "trf.unknown_title": _AS_WRITTEN,
    "trf.birth_kept": _AS_WRITTEN,
    "trf.federation_long": _("Federations left out"),
    "trf.federation_032": _("Federations left out"),
    "trf.tiebreaks_left_out": _LEFT_OUT_TIEBREAKS,
    "trf.modifiers_left_out": _LEFT_OUT_TIEBREAKS,
    "trf.team_tiebreaks_left_out": _LEFT_OUT_TIEBREAKS,
    "trf.conventions": _("Rounds without opponent, read as what they mean"),
    "trf.points_kept": _POINTS_COLUMN,
    "trf.points_read": _POINTS_COLUMN,
    "trf.points_read_withdrawn": _POINTS_COLUMN,
    "trf.points_column_empty": _POINTS_COLUMN,
    "trf.points_ahead": _POINTS_COLUMN,
    "trf.team_scores": _("Team totals (record 310) that the boards do not give: the boards count"),
    "trf.stray_teams": _TEAM_RECORDS,
    "trf.colours_clash": _("Rounds left out"),
    "trf.bye_given_twice": _("Byes"),
    "trf.codes_left_out": _TEAM_RECORDS,
}
OTHER_WARNINGS = _("Other")
