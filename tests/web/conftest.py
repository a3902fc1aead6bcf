"""Fixtures shared by the page tests."""

import pytest
from django.core.cache import cache

from quiz.services import practice_sections_load, quiz_questions_load, rules_sections_load


@pytest.fixture
def practice_content(db):
    """The rules page, the practice page and its quiz as make setup loads them, with the
    page caches emptied around the test."""
    rules_sections_load()
    practice_sections_load()
    quiz_questions_load()
    cache.clear()
    yield
    cache.clear()
