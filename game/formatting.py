"""Numbers, times, durations and dates for the page's language, with Babel.

The locale is built from Django's active language (``to_locale``). A game's time is shown
as the board's clock shows it, ``m:ss`` (minutes not capped at 59: "75:03"), which Babel
has no format for; ``format_timedelta`` rounds to one unit and serves the total time
played only.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta

from babel.dates import format_date, format_timedelta
from babel.numbers import format_decimal, format_percent
from django.utils import timezone
from django.utils.translation import get_language, to_locale


def babel_locale() -> str:
    """The Babel locale of the active language ("sv", "el", "de", "id")."""
    return to_locale(get_language() or "sv")


def clock(ms: float | None) -> str:
    """A game time as the board's clock shows it: whole seconds, ``m:ss``."""
    if ms is None:
        return "–"
    seconds = max(0, int(ms // 1000))
    return f"{seconds // 60}:{seconds % 60:02d}"


def number(value: int) -> str:
    return format_decimal(value, locale=babel_locale())


def percent(value: float | None) -> str:
    if value is None:
        return "–"
    return format_percent(value, locale=babel_locale())


def duration(ms: int) -> str:
    """A long span, rounded to its largest unit ("3 hours"), in the page's language."""
    return format_timedelta(timedelta(milliseconds=ms), locale=babel_locale())


def day(moment: datetime | date) -> str:
    """A date in the site's time zone, medium length ("30 nov. 2026")."""
    if isinstance(moment, datetime):
        moment = timezone.localtime(moment).date()
    return format_date(moment, format="medium", locale=babel_locale())


def short_day(moment: datetime | date) -> str:
    """A short date for the chart's axis ("30.11.26")."""
    if isinstance(moment, datetime):
        moment = timezone.localtime(moment).date()
    return format_date(moment, format="short", locale=babel_locale())
