"""python manage.py follow_worker: sends followers' notifications (standings/follow/worker.py).
Run one per site, beside the web processes; `make run` starts it."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from standings.follow.worker import Worker


class Command(BaseCommand):
    help = "Send the Web Push notifications of followed players (one worker per site)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--once", action="store_true", help="one pass, then exit")
        parser.add_argument("--poll", type=float, default=0.5, help="seconds between passes")

    def handle(self, *args, once: bool, poll: float, **options) -> None:
        worker = Worker()
        try:
            if once:
                worker.run_once()
            else:
                worker.run(poll=poll)
        finally:
            worker.close()
