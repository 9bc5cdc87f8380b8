"""Turn the database's event into the engine's immutable `Event`, and compute standings."""

from __future__ import annotations

from dataclasses import replace

from django.db.models import Max

from standings.engine import event as engine
from standings.engine.catalogue import lookup
from standings.engine.editions import choose_edition
from standings.engine.result import Standings
from standings.engine.standings import compute_standings

from .models import Event, Game, Match, Round, TeamBye, UnplayedRound


def rule_edition(event: Event) -> str:
    """The event's FIDE rule edition: its own choice, else the engine's rule for its start date."""
    return choose_edition(event.start_date, event.rule_edition or None)


# The engine's Scoring field for each points field of the Event (TRF record 162).
SCORING_FIELDS = {
    "win": "points_win",
    "draw": "points_draw",
    "loss": "points_loss",
    "pairing_bye": "points_pairing_bye",
    "full_bye": "points_full_bye",
    "half_bye": "points_half_bye",
    "zero_bye": "points_zero_bye",
    "forfeit_win": "points_forfeit_win",
    "forfeit_loss": "points_forfeit_loss",
}


# The engine Participant's fields read as they are from the Participant model.
PERSON_FIELDS = (
    "start_no",
    "name",
    "rating",
    "title",
    "federation",
    "fide_id",
    "national_rating",
    "sex",
    "birth",
)


def scoring(event: Event) -> engine.Scoring:
    return engine.Scoring(
        **{name: float(getattr(event, field)) for name, field in SCORING_FIELDS.items()}
    )


def engine_event(event: Event) -> engine.Event:
    """Read the whole event in six queries and describe it for the engine."""
    # DRAFT rounds are not public: their games are neither results nor pending games.
    rounds = list(event.round_set.exclude(state=Round.State.DRAFT).order_by("number"))
    participants = list(event.participants.order_by("start_no").values("id", *PERSON_FIELDS))
    start_no = {p["id"]: p["start_no"] for p in participants}
    cells: dict[tuple[int, int], engine.RoundEntry] = {}
    number = {r.pk: r.number for r in rounds}
    # Plain rows, not model instances: this runs on every push.
    games = Game.objects.filter(round__in=number).values_list(
        "round_id", "white_id", "black_id", "result"
    )
    for round_id, white_id, black_id, result in games:
        n = number[round_id]
        white_code, black_code = (result[0], result[1]) if result else ("*", "*")
        white, black = start_no[white_id], start_no[black_id]
        cells[(white, n)] = engine.RoundEntry(n, black, "w", white_code)
        cells[(black, n)] = engine.RoundEntry(n, white, "b", black_code)
    byes = UnplayedRound.objects.filter(round__in=number).values_list(
        "round_id", "participant_id", "kind"
    )
    for round_id, participant_id, kind in byes:
        n = number[round_id]
        code = engine.NOT_PAIRED if kind == UnplayedRound.Kind.NOT_PAIRED else kind
        cells[(start_no[participant_id], n)] = engine.RoundEntry(n, None, None, code)

    absent = engine.NOT_IN_LINEUP if event.kind == Event.Kind.TEAM else engine.ZERO_BYE
    described = []
    for p in participants:
        entries = tuple(
            cells.get((p["start_no"], r.number)) or engine.RoundEntry(r.number, None, None, absent)
            for r in rounds
        )
        described.append(
            engine.Participant(**{name: p[name] for name in PERSON_FIELDS}, entries=entries)
        )
    members: dict[int, list[int]] = {}
    in_teams = event.participants.filter(team__isnull=False).order_by("board_order", "start_no")
    for team_id, member in in_teams.values_list("team_id", "start_no"):
        members.setdefault(team_id, []).append(member)
    teams = tuple(
        engine.Team(t.number, t.name, tuple(members.get(t.pk, ()))) for t in event.teams.all()
    )
    described_event = engine.Event(
        name=event.name,
        participants=tuple(described),
        rounds=event.rounds_planned,
        system=engine.System(event.system),
        scoring=scoring(event),
        start_date=event.start_date,
        tiebreaks=tuple(event.tiebreak_list()),
        closed_rounds=frozenset(r.number for r in rounds if r.state == Round.State.CLOSED),
        teams=teams,
        lots_seed=event.lots_seed,
        shared_places=event.shared_places,
    )
    if event.kind != Event.Kind.TEAM:
        return described_event
    return _with_matches(described_event, event, number)


def _with_matches(described: engine.Event, event: Event, number: dict[int, int]) -> engine.Event:
    """A team event's match points (362), boards (352), team byes and forfeited matches."""
    with_boards = replace(
        described,
        match_points=(
            float(event.match_points_win),
            float(event.match_points_draw),
            float(event.match_points_loss),
        ),
        boards=len(event.board_colors.strip()),
    )
    # The boards of a match: record 352's, or the most any match of these rounds has.
    in_matches = Game.objects.filter(round__in=number, match__isnull=False)
    most = in_matches.aggregate(most=Max("board"))["most"] or 0
    boards = max(with_boards.boards, most)
    byes = tuple(
        engine.TeamBye(number[round_id], team, *team_bye_points(kind, event, boards), code=kind)
        for round_id, team, kind in TeamBye.objects.filter(round__in=number).values_list(
            "round_id", "team__number", "kind"
        )
    )
    forfeits = tuple(
        engine.MatchForfeit(number[round_id], home, away, forfeit)
        for round_id, home, away, forfeit in Match.objects.filter(round__in=number)
        .exclude(forfeit="")
        .values_list("round_id", "home__number", "away__number", "forfeit")
    )
    return replace(with_boards, team_byes=byes, match_forfeits=forfeits)


def team_bye_points(code: str, event: Event, boards: int) -> tuple[float, float]:
    """A team bye's match and game points: what the event states for a pairing-allocated
    bye, else a full bye as a won match, a half bye as a drawn one."""
    win, draw, loss = (
        float(event.match_points_win),
        float(event.match_points_draw),
        float(event.match_points_loss),
    )
    if code == TeamBye.Kind.PAIRING_BYE and event.team_bye_match_points is not None:
        gp = event.team_bye_game_points
        return float(event.team_bye_match_points), float(gp) if gp is not None else boards / 2
    if code in (TeamBye.Kind.FULL_BYE, TeamBye.Kind.PAIRING_BYE):
        return win, float(boards)
    if code == TeamBye.Kind.HALF_BYE:
        return draw, boards / 2
    return loss, 0.0


def event_standings(event: Event, through_round: int | None = None) -> Standings:
    """Current standings of a stored event (one engine run) on its list as stored: a team
    event's teams (the pages add what `team_tiebreaks` adds)."""
    return compute_standings(
        engine_event(event),
        event.tiebreak_list(),
        rules=rule_edition(event),
        through_round=through_round,
    )


def team_tiebreaks(specs: list[str]) -> list[str]:
    """A team event's list as its standings pages rank on it: both scores always shown, the
    primary one first (match points when the list names none), the secondary one last when
    the list does not name it; an empty list is match points, then game points."""
    scores = [lookup(s)[0].name for s in specs]
    named = [n for n in scores if n in ("PTS", "MPTS", "GPTS")]
    out = list(specs) if named else ["MPTS", *specs]
    primary = "GPTS" if named and named[0] == "GPTS" else "MPTS"
    secondary = "MPTS" if primary == "GPTS" else "GPTS"
    if secondary not in scores and not (secondary == "MPTS" and "PTS" in scores):
        out.append(secondary)
    return out


def individual_tiebreaks(specs: list[str]) -> list[str]:
    """The entries of a team event's list that rank its players too (no team entry, no
    score basis)."""
    out = []
    for text in specs:
        spec, entry = lookup(text)
        if not entry.team and not spec.basis:
            out.append(text)
    return out
