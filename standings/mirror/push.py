"""The venue's pusher: the event's state to the public server after every committed change,
in order, retried with growing delays while the public server cannot be reached.

While it has nothing to send it says it is there (a heartbeat every `MIRROR_HEARTBEAT`
seconds), so the public pages can say when the venue is offline; it records its passes and a
refusal for the venue's status line (templatetags/mirror_status.py).

It polls the event's version (`MIRROR_POLL` seconds; a separate process cannot hear the
`event_committed` signal) and sends the state at the current version whenever the public
server has not acknowledged that version yet: the whole state the first time, then what
changed since the state acknowledged last (batch.delta). What was acknowledged is kept in the
database (`MirrorPush`, with that state): after a restart of either side it goes on from
there. A batch leads to the state at a version, so a batch sent again after a lost
acknowledgement changes nothing, and states skipped while the link was down are not missed:
the next batch holds them all. When the public side lacks the state a delta starts from (a
restored backup, a lost acknowledgement), it says so and the whole state is sent.
"""

from __future__ import annotations

import http.client
import json
import logging
import time
import urllib.error
import urllib.request
from dataclasses import dataclass

from django.conf import settings
from django.utils import timezone

from standings.events.models import Event

from . import batch
from .export import state_at_version
from .models import MirrorPush

log = logging.getLogger("standings.mirror")
TIMEOUT = 15  # seconds for one request
KEPT_ATTEMPTS = 8


class Refused(Exception):
    """The public server refused the token or the batch: retrying will not help."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(f"{status}: {message}")
        self.status = status


@dataclass
class Outcome:
    sent: bool  # a batch went out and was acknowledged
    size: int = 0  # its bytes
    whole: bool = False  # it carried the whole state, not a delta


@dataclass
class Sent:
    """A batch sent and not acknowledged (its answer lost, or the link cut before it): if it
    arrived, the public side's next answer names its number and its state's digest."""

    seq: int
    version: int
    text: str  # its state, batch.canonical
    digest: str


class Pusher:
    def __init__(self, slug: str, to_url: str, token: str) -> None:
        self.slug = slug
        self.url = to_url.rstrip("/") + f"/mirror/{slug}/"
        self.key = batch.token_key(token)
        self.record, _ = MirrorPush.objects.get_or_create(slug=slug, to_url=to_url.rstrip("/"))
        self.sent: list[Sent] = []  # the attempts at the next batch number
        self.whole_needed = not self.record.acked_state
        self.last_beat = 0  # the last heartbeat's count: milliseconds, ever rising
        self.heard_at = 0.0  # time.monotonic() of the public server's last answer
        self.alive_said_at = 0.0  # of the last alive_at written

    def behind(self) -> int:
        """Changes made at the venue that the public server does not have yet."""
        version = Event.objects.filter(slug=self.slug).values_list("version", flat=True).first()
        return max(0, (version or 0) - self.record.acked_version)

    def push_once(self) -> Outcome:
        """Send the current state if the public server lacks it. Raises OSError while it
        cannot be reached, Refused if it refuses."""
        version = Event.objects.values_list("version", flat=True).get(slug=self.slug)
        if self.record.seq and version == self.record.acked_version:
            return Outcome(sent=False)
        # Again after learning the public side's sequence, and after it asks for the state.
        for _attempt in range(3):
            version, state = state_at_version(self.slug)
            state = batch.plain(state)
            text = batch.canonical(state)
            seq = self.record.seq + 1
            said = {"slug": self.slug, "seq": seq, "prev": self.record.seq, "version": version}
            whole = self.whole_needed or not self.record.acked_state
            if whole:
                said["state"] = state
            else:
                said["base"] = batch.digest(self.record.acked_state.encode())
                said["delta"] = batch.delta(json.loads(self.record.acked_state), state)
                said["digest"] = batch.digest(text.encode())
            body = batch.pack(said)
            attempt = Sent(seq, version, text, batch.digest(text.encode()))
            if attempt not in self.sent:
                # The last few only: an attempt that arrived unanswered is one just before a cut.
                self.sent = [*self.sent[-(KEPT_ATTEMPTS - 1) :], attempt]
            status, answer = self._post(body)
            if status == 200:
                self.heard_at = time.monotonic()
                self._acknowledged(seq, version, text)
                log.info(
                    "mirror %s: sent version %s as batch %s (%s, %s bytes); changes waiting: %s",
                    self.slug,
                    version,
                    seq,
                    "whole state" if whole else "changes",
                    len(body),
                    self.behind(),
                )
                return Outcome(sent=True, size=len(body), whole=whole)
            if status == 409 and isinstance(answer.get("last_seq"), int):
                self._caught_up(answer)
                continue
            if status >= 500:
                raise OSError(f"the public server answered {status}")
            raise Refused(status, str(answer.get("error", "")))
        raise Refused(409, "the public server keeps refusing the batch's order")

    def beat(self) -> None:
        """Tell the public server the venue is there (nothing to send for a while). Raises
        OSError while it cannot be reached, Refused if it refuses the token."""
        self.last_beat = max(time.time_ns() // 1_000_000, self.last_beat + 1)
        status, answer = self._post(batch.pack({"slug": self.slug, "beat": self.last_beat}))
        if status == 409 and isinstance(answer.get("last_beat"), int):
            self.last_beat = answer["last_beat"]  # the venue's clock was set back: go on above
            return
        if status >= 500:
            raise OSError(f"the public server answered {status}")
        if status != 200:
            raise Refused(status, str(answer.get("error", "")))
        self.heard_at = time.monotonic()
        if self.record.failing_since is not None:
            self.record.failing_since, self.record.last_error = None, ""
            self.record.save(update_fields=["failing_since", "last_error"])

    def alive(self) -> None:
        """Say the pusher is running (its status line at the venue), every few seconds."""
        if time.monotonic() - self.alive_said_at < settings.MIRROR_HEARTBEAT / 2:
            return
        self.alive_said_at = time.monotonic()
        self.record.alive_at, self.record.refused_status = timezone.now(), None
        MirrorPush.objects.filter(pk=self.record.pk).update(
            alive_at=self.record.alive_at, refused_status=None
        )

    def refused(self, error: Refused) -> None:
        """Stopped by the public server's refusal: the status line says so."""
        self.record.refused_status, self.record.last_error = error.status, str(error)[:300]
        self.record.save(update_fields=["refused_status", "last_error"])

    def _caught_up(self, answer: dict) -> None:
        """Go on from where the public side says it is (a 409's answer)."""
        last_seq, its_digest = answer["last_seq"], answer.get("state_digest")
        for sent in self.sent:
            if sent.seq == last_seq and sent.digest == its_digest:
                # That attempt arrived; its acknowledgement was lost.
                self._acknowledged(sent.seq, sent.version, sent.text)
                return
        log.info(
            "mirror %s: the public side is at batch %s, this venue at %s; going on from it%s",
            self.slug,
            last_seq,
            self.record.seq,
            " with the whole state" if answer.get("need") == "state" else "",
        )
        ours = batch.digest(self.record.acked_state.encode())
        if answer.get("need") == "state" or last_seq != self.record.seq or its_digest != ours:
            self.whole_needed = True
        self.record.seq = last_seq

    def _post(self, body: bytes) -> tuple[int, dict]:
        request = urllib.request.Request(
            self.url,
            data=body,
            method="POST",
            headers={
                "Content-Type": "application/json",
                "Content-Encoding": "gzip",
                batch.SIGNATURE_HEADER: batch.signature(self.key, body),
            },
        )
        try:
            try:
                with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
                    return response.status, _json(response.read())
            except urllib.error.HTTPError as error:
                return error.code, _json(error.read())
        except http.client.HTTPException as error:  # the link cut mid-answer
            raise OSError(f"the answer was cut off ({type(error).__name__})") from error

    def _acknowledged(self, seq: int, version: int, text: str) -> None:
        self.record.seq, self.record.acked_version, self.record.acked_state = seq, version, text
        self.record.failing_since, self.record.last_error = None, ""
        self.record.save()
        self.sent, self.whole_needed = [], False

    def failed(self, error: Exception) -> None:
        if self.record.failing_since is None:
            self.record.failing_since = timezone.now()
        self.record.last_error = str(error)[:300]
        self.record.save(update_fields=["failing_since", "last_error"])

    def run(self, *, stop=lambda: False, once: bool = False) -> None:
        """Push until `stop()` (or one pass with `once`); growing delays while unreachable,
        a heartbeat every MIRROR_HEARTBEAT seconds while there is nothing to send."""
        delay = settings.MIRROR_RETRY_FIRST
        while not stop():
            self.alive()
            try:
                if not self.push_once().sent and self._quiet():
                    self.beat()
            except Refused as error:
                self.refused(error)
                raise
            except OSError as error:  # urllib's URLError and timeouts are OSErrors
                self.failed(error)
                log.warning(
                    "mirror %s: public server unreachable (%s); changes waiting: %s; retry in %ss",
                    self.slug,
                    error,
                    self.behind(),
                    delay,
                )
                if once:
                    raise
                _sleep(delay, stop)
                delay = min(delay * 2, settings.MIRROR_RETRY_MAX)
                continue
            delay = settings.MIRROR_RETRY_FIRST
            if once:
                return
            _sleep(settings.MIRROR_POLL, stop)

    def _quiet(self) -> bool:
        return time.monotonic() - self.heard_at >= settings.MIRROR_HEARTBEAT


def _sleep(seconds: float, stop) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and not stop():
        time.sleep(min(0.1, seconds))


def _json(raw: bytes) -> dict:
    try:
        said = json.loads(raw)
    except ValueError:
        return {}
    return said if isinstance(said, dict) else {}
