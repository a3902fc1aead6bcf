"""The layouts the site offers, and the deal of a game code."""

from __future__ import annotations

import secrets
from functools import lru_cache

from .codes import MAX_DEAL, GameCode, UnknownLayout
from .deal import Deal, generate_deal
from .designs import DESIGNS
from .difficulty import Difficulty, difficulty
from .layouts import TURTLE, Layout
from .shapes import SHAPES

#: Every layout, by id, in id order: the Turtle first.
LAYOUTS: dict[str, Layout] = {layout.id: layout for layout in (TURTLE, *DESIGNS, *SHAPES)}


def get_layout(layout_id: str) -> Layout:
    """The layout with this id (case-insensitive), or :class:`UnknownLayout`."""
    layout = LAYOUTS.get(str(layout_id).strip().upper())
    if layout is None:
        raise UnknownLayout(str(layout_id), f"unknown layout {layout_id!r}")
    return layout


def layout_difficulty(layout_id: str) -> Difficulty | None:
    """How hard a layout is: the share of its uniform random deals that cannot be won,
    with its n and 95 % interval, from the stored survey (:mod:`.difficulty`); None for a
    layout not surveyed yet. Raises :class:`UnknownLayout` as :func:`get_layout` does."""
    return difficulty(get_layout(layout_id).id)


def parse_code(text: str | GameCode) -> GameCode:
    """Parse a code and check that its layout exists."""
    if isinstance(text, GameCode):
        get_layout(text.layout_id)
        return text
    return GameCode.parse(text, known_layouts=frozenset(LAYOUTS))


@lru_cache(maxsize=256)
def _deal(code: GameCode) -> Deal:
    return generate_deal(code, get_layout(code.layout_id))


def deal_for(code: str | GameCode) -> Deal:
    """The deal of a code: the same tiles in the same places, every time."""
    return _deal(parse_code(code))


def random_code(layout_id: str) -> GameCode:
    """A fresh code for a new game on a layout, drawn from the OS's randomness."""
    layout = get_layout(layout_id)
    return GameCode(layout.id, secrets.randbelow(MAX_DEAL + 1))
