import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def empty_cache():
    """Renders are keyed by slug and version, which repeat from test to test."""
    cache.clear()
    yield
    cache.clear()
