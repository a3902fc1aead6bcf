"""The JSON API of the board, documented in docs/openapi.json.

Views stay thin: parse the request, call a service or a selector, and answer through
:mod:`game.serializers`: the whole game on creation and ``GET``, only the change (with
``version``) for a move; each with ``event``, what the request just did. Every error is
a 4xx answer ``{"error": {"code", "message"}}`` with the message in the request's
language: the ``lang`` query parameter when it names one of the site's languages, else
the language cookie or Accept-Language, else Swedish (:mod:`mahjongsite.json_api`). Each
view declares, per method, the error codes it answers (docs/openapi.json follows them).
"""

from __future__ import annotations

import re
from pathlib import Path

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils import timezone
from django.views.decorators.gzip import gzip_page

from mahjong import PAIRS, UnknownLayout
from mahjong.rules.daily import utc_day
from mahjongsite import device_mark
from wording.messages import CODE_MESSAGES

from . import services
from .answer import facts_for
from .current import CURRENT_GAME_KEY, owner_for
from .json_api import ApiError, api_view, json_body
from .selectors import board_for, game_get
from .serializers import game_payload, move_payload

OPENAPI_PATH = Path(settings.BASE_DIR, "docs", "openapi.json")
#: A board page's token: what the play page draws at random for itself on each load.
_PAGE_TOKEN = re.compile(r"[A-Za-z0-9_-]{1,32}")


def _page(data: dict) -> str | None:
    """The optional ``page`` of a body: the board page that sends an automatic pause or
    announces itself (see :func:`game.services.game_pause`)."""
    page = data.get("page")
    if page is not None and not (isinstance(page, str) and _PAGE_TOKEN.fullmatch(page)):
        raise ApiError("invalid_field", field="page")
    return page


#: A game code's faults (the engine's InvalidGameCode reasons), answered with 400.
_CODE_FAULTS = tuple(CODE_MESSAGES)
#: What every view of one game may answer: its body unread or no game of this owner.
_GAME = ("invalid_json", "not_found")

#: Games are sent without the spaces of json.dumps' defaults (15 % of a whole game), and
#: their words as UTF-8 rather than escapes: a Greek letter is 2 bytes instead of 6, which
#: keeps a winning answer's sentences within a move's 1 KB.
_COMPACT = {"separators": (",", ":"), "ensure_ascii": False}


def _whole(played: services.Played, status: int = 200) -> JsonResponse:
    data = game_payload(
        played.game, played.board, facts_for(played.game, whole=True), event=played.event
    )
    return JsonResponse(data, status=status, json_dumps_params=_COMPACT)


def _move(played: services.Played) -> JsonResponse:
    # A restart takes a ranked win away: its answer says so (may_rank), as a whole game does.
    facts = facts_for(played.game, whole=played.event == "restarted")
    return JsonResponse(move_payload(played, facts), json_dumps_params=_COMPACT)


@api_view(GET=())
def health(request: HttpRequest) -> HttpResponse:
    """A minimal JSON answer for load balancers (and the benchmark's baseline)."""
    return JsonResponse({"status": "ok"})


@api_view(GET=())
def openapi(request: HttpRequest) -> HttpResponse:
    """The API's OpenAPI 3 description, served as the file in the repository says it."""
    return HttpResponse(OPENAPI_PATH.read_bytes(), content_type="application/json")


@api_view(
    POST=(201, "invalid_json", "invalid_field", "no_such_layout", *_CODE_FAULTS),
    rate="game_create",
)
# The new game's whole board is the API's largest answer; nginx compresses only 200
# answers, not this 201, so the app does (it holds no secret: see docs/deploy.md).
@gzip_page
def games(request: HttpRequest) -> HttpResponse:
    """Start a game: ``{"code": "MJ1-…"}`` replays a deal, ``{"daily": "L00"}`` plays
    today's daily deal of a layout (its code held back until the game ends),
    ``{"layout": "L02"}`` deals anew."""
    data = json_body(request)
    code, daily, layout = data.get("code"), data.get("daily"), data.get("layout")
    for field, value in (("code", code), ("daily", daily), ("layout", layout)):
        if value is not None and not isinstance(value, str):
            raise ApiError("invalid_field", field=field)
    page = _page(data)
    # Where a daily game is played from (ranking/second_accounts.py); only a daily game gives
    # the browser its device mark.
    traces = ("", "") if daily is None else device_mark.traces(request, utc_day(timezone.now()))
    try:
        played = services.game_create(
            owner=owner_for(request, create=True),
            code=code,
            daily=daily,
            layout_id=layout,
            page=page,
            traces=traces,
        )
    except UnknownLayout:
        if code is None:  # the daily or layout field names no layout, not a code
            raise ApiError("no_such_layout") from None
        raise
    request.session[CURRENT_GAME_KEY] = str(played.game.id)
    return _whole(played, status=201)


@api_view(GET=("not_found",))
def game_detail(request: HttpRequest, game_id: str) -> HttpResponse:
    game = game_get(game_id=game_id, owner=owner_for(request))
    data = game_payload(game, board_for(game), facts_for(game, whole=True), event="loaded")
    return JsonResponse(data, json_dumps_params=_COMPACT)


@api_view(
    POST=(
        *_GAME,
        "missing_field",
        "invalid_field",
        "unknown_tile",
        "tile_removed",
        "game_over",
        "paused",
    ),
    rate="game_move",
)
def game_tap(request: HttpRequest, game_id: str) -> HttpResponse:
    """Tap a tile: ``{"tile": n}``."""
    data = json_body(request)
    if "tile" not in data:
        raise ApiError("missing_field", field="tile")
    tile = data["tile"]
    if isinstance(tile, bool) or not isinstance(tile, int):
        raise ApiError("invalid_field", field="tile")
    return _move(services.game_tap(game_id=game_id, owner=owner_for(request), tile=tile))


@api_view(
    POST=(*_GAME, "invalid_field", "nothing_to_undo", "game_over", "paused", "not_lost"),
    rate="game_move",
)
def game_undo(request: HttpRequest, game_id: str) -> HttpResponse:
    """The last pair back; ``{"count": n}`` n pairs; ``{"to": "winnable"}`` back to the
    last winnable position of a game that can no longer be won."""
    data = json_body(request)
    owner = owner_for(request)
    if "to" in data:
        if data["to"] != "winnable":
            raise ApiError("invalid_field", field="to")
        return _move(services.game_undo_to_winnable(game_id=game_id, owner=owner))
    count = data.get("count", 1)
    if type(count) is not int or not 1 <= count <= PAIRS:
        raise ApiError("invalid_field", field="count")
    return _move(services.game_undo(game_id=game_id, owner=owner, count=count))


@api_view(POST=(*_GAME, "nothing_to_redo", "paused"), rate="game_move")
def game_redo(request: HttpRequest, game_id: str) -> HttpResponse:
    """The pair undone last taken off again (until the player removes a pair)."""
    json_body(request)  # takes no field, but a broken body is refused
    return _move(services.game_redo(game_id=game_id, owner=owner_for(request)))


@api_view(POST=(*_GAME, "at_start", "game_over", "paused"), rate="game_move")
def game_restart(request: HttpRequest, game_id: str) -> HttpResponse:
    """Back to the deal's first position; the game can no longer be ranked."""
    json_body(request)
    return _move(services.game_restart(game_id=game_id, owner=owner_for(request)))


@api_view(GET=("not_found",), POST=_GAME, rate="game_check")
def game_winnable(request: HttpRequest, game_id: str) -> HttpResponse:
    """Whether the game can still be won (the board asks after each removal, in a request
    of its own: a tap never waits for the solver). In a game that may still be ranked,
    ``GET`` answers nothing (``asks_first``) and ``POST``, the player's yes to "this
    makes the game unranked", tells the verdict and takes the ranking away."""
    if request.method == "POST":
        json_body(request)  # takes no field, but a broken body is refused
    game, result = services.game_check(
        game_id=game_id, owner=owner_for(request), asked=request.method == "POST"
    )
    return JsonResponse(
        {
            "id": str(game.id),
            "version": game.version,
            **result.as_dict(),
            "asks_first": result is services.WITHHELD,
        }
    )


@api_view(POST=(*_GAME, "game_over", "paused"), rate="game_hint")
def game_hint(request: HttpRequest, game_id: str) -> HttpResponse:
    json_body(request)  # a hint takes no field, but a broken body is refused, not counted
    return _move(services.game_hint(game_id=game_id, owner=owner_for(request)))


@api_view(POST=(*_GAME, "invalid_field", "game_over"), rate="game_move")
def game_pause(request: HttpRequest, game_id: str) -> HttpResponse:
    """Pause; ``{"page": token}`` marks an automatic pause from that board page."""
    page = _page(json_body(request))
    return _move(services.game_pause(game_id=game_id, owner=owner_for(request), page=page))


@api_view(POST=(*_GAME, "invalid_field"), rate="game_move")
def game_resume(request: HttpRequest, game_id: str) -> HttpResponse:
    """Resume; ``{"page": token}``: that board page has just opened the game."""
    page = _page(json_body(request))
    return _move(services.game_resume(game_id=game_id, owner=owner_for(request), page=page))
