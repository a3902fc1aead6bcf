"""``GET /api/daily``: the daily deal's codes (documented in docs/openapi.json)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils import timezone

from daily import codes as daily
from game.json_api import ApiError, api_view
from wording.names import layout_name

from .days import requested_day


def _derivation(day) -> str:
    if day < daily.KEYED_FROM:
        return "MJ1-Lnn- + first 7 characters of base32(sha256('YYYY-MM-DD:Lnn'))"
    if day < daily.LONG_FROM:
        return (
            "MJ1-Lnn- + first 7 characters of base32(hmac_sha256(server key, 'YYYY-MM-DD:Lnn'))"
            "; the key is the server's, so a day's deal is unknown before the day"
        )
    return (
        "MJ2-Lnn- + first 12 characters of base32(hmac_sha256(server key, 'YYYY-MM-DD:Lnn'))"
        "; the key is the server's, so a day's deal is unknown before the day"
    )


@api_view(GET=("invalid_field",))
def daily_deals(request: HttpRequest) -> HttpResponse:
    """The day's code per layout (``?day=YYYY-MM-DD`` for an earlier day), and when the
    next day's deals start. Today's codes are ``null``: a code gives the whole deal, and a
    daily game's code is held back until it ends. Today's deal of a layout is played with
    ``POST /api/games`` and ``{"daily": "L00"}``."""
    today = daily.utc_day(timezone.now())
    day = requested_day(request.GET.get("day"), today)
    if day is None:
        raise ApiError("invalid_field", field="day")
    return JsonResponse(
        {
            "day": day.isoformat(),
            "today": day == today,
            "next_change": daily.next_change(today).isoformat().replace("+00:00", "Z"),
            "derivation": _derivation(day),
            "deals": [
                {
                    "layout": {"id": layout_id, "name": layout_name(layout_id)},
                    "code": None if day == today else str(code),
                }
                for layout_id, code in daily.daily_codes(day).items()
            ],
        }
    )
