"""The demo's accounts and their well-known passwords, which must never reach production."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import check_password
from django.db import DatabaseError

# username -> password, as `load_demo` creates them and the README tells everyone.
DEMO_PASSWORDS = {"arbiter": "arbiter", "admin": "admin"}


def create_demo_arbiter():
    """The demo event's arbiter, created with its demo password when missing; and, when
    there is no superuser at all, `admin` with its demo password."""
    users = get_user_model()
    arbiter = users.objects.filter(username="arbiter").first()
    if arbiter is None:
        arbiter = users.objects.create_user("arbiter", password=DEMO_PASSWORDS["arbiter"])
    if not users.objects.filter(is_superuser=True).exists():
        users.objects.create_superuser("admin", password=DEMO_PASSWORDS["admin"])
    return arbiter


def accounts_with_demo_passwords() -> list[str]:
    """The active users who still sign in with a demo password; [] when the user table
    cannot be read (not migrated yet, database unreachable)."""
    users = get_user_model()
    try:
        found = list(users.objects.filter(username__in=DEMO_PASSWORDS, is_active=True))
    except DatabaseError:
        return []
    return sorted(
        user.get_username()
        for user in found
        if check_password(DEMO_PASSWORDS[user.get_username()], user.password)
    )
