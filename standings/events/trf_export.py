"""An event out of the database as a TRF file, which `trf_import` reads back as the same event."""

from __future__ import annotations

from dataclasses import replace

from django.utils import timezone

from standings.engine import event as engine
from standings.engine.trf import TrfFile, TrfHeader, write_trf

from .models import Event, Round
from .snapshot import engine_event

KIND_TEXT = {
    Event.System.SWISS: "Swiss System",
    Event.System.ROUND_ROBIN: "Round Robin",
    Event.System.DOUBLE_ROUND_ROBIN: "Double Round Robin",
}


def export_trf(event: Event) -> str:
    """The event as TRF text; draft rounds as pairings without results."""
    rounds = list(event.round_set.order_by("number"))
    described = engine_event(event)
    drafts = {r.number for r in rounds if r.state == Round.State.DRAFT}
    if drafts:
        described = replace(
            described,
            participants=tuple(_without_results(p, drafts) for p in described.participants),
        )
    # A TRF file records no round states; the importer derives them from the results.
    described = replace(described, closed_rounds=frozenset())
    return write_trf(
        TrfFile(event=described, header=header(event, rounds), rounds_in_file=len(rounds))
    )


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
        round_dates=tuple(
            timezone.localtime(r.starts_at).date() if r.starts_at else None for r in rounds
        ),
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


def _without_results(p: engine.Participant, drafts: set[int]) -> engine.Participant:
    entries = tuple(
        replace(e, code=engine.PENDING) if e.round in drafts and e.opponent is not None else e
        for e in p.entries
    )
    return replace(p, entries=entries)
