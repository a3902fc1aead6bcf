"""The daily deal: one game code per layout per day (UTC), the same for everyone.

From :data:`KEYED_FROM` on, a day's code is derived with the server's secret key, so that
nobody can know a day's deal before the day; from :data:`LONG_FROM` on, it is an ``MJ2``
code, whose 60-bit deal number no search through the numbers finds from the faces seen at
the start (docs/architecture.md, "Working a deal out from its faces")::

    deal number = the first 60 bits of HMAC-SHA256(key, "YYYY-MM-DD:Lnn")   (MJ2)

and since a code's deal number is written in RFC 4648 base 32, most significant bits
first, the code's last part is simply the first 12 characters of the base-32 digest;
whoever holds the key can check it:

    $ printf %s 2026-12-24:L03 | openssl dgst -sha256 -hmac "$KEY" -binary | base32 | cut -c1-12

From :data:`KEYED_FROM` to the day before :data:`LONG_FROM` the codes were ``MJ1`` codes
of the first 35 bits (7 characters) of the same digest, and they keep them.

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

from .codes import DEAL_BITS, NEW_VERSION, GameCode
from .registry import LAYOUTS

#: The first day whose codes come from the key; earlier days keep their public codes.
KEYED_FROM = date(2026, 12, 3)
#: The first day whose codes are ``MJ2`` codes (60 bits); earlier days keep their ``MJ1``.
LONG_FROM = date(2026, 12, 7)


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
    version = NEW_VERSION if day >= LONG_FROM else 1
    number = int.from_bytes(digest[:8], "big") >> (64 - DEAL_BITS[version])
    return GameCode(layout_id, number, version)


def daily_codes(day: date, key: str | None = None) -> dict[str, GameCode]:
    """The day's code for every layout, in layout order."""
    return {layout_id: daily_code(day, layout_id, key) for layout_id in LAYOUTS}


def is_todays(code: GameCode, now: datetime | None = None, key: str | None = None) -> bool:
    """Whether ``code`` is today's daily deal of its layout."""
    return code.layout_id in LAYOUTS and code == daily_code(utc_day(now), code.layout_id, key)
