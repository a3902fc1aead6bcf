"""The daily deal: one game code per layout per day (UTC), the same for everyone, and its
day board.

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
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

from django.db.models import Q
from django.utils import timezone

from mahjong import LAYOUTS, GameCode
from mahjong.rules.codes import DEAL_BITS

from .models import Game

#: The length of a day board.
TOP = 10


def utc_day(now: datetime | None = None) -> date:
    """The daily deal's day at ``now``: the UTC date."""
    return (now or timezone.now()).astimezone(UTC).date()


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


@dataclass(frozen=True)
class DayEntry:
    rank: int
    user_id: int
    username: str
    elapsed_ms: int


@dataclass(frozen=True)
class DayBoard:
    code: str
    entries: list[DayEntry]
    #: How many games won this deal (ranked or not, signed in or not).
    finished: int
    #: The player's place and time among the ranked wins, when they have one.
    your_rank: int | None = None
    your_ms: int | None = None


def _ranked_wins(code: str):
    # Each player has at most one ranked game on a daily deal (their first one; see
    # game/ranking.py), so the board is the ranked wins in time order, no grouping.
    return Game.objects.filter(
        code=code, origin=Game.DAILY, result=Game.WON, ranked=True, user__isnull=False
    )


def day_board(*, code: str, user_id: int | None = None, limit: int = TOP) -> DayBoard:
    """The best ranked times on a daily deal, how many won it, and the player's place.

    At most four queries (two without a player), each an index range of the partial
    indexes on daily wins (``game_daily_ranked_time``, ``game_daily_won``).
    """
    rows = (
        _ranked_wins(code)
        .order_by("elapsed_ms", "finished_at")
        .values_list("user_id", "user__username", "elapsed_ms")[:limit]
    )
    entries = [DayEntry(rank, *row) for rank, row in enumerate(rows, start=1)]
    finished = Game.objects.filter(origin=Game.DAILY, result=Game.WON, code=code).count()
    your_rank = your_ms = None
    if user_id is not None:
        mine = next((entry for entry in entries if entry.user_id == user_id), None)
        if mine is not None:
            your_rank, your_ms = mine.rank, mine.elapsed_ms
        else:
            own = (
                _ranked_wins(code)
                .filter(user_id=user_id)
                .order_by("elapsed_ms")
                .values_list("elapsed_ms", "finished_at")[:1]
            )
            if own:
                your_ms, finished_at = own[0]
                ahead = (
                    _ranked_wins(code)
                    .filter(
                        Q(elapsed_ms__lt=your_ms)
                        | Q(elapsed_ms=your_ms, finished_at__lt=finished_at)
                    )
                    .count()
                )
                your_rank = ahead + 1
    return DayBoard(
        code=code, entries=entries, finished=finished, your_rank=your_rank, your_ms=your_ms
    )
