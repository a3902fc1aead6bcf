"""The outage log filters: one short line every few seconds, and a count of the rest."""

import logging

from django.db import IntegrityError, InterfaceError, OperationalError

from mahjongsite.log_filters import CacheOutage, DatabaseOutage


def _record() -> logging.LogRecord:
    try:
        raise ConnectionError("Error 111 connecting to 127.0.0.1:6379")
    except ConnectionError as error:
        return logging.LogRecord(
            "mahjongsite.cache",
            logging.ERROR,
            __file__,
            1,
            "Exception ignored",
            None,
            (type(error), error, error.__traceback__),
        )


def test_errors_within_the_interval_are_counted_not_logged(monkeypatch):
    clock = [100.0]
    monkeypatch.setattr("mahjongsite.log_filters.time.monotonic", lambda: clock[0])
    outage = CacheOutage(every=10)

    first = _record()
    assert outage.filter(first)
    assert first.exc_info is None
    assert first.getMessage() == (
        "cache unavailable, served without it: ConnectionError: Error 111 connecting to "
        "127.0.0.1:6379"
    )
    clock[0] = 105.0
    assert not outage.filter(_record())
    assert not outage.filter(_record())
    clock[0] = 110.0
    later = _record()
    assert outage.filter(later)
    assert later.getMessage().endswith("(and 2 more such errors since the last line)")


def _request_error(error: Exception) -> logging.LogRecord:
    try:
        raise error
    except Exception as raised:  # noqa: BLE001 - any error, as Django logs it
        return logging.LogRecord(
            "django.request",
            logging.ERROR,
            __file__,
            1,
            "Internal Server Error: %s",
            ("/sv/stats/",),
            (type(raised), raised, raised.__traceback__),
        )


def test_database_connection_errors_are_condensed_and_counted(monkeypatch):
    clock = [100.0]
    monkeypatch.setattr("mahjongsite.log_filters.time.monotonic", lambda: clock[0])
    outage = DatabaseOutage(every=10)

    first = _request_error(OperationalError("connection refused"))
    assert outage.filter(first)
    assert first.exc_info is None
    assert first.getMessage() == (
        "database unavailable, answered 503: OperationalError: connection refused"
    )
    assert not outage.filter(_request_error(InterfaceError("connection already closed")))
    clock[0] = 110.0
    later = _request_error(OperationalError("connection refused"))
    assert outage.filter(later)
    assert later.getMessage().endswith("(and 1 more such errors since the last line)")


def test_other_request_errors_pass_untouched_even_during_an_outage():
    outage = DatabaseOutage(every=10)
    assert outage.filter(_request_error(OperationalError("connection refused")))

    for error in (ValueError("a bug"), IntegrityError("duplicate key")):
        record = _request_error(error)
        assert outage.filter(record)  # not held back by the outage's interval
        assert record.exc_info[1] is error  # its traceback kept
        assert record.getMessage() == "Internal Server Error: /sv/stats/"
