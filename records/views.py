"""The statistics page and the leaderboard."""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from daily import codes as daily
from daily.streak import current_streak
from editor.naming import layout_label
from ranking import top_places
from wording import formatting
from wording.names import layout_name

from . import charts, stats


def _totals_row(totals: stats.Totals, *, name: str) -> dict:
    return {
        "name": name,
        "played": formatting.number(totals.played),
        "won": formatting.number(totals.won),
        "ranked_won": formatting.number(totals.ranked_won),
        "unranked_won": formatting.number(totals.unranked_won),
        "held_won": formatting.number(totals.held_won),
        "best_ranked": formatting.clock(totals.best_ranked_ms),
        "win_rate": formatting.percent(totals.win_rate),
        "best": formatting.clock(totals.best_ms),
        "average": formatting.clock(totals.average_ms),
        "hints": formatting.number(totals.hints_used),
        "undos": formatting.number(totals.undos_used),
    }


def _rank_labels() -> list[str]:
    """ "1" to "10" in the page's language, formatted once per page rather than once per
    row (Babel's number formatting was a fifth of the leaderboard page's time)."""
    return ["", *(formatting.number(rank) for rank in range(1, stats.TOP + 1))]


def _win_row(
    win: stats.Win, rank: int, rank_label: str | None = None, *, viewer_id: int | None = None
) -> dict:
    return {
        "rank": rank_label or formatting.number(rank),
        "layout": layout_label(win.layout_id, viewer_id=viewer_id),
        "time": formatting.clock(win.elapsed_ms),
        "date": formatting.day(win.finished_at),
        "iso_date": timezone.localtime(win.finished_at).date().isoformat(),
        "hints": formatting.number(win.hints_used),
        "ranked": win.ranked,
        "held": bool(win.held),
    }


@require_safe
@login_required
def statistics(request: HttpRequest) -> HttpResponse:
    """The signed-in player's statistics (others are sent to sign in)."""
    user_stats = stats.stats_for_user(user_id=request.user.pk)
    overall = user_stats.overall
    context = {
        "overall": _totals_row(overall, name=_("All layouts")),
        "has_games": overall.played > 0,
        # Wins held back for review are said here, not only on the win screen: the
        # player's own page is where they look for a win missing from the boards.
        "held": overall.held_won - overall.held_top_won,
        "held_count": formatting.small_number(overall.held_won - overall.held_top_won),
        # A win waiting for a person's check of a new top time is no suspicion: said apart.
        "held_top": overall.held_top_won,
        "held_top_count": formatting.small_number(overall.held_top_won),
        "review_top_places": top_places.places(),
        "time_played": formatting.duration(overall.time_played_ms),
        "layouts": [
            _totals_row(totals, name=layout_label(totals.layout_id, viewer_id=request.user.pk))
            for totals in user_stats.per_layout
        ],
        "chart": charts.winning_times_chart(user_stats.recent_wins),
        "recent": [
            _win_row(win, index, viewer_id=request.user.pk)
            for index, win in enumerate(user_stats.recent_wins, start=1)
        ],
        "streak": current_streak(request.user.pk, daily.utc_day(timezone.now())),
        # How many recent wins, as the chart's description writes it ("fyra", "4").
        "recent_count": formatting.small_number(len(user_stats.recent_wins)),
    }
    return render(request, "game/stats.html", context)


@require_safe
def leaderboard(request: HttpRequest) -> HttpResponse:
    """Your 10 best winning times (when signed in) and each layout's 10 best players."""
    user = request.user
    labels = _rank_labels()
    personal = None
    if user.is_authenticated:
        personal = [
            _win_row(win, rank, labels[rank], viewer_id=user.pk)
            for rank, win in enumerate(stats.leaderboard_for_user(user_id=user.pk), start=1)
        ]
    boards = [
        {
            "id": layout_id,
            "name": layout_name(layout_id),
            "entries": [
                {
                    "rank": labels[entry.rank],
                    "username": entry.username,
                    "time": formatting.clock(entry.best_ms),
                    "is_you": entry.user_id == user.pk,
                }
                for entry in entries
            ],
        }
        for layout_id, entries in stats.leaderboards_by_layout().items()
    ]
    # The slashes of ``next`` stay as they are (it is a path, and reads better so).
    next_query = urlencode({"next": reverse("leaderboard")}, safe="/")
    context = {
        "review_top_places": top_places.places(),
        "personal": personal,
        "boards": boards,
        "login_url": f"{reverse('accounts:login')}?{next_query}",
        "signup_url": reverse("accounts:signup"),
    }
    return render(request, "game/leaderboard.html", context)
