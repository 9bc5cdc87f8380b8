"""An event out of the database as a TRF file, which `trf_import` reads back as the same event."""

from __future__ import annotations

from dataclasses import replace

from django.utils import timezone

from standings.engine import event as engine
from standings.engine.trf import TrfFile, TrfHeader, write_trf

from .models import Event, Game, Round, UnplayedRound
from .snapshot import engine_event

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
