"""What each side of a mirror keeps: the public side one row per mirrored event, the venue one
row per event it publishes."""

from __future__ import annotations

from django.db import models

from standings.events.models import Event


class MirroredEvent(models.Model):
    """An event of the public side held by a venue: read-only here (actors.check_may_change
    refuses users' writes to an event that has this row), replaced by the venue's batches."""

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="mirrored")
    # The HMAC key derived from the venue's token (batch.token_key): a hash of the token, never
    # the token itself. Empty once revoked.
    token_key = models.CharField(max_length=64, blank=True)
    last_seq = models.PositiveBigIntegerField(default=0)  # of the last batch applied
    last_digest = models.CharField(max_length=64, blank=True)  # its body's sha256
    venue_version = models.PositiveIntegerField(default=0)  # the venue's version it carried
    # The state that batch brought (batch.canonical), from which the next delta starts.
    state = models.TextField(blank=True)
    state_digest = models.CharField(max_length=64, blank=True)
    # When the venue was last heard (a batch or a heartbeat), by this server's clock: the
    # public pages say the venue is offline when it is too long ago (MIRROR_OFFLINE_AFTER).
    heard_at = models.DateTimeField(null=True, blank=True)
    last_beat = models.PositiveBigIntegerField(default=0)  # the venue's, ever rising: no replay

    def __str__(self) -> str:
        return f"{self.event.slug} (mirrored)"


class MirrorPush(models.Model):
    """The venue's side: how far the public server `to_url` has acknowledged the event `slug`."""

    slug = models.SlugField()
    to_url = models.CharField(max_length=500)
    seq = models.PositiveBigIntegerField(default=0)  # of the last batch acknowledged
    acked_version = models.PositiveIntegerField(default=0)  # the venue's version it carried
    # The state that batch carried (batch.canonical): the next batch is the delta from it.
    acked_state = models.TextField(blank=True)
    failing_since = models.DateTimeField(null=True, blank=True)  # unreachable since, else None
    last_error = models.CharField(max_length=300, blank=True)
    # The pusher's last pass (its status line says "not running" when it is too long ago),
    # and the status with which the public server refused it, which stopped it (403: the token).
    alive_at = models.DateTimeField(null=True, blank=True)
    refused_status = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["slug", "to_url"], name="one_push_per_site")]

    def __str__(self) -> str:
        return f"{self.slug} -> {self.to_url}"
