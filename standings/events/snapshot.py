"""Turn the database's event into the engine's immutable `Event`, and compute standings."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property

from standings.engine import event as engine
from standings.engine.catalogue import lookup
from standings.engine.editions import choose_edition
from standings.engine.result import Standings
from standings.engine.standings import compute_standings

from .models import Event, Game, Match, Round, Team, TeamBye, UnplayedRound


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


# One game as read: round id, match id (None outside a match), board, white's and black's
# participant ids, result.
GameRow = tuple[int, int | None, int, int, int, str]


@dataclass(frozen=True)
class EventRead:
    """One read of an event's published rounds (DRAFT rounds are not public): what
    engine_event describes, and what the pages' state shows besides (state.event_state,
    state.teams), so that a push reads each table once."""

    rounds: list[Round]  # by number
    participants: list[dict]  # id, team_id and PERSON_FIELDS, by start number
    games: list[GameRow]  # every game of those rounds, by round and board
    byes: list[tuple[int, int, str]]  # unplayed rounds: round id, participant id, kind
    teams: list[Team]  # by number
    members: list[tuple[int, int, int | None]]  # team id, start number, board order
    matches: list[tuple[int, int, int, int, int, str]]  # id, round id, table, home, away, forfeit
    team_byes: list[tuple[int, int, str]]  # round id, team id, kind

    @cached_property
    def round_number(self) -> dict[int, int]:
        """Round id -> round number."""
        return {r.pk: r.number for r in self.rounds}

    @cached_property
    def start_no(self) -> dict[int, int]:
        """Participant id -> start number."""
        return {p["id"]: p["start_no"] for p in self.participants}

    @cached_property
    def team_number(self) -> dict[int, int]:
        """Team id -> team number."""
        return {t.pk: t.number for t in self.teams}


def read_event(event: Event) -> EventRead:
    """Read the event: rounds, participants, games and byes; teams and their members; a
    team event's matches and team byes. Plain rows, not model instances: this runs on
    every push."""
    rounds = list(event.round_set.exclude(state=Round.State.DRAFT).order_by("number"))
    team_event = event.kind == Event.Kind.TEAM
    return EventRead(
        rounds=rounds,
        participants=list(
            event.participants.order_by("start_no").values("id", "team_id", *PERSON_FIELDS)
        ),
        games=list(
            Game.objects.filter(round__in=rounds)
            .order_by("round_id", "board")
            .values_list("round_id", "match_id", "board", "white_id", "black_id", "result")
        ),
        byes=list(
            UnplayedRound.objects.filter(round__in=rounds).values_list(
                "round_id", "participant_id", "kind"
            )
        ),
        teams=list(event.teams.order_by("number")),
        members=list(
            event.participants.filter(team__isnull=False)
            .order_by("board_order", "start_no")
            .values_list("team_id", "start_no", "board_order")
        ),
        matches=list(
            Match.objects.filter(round__in=rounds).values_list(
                "id", "round_id", "table", "home_id", "away_id", "forfeit"
            )
        )
        if team_event
        else [],
        team_byes=list(
            TeamBye.objects.filter(round__in=rounds).values_list("round_id", "team_id", "kind")
        )
        if team_event
        else [],
    )


def engine_event(event: Event, read: EventRead | None = None) -> engine.Event:
    """Describe the event for the engine, from `read` (read_event's) or a read of its own."""
    if read is None:
        read = read_event(event)
    rounds, participants = read.rounds, read.participants
    start_no, number = read.start_no, read.round_number
    cells: dict[tuple[int, int], engine.RoundEntry] = {}
    for round_id, _match, _board, white_id, black_id, result in read.games:
        n = number[round_id]
        white_code, black_code = (result[0], result[1]) if result else ("*", "*")
        white, black = start_no[white_id], start_no[black_id]
        cells[(white, n)] = engine.RoundEntry(n, black, "w", white_code)
        cells[(black, n)] = engine.RoundEntry(n, white, "b", black_code)
    for round_id, participant_id, kind in read.byes:
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
    for team_id, member, _order in read.members:
        members.setdefault(team_id, []).append(member)
    teams = tuple(engine.Team(t.number, t.name, tuple(members.get(t.pk, ()))) for t in read.teams)
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
    return _with_matches(described_event, event, read)


def _with_matches(described: engine.Event, event: Event, read: EventRead) -> engine.Event:
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
    most = max((board for _, match, board, *_rest in read.games if match is not None), default=0)
    boards = max(with_boards.boards, most)
    number, team_number = read.round_number, read.team_number
    byes = tuple(
        engine.TeamBye(
            number[round_id], team_number[team], *team_bye_points(kind, event, boards), code=kind
        )
        for round_id, team, kind in read.team_byes
    )
    forfeits = tuple(
        engine.MatchForfeit(number[round_id], team_number[home], team_number[away], forfeit)
        for _id, round_id, _table, home, away, forfeit in read.matches
        if forfeit
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
