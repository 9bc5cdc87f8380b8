"""System checks: a server with DEBUG off refuses to run while a demo password still works."""

from __future__ import annotations

from django.conf import settings
from django.core import checks

from .accounts import DEMO_PASSWORDS, accounts_with_demo_passwords

DEMO_PASSWORD_ID = "standings.E001"
DEMO_PASSWORD_HINT = (
    "Change their passwords (manage.py changepassword NAME) or deactivate them; "
    "`load_demo` creates them for trying standings out."
)


def demo_password_issues(level: type[checks.Error | checks.Warning]) -> list[checks.CheckMessage]:
    accounts = accounts_with_demo_passwords()
    if not accounts:
        return []
    names = ", ".join(f"{name}/{DEMO_PASSWORDS[name]}" for name in accounts)
    return [
        level(
            f"Active users still have the demo's passwords: {names}",
            hint=DEMO_PASSWORD_HINT,
            id=DEMO_PASSWORD_ID if level is checks.Error else "standings.W001",
        )
    ]


@checks.register(checks.Tags.security, checks.Tags.database)
def check_demo_passwords(app_configs=None, databases=None, **kwargs) -> list:
    """An error with DEBUG off: it stops runserver, migrate and every other command, and
    asgi.py refuses to serve. With DEBUG on, a warning when the database is checked
    (migrate, `check --database default`)."""
    if not settings.DEBUG:
        return demo_password_issues(checks.Error)
    return demo_password_issues(checks.Warning) if databases else []


@checks.register(checks.Tags.security, deploy=True)
def check_demo_passwords_for_deploy(app_configs=None, databases=None, **kwargs) -> list:
    """`check --deploy` of a development configuration: the same warning."""
    if not settings.DEBUG or databases:
        return []  # check_demo_passwords reports it
    return demo_password_issues(checks.Warning)
