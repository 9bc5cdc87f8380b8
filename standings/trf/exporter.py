"""An event out of the database as a TRF file, which `trf_import` reads back as the same event."""

from __future__ import annotations

from dataclasses import replace

from django.utils import timezone

from standings.engine import event as engine
from standings.engine.trf import TrfBye, TrfFile, TrfForfeitedMatch, TrfHeader, write_trf
from standings.events.models import Event, Game, Match, Round, TeamBye, UnplayedRound
from standings.events.snapshot import engine_event

KIND_TEXT = {
    Event.System.SWISS: "Swiss System",
    Event.System.ROUND_ROBIN: "Round Robin",
    Event.System.DOUBLE_ROUND_ROBIN: "Double Round Robin",
}


def export_trf(event: Event) -> str:
    """The event as TRF text; draft rounds as pairings without results."""
    rounds = list(event.round_set.order_by("number"))
    described = _with_draft_rounds(engine_event(event), event, rounds)
    # A TRF file records no round states; the importer derives them from the results.
    described = replace(described, closed_rounds=frozenset())
    trf = TrfFile(event=described, header=header(event, rounds), rounds_in_file=len(rounds))
    return write_trf(trf)


def header(event: Event, rounds: list[Round]) -> TrfHeader:
    kind_text = KIND_TEXT[Event.System(event.system)]
    team = event.kind == Event.Kind.TEAM
    return TrfHeader(
        name=event.name,
        city=event.location,
        federation=event.federation,
        start_date=event.start_date,
        end_date=event.end_date,
        kind_text=f"Team {kind_text}" if team else kind_text,
        chief_arbiter=event.chief_arbiter,
        deputy_arbiters=tuple(name for name in event.deputy_arbiters.splitlines() if name.strip()),
        time_control=event.time_control,
        round_dates=_round_dates(rounds),
        board_colors=event.board_colors,
        match_points=(
            (
                float(event.match_points_win),
                float(event.match_points_draw),
                float(event.match_points_loss),
            )
            if team
            else None
        ),
        team_bye_points=_team_bye_points(event, rounds),
        team_byes=_team_pairing_byes(rounds),
        byes=_byes(event, rounds),
        forfeited_matches=tuple(
            TrfForfeitedMatch(m.forfeit, m.round.number, m.home.number, m.away.number)
            for m in Match.objects.filter(round__in=rounds)
            .exclude(forfeit="")
            .select_related("round", "home", "away")
            .order_by("round__number", "table")
        ),
        other_records=tuple(line for line in event.trf_records.splitlines() if line.strip()),
    )


def _team_bye_points(event: Event, rounds: list[Round]) -> tuple[float, float] | None:
    """Record 320's points: the event's, or a win and no game points if it has none."""
    if event.team_bye_match_points is not None:
        return (float(event.team_bye_match_points), float(event.team_bye_game_points or 0))
    if TeamBye.objects.filter(round__in=rounds, kind=TeamBye.Kind.PAIRING_BYE).exists():
        return (float(event.match_points_win), 0.0)
    return None


def _team_pairing_byes(rounds: list[Round]) -> tuple[int, ...]:
    """Record 320: the team with the pairing-allocated bye in each round, 0 for none."""
    byes = dict(
        TeamBye.objects.filter(round__in=rounds, kind=TeamBye.Kind.PAIRING_BYE).values_list(
            "round__number", "team__number"
        )
    )
    return tuple(byes.get(r.number, 0) for r in rounds) if byes else ()


def _byes(event: Event, rounds: list[Round]) -> tuple[TrfBye, ...]:
    """Records 240: teams' F, H, Z byes, and the byes of rounds not stored yet.

    A player's bye in a stored round is in his 001 cell already.
    """
    listed: dict[tuple[int, str], list[int]] = {}
    for number, team, kind in (
        TeamBye.objects.filter(round__in=rounds)
        .exclude(kind=TeamBye.Kind.PAIRING_BYE)
        .values_list("round__number", "team__number", "kind")
    ):
        listed.setdefault((number, kind), []).append(team)
    stored = [r.number for r in rounds]
    for number, start_no, team, kind in event.bye_requests.exclude(
        round_number__in=stored
    ).values_list("round_number", "participant__start_no", "team__number", "kind"):
        listed.setdefault((number, kind), []).append(team if team is not None else start_no)
    return tuple(
        TrfBye(kind, number, tuple(sorted(numbers)))
        for (number, kind), numbers in sorted(listed.items())
    )


def _round_dates(rounds: list[Round]) -> tuple:
    dates = tuple(timezone.localtime(r.starts_at).date() if r.starts_at else None for r in rounds)
    return dates if any(dates) else ()


def _with_draft_rounds(described: engine.Event, event: Event, rounds: list[Round]) -> engine.Event:
    """Add the draft rounds, which the engine's event leaves out, as pending pairings."""
    drafts = [r for r in rounds if r.state == Round.State.DRAFT]
    if not drafts:
        return described
    cells: dict[tuple[int, int], engine.RoundEntry] = {}
    for game in Game.objects.filter(round__in=drafts).select_related("round", "white", "black"):
        n, white, black = game.round.number, game.white.start_no, game.black.start_no
        cells[(white, n)] = engine.RoundEntry(n, black, "w", engine.PENDING)
        cells[(black, n)] = engine.RoundEntry(n, white, "b", engine.PENDING)
    for bye in UnplayedRound.objects.filter(round__in=drafts).select_related(
        "round", "participant"
    ):
        n = bye.round.number
        cells[(bye.participant.start_no, n)] = engine.RoundEntry(n, None, None, bye.kind)
    absent = engine.NOT_IN_LINEUP if event.kind == Event.Kind.TEAM else engine.ZERO_BYE
    participants = []
    for p in described.participants:
        known = {e.round: e for e in p.entries}
        entries = tuple(
            known.get(r.number)
            or cells.get((p.start_no, r.number))
            or engine.RoundEntry(r.number, None, None, absent)
            for r in rounds
        )
        participants.append(replace(p, entries=entries))
    return replace(described, participants=tuple(participants))
