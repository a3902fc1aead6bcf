"""CI's PostgreSQL pass runs only the tests whose outcome may depend on the database
(``--database-tests-only``, tests/conftest.py); the others ran in its SQLite pass."""

from types import SimpleNamespace

import pytest
from django.test import SimpleTestCase, TestCase

from tests.conftest import depends_on_the_database, uses_the_database


def item(fixtures=(), mark=None, cls=None):
    return SimpleNamespace(
        fixturenames=list(fixtures),
        cls=cls,
        get_closest_marker=lambda name: mark if name == "django_db" else None,
    )


@pytest.mark.parametrize(
    "fixtures",
    [["db"], ["transactional_db"], ["live_server", "page"], ["client", "db", "player"]],
)
def test_a_test_with_a_database_fixture_is_kept(fixtures):
    assert uses_the_database(item(fixtures))


def test_a_test_marked_django_db_or_of_djangos_database_test_case_is_kept():
    assert uses_the_database(item(mark=pytest.mark.django_db.mark))
    assert uses_the_database(item(cls=TestCase))


def test_a_test_refused_the_database_is_left_out():
    assert not uses_the_database(item(["client", "settings", "tmp_path"]))
    assert not uses_the_database(item(cls=SimpleTestCase))


def test_the_selection_agrees_with_what_pytest_django_lets_a_test_query(request):
    """This very test has no database fixture: pytest-django refuses it a query."""
    from django.db import connection

    assert not uses_the_database(request.node)
    with pytest.raises(RuntimeError, match="Database access not allowed"):
        connection.cursor()


@pytest.mark.django_db
def test_a_kept_test_may_query(request):
    from django.db import connection

    assert uses_the_database(request.node)
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        assert cursor.fetchone() == (1,)


def test_a_test_marked_database_independent_is_left_out_though_it_may_query():
    marked = item(["live_server", "page"])
    marked.get_closest_marker = lambda name: (
        pytest.mark.database_independent.mark if name == "database_independent" else None
    )
    assert uses_the_database(marked) and not depends_on_the_database(marked)
    assert depends_on_the_database(item(["live_server", "page"]))
