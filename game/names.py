"""Translated names of layouts and tiles, for the board, its accessible names and the API.

Layout names are a gettext mapping from layout id for now (the engine's names are
English); tile names follow GLOSSARY.md: family or kind, then the number where there is
one ("Bamboo 5", "Flower 3", "Red dragon", "East wind").
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from .engine import KINDS, LAYOUTS

LAYOUT_NAMES = {
    "L00": pgettext_lazy("layout", "Turtle"),
    "L01": pgettext_lazy("layout", "Diamond"),
    "L02": pgettext_lazy("layout", "Bridge"),
    "L03": pgettext_lazy("layout", "Fortress"),
    "L04": pgettext_lazy("layout", "Butterfly"),
    "L05": pgettext_lazy("layout", "Cross"),
}

_SUIT_NAMES = {
    "B": _("Bamboo %(number)s"),
    "C": _("Characters %(number)s"),
    "D": _("Circles %(number)s"),
}
_OTHER_NAMES = {
    "N": _("North wind"),
    "S": _("South wind"),
    "E": _("East wind"),
    "W": _("West wind"),
    "R": _("Red dragon"),
    "G": _("Green dragon"),
    "Wh": _("White dragon"),
}
_FLOWER = _("Flower %(number)s")
_SEASON = _("Season %(number)s")


def layout_name(layout_id: str) -> str:
    """The layout's name in the active language (the engine's English name as a fallback)."""
    name = LAYOUT_NAMES.get(layout_id)
    return str(name) if name is not None else LAYOUTS[layout_id].name


def layout_choices() -> list[dict[str, str]]:
    """Every layout as ``{"id", "name"}``, in id order, names in the active language."""
    return [{"id": layout_id, "name": layout_name(layout_id)} for layout_id in LAYOUTS]


def tile_name(kind: str) -> str:
    """The name of a tile kind in the active language: "Bamboo 5", "Red dragon"…"""
    if kind in _OTHER_NAMES:
        return str(_OTHER_NAMES[kind])
    if kind[0] == "F":
        return _FLOWER % {"number": kind[1:]}
    if kind[0] == "S" and len(kind) == 2:
        return _SEASON % {"number": kind[1:]}
    return _SUIT_NAMES[kind[1]] % {"number": kind[0]}


def tile_names() -> dict[str, str]:
    """Every kind's name in the active language, by its Digits label."""
    return {kind: tile_name(kind) for kind in KINDS}
