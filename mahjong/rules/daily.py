"""The daily deal: one game code per layout per day (UTC), the same for everyone.

From :data:`KEYED_FROM` on, a day's code is derived with the server's secret key, so that
nobody can know a day's deal before the day::

    deal number = the first 35 bits of HMAC-SHA256(key, "YYYY-MM-DD:Lnn")

and since a code's deal number is written in RFC 4648 base 32, most significant bits
first, the code's last part is simply the first 7 characters of the base-32 digest; whoever
holds the key can check it:

    $ printf %s 2026-12-24:L03 | openssl dgst -sha256 -hmac "$KEY" -binary | base32 | cut -c1-7

The days before :data:`KEYED_FROM` had been published with the public formula (SHA-256 of
the same text, no key) and keep their codes, so their deals, boards and streaks stand:

>>> from datetime import date
>>> str(daily_code(date(2026, 11, 30), "L00"))
'MJ1-L00-Y7VUUUZ'

The day changes at 00:00 UTC for everyone, wherever they are.
"""

from __future__ import annotations

import hashlib
import hmac
from datetime import UTC, date, datetime, timedelta

from .codes import DEAL_BITS, GameCode
from .registry import LAYOUTS

#: The first day whose codes come from the key; earlier days keep their public codes.
KEYED_FROM = date(2026, 12, 3)


def utc_day(now: datetime | None = None) -> date:
    """The daily deal's day at ``now``: the UTC date."""
    return (now or datetime.now(UTC)).astimezone(UTC).date()


def next_change(day: date) -> datetime:
    """When the deal of ``day`` gives way to the next one: the next 00:00 UTC."""
    return datetime.combine(day + timedelta(days=1), datetime.min.time(), tzinfo=UTC)


def daily_code(day: date, layout_id: str, key: str | None = None) -> GameCode:
    """The daily deal of ``layout_id`` on ``day`` (see the module's docstring). ``key``
    (the text given to ``openssl -hmac``) is needed from :data:`KEYED_FROM` on."""
    message = f"{day.isoformat()}:{layout_id}".encode("ascii")
    if day < KEYED_FROM:
        digest = hashlib.sha256(message).digest()
    elif not key:
        raise ValueError(f"the daily codes from {KEYED_FROM.isoformat()} on need the key")
    else:
        digest = hmac.new(key.encode("utf-8"), message, hashlib.sha256).digest()
    number = int.from_bytes(digest[:5], "big") >> (40 - DEAL_BITS)
    return GameCode(layout_id, number)


def daily_codes(day: date, key: str | None = None) -> dict[str, GameCode]:
    """The day's code for every layout, in layout order."""
    return {layout_id: daily_code(day, layout_id, key) for layout_id in LAYOUTS}


def is_todays(code: GameCode, now: datetime | None = None, key: str | None = None) -> bool:
    """Whether ``code`` is today's daily deal of its layout."""
    return code.layout_id in LAYOUTS and code == daily_code(utc_day(now), code.layout_id, key)
