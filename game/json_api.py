"""The game's JSON API as the API layer (:mod:`mahjongsite.json_api`) knows it: its error
codes (:data:`wording.messages.API_ERRORS`, the site's answers under /api/ among them),
its body limit, and the engine's and the services' errors, each answered as its code.

The daily deal's API answers through it too: it imports it from here, not from the
game's views.
"""

from __future__ import annotations

from django.conf import settings
from django.http import JsonResponse

from mahjong import InvalidGameCode, MoveError
from mahjongsite.json_api import ApiError, JsonApi
from wording.messages import API_ERRORS

from . import services
from .models import Game

__all__ = ["API", "ApiError", "api_view", "error_response", "json_body"]

API = JsonApi(API_ERRORS, body_limit=lambda: settings.API_MAX_BODY_BYTES)
API.register(Game.DoesNotExist, lambda error: ApiError("not_found"))
for _error in (InvalidGameCode, MoveError, services.GamePaused, services.NotLost, services.AtStart):
    API.register(_error)  # each answered by its reason

api_view = API.view
json_body = API.json_body


def error_response(code: str, **params: str) -> JsonResponse:
    """One of the API's errors, in the active language (the site's answers under /api/
    outside any view: no such address, a database outage…)."""
    return API.error(code, **params)
