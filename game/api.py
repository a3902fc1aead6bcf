"""The JSON API of the board (SPEC §8), documented in docs/openapi.json.

Views stay thin: parse the request, call a service or a selector, answer with the whole
game as JSON plus ``event``, what the request just did. Every error is a 4xx answer
``{"error": {"code", "message"}}`` with the message in the request's language: the
``lang`` query parameter when it names one of the site's languages, else the language
cookie or Accept-Language, else Swedish.
"""

from __future__ import annotations

import json
import uuid
from functools import lru_cache, wraps
from pathlib import Path

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.middleware.csrf import CsrfViewMiddleware
from django.utils import timezone, translation
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt
from django_ratelimit.decorators import ratelimit
from django_ratelimit.exceptions import Ratelimited

from mahjongsite.client_ip import ratelimit_key

from . import services, sharing
from .engine import LAYOUTS, Board, InvalidGameCode, MoveError, family
from .messages import API_ERRORS
from .models import Game
from .names import layout_name
from .selectors import Owner, board_for, game_get

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
    return JsonResponse({"error": {"code": code, "message": text}}, status=status)


def request_language(request: HttpRequest) -> str:
    """``?lang=``, else the cookie or Accept-Language, else the default (Swedish)."""
    languages = dict(settings.LANGUAGES)
    asked = request.GET.get("lang", "").strip().lower()
    if asked in languages:
        return asked
    language = translation.get_language_from_request(request)
    return language if language in languages else settings.LANGUAGE_CODE


class _ApiCsrf(CsrfViewMiddleware):
    """Django's CSRF check, answering a failure with the API's JSON error."""

    def _reject(self, request, reason):
        return error_response("csrf_failed")


_csrf = _ApiCsrf(lambda request: None)


def api_view(*methods: str):
    """Method check, CSRF check, request language, and errors as JSON for an API view."""

    def decorate(view):
        @wraps(view)
        @csrf_exempt  # checked below, so that a failure is answered in JSON
        @never_cache
        def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
            with translation.override(request_language(request)):
                if request.method not in methods:
                    response = error_response("method_not_allowed")
                    response["Allow"] = ", ".join(methods)
                    return response
                if _declared_length(request) > settings.API_MAX_BODY_BYTES:
                    return error_response("body_too_large")
                rejected = _csrf.process_view(request, view, args, kwargs)
                if rejected is not None:
                    return rejected
                try:
                    return view(request, *args, **kwargs)
                except ApiError as error:
                    return error_response(error.code, **error.params)
                except RequestDataTooBig:
                    return error_response("body_too_large")
                except Ratelimited:
                    return error_response("rate_limited")
                except Game.DoesNotExist:
                    return error_response("not_found")
                except InvalidGameCode as error:
                    return error_response(error.reason)
                except (MoveError, services.GamePaused) as error:
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


def _game_id(raw: str) -> uuid.UUID:
    try:
        return uuid.UUID(raw)
    except ValueError:
        raise Game.DoesNotExist from None


def _declared_length(request: HttpRequest) -> int:
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return 0


def rate_limit(group: str):
    """django-ratelimit on the shared cache, per client address, at the rate the
    settings give ``group`` (read on each request); over it, the API answers 429."""

    def rate(group_name: str, request: HttpRequest) -> str:
        return settings.RATE_LIMITS[group_name]

    return ratelimit(group=group, key=ratelimit_key, rate=rate, method="POST", block=True)


def _json_body(request: HttpRequest) -> dict:
    body = request.body
    if len(body) > settings.API_MAX_BODY_BYTES:  # a body sent without Content-Length
        raise ApiError("body_too_large")
    if not body.strip():
        return {}
    try:
        data = json.loads(body)
    except (ValueError, UnicodeDecodeError, RecursionError):
        # RecursionError: JSON nested deeper than Python's stack, e.g. "[" * 2000.
        raise ApiError("invalid_json") from None
    if not isinstance(data, dict):
        raise ApiError("invalid_json")
    return data


@lru_cache(maxsize=256)
def _tile_prefixes(code: str) -> tuple[str, ...]:
    """Each tile's id, position and face, JSON-encoded once per code: these never change
    within a game, and the 144 tiles are most of every answer."""
    deal = Board.from_code(code).deal
    return tuple(
        json.dumps(
            {
                "id": i,
                "x": x,
                "y": y,
                "z": z,
                "face": deal.faces[i],
                "family": family(deal.faces[i]),
            }
        )[:-1]
        for i, (x, y, z) in enumerate(deal.layout.positions)
    )


def _tiles_json(game: Game, board: Board) -> str:
    free = set(board.free_tiles())
    present = set(board.present_tiles())
    return (
        "["
        + ", ".join(
            f'{prefix}, "free": {"true" if i in free else "false"}, '
            f'"removed": {"false" if i in present else "true"}}}'
            for i, prefix in enumerate(_tile_prefixes(game.code))
        )
        + "]"
    )


def game_data(game: Game, board: Board, *, event: str) -> dict:
    """The whole game as the API answers it (SPEC §8)."""
    return json.loads(game_json(game, board, event=event))


def game_json(game: Game, board: Board, *, event: str) -> str:
    """:func:`game_data` as JSON text, with the tiles spliced in already encoded."""
    data = {
        "id": str(game.id),
        "code": game.code,
        "layout": {"id": game.layout_id, "name": layout_name(game.layout_id)},
        "tiles": None,
        "tiles_left": len(board),
        "selected": game.selected,
        "hint": game.hint,
        "state": game.state,
        "elapsed_ms": game.elapsed_ms_at(timezone.now()),
        "paused": game.paused,
        "clock_running": game.running_since is not None,
        "hints_used": game.hints_used,
        "undos_used": game.undos_used,
        "can_undo": board.can_undo(),
        "version": game.version,
        "event": event,
        # Issue 13: where the deal came from, whether the win is ranked, what to share.
        "origin": game.origin,
        "ranked": game.ranked if game.state == Game.WON else None,
        "share": sharing.share_for(game),
    }
    head, tail = json.dumps(data, cls=DjangoJSONEncoder).split('"tiles": null', 1)
    return f'{head}"tiles": {_tiles_json(game, board)}{tail}'


def _answer(played: services.Played, status: int = 200) -> HttpResponse:
    body = game_json(played.game, played.board, event=played.event)
    return HttpResponse(body, status=status, content_type="application/json")


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
def games(request: HttpRequest) -> HttpResponse:
    """Start a game: ``{"code": "MJ1-…"}`` replays a deal, ``{"layout": "L02"}`` deals anew."""
    data = _json_body(request)
    code, layout = data.get("code"), data.get("layout")
    for field, value in (("code", code), ("layout", layout)):
        if value is not None and not isinstance(value, str):
            raise ApiError("invalid_field", field=field)
    if code is None and layout is not None and layout.strip().upper() not in LAYOUTS:
        raise ApiError("no_such_layout")
    played = services.game_create(
        owner=owner_for(request, create=True), code=code, layout_id=layout
    )
    request.session[CURRENT_GAME_KEY] = str(played.game.id)
    return _answer(played, status=201)


@api_view("GET")
def game_detail(request: HttpRequest, game_id: str) -> HttpResponse:
    game = game_get(game_id=_game_id(game_id), owner=owner_for(request))
    return JsonResponse(game_data(game, board_for(game), event="loaded"))


@api_view("POST")
def game_tap(request: HttpRequest, game_id: str) -> HttpResponse:
    """Tap a tile: ``{"tile": n}``."""
    data = _json_body(request)
    if "tile" not in data:
        raise ApiError("missing_field", field="tile")
    tile = data["tile"]
    if isinstance(tile, bool) or not isinstance(tile, int):
        raise ApiError("invalid_field", field="tile")
    return _answer(
        services.game_tap(game_id=_game_id(game_id), owner=owner_for(request), tile=tile)
    )


@api_view("POST")
def game_undo(request: HttpRequest, game_id: str) -> HttpResponse:
    return _answer(services.game_undo(game_id=_game_id(game_id), owner=owner_for(request)))


@api_view("POST")
@rate_limit("game_hint")
def game_hint(request: HttpRequest, game_id: str) -> HttpResponse:
    return _answer(services.game_hint(game_id=_game_id(game_id), owner=owner_for(request)))


@api_view("POST")
def game_pause(request: HttpRequest, game_id: str) -> HttpResponse:
    return _answer(services.game_pause(game_id=_game_id(game_id), owner=owner_for(request)))


@api_view("POST")
def game_resume(request: HttpRequest, game_id: str) -> HttpResponse:
    return _answer(services.game_resume(game_id=_game_id(game_id), owner=owner_for(request)))
