"""What a player shares after a win: a short text and a link that opens the same deal.

The link is the play page with the game's code (``/<lang>/play/?code=MJ1-…``): whoever
follows it plays the same tiles in the same places. The text is in the winner's language,
e.g. "MJ1-L00-AAAAABL in 4:12, no hints". Nothing here involves another site: the page
shares through the browser's own share sheet or the clipboard.
"""

from __future__ import annotations

from datetime import date
from urllib.parse import urlencode

from django.urls import reverse
from django.utils.translation import gettext, ngettext

from wording import formatting

from .models import Game


def share_text(game: Game) -> str:
    time = formatting.clock(game.elapsed_ms)
    if not game.hints_used:
        # Translators: the text a player shares after a win, to be read by someone who
        # has not seen the site. %(code)s: the game code (MJ1-L00-AAAAABL); %(time)s: the
        # winning time as a clock shows it (1:39). Name the game and say it was won.
        return gettext("%(code)s in %(time)s, no hints") % {"code": game.code, "time": time}
    return ngettext(
        # Translators: the shared text after a win with hints. %(code)s: the game code;
        # %(time)s: the winning time (1:39); %(count)s: how many hints were used.
        "%(code)s in %(time)s, %(count)s hint",
        "%(code)s in %(time)s, %(count)s hints",
        game.hints_used,
    ) % {"code": game.code, "time": time, "count": formatting.number(game.hints_used)}


def day_board_path(day: date, layout_id: str) -> str:
    """The daily page's board of an earlier day, where that day's deal of a layout stands."""
    query = urlencode({"day": day.isoformat(), "layout": layout_id})
    return f"{reverse('daily')}?{query}#day-board"


def share_path(code: str) -> str:
    """The play page of the active language on this code (a path; the page adds its
    origin)."""
    return f"{reverse('play')}?{urlencode({'code': code})}"


def share_for(game: Game) -> dict | None:
    """``{"text", "path"}`` for a won game, else ``None``. The caller shares only a game
    whose code may be shown (game/answer.py asks game/face_visibility.py: not today's
    daily deal before the day is over)."""
    if game.result != Game.WON:
        return None
    return {"text": share_text(game), "path": share_path(game.code)}
