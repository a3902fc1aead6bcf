"""The daily codes with the site's key: :mod:`mahjong.rules.daily` (the engine, no
Django) given ``settings.MAHJONG_DAILY_KEY``.

The key comes from the environment (``MAHJONG_DAILY_KEY``). Without it, it is derived
from ``SECRET_KEY`` (an HMAC of a fixed label), so a development server and ``make run``
have one without setup; an operator sets it on its own so that changing the secret key
does not change the coming days' deals. ``manage.py daily_key`` prints the key in
use, for checking a code with openssl as docs/architecture.md shows.
"""

from __future__ import annotations

import hashlib
import hmac
from datetime import date, datetime

from django.conf import settings

from mahjong import GameCode
from mahjong.rules import daily as rules
from mahjong.rules.daily import KEYED_FROM, LONG_FROM, next_change, utc_day

__all__ = [
    "KEYED_FROM",
    "LONG_FROM",
    "daily_code",
    "daily_codes",
    "is_todays",
    "key",
    "next_change",
    "utc_day",
]


def key() -> str:
    """The key of the daily codes: the setting, else one derived from SECRET_KEY."""
    given = getattr(settings, "MAHJONG_DAILY_KEY", "")
    if given:
        return given
    label = b"mahjong daily codes"
    return hmac.new(settings.SECRET_KEY.encode("utf-8"), label, hashlib.sha256).hexdigest()


def daily_code(day: date, layout_id: str) -> GameCode:
    """The daily deal of ``layout_id`` on ``day``."""
    return rules.daily_code(day, layout_id, key())


def daily_codes(day: date) -> dict[str, GameCode]:
    """The day's code for every layout, in layout order."""
    return rules.daily_codes(day, key())


def is_todays(code: GameCode, now: datetime | None = None) -> bool:
    """Whether ``code`` is today's daily deal of its layout."""
    return rules.is_todays(code, now, key())
