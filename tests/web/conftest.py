"""Fixtures shared by the page tests."""

import pytest

from tests.content import loaded_site_content


@pytest.fixture
def practice_content(db):
    """The rules page, the practice page and its quiz as make setup loads them, with the
    page caches emptied around the test."""
    with loaded_site_content():
        yield
