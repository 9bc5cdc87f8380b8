"""What a server process checks before it serves: uvicorn runs no system checks itself."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from django.conf import settings
from django.core import checks
from django.core.exceptions import ImproperlyConfigured
from django.db import connections


def refuse_unsafe_start() -> None:
    """With DEBUG off, raise ImproperlyConfigured on any serious security check (a demo
    password still working, for one), as runserver and migrate would stop on it."""
    if settings.DEBUG:
        return
    # In a thread of its own: uvicorn --workers imports the app inside a running event
    # loop, where Django refuses database queries.
    with ThreadPoolExecutor(max_workers=1) as pool:
        issues = pool.submit(_security_issues).result()
    serious = [issue for issue in issues if issue.is_serious() and not issue.is_silenced()]
    if serious:
        listed = "\n".join(str(issue) for issue in serious)
        raise ImproperlyConfigured(f"standings refuses to serve with DEBUG off:\n{listed}")


def _security_issues() -> list[checks.CheckMessage]:
    try:
        return checks.run_checks(tags=[checks.Tags.security])
    finally:
        connections.close_all()  # opened in this thread; the workers open their own
