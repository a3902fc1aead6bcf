"""The play page: the board, its controls, a game code to replay a deal."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.gzip import gzip_page
from django.views.decorators.http import require_safe

from daily.rules import earlier_daily_day, todays_daily
from editor.gallery import gallery, own_gallery
from editor.pictures import layout_svg, picture_version, svg_of, version_of
from editor.selectors import positions_for
from mahjong import LAYOUTS, InvalidGameCode, parse_code
from mahjong.rules.codes import is_custom_id
from mahjong.rules.daily import utc_day
from quiz.guide import guide_config
from ranking import top_places
from wording import formatting
from wording.messages import code_error_message
from wording.names import IN_SENTENCE, PAIR, layout_choices, tile_names
from wording.teaching import selection_cleared

from . import kinds
from .answer import facts_for
from .current import current_game
from .models import Game
from .params import layout_asked, own_layout_asked
from .selectors import board_for
from .serializers import game_payload
from .services import DEFAULT_LAYOUT
from .sharing import day_board_path


def _is_todays_daily(game: Game, layout_id: str) -> bool:
    """Whether ``game`` is a daily game on today's deal of the layout."""
    return kinds.kind_of(game).board == kinds.DAY_BOARD and game.code == str(
        todays_daily(layout_id)
    )


def _board_strings() -> dict:
    """Everything the board's script shows or announces, in the page's language."""
    name = "{name}"
    return {
        "tileNames": tile_names(),
        "tileNamesInSentence": tile_names(IN_SENTENCE),
        # Translators: a tile's accessible name, read on every tile of the board. %(name)s:
        # the tile's name as a label ("Bamboo 5"); "free" may agree with it or with "tile".
        "tileFree": _("%(name)s, free") % {"name": name},
        # Translators: as above, for a blocked tile. %(name)s: the tile's name as a label.
        "tileBlocked": _("%(name)s, blocked") % {"name": name},
        # Translators: said when a tile is selected. %(name)s: its name as a label.
        "selected": _("Selected: %(name)s") % {"name": name},
        "deselected": _("Selection cleared"),
        # Translators: said when a blocked tile is tapped and the engine gave no reason.
        # %(name)s: the tile's name as a label.
        "blocked": _("%(name)s is blocked. Selection cleared.") % {"name": name},
        # Translators: as above, with no selection to clear. %(name)s: its name as a label.
        "blockedAlone": _("%(name)s is blocked.") % {"name": name},
        # Translators: said after a pair is removed. %(count)s: the tiles left (2 to 142).
        "removed": _("Pair removed. %(count)s tiles left.") % {"count": "{count}"},
        # Translators: said after Hint. %(first)s, %(second)s: the pair's two tiles, each
        # its name inside a sentence ("red dragon" in Swedish); often the same name twice.
        "hint": _("Hint: %(first)s and %(second)s") % {"first": "{first}", "second": "{second}"},
        # Translators: as above, when the solver ran out of time and cannot promise that
        # the pair keeps the game winnable. %(first)s, %(second)s: the two tiles.
        "hintUnsure": _("Hint, not sure to win: %(first)s and %(second)s")
        % {"first": "{first}", "second": "{second}"},
        "tilePairNames": tile_names(PAIR),
        # Translators: said after Hint when the pair's two tiles are identical. %(pair)s:
        # the two named together ("two Red dragons": Swedish "de två röda drakarna").
        "hintPair": _("Hint: %(pair)s") % {"pair": "{pair}"},
        # Translators: as above, when the solver ran out of time and cannot promise that
        # the pair keeps the game winnable. %(pair)s: the two tiles named together.
        "hintPairUnsure": _("Hint, not sure to win: %(pair)s") % {"pair": "{pair}"},
        "lost": _("This game can no longer be won."),
        # Translators: the button of the "can no longer be won" notice: it undoes every
        # move since the game could last be won. %(count)s: how many moves (1 or more).
        "undoMovesOne": ngettext("Undo %(count)s move", "Undo %(count)s moves", 1)
        % {"count": "{count}"},
        "undoMovesOther": ngettext("Undo %(count)s move", "Undo %(count)s moves", 2)
        % {"count": "{count}"},
        "noHint": _("No more moves"),
        # Translators: said after one undo. %(count)s: the tiles left now.
        "undone": _("Pair put back. %(count)s tiles left.") % {"count": "{count}"},
        "undoneMany": ngettext(
            # Translators: said after one action undid several moves at once (always two
            # or more). %(moves)s: how many moves were undone; %(count)s: the tiles left.
            "%(moves)s move undone. %(count)s tiles left.",
            "%(moves)s moves undone. %(count)s tiles left.",
            2,
        )
        % {"moves": "{moves}", "count": "{count}"},
        "paused": _("The game is paused."),
        "resumed": _("The game goes on."),
        # Translators: said and shown on a win. %(time)s: the time as the clock shows it
        # (1:39, or 1:02:03 past an hour).
        "won": _("You won in %(time)s!") % {"time": "{time}"},
        "stuck": _("No more moves"),
        # Translators: said when a new game starts. %(layout)s: the layout's name
        # (Turtle); %(code)s: the game code (MJ1-L00-AAAAABL).
        "newGame": _("New game started: %(layout)s, %(code)s")
        % {"layout": "{layout}", "code": "{code}"},
        # Translators: said when a new deal of the server starts; its game code is not
        # shown until the game ends. %(layout)s: the layout's name.
        "newGameNoCode": _("New game started: %(layout)s") % {"layout": "{layout}"},
        # Translators: the name a screen reader gives a tile that lies wholly under
        # others, whose face is not shown yet.
        "tileHidden": _("Covered tile"),
        "loading": _("Loading the board…"),
        "networkError": _("The server could not be reached. Try again."),
        # A blocked tap's sentence comes with the server's answer; this adds that the tap
        # also cleared a selection.
        "selectionCleared": selection_cleared("{sentence}"),
    }


def _past_day(request: HttpRequest, code: str | None) -> dict | None:
    """The label of an earlier day's daily deal (daily.rules.earlier_daily_day), for the game about to be
    shown when its code is one: that day, written out, and a link to its day board."""
    if not code:
        return None
    try:
        parsed = parse_code(code)
    except InvalidGameCode:  # a player's own layout: never a daily deal
        return None
    day = earlier_daily_day(parsed, utc_day(timezone.now()), hint=request.GET.get("day"))
    if day is None:
        return None
    return {
        "code": str(parsed),
        "day": formatting.long_day(day),
        "iso_day": day.isoformat(),
        "board_url": day_board_path(day, parsed.layout_id),
    }


@require_safe
def play(request: HttpRequest) -> HttpResponse:
    """The board. ``?code=MJ1-…`` plays that deal (resuming it if it is the game in
    progress); ``?daily=L00`` today's daily deal of that layout, whose code the page does
    not carry (the server picks it: a daily game's code is held back until it ends);
    without either the game in progress goes on, or a new Turtle deal starts.
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
    daily = own_layout_asked(request, "daily") if raw_code is None and guide is None else None
    game = current_game(request)
    initial = None
    if (
        guide is None
        and game is not None
        and game.state != Game.WON
        and wanted_code in (None, game.code)
        and not (layout is not None and wanted_code is None and daily is None)
        and (daily is None or _is_todays_daily(game, daily))
    ):
        try:
            initial = game_payload(
                game, board_for(game), facts_for(game, whole=True), event="loaded"
            )
        except InvalidGameCode:
            # A game on a player's own layout that has been deleted since: a new game.
            initial = None
    create = None
    if initial is None:
        if wanted_code:
            create = {"code": wanted_code}
        elif daily is not None:
            create = {"daily": daily}
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
        "requestTimeoutMs": settings.MAHJONG_BOARD_REQUEST_TIMEOUT_MS,
    }
    # Only a typed code can be an earlier day's deal (a fresh deal's code is the server's).
    if initial is not None:
        shown_code = None if kinds.kind_of(game).code_hidden_in_play else game.code
    else:
        shown_code = wanted_code if guide is None else None
    user_id = request.user.pk if request.user.is_authenticated else None
    shown_layout = (initial or {}).get("layout", {}).get("id")
    context = {
        "layouts": layout_choices(),
        "gallery": gallery(user_id),
        "own_gallery": own_gallery(user_id),
        "past_day": _past_day(request, shown_code),
        "current_layout": shown_layout or daily or layout or DEFAULT_LAYOUT,
        "code_value": raw_code if code_error else (initial or {}).get("code") or wanted_code or "",
        "code_error": code_error,
        "board_config": config,
        "board_strings": _board_strings(),
        # The win screen says how many top places a person checks (ranking/top_places.py).
        "review_top_places": top_places.places(),
    }
    return render(request, "game/play.html", context, status=400 if code_error else 200)


#: How long a layout's picture may be kept: for good under its versioned URL (a layout's
#: positions never change, and a new drawing has a new version), a day otherwise.
PICTURE_MAX_AGE_VERSIONED = 365 * 24 * 3600
PICTURE_MAX_AGE = 24 * 3600


@require_safe
@gzip_page
def layout_picture(request: HttpRequest, layout_id: str) -> HttpResponse:
    """A layout drawn small (editor/pictures.py), for the gallery of the New game panel."""
    if layout_id in LAYOUTS:
        svg, version = layout_svg(layout_id), picture_version(layout_id)
    else:
        # A player's own layout, by its id (public, as its game code is), while saved.
        positions = positions_for(layout_id) if is_custom_id(layout_id) else None
        if not positions:
            raise Http404("no such layout")
        svg = svg_of(positions)
        version = version_of(svg)
    response = HttpResponse(svg, content_type="image/svg+xml")
    versioned = request.GET.get("v") == version
    if versioned:
        patch_cache_control(
            response, public=True, max_age=PICTURE_MAX_AGE_VERSIONED, immutable=True
        )
    else:
        patch_cache_control(response, public=True, max_age=PICTURE_MAX_AGE)
    return response
