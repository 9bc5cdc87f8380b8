"""Venue side: publish an event to a public server, and keep it up to date until stopped."""

from __future__ import annotations

import logging
import signal
import threading

from django.core.management.base import BaseCommand, CommandError

from standings.events.models import Event
from standings.mirror.export import NotMirrorable
from standings.mirror.push import Pusher, Refused


class Command(BaseCommand):
    help = (
        "Send the event SLUG to the public server BASE_URL, then every committed change, in"
        " order, retrying while it cannot be reached; runs until stopped (--once: one pass)."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--to", required=True, help="the public server, e.g. https://...")
        parser.add_argument("--token", required=True, help="from mirror_token on the public side")
        parser.add_argument("--once", action="store_true", help="one pass, then stop")

    def handle(self, *args, slug: str, to: str, token: str, once: bool, **options):
        if not Event.objects.filter(slug=slug).exists():
            raise CommandError(f"no event {slug} here")
        if not to.startswith(("http://", "https://")):
            raise CommandError("--to is the public server's address, http(s)://...")
        if options["verbosity"] > 0:
            logging.getLogger("standings.mirror").setLevel(logging.INFO)
        pusher = Pusher(slug, to, token)
        stopping = threading.Event()

        def stop(_signum, _frame) -> None:  # between two steps, never inside a write
            stopping.set()

        # TERM (a service manager's stop) and INT (Ctrl-C) both end it cleanly. INT alone
        # would not do: a program started in the background by a shell ignores it.
        signal.signal(signal.SIGTERM, stop)
        signal.signal(signal.SIGINT, stop)
        try:
            pusher.run(stop=stopping.is_set, once=once)
        except NotMirrorable as refused:
            raise CommandError(f"not published: {refused}") from None
        except Refused as refused:
            raise CommandError(f"the public server refused: {refused}") from None
        except OSError as error:
            raise CommandError(f"the public server cannot be reached: {error}") from None
        if stopping.is_set():
            self.stdout.write(f"{slug}: stopped; changes not sent yet: {pusher.behind()}")
            return
        self.stdout.write(f"{slug}: changes waiting: {pusher.behind()}")
