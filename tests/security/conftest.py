import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def _empty_cache():
    """Rate-limit counters live in the cache: every test starts with none."""
    cache.clear()
    yield
    cache.clear()
