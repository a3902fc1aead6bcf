"""The editor's JSON API, under ``/api/layouts``: check a layout as it is built, read a
KMahjongg file, and save, rename, delete and export a player's layouts.

Signed-in players only; every request that changes something carries the CSRF token.
Errors answer ``{"error": {"code", "message"}}`` as the game's API does, the message in
the language of ``?lang=`` (else the cookie or Accept-Language), and a refused layout
adds ``problems``: each with its reason, where it is and its message.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import reverse

from mahjong import GameCode, LayoutFileError, layout_problems
from mahjong.rules import kmahjongg
from mahjongsite.json_api import ApiError, Guard, JsonApi, Refusals, json_object

from . import limits, messages, services
from .models import CustomLayout
from .selectors import layout_of, layouts_of

#: The layouts API: signed-in players only, a body up to a layout file's (read as JSON
#: whatever media type it names, as this API always did), every request counted in one
#: rate limit.
API = JsonApi(
    messages.ERRORS,
    body_limit=lambda: limits.body_limit(settings.MAHJONG_LAYOUT_FILE_MAX_BYTES),
    refusals=Refusals(too_large="too_large", not_json=None),
    guard=Guard("signed_out", lambda request: request.user.is_authenticated),
)
API.register(CustomLayout.DoesNotExist, lambda error: ApiError("not_found"))
API.register(
    services.LayoutError,
    lambda error: ApiError(
        error.reason,
        extra={"problems": [messages.problem_payload(p) for p in error.problems]},
        **error.params,
    ),
)
RATE = "layout_edit"
#: A name the services refuse, and what else refuses a new layout.
_NAME_FAULTS = ("name_missing", "name_too_long", "name_characters")
_SAVE_FAULTS = (*_NAME_FAULTS, "bad_positions", "invalid", "limit", "duplicate", "id_taken")


def _json(request: HttpRequest) -> dict:
    """The body as a JSON object, else ``invalid_json`` answered as a refused layout is
    (with its problems, none), as the editor always answered it."""
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


@API.view(POST=("invalid_json", "bad_positions"), rate=RATE)
def layout_check(request: HttpRequest) -> HttpResponse:
    """``{"positions": [[x, y, z], …]}``: the tile count and every problem, with where."""
    positions = services.read_positions(_json(request).get("positions"))
    return JsonResponse(_check(positions))


@API.view(POST=("invalid_json", "bad_positions", "invalid_file", "too_large"), rate=RATE)
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
        raise ApiError(code, error=error, extra={"reason": error.reason, "line": error.line})
    return JsonResponse({"positions": [list(p) for p in positions], **_check(positions)})


@API.view(GET=(), POST=(201, "invalid_json", *_SAVE_FAULTS), rate=RATE)
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


@API.view(
    GET=("not_found",),
    POST=("invalid_json", "not_found", *_NAME_FAULTS),
    DELETE=(204, "not_found"),
    rate=RATE,
)
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


@API.view(GET=("not_found",), rate=RATE)
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
