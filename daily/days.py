"""Which day a request asks for: ``?day=YYYY-MM-DD``, today or an earlier day."""

from __future__ import annotations

from datetime import date


def requested_day(raw: str | None, today: date) -> date | None:
    """The day ``raw`` names, today when it is empty; ``None`` for anything that is not a
    date written ``YYYY-MM-DD`` or that is later than today."""
    if not raw:
        return today
    try:
        day = date.fromisoformat(raw)
    except ValueError:
        return None
    if len(raw) != 10 or day > today:
        return None
    return day
