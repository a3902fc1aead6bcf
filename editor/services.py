"""Writes on custom layouts: save, rename, delete; and reading what a page sends.

Every write runs in one transaction and checks everything before it writes anything:
a name or a layout that is refused leaves nothing behind. A save holds the player's row
lock while it counts their layouts, so that two saves at once cannot pass the operator's
limit (``MAHJONG_CUSTOM_LAYOUTS_PER_PLAYER``) together.
"""

from __future__ import annotations

import unicodedata

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction

from mahjong import custom_layout_id, layout_problems
from mahjong.rules.custom import TILES, LayoutProblemList, ordered

from .models import NAME_MAX_LENGTH, CustomLayout
from .selectors import layout_of, layouts_of

#: The most positions a request may send (an editor may hold more than 144 while the
#: player works; beyond this it is not a layout being edited).
MAX_POSITIONS = 4 * TILES


class LayoutError(ValueError):
    """A save, rename or check refused: ``reason`` names why (editor/messages.py says it
    in the page's language), ``params`` fill the message, ``problems`` are the layout's."""

    def __init__(self, reason: str, *, problems: LayoutProblemList = (), **params):
        super().__init__(reason)
        self.reason = reason
        self.problems = list(problems)
        self.params = params


def clean_name(raw: object) -> str:
    """A layout's name from what a form sent: spaces trimmed and runs of white space made
    one; control characters refused (they show as nothing, or break a line)."""
    if not isinstance(raw, str):
        raise LayoutError("name_missing")
    name = " ".join(raw.split())
    if not name:
        raise LayoutError("name_missing")
    if len(name) > NAME_MAX_LENGTH:
        raise LayoutError("name_too_long", limit=NAME_MAX_LENGTH)
    if any(unicodedata.category(char) in ("Cc", "Cf", "Cs", "Co", "Cn") for char in name):
        raise LayoutError("name_characters")
    return name


def read_positions(raw: object) -> list[tuple[int, int, int]]:
    """Positions from JSON: a list of ``[x, y, z]`` whole numbers (at most
    :data:`MAX_POSITIONS`). Anything else is ``bad_positions``."""
    if not isinstance(raw, list) or len(raw) > MAX_POSITIONS:
        raise LayoutError("bad_positions")
    positions = []
    for item in raw:
        if not (
            isinstance(item, list)
            and len(item) == 3
            and all(type(v) is int and -1000 <= v <= 1000 for v in item)
        ):
            raise LayoutError("bad_positions")
        positions.append((item[0], item[1], item[2]))
    return positions


def limit() -> int:
    """How many layouts a player may keep (the operator's setting)."""
    return settings.MAHJONG_CUSTOM_LAYOUTS_PER_PLAYER


def layout_create(*, user_id: int, name: object, positions: object) -> CustomLayout:
    """Save a new layout of the player's. Raises :class:`LayoutError`: ``name_…``,
    ``bad_positions``, ``invalid`` (with the layout's problems), ``id_taken``, ``limit``, ``duplicate``
    (the player has these tiles already, ``params['name']`` saying under which name)."""
    clean = clean_name(name)
    tiles = read_positions(positions)
    problems = layout_problems(tiles)
    if problems:
        raise LayoutError("invalid", problems=problems)
    sound = ordered(tiles)
    layout_id = custom_layout_id(sound)
    with transaction.atomic():
        list(get_user_model().objects.select_for_update().filter(pk=user_id).values("pk"))
        mine = layouts_of(user_id=user_id)
        # Another set of tiles under the same 40-bit id would make the id's codes deal
        # the first one saved: refused (so rare by chance that moving a tile is advice
        # enough).
        stored = [list(p) for p in sound]
        others = CustomLayout.objects.filter(layout_id=layout_id).exclude(positions=stored)
        if others.exists():
            raise LayoutError("id_taken")
        same = mine.filter(layout_id=layout_id).first()
        if same is not None:
            raise LayoutError("duplicate", name=same.name)
        if mine.count() >= limit():
            raise LayoutError("limit", limit=limit())
        try:
            with transaction.atomic():
                return CustomLayout.objects.create(
                    owner_id=user_id,
                    name=clean,
                    layout_id=layout_id,
                    positions=stored,
                )
        except IntegrityError:
            raise LayoutError("duplicate", name=clean) from None


def layout_rename(*, user_id: int, pk, name: object) -> CustomLayout:
    """Rename the player's layout ``pk`` (``CustomLayout.DoesNotExist`` for anyone
    else's); raises :class:`LayoutError` for a refused name, leaving the old one."""
    clean = clean_name(name)
    with transaction.atomic():
        layout = layout_of(user_id=user_id, pk=pk)
        layout.name = clean
        layout.save(update_fields=["name"])
    return layout


def layout_delete(*, user_id: int, pk) -> None:
    """Delete the player's layout ``pk`` (``CustomLayout.DoesNotExist`` for anyone
    else's). Its codes play on while another player keeps the same tiles."""
    with transaction.atomic():
        layout_of(user_id=user_id, pk=pk).delete()
