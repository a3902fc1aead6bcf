"""What an answer about a game shows beyond the game and its board, each fact worked out
once per answer: whether its code may be shown, whether it takes moves, the share, the
daily streak, the win screen's facts, and for the whole game whether a win could still
be ranked and which earlier day's deal it is. The serializer only shapes them
(game/serializers.py); the API and the play page ask :func:`facts_for` and hand them in.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils import timezone
from django.utils.translation import gettext

from daily.streak import current_streak
from editor.naming import layout_label
from mahjong.rules.daily import utc_day
from wording import formatting

from . import kinds, sharing, win_screen
from .face_visibility import code_hidden
from .models import Game
from .played import may_move


@dataclass(frozen=True)
class Facts:
    """The facts of one answer about ``game``."""

    #: The game's code, or None while it is held back (game/face_visibility.py).
    code: str | None
    #: Whether tiles may be tapped, undone or hinted now.
    movable: bool
    #: What to share after a win (``{"text", "path"}``), else None.
    share: dict | None
    #: A ranked daily win's player's streak, else None.
    streak: int | None
    #: The win screen's facts (game/win_screen.py), None until the game is won.
    win: dict | None
    #: For the whole game only: whether a win could still be ranked.
    may_rank: bool | None = None
    #: For the whole game only: the earlier day whose deal a typed code is, else None.
    past_day: dict | None = None
    #: For the whole game only: a daily deal's day and the words naming it, else None.
    daily: dict | None = None


def facts_for(game: Game, *, whole: bool = False) -> Facts:
    """The facts of an answer about ``game``: a move's (``whole`` false) or the whole
    game's, which adds what needs a query a tap in play should not pay for."""
    hidden = code_hidden(game)
    streak = _streak(game)
    return Facts(
        code=None if hidden else game.code,
        movable=may_move(game),
        share=None if hidden else sharing.share_for(game),
        streak=streak,
        win=win_screen.win_for(game, streak=streak),
        may_rank=win_screen.may_rank(game) if whole else None,
        past_day=_past_day(game) if whole else None,
        daily=_daily(game) if whole else None,
    )


def _streak(game: Game) -> int | None:
    """A signed-in player's streak after a ranked win of a kind that counts for it; no
    query for any other game, so that a tap in play costs none."""
    if not (game.state == Game.WON and game.ranked and kinds.kind_of(game).streak):
        return None
    if game.user_id is None:
        return None
    return current_streak(game.user_id, utc_day(timezone.now()))


def _past_day(game: Game) -> dict | None:
    """For a typed code that is an earlier day's daily deal: that day, written out in the
    request's language, and its day board, so that the board labels the game at once."""
    if kinds.PAST_DAY not in kinds.kind_of(game).never_ranked_because:
        return None
    day = win_screen.earlier_day(game)
    if day is None:
        return None
    return {
        "day": day.isoformat(),
        "text": formatting.long_day(day),
        "board_url": sharing.day_board_path(day, game.layout_id),
    }


def _daily(game: Game) -> dict | None:
    """For a game on a day's own daily deal: its day, and the words the bar and the page
    title name it by ("Daily deal · Turtle · 5 December 2026"), so that a player always
    knows which deal they are on."""
    if kinds.kind_of(game).board != kinds.DAY_BOARD:
        return None
    day = utc_day(game.created_at or timezone.now())
    return {
        "day": day.isoformat(),
        "label": gettext(
            # Translators: names the game in the bar and the page's title while a daily deal
            # is played, as a title bar lists names. %(layout)s: the layout's name;
            # %(day)s: the deal's day, written out ("5 December 2026").
            "Daily deal · %(layout)s · %(day)s"
        )
        % {
            "layout": layout_label(game.layout_id, viewer_id=game.user_id),
            "day": formatting.long_day(day),
        },
    }
