"""The demo's public passwords: load_demo names them; the system check flags them."""

from __future__ import annotations

import io

import pytest
from django.core import checks
from django.core.management import call_command

from standings.demo.accounts import accounts_with_demo_passwords
from standings.demo.checks import check_demo_passwords, check_demo_passwords_for_deploy


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def test_load_demo_warns_naming_the_accounts(db):
    out, err = io.StringIO(), io.StringIO()
    call_command("load_demo", stdout=out, stderr=err)
    assert "Loaded Demo Open" in out.getvalue()
    warning = err.getvalue()
    assert "admin (password 'admin')" in warning and "arbiter (password 'arbiter')" in warning


def test_changed_or_inactive_accounts_are_not_flagged(db, django_user_model):
    call_command("load_demo", stdout=io.StringIO(), stderr=io.StringIO())
    assert accounts_with_demo_passwords() == ["admin", "arbiter"]
    admin = django_user_model.objects.get(username="admin")
    admin.set_password("a-long-private-password-1")
    admin.save()
    django_user_model.objects.filter(username="arbiter").update(is_active=False)
    assert accounts_with_demo_passwords() == []
    err = io.StringIO()
    call_command("load_demo", stdout=io.StringIO(), stderr=err)
    assert err.getvalue() == ""


def test_an_error_with_debug_off_a_warning_with_debug_on(db, settings):
    call_command("load_demo", stdout=io.StringIO(), stderr=io.StringIO())
    settings.DEBUG = False
    [error] = check_demo_passwords()
    assert error.level == checks.ERROR and error.id == "standings.E001"
    assert "admin/admin, arbiter/arbiter" in error.msg
    assert check_demo_passwords_for_deploy() == []  # reported once
    settings.DEBUG = True
    assert check_demo_passwords() == []  # plain `check` without the database stays quiet
    [warning] = check_demo_passwords(databases=["default"])
    assert warning.level == checks.WARNING and warning.id == "standings.W001"
    [warning] = check_demo_passwords_for_deploy()
    assert warning.id == "standings.W001"


def test_a_database_without_tables_is_no_error(db, settings, django_user_model, monkeypatch):
    from django.db import ProgrammingError

    def missing(*args, **kwargs):
        raise ProgrammingError('relation "auth_user" does not exist')

    monkeypatch.setattr(django_user_model.objects, "filter", missing)
    settings.DEBUG = False
    assert check_demo_passwords() == []
