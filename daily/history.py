"""The calendar of past days on the daily page: each day's link and, for a signed-in
player, which of that day's deals they won and their best time on each (ranked or not:
an earlier day's deal can be played any time, unranked)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, timedelta

from daily import codes as daily
from game.models import Game

#: How many earlier days the calendar shows: yesterday and the days before (today is not
#: an earlier day; the page above it is today's).
DAYS = 14


@dataclass
class CalendarDay:
    day: date
    #: layout id -> the player's best time on that day's deal of the layout, in ms.
    won: dict[str, int] = field(default_factory=dict)


def calendar(today: date, user_id: int | None, *, days: int = DAYS) -> list[CalendarDay]:
    """The ``days`` days before ``today``, newest first; one query for a signed-in player,
    none else."""
    rows = [CalendarDay(today - timedelta(days=back)) for back in range(1, days + 1)]
    if user_id is None:
        return rows
    deal_of = {}
    for row in rows:
        for layout_id, code in daily.daily_codes(row.day).items():
            deal_of[str(code)] = (row, layout_id)
    wins = Game.objects.filter(
        user_id=user_id, result=Game.WON, code__in=list(deal_of)
    ).values_list("code", "elapsed_ms")
    for code, elapsed_ms in wins:
        row, layout_id = deal_of[code]
        best = row.won.get(layout_id)
        row.won[layout_id] = elapsed_ms if best is None else min(best, elapsed_ms)
    return rows
