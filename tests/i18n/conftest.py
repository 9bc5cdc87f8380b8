import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def empty_cache():
    """Renders and the languages in use are cached by slug, which repeats across tests."""
    cache.clear()
    yield
    cache.clear()
