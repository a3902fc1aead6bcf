"""Logging filters for the production settings."""

from __future__ import annotations

import logging
import time


class CacheOutage(logging.Filter):
    """One short line for the cache errors django-redis ignores, at most once every
    ``every`` seconds per process, instead of a full traceback on every request.

    While Redis is down every cache call fails and is ignored (the site serves on from
    the database): the operator needs to know that it is down and for how long, not a
    thousand identical tracebacks a second.
    """

    def __init__(self, every: float = 10.0):
        super().__init__()
        self.every = every
        self._last = float("-inf")
        self._quiet = 0

    def filter(self, record: logging.LogRecord) -> bool:
        now = time.monotonic()
        if now - self._last < self.every:
            self._quiet += 1
            return False
        error = record.exc_info[1] if record.exc_info else None
        reason = f"{type(error).__name__}: {error}" if error else record.getMessage()
        record.msg = "cache unavailable, served without it: %s"
        record.args = (reason,)
        if self._quiet:
            record.msg += " (and %d more such errors since the last line)"
            record.args = (reason, self._quiet)
        record.exc_info = None
        record.exc_text = None
        self._last, self._quiet = now, 0
        return True
