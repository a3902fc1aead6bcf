"""The site's content for tests, as make setup loads it."""

from contextlib import contextmanager

from django.core.cache import cache

from quiz.services import practice_sections_load, quiz_questions_load, rules_sections_load


@contextmanager
def loaded_site_content():
    """The rules page, the practice page and its quiz loaded, with the page caches emptied
    around the block (a cached page would hide the content the test loads)."""
    rules_sections_load()
    practice_sections_load()
    quiz_questions_load()
    cache.clear()
    yield
    cache.clear()
