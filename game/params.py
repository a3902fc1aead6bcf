"""What a request asks for: a game's id (from an address or a session: the one place it is
parsed) and a layout."""

from __future__ import annotations

import uuid

from django.http import HttpRequest

from mahjong import LAYOUTS, UnknownLayout, get_layout


def parse_game_id(raw: object) -> uuid.UUID | None:
    """The game id that ``raw`` holds (a UUID, or its text in any standard spelling),
    or ``None`` when it holds none, so that a bad id reads as "no such game"."""
    if isinstance(raw, uuid.UUID):
        return raw
    if not isinstance(raw, str):
        return None
    try:
        return uuid.UUID(raw)
    except ValueError:
        return None


def layout_asked(request: HttpRequest, parameter: str = "layout") -> str | None:
    """The id of the layout ``?layout=`` (or ``parameter``) names, as the engine reads it;
    ``None`` when there is no such layout (the page then offers the default)."""
    try:
        return get_layout(request.GET.get(parameter, "")).id
    except UnknownLayout:
        return None


def own_layout_asked(request: HttpRequest, parameter: str = "layout") -> str | None:
    """As :func:`layout_asked`, for one of the site's own layouts only (the daily deals
    are dealt on those): a player's own layout reads as none."""
    layout_id = layout_asked(request, parameter)
    return layout_id if layout_id in LAYOUTS else None
