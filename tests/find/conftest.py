import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def empty_cache():
    """Renders are keyed by slug and version, which repeat from test to test."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def no_kept_indexes():
    """Events made again test after test repeat slug, version and even id."""
    from standings.web import render, search

    search._INDEXES.clear()
    render._SCOPES.clear()
    yield
    search._INDEXES.clear()
    render._SCOPES.clear()
