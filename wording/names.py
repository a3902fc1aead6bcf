"""Translated names of layouts and tiles, for the board, its accessible names and the API.

Layout names are a gettext mapping from layout id for now (the engine's names are
English); tile names follow GLOSSARY.md: family or kind, then the number where there is
one ("Bamboo 5", "Flower 3", "Red dragon", "East wind"). The board and the diagrams
both name tiles with :func:`tile_name`.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from mahjong import KINDS, LAYOUTS, family
from mahjong.rules.tiles import (
    FAMILY_BAMBOO,
    FAMILY_CHARACTERS,
    FAMILY_CIRCLES,
    FAMILY_FLOWERS,
    FAMILY_SEASONS,
)

LAYOUT_NAMES = {
    "L00": pgettext_lazy("layout", "Turtle"),
    "L01": pgettext_lazy("layout", "Diamond"),
    "L02": pgettext_lazy("layout", "Bridge"),
    "L03": pgettext_lazy("layout", "Fortress"),
    "L04": pgettext_lazy("layout", "Butterfly"),
    "L05": pgettext_lazy("layout", "Cross"),
}

# Tiles named by their family and number ("Bamboo 5", "Flower 3"), keyed by the engine's
# family names; the winds and dragons have a name of their own.
_NUMBERED_NAMES = {
    FAMILY_BAMBOO: _("Bamboo %(number)s"),
    FAMILY_CHARACTERS: _("Characters %(number)s"),
    FAMILY_CIRCLES: _("Circles %(number)s"),
    FAMILY_FLOWERS: _("Flower %(number)s"),
    FAMILY_SEASONS: _("Season %(number)s"),
}
_OWN_NAMES = {
    "N": _("North wind"),
    "S": _("South wind"),
    "E": _("East wind"),
    "W": _("West wind"),
    "R": _("Red dragon"),
    "G": _("Green dragon"),
    "Wh": _("White dragon"),
}


def layout_name(layout_id: str) -> str:
    """The layout's name in the active language (the engine's English name as a fallback)."""
    name = LAYOUT_NAMES.get(layout_id)
    return str(name) if name is not None else LAYOUTS[layout_id].name


def layout_choices() -> list[dict[str, str]]:
    """Every layout as ``{"id", "name"}``, in id order, names in the active language."""
    return [{"id": layout_id, "name": layout_name(layout_id)} for layout_id in LAYOUTS]


def tile_name(kind: str) -> str:
    """The name of a tile kind in the active language: "Bamboo 5", "Red dragon"…

    The one place tiles are named: the board's accessible names, the API and the
    diagrams' descriptions all come from here.
    """
    if kind in _OWN_NAMES:
        return str(_OWN_NAMES[kind])
    number = "".join(character for character in kind if character.isdigit())
    return _NUMBERED_NAMES[family(kind)] % {"number": number}


def tile_names() -> dict[str, str]:
    """Every kind's name in the active language, by its Digits label."""
    return {kind: tile_name(kind) for kind in KINDS}
