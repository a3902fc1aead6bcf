"""The daily deal's rules that play and the ranking ask: today's deal of a layout (the
deal a daily game is dealt), which earlier day's deal a typed code is, the kinds of game ask (game/kinds.py). The codes themselves are :mod:`daily.codes`'s.
"""

from __future__ import annotations

from datetime import date, timedelta

from django.utils import timezone

from mahjong import GameCode, UnknownLayout, get_layout
from mahjong.rules.codes import is_custom_id

from .codes import daily_code, utc_day


def todays_daily(layout_id: str) -> GameCode:
    """Today's daily deal of the layout ``layout_id`` names (as :func:`mahjong.get_layout`
    reads it; raises :class:`mahjong.UnknownLayout`): the deal a daily game is dealt. The
    server picks it, so that the client never needs the code before the game ends. A
    player's own layout has no daily deal."""
    layout = get_layout(layout_id)
    if is_custom_id(layout.id):
        raise UnknownLayout(layout.id, "a player's own layout has no daily deal")
    return daily_code(utc_day(timezone.now()), layout.id)


#: How many days back a code is tried as a daily deal without a day given: the days of the
#: daily page's calendar (daily/history.py, DAYS), today included.
DAILY_DAYS_TRIED = 14


def earlier_daily_day(code: GameCode, today: date, *, hint: str | None = None) -> date | None:
    """The day before ``today`` whose daily deal of its layout is ``code``, else None
    (today's deal, or no daily deal of the days tried). A daily code cannot be read back
    to its day (from 3 December 2026 it is an HMAC of the day), so days are tried: first
    ``hint`` (``YYYY-MM-DD``: the day the daily page's link names, checked, never
    trusted), then the calendar's days. The play page labels such a game (anyone may
    play it, never ranked) and its win screen says why it is not ranked."""
    if is_custom_id(code.layout_id):
        return None
    tried = [today - timedelta(days=back) for back in range(1, DAILY_DAYS_TRIED)]
    try:
        hinted = date.fromisoformat(hint) if hint and len(hint) == 10 else None
    except ValueError:
        hinted = None
    if hinted is not None and hinted < today and hinted not in tried:
        tried.insert(0, hinted)
    for day in tried:
        if daily_code(day, code.layout_id) == code:
            return day
    return None
