"""What a notification says, in the follower's language (the caller activates it): its title
(who it is about), one line per round ("Round 7: board 12, White against Wang"; "Round 7: Li
1-0 Wang; Li now 5.5, 3rd (provisional)") and the page it opens."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext

from standings.state.event_state import EventState
from standings.state.parts import Board
from standings.state.rounds import MatchView, RoundView
from standings.web.templatetags.prize_tags import ordinal
from standings.wording import terms
from standings.wording.phrases import decimal

from .seating import Told


def title(state: EventState, number: int) -> str:
    return f"{_name(state, number)} · {state.name}"


def url(state: EventState, number: int) -> str:
    page = "web:team" if state.teams else "web:player"
    return reverse(page, args=[state.slug, number])


def line(state: EventState, told: Told) -> str:
    """The sentence for one thing told; "" when the state no longer shows it (a pairing
    taken back between the change and the worker's read)."""
    if told.kind == "final":
        return gettext("Final standings: %(standing)s") % {
            "standing": _standing(state, told.number)
        }
    rnd = next((r for r in state.rounds if r.number == told.round), None)
    if rnd is None:
        return ""
    if state.teams:
        return _team_line(state, rnd, told)
    return _player_line(state, rnd, told)


def _player_line(state: EventState, rnd: RoundView, told: Told) -> str:
    number = told.number
    board = next((b for b in rnd.boards if number in (b.white.start_no, b.black.start_no)), None)
    if board is None:
        bye = next((b for b in rnd.byes if b.person.start_no == number), None)
        if bye is None:
            return ""
        return _in_round(rnd.number, str(terms.BYE_KINDS.get(bye.code, bye.kind)))
    if told.kind == "pairing":
        return _in_round(rnd.number, _seat(board, white=board.white.start_no == number))
    game = f"{board.white.name} {board.shown} {board.black.name}"
    return f"{_in_round(rnd.number, game)}; {_standing(state, number)}"


def _seat(board: Board, *, white: bool) -> str:
    if white:
        return gettext("board %(board)s, White against %(opponent)s") % {
            "board": board.number,
            "opponent": board.black.name,
        }
    return gettext("board %(board)s, Black against %(opponent)s") % {
        "board": board.number,
        "opponent": board.white.name,
    }


def _team_line(state: EventState, rnd: RoundView, told: Told) -> str:
    number = told.number
    match = next((m for m in rnd.matches if number in (m.home.number, m.away.number)), None)
    if match is None:
        bye = next((b for b in rnd.team_byes if b.team.number == number), None)
        return "" if bye is None else _in_round(rnd.number, str(bye.kind))
    if told.kind == "pairing":
        return _in_round(rnd.number, _match_seat(match, home=match.home.number == number))
    score = f"{match.home.name} {match.score.shown} {match.away.name}"
    return f"{_in_round(rnd.number, score)}; {_standing(state, number)}"


def _match_seat(match: MatchView, *, home: bool) -> str:
    if home:
        return gettext("match %(match)s, at home against %(opponent)s") % {
            "match": match.table,
            "opponent": match.away.name,
        }
    return gettext("match %(match)s, away against %(opponent)s") % {
        "match": match.table,
        "opponent": match.home.name,
    }


def _in_round(number: int, what: str) -> str:
    return gettext("Round %(round)s: %(what)s") % {"round": number, "what": what}


def _standing(state: EventState, number: int) -> str:
    """ "Li now 5.5, 3rd", "(provisional)" when the rank rests on a provisional value."""
    if state.teams:
        team_line = next((t for t in state.teams.lines if t.team.number == number), None)
        if team_line is None or not team_line.cells:
            return _name(state, number)
        cell = team_line.cells[0]
        points = f"{decimal(cell.text)} {cell.column.spec}"
        rank, provisional = team_line.rank, team_line.rank_provisional
    else:
        player_line = next((p for p in state.lines if p.person.start_no == number), None)
        if player_line is None:
            return _name(state, number)
        points = decimal(player_line.points.text)
        rank, provisional = player_line.rank, player_line.rank_provisional
    words = {"name": _name(state, number), "points": points, "place": ordinal(rank)}
    if provisional:
        return gettext("%(name)s now %(points)s, %(place)s (provisional)") % words
    return gettext("%(name)s now %(points)s, %(place)s") % words


def _name(state: EventState, number: int) -> str:
    if state.teams:
        team = state.teams.teams.get(number)
        return team.name if team else str(number)
    person = state.people.get(number)
    return person.name if person else str(number)
