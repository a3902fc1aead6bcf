"""Which day a request asks for: ``?day=YYYY-MM-DD``, today or an earlier day."""

from __future__ import annotations

from datetime import date


def requested_day(raw: str | None, today: date) -> date | None:
    """The day ``raw`` names, today when it is empty; ``None`` for anything that is not a
    date written ``YYYY-MM-DD``, that is later than today, or that is the first day a date
    can hold (its page links to the day before, which no date can be)."""
    if not raw:
        return today
    try:
        day = date.fromisoformat(raw)
    except ValueError:
        return None
    if len(raw) != 10 or day > today or day == date.min:
        return None
    return day
