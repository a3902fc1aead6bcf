"""The editor's JSON API, under ``/api/layouts``: check a layout as it is built, read a
KMahjongg file, and save, rename, delete and export a player's layouts.

Signed-in players only; every request that changes something carries the CSRF token.
Errors answer ``{"error": {"code", "message"}}`` as the game's API does, the message in
the language of ``?lang=`` (else the cookie or Accept-Language), and a refused layout
adds ``problems``: each with its reason, where it is and its message.
"""

from __future__ import annotations

from functools import wraps

import django_ratelimit
from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import reverse
from django_ratelimit.decorators import ratelimit
from django_ratelimit.exceptions import Ratelimited

from mahjong import GameCode, LayoutFileError, layout_problems
from mahjong.rules import kmahjongg
from mahjongsite.api_requests import (
    JsonCsrfCheck,
    api_entry,
    declared_length,
    error_answer,
    json_object,
)
from mahjongsite.client_ip import ratelimit_key
from mahjongsite.rates import retry_after_seconds

from . import limits, messages, services
from .models import CustomLayout
from .selectors import layout_of, layouts_of

#: Status of each error code.
_STATUS = {
    "signed_out": 403,
    "csrf_failed": 403,
    "not_found": 404,
    "method_not_allowed": 405,
    "too_large": 413,
    "rate_limited": 429,
    "limit": 409,
    "duplicate": 409,
    "id_taken": 409,
}


def _error(code: str, message: str, **extra) -> JsonResponse:
    return error_answer(code, message, _STATUS.get(code, 400), **extra)


def _refuse_method() -> JsonResponse:
    return _error("method_not_allowed", messages.error_message("method_not_allowed"))


_csrf = JsonCsrfCheck(lambda: _error("csrf_failed", messages.error_message("csrf_failed")))


def _body_limit() -> int:
    return limits.body_limit(settings.MAHJONG_LAYOUT_FILE_MAX_BYTES)


def _rate(group: str, request: HttpRequest) -> str:
    return settings.RATE_LIMITS[group]


def layout_api(*methods: str):
    """Method, size, CSRF and sign-in checks, the request's language, errors as JSON."""

    def decorate(view):
        limited = ratelimit(
            group="layout_edit",
            key=ratelimit_key,
            rate=_rate,
            method=django_ratelimit.ALL,
            block=True,
        )(view)

        @api_entry(methods, _refuse_method)
        @wraps(view)
        def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
            if declared_length(request) > _body_limit() or len(request.body) > _body_limit():
                limit = settings.MAHJONG_LAYOUT_FILE_MAX_BYTES
                error = LayoutFileError("too_large", "too large", limit=limit)
                return _error("too_large", messages.file_error_message(error))
            rejected = _csrf.check(request, view, args, kwargs)
            if rejected is not None:
                return rejected
            if not request.user.is_authenticated:
                return _error("signed_out", messages.error_message("signed_out"))
            try:
                return limited(request, *args, **kwargs)
            except Ratelimited:
                response = _error("rate_limited", messages.error_message("rate_limited"))
                response["Retry-After"] = str(retry_after_seconds(_rate("layout_edit", request)))
                return response
            except CustomLayout.DoesNotExist:
                return _error("not_found", messages.error_message("not_found"))
            except services.LayoutError as error:
                problems = [messages.problem_payload(p) for p in error.problems]
                return _error(error.reason, messages.layout_error_message(error), problems=problems)

        return wrapper

    return decorate


def _json(request: HttpRequest) -> dict:
    data = json_object(request.body)
    if data is None:
        raise services.LayoutError("invalid_json")
    return data


def layout_code(layout: CustomLayout) -> str:
    """The code a layout is shared by: its first deal (anyone may type it in)."""
    return str(GameCode(layout.layout_id, 0))


def layout_payload(layout: CustomLayout) -> dict:
    """A saved layout as the editor lists it (the name as text: the page escapes it)."""
    return {
        "id": layout.pk,
        "name": layout.name,
        "layout_id": layout.layout_id,
        "code": layout_code(layout),
        "created_at": layout.created_at.isoformat(),
        "positions": layout.positions,
        "export": reverse("api:layout_export", args=[layout.pk]),
    }


def _check(positions) -> dict:
    problems = layout_problems(positions)
    return {
        "count": len(positions),
        "sound": not problems,
        "problems": [messages.problem_payload(p) for p in problems],
    }


@layout_api("POST")
def layout_check(request: HttpRequest) -> HttpResponse:
    """``{"positions": [[x, y, z], …]}``: the tile count and every problem, with where."""
    positions = services.read_positions(_json(request).get("positions"))
    return JsonResponse(_check(positions))


@layout_api("POST")
def layout_import(request: HttpRequest) -> HttpResponse:
    """``{"text": "<a .layout file>"}``: its positions and their check, or the file's
    fault (``invalid_file``, with the reason and line)."""
    text = _json(request).get("text")
    if not isinstance(text, str):
        raise services.LayoutError("bad_positions")
    try:
        positions = kmahjongg.read(text, max_bytes=settings.MAHJONG_LAYOUT_FILE_MAX_BYTES)
    except LayoutFileError as error:
        code = "too_large" if error.reason == "too_large" else "invalid_file"
        return _error(
            code, messages.file_error_message(error), reason=error.reason, line=error.line
        )
    return JsonResponse({"positions": [list(p) for p in positions], **_check(positions)})


@layout_api("GET", "POST")
def layouts(request: HttpRequest) -> HttpResponse:
    """``GET``: the player's layouts. ``POST {"name", "positions"}``: save a new one."""
    if request.method == "GET":
        mine = layouts_of(user_id=request.user.pk)
        return JsonResponse(
            {"layouts": [layout_payload(layout) for layout in mine], "limit": services.limit()}
        )
    data = _json(request)
    layout = services.layout_create(
        user_id=request.user.pk, name=data.get("name"), positions=data.get("positions")
    )
    return JsonResponse(layout_payload(layout), status=201)


@layout_api("GET", "POST", "DELETE")
def layout_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """``GET``: one of the player's layouts; ``POST {"name"}``: rename it; ``DELETE``."""
    if request.method == "DELETE":
        services.layout_delete(user_id=request.user.pk, pk=pk)
        return HttpResponse(status=204)
    if request.method == "POST":
        layout = services.layout_rename(
            user_id=request.user.pk, pk=pk, name=_json(request).get("name")
        )
        return JsonResponse(layout_payload(layout))
    return JsonResponse(layout_payload(layout_of(user_id=request.user.pk, pk=pk)))


@layout_api("GET")
def layout_export(request: HttpRequest, pk: int) -> HttpResponse:
    """One of the player's layouts as a KMahjongg ``.layout`` file, to download."""
    layout = layout_of(user_id=request.user.pk, pk=pk)
    response = HttpResponse(
        kmahjongg.write(tuple(p) for p in layout.positions),
        content_type="text/plain; charset=utf-8",
    )
    # The file name is the layout's id: a player's name for it may hold anything.
    response["Content-Disposition"] = f'attachment; filename="{layout.layout_id.lower()}.layout"'
    return response
