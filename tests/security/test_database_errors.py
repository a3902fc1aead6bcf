"""Only a database that cannot be reached answers 503 (mahjongsite.errors.lost_database);
every other database error is a bug or an overload to fix, answered 500 and logged with
its traceback."""

from __future__ import annotations

import sqlite3

import pytest
from django.db import DatabaseError, IntegrityError, InterfaceError, OperationalError

from mahjongsite.errors import lost_database


class _DriverError(Exception):
    """A PostgreSQL driver's error, as psycopg gives it: with its SQLSTATE."""

    def __init__(self, sqlstate):
        super().__init__(sqlstate)
        self.sqlstate = sqlstate


def _wrapped(django_error, cause):
    """``django_error`` raised from ``cause``, as Django wraps a driver's error."""
    try:
        raise django_error from cause
    except Exception as error:  # noqa: BLE001 - the error is the value
        return error


@pytest.mark.parametrize(
    ("error", "lost"),
    [
        (_wrapped(OperationalError("refused"), None), True),
        (_wrapped(InterfaceError("connection already closed"), None), True),
        (_wrapped(OperationalError("x"), _DriverError("08006")), True),
        (_wrapped(OperationalError("x"), _DriverError("57P01")), True),
        (_wrapped(OperationalError("x"), _DriverError("53300")), True),
        (
            _wrapped(
                OperationalError("x"), sqlite3.OperationalError("unable to open database file")
            ),
            True,
        ),
        (_wrapped(OperationalError("x"), sqlite3.OperationalError("database is locked")), False),
        (_wrapped(OperationalError("x"), sqlite3.OperationalError("no such table: game")), False),
        (_wrapped(OperationalError("x"), _DriverError("40P01")), False),  # a deadlock
        (_wrapped(IntegrityError("x"), _DriverError("23505")), False),
        (DatabaseError("a query the database refused"), False),
        (RuntimeError("a bug"), False),
        (None, False),
    ],
)
def test_only_an_unreachable_database_is_a_503(error, lost):
    assert lost_database(error) is lost
