"""What following an event keeps on the server: a browser's push subscription (its endpoint,
its two keys, its language) and the numbers it follows; the queue of changed events and
what the worker last saw of each; the VAPID key when no setting gives one.

Nothing else about a follower is stored: no address, no cookie, no account.
"""

from __future__ import annotations

from django.db import models

from standings.events.models import Event

from . import endpoints


class Subscription(models.Model):
    """One browser following one event (a browser following three events has three)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="push_subscriptions")
    endpoint = models.CharField(max_length=1024)
    # Its push service (endpoints.origin_of), set on save: the worker bounds the pushes on
    # their way to each service, so one that hangs holds only its own.
    origin = models.CharField(max_length=1024, default="")
    p256dh = models.CharField(max_length=100)  # the browser's public key, base64url
    auth = models.CharField(max_length=32)  # its authentication secret, base64url
    language = models.CharField(max_length=8, default="en")
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["event", "endpoint"], name="one_subscription_a_page")
        ]

    def __str__(self) -> str:
        return f"{self.endpoint[:60]}… until {self.expires_at:%Y-%m-%d}"

    def save(self, *args, **kwargs) -> None:
        self.origin = endpoints.origin_of(self.endpoint)
        super().save(*args, **kwargs)

    def info(self) -> dict:
        """The subscription as the browser gave it (pywebpush's `subscription_info`)."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


class Followed(models.Model):
    """A number (start number, or team number in a team event) one subscription follows,
    with the notification waiting for it: `lines` by round, merged until it is sent."""

    subscription = models.ForeignKey(
        Subscription, on_delete=models.CASCADE, related_name="followed"
    )
    number = models.PositiveIntegerField()
    # The waiting notification: {"title", "url", "lines": {round: text}}; null when none.
    waiting = models.JSONField(null=True, blank=True)
    # The notification on its way (claimed, not answered yet): new lines meanwhile wait in
    # `waiting`, and no other push leaves for this subscription until it is answered.
    sending = models.JSONField(null=True, blank=True)
    due_at = models.DateTimeField(null=True, blank=True)  # not before (retries back off)
    attempts = models.PositiveSmallIntegerField(default=0)
    sent_at = models.DateTimeField(null=True, blank=True)  # at most one a minute

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["subscription", "number"], name="followed_once")
        ]
        indexes = [models.Index(fields=["due_at"], name="followed_due")]

    def __str__(self) -> str:
        return f"{self.number}, last sent {self.sent_at or 'never'}"


class Seen(models.Model):
    """What the worker last told followers of an event: who sits where in each published
    round and with what result (seating.py); a change is told by comparing with it."""

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="+")
    seating = models.JSONField()


class Change(models.Model):
    """The queue: an event changed (a committed write) and has followers. The worker
    takes all of an event's rows at once."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="+")
    at = models.DateTimeField(auto_now_add=True)


class ServerKey(models.Model):
    """The VAPID key pair generated on first use when no setting gives one: one row."""

    private_pem = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True)
