"""A bridge event: the shared Event (slug, name, arbiters, version, audit, push) plus its
bridge part. The event's results are one `standings-bridge-1` document, the same format
the import reads and the export writes; every write replaces it whole, through services."""

from __future__ import annotations

import json

from django.db import models

from standings.bridge.model import BridgeEvent as BridgeData
from standings.bridge.reader import read_bridge
from standings.events.models import Event

MAX_BOARDS = 128  # boards in a match, for the VP scale
SLUG_LENGTH = 50  # Event.slug's, Django's default for a SlugField


class BridgeEvent(models.Model):
    class Scale(models.TextChoices):
        WBF = "wbf", "WBF 2013 continuous scale"
        TYPED = "typed", "VPs typed in (another scale)"

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="bridge")
    document = models.JSONField(help_text="The event as a standings-bridge-1 document.")
    boards_per_match = models.PositiveSmallIntegerField(
        default=16, help_text="Boards in a match: the WBF scale depends on it."
    )
    vp_scale = models.CharField(max_length=8, choices=Scale.choices, default=Scale.WBF)
    # A setting of the match, as boards_per_match is, not a result: the standings-bridge-1
    # format (which the import reads and the export writes) stays as it is.
    segments = models.PositiveSmallIntegerField(
        default=4, help_text="Segments planned in a knockout match: all in, the match is decided."
    )

    def __str__(self) -> str:
        return f"{self.event.name} (bridge)"

    def data(self) -> BridgeData:
        """The document as the pure package reads it (it was checked when written)."""
        return read_bridge(json.dumps(self.document))
