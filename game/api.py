"""The JSON API of the board, documented in docs/openapi.json.

Views stay thin: parse the request, call a service or a selector, and answer through
:mod:`game.serializers`: the whole game on creation and ``GET``, only the change (with
``version``) for a move; each with ``event``, what the request just did. Every error is a 4xx answer
``{"error": {"code", "message"}}`` with the message in the request's language: the
``lang`` query parameter when it names one of the site's languages, else the language
cookie or Accept-Language, else Swedish.
"""

from __future__ import annotations

import re
from functools import wraps
from pathlib import Path

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.gzip import gzip_page
from django_ratelimit.decorators import ratelimit
from django_ratelimit.exceptions import Ratelimited

from mahjong import PAIRS, InvalidGameCode, MoveError, UnknownLayout
from mahjongsite.api_requests import (
    JsonCsrfCheck,
    api_entry,
    declared_length,
    error_answer,
    json_object,
)
from mahjongsite.client_ip import ratelimit_key
from mahjongsite.rates import retry_after_seconds
from wording.messages import API_ERRORS

from . import services
from .models import Game
from .selectors import board_for, game_get
from .serializers import game_payload, move_payload
from .store import Owner

OPENAPI_PATH = Path(settings.BASE_DIR, "docs", "openapi.json")
#: The session key that remembers the visitor's current game, for the play page.
CURRENT_GAME_KEY = "game_current"


class ApiError(Exception):
    def __init__(self, code: str, **params: str):
        super().__init__(code)
        self.code = code
        self.params = params


def error_response(code: str, **params: str) -> JsonResponse:
    status, message = API_ERRORS[code]
    text = str(message) % params if params else str(message)
    return error_answer(code, text, status)


_csrf = JsonCsrfCheck(lambda: error_response("csrf_failed"))


def api_view(*methods: str):
    """Method check, CSRF check, request language, and errors as JSON for an API view."""

    def decorate(view):
        @api_entry(methods, lambda: error_response("method_not_allowed"))
        @wraps(view)
        def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
            if declared_length(request) > settings.API_MAX_BODY_BYTES:
                return error_response("body_too_large")
            # The body is read before the CSRF check: the check reads request.POST,
            # after which a multipart body could no longer be read as bytes.
            try:
                body = request.body
            except RequestDataTooBig:
                return error_response("body_too_large")
            rejected = _csrf.check(request, view, args, kwargs)
            if rejected is not None:
                return rejected
            reads_body = request.method not in ("GET", "HEAD")
            if reads_body and body.strip() and not _is_json(request):
                return error_response("unsupported_media_type")
            try:
                return view(request, *args, **kwargs)
            except ApiError as error:
                return error_response(error.code, **error.params)
            except RequestDataTooBig:
                return error_response("body_too_large")
            except Ratelimited:
                return rate_limited_response(request)
            except Game.DoesNotExist:
                return error_response("not_found")
            except InvalidGameCode as error:
                return error_response(error.reason)
            except (MoveError, services.GamePaused, services.NotLost) as error:
                return error_response(error.reason)

        return wrapper

    return decorate


def owner_for(request: HttpRequest, *, create: bool = False) -> Owner:
    """The request's owner: the signed-in user, else the session (created when asked)."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return Owner(user_id=user.pk)
    if create and request.session.session_key is None:
        request.session.save()
    return Owner(session_key=request.session.session_key)


def _is_json(request: HttpRequest) -> bool:
    """Whether the body says it is JSON (``application/json`` or a ``+json`` type)."""
    content_type = (request.content_type or "").lower()
    return content_type == "application/json" or content_type.endswith("+json")


def rate_limit(group: str, method: str = "POST"):
    """django-ratelimit on the shared cache, per client address, at the rate the
    settings give ``group`` (read on each request); over it, the API answers 429 with
    ``Retry-After``."""

    def rate(group_name: str, request: HttpRequest) -> str:
        return settings.RATE_LIMITS[group_name]

    def decorate(view):
        limited = ratelimit(group=group, key=ratelimit_key, rate=rate, method=method, block=True)(
            view
        )

        @wraps(view)
        def wrapper(request: HttpRequest, *args, **kwargs):
            request.rate_limit_group = group
            return limited(request, *args, **kwargs)

        return wrapper

    return decorate


def rate_limited_response(request: HttpRequest) -> JsonResponse:
    """429 with ``Retry-After``: the length of the limit's window, the longest a client
    has to wait (django-ratelimit counts in fixed windows of that length)."""
    response = error_response("rate_limited")
    group = getattr(request, "rate_limit_group", None)
    rate = settings.RATE_LIMITS.get(group, "1/m") if group else "1/m"
    response["Retry-After"] = str(retry_after_seconds(rate))
    return response


def _json_body(request: HttpRequest) -> dict:
    body = request.body
    if len(body) > settings.API_MAX_BODY_BYTES:  # a body sent without Content-Length
        raise ApiError("body_too_large")
    data = json_object(body)
    if data is None:
        raise ApiError("invalid_json")
    return data


#: A board page's token: what the play page draws at random for itself on each load.
_PAGE_TOKEN = re.compile(r"[A-Za-z0-9_-]{1,32}")


def _page(data: dict) -> str | None:
    """The optional ``page`` of a body: the board page that sends an automatic pause or
    announces itself (see :func:`game.services.game_pause`)."""
    page = data.get("page")
    if page is not None and not (isinstance(page, str) and _PAGE_TOKEN.fullmatch(page)):
        raise ApiError("invalid_field", field="page")
    return page


#: Games are sent without the spaces of json.dumps' defaults (15 % of a whole game).
_COMPACT = {"separators": (",", ":")}


def _whole(played: services.Played, status: int = 200) -> JsonResponse:
    data = game_payload(played.game, played.board, event=played.event)
    return JsonResponse(data, status=status, json_dumps_params=_COMPACT)


def _move(played: services.Played) -> JsonResponse:
    return JsonResponse(move_payload(played), json_dumps_params=_COMPACT)


@api_view("GET")
def health(request: HttpRequest) -> HttpResponse:
    """A minimal JSON answer for load balancers (and the benchmark's baseline)."""
    return JsonResponse({"status": "ok"})


@api_view("GET")
def openapi(request: HttpRequest) -> HttpResponse:
    """The API's OpenAPI 3 description, served as the file in the repository says it."""
    return HttpResponse(OPENAPI_PATH.read_bytes(), content_type="application/json")


@api_view("POST")
@rate_limit("game_create")
# The new game's whole board is the API's largest answer; nginx compresses only 200
# answers, not this 201, so the app does (it holds no secret: see docs/deploy.md).
@gzip_page
def games(request: HttpRequest) -> HttpResponse:
    """Start a game: ``{"code": "MJ1-…"}`` replays a deal, ``{"daily": "L00"}`` plays
    today's daily deal of a layout (its code held back until the game ends),
    ``{"layout": "L02"}`` deals anew."""
    data = _json_body(request)
    code, daily, layout = data.get("code"), data.get("daily"), data.get("layout")
    for field, value in (("code", code), ("daily", daily), ("layout", layout)):
        if value is not None and not isinstance(value, str):
            raise ApiError("invalid_field", field=field)
    page = _page(data)
    try:
        played = services.game_create(
            owner=owner_for(request, create=True),
            code=code,
            daily=daily,
            layout_id=layout,
            page=page,
        )
    except UnknownLayout:
        if code is None:  # the daily or layout field names no layout, not a code
            raise ApiError("no_such_layout") from None
        raise
    request.session[CURRENT_GAME_KEY] = str(played.game.id)
    return _whole(played, status=201)


@api_view("GET")
def game_detail(request: HttpRequest, game_id: str) -> HttpResponse:
    game = game_get(game_id=game_id, owner=owner_for(request))
    data = game_payload(game, board_for(game), event="loaded")
    return JsonResponse(data, json_dumps_params=_COMPACT)


@api_view("POST")
@rate_limit("game_move")
def game_tap(request: HttpRequest, game_id: str) -> HttpResponse:
    """Tap a tile: ``{"tile": n}``."""
    data = _json_body(request)
    if "tile" not in data:
        raise ApiError("missing_field", field="tile")
    tile = data["tile"]
    if isinstance(tile, bool) or not isinstance(tile, int):
        raise ApiError("invalid_field", field="tile")
    return _move(services.game_tap(game_id=game_id, owner=owner_for(request), tile=tile))


@api_view("POST")
@rate_limit("game_move")
def game_undo(request: HttpRequest, game_id: str) -> HttpResponse:
    """The last pair back; ``{"count": n}`` n pairs; ``{"to": "winnable"}`` back to the
    last winnable position of a game that can no longer be won."""
    data = _json_body(request)
    owner = owner_for(request)
    if "to" in data:
        if data["to"] != "winnable":
            raise ApiError("invalid_field", field="to")
        return _move(services.game_undo_to_winnable(game_id=game_id, owner=owner))
    count = data.get("count", 1)
    if type(count) is not int or not 1 <= count <= PAIRS:
        raise ApiError("invalid_field", field="count")
    return _move(services.game_undo(game_id=game_id, owner=owner, count=count))


@api_view("GET")
@rate_limit("game_check", method="GET")
def game_winnable(request: HttpRequest, game_id: str) -> HttpResponse:
    """Whether the game can still be won (the board asks after each removal, in a request
    of its own: a tap never waits for the solver)."""
    game, result = services.game_check(game_id=game_id, owner=owner_for(request))
    return JsonResponse({"id": str(game.id), "version": game.version, **result.as_dict()})


@api_view("POST")
@rate_limit("game_hint")
def game_hint(request: HttpRequest, game_id: str) -> HttpResponse:
    _json_body(request)  # a hint takes no field, but a broken body is refused, not counted
    return _move(services.game_hint(game_id=game_id, owner=owner_for(request)))


@api_view("POST")
@rate_limit("game_move")
def game_pause(request: HttpRequest, game_id: str) -> HttpResponse:
    """Pause; ``{"page": token}`` marks an automatic pause from that board page."""
    page = _page(_json_body(request))
    return _move(services.game_pause(game_id=game_id, owner=owner_for(request), page=page))


@api_view("POST")
@rate_limit("game_move")
def game_resume(request: HttpRequest, game_id: str) -> HttpResponse:
    """Resume; ``{"page": token}``: that board page has just opened the game."""
    page = _page(_json_body(request))
    return _move(services.game_resume(game_id=game_id, owner=owner_for(request), page=page))
