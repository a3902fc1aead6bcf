"""The daily deal's page: the day's deal per layout (an earlier day's with its code), and a
day board with the best ranked times, the player's place and how many won the deal;
earlier days can be looked at."""

from __future__ import annotations

from datetime import date, timedelta
from urllib.parse import urlencode

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html
from django.views.decorators.http import require_safe

from daily import codes as daily
from daily.streak import current_streak
from editor.gallery import layout_picture
from game.models import Game
from game.params import own_layout_asked
from mahjong import LAYOUTS
from ranking import top_places
from ranking.day_board import day_board
from wording import formatting
from wording.names import layout_name

from .days import requested_day
from .history import calendar


def _page_url(day: date, layout_id: str, today: date) -> str:
    query = {"layout": layout_id} if day == today else {"day": day.isoformat(), "layout": layout_id}
    return f"{reverse('daily')}?{urlencode(query)}"


def _play_query(layout_id: str, code, day: date, is_today: bool) -> dict:
    """Today's deal is played by its layout, an earlier day's by its code and its day, so
    that the play page can say at once which day's deal it is (daily.rules.earlier_daily_day checks the
    day against the code)."""
    return {"daily": layout_id} if is_today else {"code": str(code), "day": day.isoformat()}


def _played(user_id: int | None, codes: dict) -> dict[str, int | None]:
    """The day's deals a signed-in player has played, by layout: the best time of a win
    on it (ms), or None when not won (one query; none for a visitor, whose marks come
    from this browser, static/js/daily-page.js)."""
    if user_id is None:
        return {}
    layout_of = {str(code): layout for layout, code in codes.items()}
    played: dict[str, int | None] = {}
    rows = Game.objects.filter(user_id=user_id, code__in=list(layout_of)).values_list(
        "code", "result", "elapsed_ms"
    )
    for code, result, elapsed_ms in rows:
        layout = layout_of[code]
        best = played.get(layout)
        if result == Game.Result.WON:
            played[layout] = elapsed_ms if best is None else min(best, elapsed_ms)
        else:
            played.setdefault(layout, None)
    return played


@require_safe
def daily_page(request: HttpRequest) -> HttpResponse:
    today = daily.utc_day(timezone.now())
    day = requested_day(request.GET.get("day"), today)
    if day is None:
        raise Http404("no such day")
    layout_id = own_layout_asked(request) or next(iter(LAYOUTS))
    codes = daily.daily_codes(day)
    user = request.user
    board = day_board(
        code=str(codes[layout_id]), user_id=user.pk if user.is_authenticated else None
    )
    play = reverse("play")
    is_today = day == today
    # Today's codes are not shown: a code gives the whole deal, and a ranked game's deal
    # stays unknown to every client until the day is over. Today's deals are played by their
    # layout (the server picks the code); an earlier day's by its code, unranked.
    played = _played(user.pk if user.is_authenticated else None, codes)
    deals = [
        {
            "id": layout,
            "name": layout_name(layout),
            "picture": layout_picture(layout),
            "played": layout in played,
            "won_time": formatting.clock(played[layout]) if played.get(layout) else None,
            "code": None if is_today else str(code),
            "play_url": f"{play}?{urlencode(_play_query(layout, code, day, is_today))}",
            "board_url": _page_url(day, layout, today),
            "selected": layout == layout_id,
        }
        for layout, code in codes.items()
    ]
    context = {
        "is_today": is_today,
        # Today's line names the weekday too ("I dag: torsdag 3 december 2026").
        "day": formatting.weekday_day(day) if day == today else formatting.long_day(day),
        # The day as a <time> element, for the heading of an earlier day's page.
        "day_time": format_html(
            '<time datetime="{}">{}</time>', day.isoformat(), formatting.long_day(day)
        ),
        "iso_day": day.isoformat(),
        # The next daily change, in the language's usual zone until the browser puts it in
        # its own (static/js/local-time.js).
        "next_change": format_html(
            '<time class="local-time" datetime="{}T00:00:00Z">{}</time>',
            (today + timedelta(days=1)).isoformat(),
            formatting.home_time_of_day_start(today + timedelta(days=1)),
        ),
        "deals": deals,
        "layout_id": layout_id,
        "layout_name": layout_name(layout_id),
        "entries": [
            {
                "rank": formatting.number(entry.rank),
                "username": entry.username,
                "time": formatting.clock(entry.elapsed_ms),
                "is_you": user.is_authenticated and entry.user_id == user.pk,
            }
            for entry in board.entries
        ],
        "finished": formatting.number(board.finished),
        "any_finished": board.finished > 0,
        "your_rank": formatting.number(board.your_rank) if board.your_rank else None,
        "your_time": formatting.clock(board.your_ms),
        "previous_url": _page_url(day - timedelta(days=1), layout_id, today),
        "today_url": None if day == today else _page_url(today, layout_id, today),
        "login_url": f"{reverse('accounts:login')}?{urlencode({'next': reverse('daily')})}",
        # The example of how the code is made is the day and layout on show, so that its
        # command gives the code above it; from KEYED_FROM on a day's code needs the key.
        "sample_input": f"{day.isoformat()}:{layout_id}",
        "keyed": day >= daily.KEYED_FROM,
        "long": day >= daily.LONG_FROM,
        "streak": current_streak(user.pk, today) if user.is_authenticated else None,
        "calendar": [
            {
                "day": formatting.day(row.day),
                "iso_day": row.day.isoformat(),
                "url": _page_url(row.day, layout_id, today),
                "is_shown": row.day == day,
                "won": [
                    {"name": layout_name(layout), "time": formatting.clock(ms)}
                    for layout, ms in row.won.items()
                ],
            }
            for row in calendar(today, user.pk if user.is_authenticated else None)
        ],
        "review_top_places": top_places.places(),
    }
    return render(request, "game/daily.html", context)
