"""The play page (the board, its controls, a game code to replay a deal), the
statistics page and the leaderboard."""

from __future__ import annotations

import secrets
from urllib.parse import urlencode

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_safe

from mahjong import InvalidGameCode, UnknownLayout, get_layout, parse_code
from quiz.guide import guide_config

from . import charts, formatting, stats
from .api import CURRENT_GAME_KEY, owner_for
from .ids import parse_game_id
from .messages import code_error_message
from .models import Game
from .names import layout_choices, layout_name, tile_names
from .selectors import board_for, game_get
from .serializers import game_payload
from .teaching import reason_strings


def layout_asked(request: HttpRequest) -> str | None:
    """The id of the layout ``?layout=`` names, as the engine reads it; ``None`` when
    there is no such layout (the page then offers the default)."""
    try:
        return get_layout(request.GET.get("layout", "")).id
    except UnknownLayout:
        return None


def _current_game(request: HttpRequest) -> Game | None:
    game_id = parse_game_id(request.session.get(CURRENT_GAME_KEY))
    if game_id is None:
        return None
    try:
        return game_get(game_id=game_id, owner=owner_for(request))
    except Game.DoesNotExist:
        return None


def _board_strings() -> dict:
    """Everything the board's script shows or announces, in the page's language."""
    name = "{name}"
    return {
        "tileNames": tile_names(),
        "tileFree": _("%(name)s, free") % {"name": name},
        "tileBlocked": _("%(name)s, blocked") % {"name": name},
        "selected": _("Selected: %(name)s") % {"name": name},
        "deselected": _("Selection cleared"),
        "blocked": _("%(name)s is blocked. Selection cleared.") % {"name": name},
        "blockedAlone": _("%(name)s is blocked.") % {"name": name},
        "removed": _("Pair removed. %(count)s tiles left.") % {"count": "{count}"},
        "hint": _("Hint: %(first)s and %(second)s") % {"first": "{first}", "second": "{second}"},
        "hintUnsure": _("Hint, not sure to win: %(first)s and %(second)s")
        % {"first": "{first}", "second": "{second}"},
        "lost": _("This game can no longer be won."),
        "undoMovesOne": ngettext("Undo %(count)s move", "Undo %(count)s moves", 1)
        % {"count": "{count}"},
        "undoMovesOther": ngettext("Undo %(count)s move", "Undo %(count)s moves", 2)
        % {"count": "{count}"},
        "noHint": _("No more moves"),
        "undone": _("Pair put back. %(count)s tiles left.") % {"count": "{count}"},
        "paused": _("The game is paused."),
        "resumed": _("The game goes on."),
        "won": _("You won in %(time)s!") % {"time": "{time}"},
        "stuck": _("No more moves"),
        "newGame": _("New game started: %(layout)s, %(code)s")
        % {"layout": "{layout}", "code": "{code}"},
        "loading": _("Loading the board…"),
        "networkError": _("The server could not be reached. Try again."),
        "reasons": reason_strings(),
    }


@require_safe
def play(request: HttpRequest) -> HttpResponse:
    """The board. ``?code=MJ1-…`` plays that deal (resuming it if it is the game in
    progress); without a code the game in progress goes on, or a new Turtle deal starts.
    """
    raw_code = request.GET.get("code")
    code_error = None
    wanted_code = None
    if raw_code is not None:
        try:
            wanted_code = str(parse_code(raw_code))
        except InvalidGameCode as error:
            code_error = code_error_message(error.reason)

    # The guided first game (an invitation from the rules page) starts the example deal
    # afresh.
    guide = guide_config() if request.GET.get("guide") == "1" and not code_error else None
    if guide is not None:
        wanted_code = guide["code"]
    layout = layout_asked(request)
    game = _current_game(request)
    initial = None
    if (
        guide is None
        and game is not None
        and game.state != Game.WON
        and wanted_code in (None, game.code)
        and not (layout is not None and wanted_code is None)
    ):
        initial = game_payload(game, board_for(game), event="loaded")
    create = None
    if initial is None:
        if wanted_code:
            create = {"code": wanted_code}
        elif layout is not None:
            create = {"layout": layout}
        else:
            create = {}
    config = {
        "api": reverse("api:games"),
        "lang": request.LANGUAGE_CODE,
        "csrfToken": get_token(request),
        # This page load's own token: see game_pause and game_resume in game/services.py.
        "page": secrets.token_urlsafe(12),
        "create": create,
        "game": initial,
        "guide": guide,
    }
    context = {
        "layouts": layout_choices(),
        "current_layout": (initial or {}).get("layout", {}).get("id") or layout or "L00",
        "code_value": raw_code if code_error else (initial or {}).get("code", wanted_code or ""),
        "code_error": code_error,
        "board_config": config,
        "board_strings": _board_strings(),
    }
    return render(request, "game/play.html", context, status=400 if code_error else 200)


def _totals_row(totals: stats.Totals, *, name: str) -> dict:
    return {
        "name": name,
        "played": formatting.number(totals.played),
        "won": formatting.number(totals.won),
        "ranked_won": formatting.number(totals.ranked_won),
        "unranked_won": formatting.number(totals.unranked_won),
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


def _win_row(win: stats.Win, rank: int, rank_label: str | None = None) -> dict:
    return {
        "rank": rank_label or formatting.number(rank),
        "layout": layout_name(win.layout_id),
        "code": win.code,
        "time": formatting.clock(win.elapsed_ms),
        "date": formatting.day(win.finished_at),
        "iso_date": timezone.localtime(win.finished_at).date().isoformat(),
        "hints": formatting.number(win.hints_used),
        "ranked": win.ranked,
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
        "time_played": formatting.duration(overall.time_played_ms),
        "layouts": [
            _totals_row(totals, name=layout_name(totals.layout_id))
            for totals in user_stats.per_layout
        ],
        "chart": charts.winning_times_chart(user_stats.recent_wins),
        "recent": [
            _win_row(win, index) for index, win in enumerate(user_stats.recent_wins, start=1)
        ],
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
            _win_row(win, rank, labels[rank])
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
        "personal": personal,
        "boards": boards,
        "login_url": f"{reverse('accounts:login')}?{next_query}",
        "signup_url": reverse("accounts:signup"),
    }
    return render(request, "game/leaderboard.html", context)
