"""What the TRF reader says about a file, by a stable key and its parameters.

Added to the engine's English table (`engine/phrases.py`): a `TrfError` or `TrfWarning` made
from a phrase reads exactly as before on the command line, and the web layer words the same
key in the arbiter's language (`wording/trf_messages.py`).
"""

from __future__ import annotations

from functools import cache

from ..phrases import ENGLISH, Phrase, phrase

ENGLISH.update(
    {
        # The file as a whole
        "trf.undecodable": "byte {byte} at column {column} is neither UTF-8 nor Windows-1252"
        " (Latin-1) text (save the file as UTF-8)",
        "trf.windows_1252": "the file is not UTF-8: read as Windows-1252 (Latin-1)",
        "trf.ruler": "skipped a column ruler or legend: {text!r}",
        "trf.control": "column {column}: control character {char} (a TRF file is plain text)",
        "trf.comments.one": "skipped {count} comment line (###)",
        "trf.comments.many": "skipped {count} comment lines (###)",
        "trf.record": "record {record}",
        # Header records
        "trf.date_kept": "record {record}: no date read from {text!r}, kept as text",
        "trf.round_dates_too_many": "record 132 has {count} round dates; an event has at most"
        " {limit} rounds",
        "trf.round_dates_unread": "record 132: no date read from {texts}",
        "trf.rounds_not_whole": "the number of rounds must be a whole number, not {text!r}",
        "trf.rounds": "the number of rounds",
        "trf.tiebreaks_left_out": "record {record}: tie-breaks not computed here, left out:"
        " {specs}",
        "trf.modifiers_left_out.one": "record {record}: modifier {modifiers} not computed here,"
        " left out with its tie-breaks: {specs}",
        "trf.modifiers_left_out.many": "record {record}: modifiers {modifiers} not computed"
        " here, left out with their tie-breaks: {specs}",
        "trf.codes_left_out": "record {record}: codes {codes} not read, left out",
        "trf.tiebreak_list": "record {record}: {problem}",
        "trf.team_tiebreaks_left_out": "record {record}: team tie-breaks in an individual"
        " event, left out: {specs}",
        "trf.federation_032": "record 032: federation {federation!r} is longer than 3 letters:"
        " left out",
        "trf.code_pairs": "{record}: expected pairs of code and points, got {text!r}",
        "trf.unknown_code": "{record}: unknown code {code!r} ({codes})",
        "trf.code_points": "{record} points for {code}",
        # Player records
        "trf.player_short": "player record (001) too short: the start number (columns 5-8) is"
        " incomplete",
        "trf.player_no_start": "player record (001) without a start number (columns 5-8)",
        "trf.unknown_title": "player {player}: unknown title {title!r}, kept",
        "trf.birth_kept": "player {player}: birth date {birth!r} kept as text",
        "trf.federation_long": "federation {federation!r} is longer than 3 letters: left out",
        "trf.start_no_twice": "start number {start_no} is used twice (also on line {other}):"
        " give each player a start number of his own (columns 5-8)",
        "trf.rounds_exceeded.one": "player {player} has a result for round {round}, but record"
        " 142 (line {line}) says the event has {rounds} round: write 142 {round} (or XXR"
        " {round}), or leave round {round} out",
        "trf.rounds_exceeded.many": "player {player} has a result for round {round}, but record"
        " 142 (line {line}) says the event has {rounds} rounds: write 142 {round} (or XXR"
        " {round}), or leave round {round} out",
        # Fields
        "trf.field.start_no": "start number (columns 5-8)",
        "trf.field.rating": "rating (columns 49-52)",
        "trf.field.points": "points (columns 81-84)",
        "trf.field.rank": "rank (columns 86-89)",
        "trf.field.member_013": "team member (from column 37)",
        "trf.field.team_no": "team number (columns 5-7)",
        "trf.field.member_310": "team member (from column 74)",
        "trf.field.match_points": "match points (columns 55-60)",
        "trf.field.game_points": "game points (columns 62-67)",
        "trf.field.team_rank": "team rank (columns 69-71)",
        "trf.field.bye_match_points": "record 320 match points",
        "trf.field.bye_game_points": "record 320 game points",
        "trf.field.bye_team": "record 320 team number",
        "trf.field.bye_round": "record 240 round number",
        "trf.field.bye_numbers": "record 240 player or team number",
        "trf.field.forfeit_round": "record 330 round number",
        "trf.field.forfeit_team": "record 330 team number",
        "trf.not_whole": "{what}: {text!r} is not a whole number",
        "trf.more_than": "{what}: {text} is more than {limit}",
        "trf.not_number": "{what}: {text!r} is not a number",
        "trf.negative": "{what}: {text} is negative",
        "trf.not_multiple": "{what}: {text} is not a multiple of {step}",
        # Round cells
        "trf.columns_90_91": "columns 90-91 must be blank: the round results start at column 92",
        "trf.place": "round {round} (columns {first}-{last})",
        "trf.columns": "columns {first}-{last}",
        "trf.cell_runs_on": "{place}: the cell runs into columns {first}-{last}, which must be"
        " blank (each round takes 10 columns: opponent, colour, result)",
        "trf.misaligned": "{place}: {cell!r} is not aligned as 'OOOO C R' (opponent in 4"
        " columns, colour, result)",
        "trf.misaligned_write": "{place}: {cell!r} is not aligned as 'OOOO C R' (opponent in 4"
        " columns, colour, result): write '{aligned}' from column {column}",
        "trf.unknown_colour": "{place}: unknown colour {colour!r} (w for white, b for black, -"
        " for none)",
        "trf.unknown_result": "{place}: unknown result code {code!r} ({codes})",
        "trf.unknown_result_half": "{place}: unknown result code {code!r} ({codes}): a draw is"
        " written =",
        "trf.unknown_result_bye": "{place}: unknown result code {code!r} ({codes}): a bye is"
        " written 0000 - F (full point), H (half), Z (zero) or U (pairing bye)",
        "trf.bye_with_opponent": "round {round}: a bye ({code}) cannot have an opponent"
        " ({opponent}): write 0000 - {code} for the bye, or the game's result against player"
        " {opponent} (1, =, 0, +, -)",
        "trf.conventions.one": "{count} cell {written!r} read as {meaning}",
        "trf.conventions.many": "{count} cells {written!r} read as {meaning}",
        "trf.meaning.full_bye": "full-point byes (a full point without opponent)",
        "trf.meaning.half_bye": "half-point byes (not draws)",
        "trf.meaning.zero_bye": "zero-point byes",
        "trf.meaning.blank": "zero-point byes (TRF-2026: no opponent, no result)",
        "trf.meaning.board_won": "boards won by default (a full point without opponent)",
        "trf.meaning.H": "half-point bye, no opponent",
        "trf.meaning.F": "full-point bye, no opponent",
        "trf.meaning.U": "pairing-allocated bye, no opponent",
        "trf.meaning.Z": "absent (zero-point bye), no opponent",
        "trf.meaning.-": "not paired, no opponent",
        # Pairings
        "trf.opponent_unknown": "round {round}: player {player}'s opponent {opponent} has no"
        " player record (001): correct the opponent's number ({columns}) or add player"
        " {opponent}'s 001 line",
        "trf.self_paired": "round {round}: player {player} is paired against himself: correct"
        " the opponent's number ({columns})",
        "trf.game_says": "round {round}: player {player} says he {verb} player {opponent}"
        "{colour}, but player {opponent}'s line (line {line}) says {said}: write {cell!r} there"
        " ({columns}), or correct this line",
        "trf.game_missing": "round {round}: player {player} says he {verb} player {opponent}"
        "{colour}, but player {opponent}'s line (line {line}) has nothing for round {round}:"
        " write {cell!r} there ({columns}), or correct this line",
        "trf.with_white": " with white",
        "trf.with_black": " with black",
        "trf.verb.1": "beat",
        "trf.verb.=": "drew with",
        "trf.verb.0": "lost to",
        "trf.verb.+": "won by forfeit against",
        "trf.verb.-": "lost by forfeit to",
        "trf.verb.W": "beat (game not rated)",
        "trf.verb.D": "drew with (game not rated)",
        "trf.verb.L": "lost to (game not rated)",
        "trf.verb.*": "is paired against",
        # Team records
        "trf.too_many_teams": "more than {limit} teams (records 013)",
        "trf.team_no_number": "team record (310) without a team number (columns 5-7)",
        "trf.team_bye_points": "record 320 needs the bye's match points and game points",
        "trf.bye_type": "record 240: unknown bye type {kind!r} (F, H or Z)",
        "trf.bye_no_round": "record 240 has no round number",
        "trf.forfeit_form": "record 330 must read: type (+-, -+ or --), round, white team,"
        " black team",
        "trf.team_no_twice": "team number {team} is used twice (also on line {other})",
        "trf.member_unknown": "team {team} ({name}) lists player {player}, who has no player"
        " record (001): add player {player}'s 001 line, or take him off the team",
        "trf.member_twice": "player {player} is listed in team {team} and in team {other}: list"
        " each player in one team only",
        "trf.bye_given_twice": "record 240: team {team} has the pairing bye of round {round}"
        " (record 320, line {line}); its {kind} bye is left out",
        "trf.round_outside": "record {record}: round {round} is outside the event's rounds"
        " 1-{rounds}",
        "trf.bye_no_team": "record 240: there is no team {number}",
        "trf.bye_no_player": "record 240: there is no player {number}",
        "trf.forfeit_no_team": "record 330: there is no team {number}",
        "trf.team_bye_rounds": "record 320 lists {count} rounds, the event has {rounds}",
        "trf.team_bye_no_team": "record 320: there is no team {number}",
        "trf.team_scores": "team {team} ({name}): {differences}",
        "trf.team_scores.match_points": "match points {said} in the file, {counted} from the"
        " boards",
        "trf.team_scores.game_points": "game points {said} in the file, {counted} from the boards",
        "trf.team_scores.both": "match points {said} in the file, {counted} from the boards;"
        " game points {said_gp} in the file, {counted_gp} from the boards",
        "trf.stray_teams.one": "{count} team record (013) holds {members} of the {players}"
        " players: read as an individual event, the record kept as written",
        "trf.stray_teams.many": "{count} team records (013) hold {members} of the {players}"
        " players: read as an individual event, the records kept as written",
        "trf.colours_clash": "round {round}: player {player} has colour {colour} against player"
        " {opponent}, whose line {other_line} says {their_colour}: the round is left out,"
        " and the rounds after it; the standings are those after round {last}",
        "trf.lineup_too_long.one": "round {round}: team {team} ({name}) fields {count} players,"
        " more than the {boards} board of a match (record 352): take player {player} out of"
        " the line-up, or lengthen record 352",
        "trf.lineup_too_long.many": "round {round}: team {team} ({name}) fields {count} players,"
        " more than the {boards} boards of a match (record 352): take player {player} out of"
        " the line-up, or lengthen record 352",
        "trf.own_team": "round {round}: player {player} meets player {opponent} of his own team"
        " {team} ({name}): a board is between the two teams of a match",
        "trf.third_team": "round {round}: player {player} of team {team} ({name}) meets player"
        " {opponent} of team {other} ({other_name}), while the team's other boards meet team"
        " {usual} ({usual_name}): a match is between two teams",
        # The points column (columns 81-84)
        "trf.points_kept": "player {player} ({name}): the points column says {said}, the rounds"
        " read add up to {counted}",
        "trf.points_read": "{kept}: {reading}, as the column says",
        "trf.points_read_withdrawn.one": "{kept}: {reading}, and round {rest} after the last"
        " result as a withdrawal, as the column says",
        "trf.points_read_withdrawn.many": "{kept}: {reading}, and rounds {rest} after the last"
        " result as a withdrawal, as the column says",
        "trf.blank_read.H.one": "blank round {rounds} read as a half-point bye",
        "trf.blank_read.H.many": "blank rounds {rounds} read as half-point byes",
        "trf.blank_read.F.one": "blank round {rounds} read as a full-point bye",
        "trf.blank_read.F.many": "blank rounds {rounds} read as full-point byes",
        "trf.points_open.one": "player {player} ({name}) on line {line}: the column says"
        " {said}, the rounds add up to {counted} with round {rounds} blank",
        "trf.points_open.many": "player {player} ({name}) on line {line}: the column says"
        " {said}, the rounds add up to {counted} with rounds {rounds} blank",
        "trf.points_column_empty.one": "the points column (columns 81-84) is 0.0 or blank for"
        " every player: not compared with the rounds; the standings come from the results,"
        " in which {count} player scores: {players}",
        "trf.points_column_empty.many": "the points column (columns 81-84) is 0.0 or blank for"
        " every player: not compared with the rounds; the standings come from the results,"
        " in which {count} players score: {players}",
        "trf.points_ahead.one": "{count} player's points column counts a bye requested for a"
        " round after round {round}, the last paired: {players}; the standings come from the"
        " rounds paired",
        "trf.points_ahead.many": "{count} players' points column counts byes requested for"
        " rounds after round {round}, the last paired: {players}; the standings come from the"
        " rounds paired",
        "trf.points_unsettled": "the points column (columns 81-84) does not add up from the"
        " rounds, and the rounds left blank do not say which rounds make the difference:"
        " {players}. Write each round without opponent with its result (0000 - H a half-point"
        " bye, 0000 - F a full-point bye, 0000 - Z a zero-point bye) or correct the column",
    }
)


def counted(key: str, count: int, /, **params: object) -> Phrase:
    """The phrase `key.one` or `key.many` as `count` asks."""
    return phrase(f"{key}.{'one' if count == 1 else 'many'}", **params)  # type: ignore[arg-type]


@cache  # a few fields, named for every line read
def field(key: str) -> Phrase:
    """A field a message names: field("rating") is "rating (columns 49-52)"."""
    return phrase(f"trf.field.{key}")
