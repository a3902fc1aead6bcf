"""What the site's JSON API views share: their errors (:class:`ApiError`, answered as
``{"error": {"code", "message"}}`` in the request's language), the checks around each view
(:func:`api_view`), rate limits answered with ``Retry-After``, and the JSON body.

The game's API uses it, and so does any other app's (the daily deal's): they import it
from here, not from the game's views.
"""

from __future__ import annotations

from functools import wraps

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse
from django_ratelimit.decorators import ratelimit
from django_ratelimit.exceptions import Ratelimited

from mahjong import InvalidGameCode, MoveError
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


def json_body(request: HttpRequest) -> dict:
    """The body as a JSON object (an empty body is ``{}``), else ``invalid_json``."""
    body = request.body
    if len(body) > settings.API_MAX_BODY_BYTES:  # a body sent without Content-Length
        raise ApiError("body_too_large")
    data = json_object(body)
    if data is None:
        raise ApiError("invalid_json")
    return data
