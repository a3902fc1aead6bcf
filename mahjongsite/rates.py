"""Rates as django-ratelimit writes them ("30/m", "5/10s"), read for ``Retry-After``, and
the actions they limit (the settings read each one's rate from its variable)."""

from __future__ import annotations

#: Each limited action's environment variable and its rate in production.
RATE_LIMIT_DEFAULTS = {
    "game_create": ("DJANGO_RATE_LIMIT_GAME_CREATE", "30/m"),
    "game_hint": ("DJANGO_RATE_LIMIT_HINT", "60/m"),
    "game_check": ("DJANGO_RATE_LIMIT_CHECK", "120/m"),
    "game_move": ("DJANGO_RATE_LIMIT_MOVE", "1200/m"),
    "signup": ("DJANGO_RATE_LIMIT_SIGNUP", "10/h"),
    "password_reset": ("DJANGO_RATE_LIMIT_PASSWORD_RESET", "5/h"),
    "password_reset_address": ("DJANGO_RATE_LIMIT_PASSWORD_RESET_ADDRESS", "3/h"),
    # The editor's checks, imports and saves (it checks the layout after each change).
    "layout_edit": ("DJANGO_RATE_LIMIT_LAYOUT_EDIT", "300/m"),
}

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
