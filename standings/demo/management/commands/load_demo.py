"""python manage.py load_demo: (re)load the demo event."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from standings.demo.accounts import DEMO_PASSWORDS, accounts_with_demo_passwords
from standings.demo.event import DEMO_SLUG, load_demo
from standings.demo.sections import DEMO_CUP_SLUG, load_cup_demo
from standings.demo.team_event import DEMO_TEAM_SLUG, load_team_demo


class Command(BaseCommand):
    help = (
        f"Delete and recreate the demo events ({DEMO_SLUG}, {DEMO_TEAM_SLUG}, {DEMO_CUP_SLUG} "
        "and its sections), "
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
        cup = load_cup_demo()
        sections = ", ".join(
            f"{s.name} ({s.participants.count()} players)" for s in cup.sections.all()
        )
        self.stdout.write(f"Loaded {cup.name}: sections {sections}, at /e/{cup.slug}/")
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
