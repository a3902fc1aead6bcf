"""Logging filters for the production settings: an outage of a service the site
depends on is told in one short line every few seconds, not a traceback per request."""

from __future__ import annotations

import logging
import threading
import time


class _Outage(logging.Filter):
    """Condenses the records it :meth:`concerns` to one line of ``message`` at most
    once every ``every`` seconds per process, with a count of those left out.

    The operator needs to know that a service is down and for how long, not a
    thousand identical tracebacks a second.
    """

    message = "%s"

    def __init__(self, every: float = 10.0):
        super().__init__()
        self.every = every
        self._last = float("-inf")
        self._quiet = 0
        self._lock = threading.Lock()  # the server's threads share the filter

    def concerns(self, record: logging.LogRecord) -> bool:
        return True

    def filter(self, record: logging.LogRecord) -> bool:
        if not self.concerns(record):
            return True
        now = time.monotonic()
        with self._lock:
            if now - self._last < self.every:
                self._quiet += 1
                return False
            quiet, self._last, self._quiet = self._quiet, now, 0
        error = record.exc_info[1] if record.exc_info else None
        reason = f"{type(error).__name__}: {error}" if error else record.getMessage()
        record.msg = self.message
        record.args = (reason,)
        if quiet:
            record.msg += " (and %d more such errors since the last line)"
            record.args = (reason, quiet)
        record.exc_info = None
        record.exc_text = None
        return True


class CacheOutage(_Outage):
    """The cache errors django-redis ignores: while Redis is down every cache call
    fails and is ignored (the site serves on from the database)."""

    message = "cache unavailable, served without it: %s"


class DatabaseOutage(_Outage):
    """``django.request``'s error for each request answered 503 because the database
    cannot be reached (restarting, failing over; see mahjongsite/errors.py).

    Only connection errors are condensed: any other error is a bug and keeps its
    traceback.
    """

    message = "database unavailable, answered 503: %s"

    def concerns(self, record: logging.LogRecord) -> bool:
        from mahjongsite.errors import lost_database

        return lost_database(record.exc_info[1] if record.exc_info else None)


class UnknownHost(_Outage):
    """``django.security.DisallowedHost``: a request for a Host the site does not serve
    (a scanner, a misconfigured DNS name). Each is answered with the translated 400 page;
    the log says so in one line every few seconds, not with a traceback per request."""

    message = "requests for hosts not in DJANGO_ALLOWED_HOSTS, answered 400: %s"
