"""The cache-outage log filter: one short line every few seconds, and a count of the rest."""

import logging

from mahjongsite.log_filters import CacheOutage


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
