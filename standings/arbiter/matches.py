"""What the arbiter's pages of a team event show: a round as its matches, a match as its
boards with the score as it comes in, the line-ups that may still change, the team byes."""

from __future__ import annotations

from dataclasses import dataclass

from standings.events.match_score import MatchScore, stored_match_scores
from standings.events.models import Event, Forfeit, Match, Participant, Round, Team, TeamBye

from .boards import BoardRow, board_rows, buttons, controls_context, round_context

FORFEIT_CHOICES = [(kind.value, kind.label) for kind in Forfeit if kind.value]
TEAM_BYE_CHOICES = list(TeamBye.Kind.choices)


@dataclass(frozen=True, slots=True)
class MatchRow:
    match: Match
    score: MatchScore


@dataclass(frozen=True, slots=True)
class Lineup:
    """One side of a match whose line-up may still change: its players by board, its roster."""

    team: Team
    players: tuple[int, ...]  # start numbers, board by board
    roster: tuple[Participant, ...]  # the team's members by board order

    def choices(self) -> list[tuple[int, list[tuple[Participant, bool]]]]:
        """Board by board: (board, [(member, playing this board)])."""
        return [
            (board, [(member, member.start_no == no) for member in self.roster])
            for board, no in enumerate(self.players, start=1)
        ]


def match_rows(event: Event, rnd: Round) -> list[MatchRow]:
    scores = stored_match_scores(event, [rnd.pk])
    matches = rnd.matches.select_related("home", "away").order_by("table")
    return [MatchRow(match, scores[match.pk]) for match in matches]


def team_round_context(event: Event, rnd: Round | None) -> dict:
    """The round page of a team event: its matches, the teams without one and their byes."""
    context = round_context(event, None)
    if rnd is None:
        return context
    context.update(controls_context(rnd))
    paired = {team for m in rnd.matches.all() for team in (m.home_id, m.away_id)}
    byes = {b.team_id: b for b in rnd.team_byes.select_related("team")}
    context.update(
        matches=match_rows(event, rnd),
        # Boards an import could not group into matches: entered by board number alone.
        loose=[row for row in board_rows(rnd) if row.game.match_id is None],
        unpaired=[(t, byes.get(t.pk)) for t in event.teams.exclude(pk__in=paired)],
        bye_choices=TEAM_BYE_CHOICES,
    )
    return context


def match_context(
    event: Event, rnd: Round, match: Match, refusals: dict[int, str] | None = None
) -> dict:
    """A match's page: its boards (entered one tap each), its score, forfeit and line-ups."""
    rows = [row for row in board_rows(rnd, refusals) if row.game.match_id == match.pk]
    score = stored_match_scores(event, [rnd.pk])[match.pk]
    tables = list(rnd.matches.order_by("table").values_list("table", flat=True))
    at = tables.index(match.table)
    context = round_context(event, None)
    context.update(controls_context(rnd))
    context.update(
        previous_table=tables[at - 1] if at > 0 else None,
        next_table=tables[at + 1] if at + 1 < len(tables) else None,
        match=match,
        score=score,
        rows=rows,
        buttons=buttons(event),
        forfeit_choices=FORFEIT_CHOICES,
        lineups=lineups(match, rows) if rnd.state != Round.State.CLOSED else [],
    )
    return context


def lineups(match: Match, rows: list[BoardRow]) -> list[Lineup]:
    """Both sides' line-ups while the match has no result; none after."""
    if match.forfeit or any(row.game.result for row in rows):
        return []
    sides = []
    for team in (match.home, match.away):
        roster = tuple(team.members.order_by("board_order", "start_no"))
        own = {p.pk for p in roster}
        players = tuple(
            (row.game.white if row.game.white_id in own else row.game.black).start_no
            for row in rows
        )
        sides.append(Lineup(team, players, roster))
    return sides


def match_answer_context(event: Event, rnd: Round, match: Match, row: BoardRow) -> dict:
    """What a tap on a board answers (htmx): the board, the match score and round controls."""
    return {
        "event": event,
        "round": rnd,
        "match": match,
        "buttons": buttons(event),
        "row": row,
        "score": stored_match_scores(event, [rnd.pk])[match.pk],
        "oob": True,
        **controls_context(rnd),
    }
