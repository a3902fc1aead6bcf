"""CI's PostgreSQL pass runs only the tests whose outcome may depend on the database
(``--database-tests-only``, tests/conftest.py); the others ran in its SQLite pass."""

from types import SimpleNamespace

import pytest
from django.test import SimpleTestCase, TestCase

from tests.conftest import BROWSER_TESTS, depends_on_the_database, uses_the_database


def item(fixtures=(), mark=None, cls=None, path=__file__, marks=()):
    marks = {name: getattr(pytest.mark, name).mark for name in marks}
    if mark is not None:
        marks["django_db"] = mark
    return SimpleNamespace(
        fixturenames=list(fixtures), cls=cls, path=path, get_closest_marker=marks.get
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


BROWSER_TEST = BROWSER_TESTS / "test_example.py"


def test_a_browser_test_is_kept_only_as_a_stored_flow_though_each_may_query():
    drawing = item(["live_server", "page"], path=BROWSER_TEST)
    flow = item(["live_server", "page"], path=BROWSER_TEST, marks=["stored_flow"])
    assert uses_the_database(drawing) and not depends_on_the_database(drawing)
    assert depends_on_the_database(flow)
    # Any other test with the database is kept, marked or not.
    assert depends_on_the_database(item(["client", "db"]))
    assert not depends_on_the_database(item(["page"], path=BROWSER_TEST, marks=["stored_flow"]))
