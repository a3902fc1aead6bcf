"""The LOGGING setting of the site as its operator runs it (``make run`` and
production): every 5xx to the console, a 500 with its traceback, a database or cache
outage as one short line (mahjongsite/log_filters.py) instead of a traceback per
request."""

from __future__ import annotations


def console_logging(level: str, *, outage_every: float) -> dict:
    """Log to the console at ``level``. ``outage_every``: at most one line per so many
    seconds for the errors of one outage (0: one line for each, with its cause)."""
    outage = {"every": outage_every}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {
            "cache_outage": {"()": "mahjongsite.log_filters.CacheOutage", **outage},
            "database_outage": {"()": "mahjongsite.log_filters.DatabaseOutage", **outage},
            "unknown_host": {"()": "mahjongsite.log_filters.UnknownHost", **outage},
        },
        "handlers": {"console": {"class": "logging.StreamHandler"}},
        "root": {"handlers": ["console"], "level": level},
        "loggers": {
            "mahjongsite.cache": {"filters": ["cache_outage"]},
            # django.request logs each 5xx: a 500 with its traceback; a 503 (the
            # database cannot be reached) in one line that names the cause.
            "django.request": {"filters": ["database_outage"]},
            # A request for an unknown Host: a line, no traceback.
            "django.security.DisallowedHost": {"filters": ["unknown_host"]},
        },
    }
