"""python manage.py load_demo: (re)load the demo event."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from standings.demo.accounts import DEMO_PASSWORDS, accounts_with_demo_passwords
from standings.demo.event import DEMO_SLUG, load_demo
from standings.demo.team_event import DEMO_TEAM_SLUG, load_team_demo


class Command(BaseCommand):
    help = (
        f"Delete and recreate the demo events ({DEMO_SLUG}, {DEMO_TEAM_SLUG}), "
        "their arbiter and an admin."
    )

    def handle(self, *args, **options) -> None:
        event = load_demo()
        self.stdout.write(
            f"Loaded {event.name}: {event.participants.count()} players, "
            f"{event.round_set.count()} of {event.rounds_planned} rounds, at /e/{event.slug}/"
        )
        teams = load_team_demo()
        self.stdout.write(
            f"Loaded {teams.name}: {teams.teams.count()} teams, {teams.participants.count()} "
            f"players, {teams.round_set.count()} of {teams.rounds_planned} rounds, "
            f"at /e/{teams.slug}/"
        )
        accounts = accounts_with_demo_passwords()
        if accounts:
            names = ", ".join(f"{name} (password {DEMO_PASSWORDS[name]!r})" for name in accounts)
            self.stderr.write(
                self.style.WARNING(
                    f"WARNING: these accounts sign in with the demo's public passwords: {names}. "
                    "Change them before anyone else can reach this server; with DEBUG off "
                    "standings refuses to start while they work."
                )
            )
