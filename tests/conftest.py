"""Fixtures shared by every test."""

import functools
import logging
import os
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation
from hypothesis import settings as hypothesis_settings

# Hypothesis: random examples by default (a new chance to find a bug on every local run);
# HYPOTHESIS_PROFILE=ci (set by .ci/run) derandomizes them, so that a red CI run replays
# the same examples anywhere.
hypothesis_settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

# Playwright's sync API runs an event loop in the test thread; the ORM beside it is safe
# because each test runs in one thread.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = "/usr/bin/chromium"


# A fixture set up once per module, class or package, in a test file's own source.
SHARED_FIXTURE = re.compile(r"""scope\s*=\s*["'](module|class|package)["']""")


@functools.cache
def _shares_fixtures(path: Path) -> bool:
    try:
        return bool(SHARED_FIXTURE.search(path.read_text(encoding="utf-8")))
    except OSError:
        return True


def work_unit(nodeid: str, root: Path) -> str:
    """What pytest-xdist hands to one worker at a time: a group of tests or one test.

    The production-stack drills of tests/ops/ go to one worker together, so that two
    stacks are never started, stopped and faulted at the same time; so do the tests of a
    file with a fixture set up once per module or class (a played game, the import graph,
    the extracted catalogue), which is then set up once. Every other test needs nothing
    of its neighbours (a browser test has its own browser context and an emptied
    database) and goes to whichever worker is free, so both stay busy to the end.
    """
    path = nodeid.split("::")[0]
    if path.startswith("tests/ops/"):
        return "ops"
    return path if _shares_fixtures(root / path) else nodeid


# What gives a test the database: pytest-django refuses every other test any query.
DATABASE_FIXTURES = frozenset(
    {
        "db",
        "transactional_db",
        "django_db_reset_sequences",
        "django_db_serialized_rollback",
        "live_server",
    }
)


def uses_the_database(item: pytest.Item) -> bool:
    """Whether pytest-django lets the test query the database: a ``django_db`` mark, or a
    database fixture among the fixtures it uses, directly or through another fixture, or
    Django's own test case class."""
    from django.test import TransactionTestCase

    if item.get_closest_marker("django_db") is not None:
        return True
    cls = getattr(item, "cls", None)
    if cls is not None and issubclass(cls, TransactionTestCase):
        return True
    return bool(DATABASE_FIXTURES.intersection(getattr(item, "fixturenames", ())))


BROWSER_TESTS = Path(__file__).parent / "browser"


def depends_on_the_database(item: pytest.Item) -> bool:
    """Whether the test's outcome may change with the database: it may query it, and,
    for a browser test, it is marked ``stored_flow``: it stores what a player does and
    reads it back on later pages (an account, a win on the boards, a layout, a ranking
    taken away). Any other browser test checks what the page does with the server's
    answers (drawing, words, keys, focus); those answers are checked on every database
    by the API's and the pages' own tests."""
    if not uses_the_database(item):
        return False
    if Path(item.path).is_relative_to(BROWSER_TESTS):
        return item.get_closest_marker("stored_flow") is not None
    return True


def pytest_addoption(parser):
    parser.addoption(
        "--database-tests-only",
        action="store_true",
        help="run only the tests whose outcome may depend on the database (CI's PostgreSQL pass)",
    )


def pytest_collection_modifyitems(config, items):
    """``--database-tests-only``: leave out every test whose outcome cannot depend on the
    database: those pytest-django refuses any query, and the browser tests that are not
    a stored flow. CI runs them once, in its SQLite pass (.ci/run).
    """
    if not config.getoption("--database-tests-only"):
        return
    kept = [item for item in items if depends_on_the_database(item)]
    left_out = [item for item in items if not depends_on_the_database(item)]
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = kept


def pytest_xdist_make_scheduler(config, log):
    """make test's `--dist loadgroup`, with the groups of ``work_unit``.

    pytest-xdist's own groups (the ``xdist_group`` mark) are lost under pytest 9, which
    ignores the new test names that carry them; this schedules from the names alone.
    The groups of several tests go first, largest first, then the other tests one by one
    in pytest-django's order, each to whichever worker is free.
    """
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class GroupScheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return work_unit(nodeid, config.rootpath)

    return GroupScheduling(config, log)


@pytest.fixture(scope="session", autouse=True)
def _live_server_without_nagle():
    """Answer the live server's requests without a 40 ms stall each.

    Django's test server writes a response's headers and its body in separate sends. On a
    kept-alive connection (the browser's fetches, a requests session) Nagle's algorithm
    then holds the body back until the client's delayed acknowledgement, 40 ms later: a
    browser test that played a game through the API spent nearly all its time waiting.
    """
    from django.test.testcases import QuietWSGIRequestHandler

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(QuietWSGIRequestHandler, "disable_nagle_algorithm", True)
        yield


@pytest.fixture(scope="session", autouse=True)
def _quick_flush_on_postgresql():
    """Empty the tables after each transactional test (every live-server test) with
    DELETE rather than TRUNCATE on PostgreSQL.

    TRUNCATE gives every table and index a new file, which took over a second per test on
    a busy machine; deleting the few rows a test wrote takes milliseconds. The flush is
    one transaction and Django's foreign keys on PostgreSQL are checked at its commit, so
    the tables may be emptied in any order. A flush that resets the sequences truncates
    as before. SQLite's flush deletes already.
    """
    from django.db import connections

    if all(connection.vendor != "postgresql" for connection in connections.all()):
        yield
        return
    from django.db.backends.postgresql.operations import DatabaseOperations

    truncate = DatabaseOperations.sql_flush

    def sql_flush(self, style, tables, *, reset_sequences=False, allow_cascade=False):
        if reset_sequences:
            return truncate(
                self, style, tables, reset_sequences=reset_sequences, allow_cascade=allow_cascade
            )
        return [
            f"{style.SQL_KEYWORD('DELETE FROM')} {style.SQL_FIELD(self.quote_name(table))};"
            for table in tables
        ]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(DatabaseOperations, "sql_flush", sql_flush)
        yield


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """Drive Debian's Chromium; Playwright never downloads a browser of its own."""
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ],
    }


@pytest.fixture(autouse=True)
def _reset_language():
    """Start each test in the default language and leave no active language behind."""
    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.deactivate()


class _Undeclared(logging.Handler):
    def __init__(self):
        super().__init__(logging.ERROR)
        self.said: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.said.append(record.getMessage())


@pytest.fixture(autouse=True)
def _api_answers_only_declared_errors():
    """Fail a test in which an API view answered an error code it does not declare for
    the method (mahjongsite.json_api logs it): the declarations are what docs/openapi.json
    is checked against."""
    handler = _Undeclared()
    logger = logging.getLogger("mahjongsite.json_api")
    logger.addHandler(handler)
    yield
    logger.removeHandler(handler)
    assert not handler.said, "undeclared API errors:\n" + "\n".join(handler.said)
