"""The daily streak: how many days in a row, up to today, a player won a daily deal ranked.

A day counts when the player has a ranked win on one of that day's deals (any layout).
The streak still stands on a day not yet won: it counts up to yesterday until the day
(UTC) is over, and breaks on the first day missed. A ranked daily win is won on its own
day (an earlier day's deal is never ranked), so the day of a win is the UTC date it was
finished on.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, date, datetime, timedelta

from game import kinds
from game.models import Game

#: How far back the streak is read; a longer streak shows as this many days.
LONGEST = 3660


def streak_of(days: Iterable[date], today: date) -> int:
    """Days in a row ending today, or yesterday when today is not (yet) one of ``days``.

    >>> from datetime import date
    >>> streak_of({date(2026, 11, 30), date(2026, 12, 1)}, date(2026, 12, 1))
    2
    >>> streak_of({date(2026, 11, 30)}, date(2026, 12, 1))
    1
    >>> streak_of({date(2026, 11, 29)}, date(2026, 12, 1))
    0
    """
    won = set(days)
    day = today if today in won else today - timedelta(days=1)
    count = 0
    while day in won:
        count += 1
        day -= timedelta(days=1)
    return count


def ranked_daily_days(user_id: int, *, since: date) -> set[date]:
    """The UTC days, from ``since`` on, on which the player won a daily deal ranked."""
    start = datetime.combine(since, datetime.min.time(), tzinfo=UTC)
    finished = Game.objects.filter(
        kinds.q(streak=True),
        user_id=user_id,
        result=Game.WON,
        ranked=True,
        finished_at__gte=start,
    ).values_list("finished_at", flat=True)
    return {moment.astimezone(UTC).date() for moment in finished}


def current_streak(user_id: int, today: date) -> int:
    """The player's streak on ``today`` (the UTC day: :func:`mahjong.rules.daily.utc_day`)."""
    return streak_of(ranked_daily_days(user_id, since=today - timedelta(days=LONGEST)), today)
