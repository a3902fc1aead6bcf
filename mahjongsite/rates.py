"""Rates as django-ratelimit writes them ("30/m", "5/10s"), read for ``Retry-After``."""

from __future__ import annotations

_UNIT_SECONDS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def window_seconds(rate: str) -> int:
    """The length of the rate's counting window in seconds: ``"30/m"`` is 60,
    ``"5/10s"`` is 10."""
    _count, _slash, period = rate.partition("/")
    digits = period[:-1]
    return int(digits or 1) * _UNIT_SECONDS[period[-1]]


def retry_after_seconds(rate: str) -> int:
    """What a 429 says in ``Retry-After``: the window's length, the longest wait until
    the count starts afresh."""
    return max(1, window_seconds(rate))
