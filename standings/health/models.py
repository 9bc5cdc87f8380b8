from __future__ import annotations

from django.db import models


class WriteProbe(models.Model):
    """One scratch row, rewritten and committed by every `/healthz` probe: a write that is
    rolled back never reaches the disk, so only a committed one fails as a result's save
    would on a full disk."""

    written_at = models.DateTimeField()

    class Meta:
        db_table = "health_write_probe"
