"""The daily deal: one game code per layout per day (UTC), the same for everyone.

The code is derived from the date alone, so that anyone can check it::

    deal number = the first 35 bits of SHA-256("YYYY-MM-DD:Lnn")

and since a code's deal number is written in RFC 4648 base 32, most significant bits
first, the code's last part is simply the first 7 characters of the base-32 digest:

    $ printf %s 2026-11-30:L00 | openssl dgst -sha256 -binary | base32 | cut -c1-7

>>> from datetime import date
>>> str(daily_code(date(2026, 11, 30), "L00"))
'MJ1-L00-Y7VUUUZ'

The day changes at 00:00 UTC for everyone, wherever they are.
"""

from __future__ import annotations

import hashlib
from datetime import UTC, date, datetime, timedelta

from .codes import DEAL_BITS, GameCode
from .registry import LAYOUTS


def utc_day(now: datetime | None = None) -> date:
    """The daily deal's day at ``now``: the UTC date."""
    return (now or datetime.now(UTC)).astimezone(UTC).date()


def next_change(day: date) -> datetime:
    """When the deal of ``day`` gives way to the next one: the next 00:00 UTC."""
    return datetime.combine(day + timedelta(days=1), datetime.min.time(), tzinfo=UTC)


def daily_code(day: date, layout_id: str) -> GameCode:
    """The daily deal of ``layout_id`` on ``day`` (see the module's docstring)."""
    digest = hashlib.sha256(f"{day.isoformat()}:{layout_id}".encode("ascii")).digest()
    number = int.from_bytes(digest[:5], "big") >> (40 - DEAL_BITS)
    return GameCode(layout_id, number)


def daily_codes(day: date) -> dict[str, GameCode]:
    """The day's code for every layout, in layout order."""
    return {layout_id: daily_code(day, layout_id) for layout_id in LAYOUTS}


def is_todays(code: GameCode, now: datetime | None = None) -> bool:
    """Whether ``code`` is today's daily deal of its layout."""
    return code.layout_id in LAYOUTS and code == daily_code(utc_day(now), code.layout_id)
