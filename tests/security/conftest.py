"""Each test counts sign-in failures in a cache of its own, so counts never leak between tests."""

from __future__ import annotations

import math
import uuid

import pytest

from standings.security import login_throttle


@pytest.fixture
def own_cache(settings, monkeypatch):
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": f"test-{uuid.uuid4().hex}",
        }
    }
    monkeypatch.setattr(login_throttle, "_cache_failed_at", -math.inf)
    login_throttle._process_counts.clear()
    yield
    login_throttle._process_counts.clear()


@pytest.fixture
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
