"""Template tags of a BAM match scored board by board: how far it is, for the pages that
list the round's matches (bridge/matches.html, bridge/score_bam.html)."""

from typing import Any

from django import template

from standings.bridge.model import BamEvent
from standings.bridge_events import bam_boards
from standings.bridge_events.models import BridgeEvent

register = template.Library()


@register.simple_tag
def bam_progress(data: Any, bridge: BridgeEvent, row: Any) -> bam_boards.BamMatchView | None:
    """The match of `row` (a pages.MatchRow) as scored board by board (boards in, planned,
    provisional); None for a match entered as totals or of another kind of event."""
    if not isinstance(data, BamEvent) or row.away is None:
        return None
    view = bam_boards.bam_match_view(bridge, data, row.round, row.home, row.away)
    return view if view.started else None


@register.simple_tag
def bam_free_teams(data: Any, number: int) -> list[tuple[int, str]]:
    """The teams with no match yet in round `number`, which a new match can pair."""
    if not isinstance(data, BamEvent):
        return []
    busy = {side for m in data.matches if m.round == number for side in (m.home, m.away)}
    return [(t.id, t.name) for t in data.teams if t.id not in busy]
