"""The layouts the site offers, and the deal of a game code.

Besides ours (:data:`LAYOUTS`), codes may name a player's own layout (``C…``, see
:mod:`.custom`). The engine keeps none of those: whoever stores them installs a source
with :func:`use_custom_layouts`, a function from a layout id to its positions (or None).
The id is a hash of the positions, so a layout found once is kept in this process's
memory (:data:`CUSTOM_LAYOUTS`): its positions can never change under the same id. So is
the deal of a code once made (:data:`DEALS`). Their sizes are the caller's to set
(``resize``; the site reads them from its settings); :func:`forget` empties both.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence

from ..lru import Lru
from . import custom
from .codes import DEAL_BITS, NEW_VERSION, GameCode, UnknownLayout, is_custom_id
from .deal import Deal, generate_deal
from .designs import DESIGNS
from .difficulty import Difficulty, difficulty
from .layouts import TURTLE, Layout
from .shapes import SHAPES

#: Every layout, by id, in id order: the Turtle first.
LAYOUTS: dict[str, Layout] = {layout.id: layout for layout in (TURTLE, *DESIGNS, *SHAPES)}


CustomSource = Callable[[str], Sequence[tuple[int, int, int]] | None]
_custom_source: CustomSource | None = None
#: Players' layouts found so far, by id; the site sets the size from
#: MAHJONG_CUSTOM_LAYOUT_MEMORY.
CUSTOM_LAYOUTS: Lru[str, Layout] = Lru(512)
#: Deals made so far, by code (the games in play ask for theirs on every move); the site
#: sets the size from MAHJONG_DEAL_MEMORY.
DEALS: Lru[GameCode, Deal] = Lru(256)


def use_custom_layouts(source: CustomSource | None) -> CustomSource | None:
    """Install where players' own layouts come from (None: nowhere), forgetting what
    came from the one before; returns the source installed before, so that a test can
    put it back."""
    global _custom_source
    previous, _custom_source = _custom_source, source
    forget()
    return previous


def forget() -> None:
    """Forget the players' layouts found and the deals made so far (a layout deleted
    since is then no longer found)."""
    CUSTOM_LAYOUTS.clear()
    DEALS.clear()


def _custom_layout(layout_id: str) -> Layout:
    positions = _custom_source(layout_id) if _custom_source is not None else None
    if positions is None:
        raise UnknownLayout(layout_id, f"no custom layout {layout_id!r}")
    try:
        layout = custom.custom_layout(positions)
    except custom.InvalidLayout:
        raise UnknownLayout(layout_id, f"custom layout {layout_id!r} is not sound") from None
    if layout.id != layout_id:
        raise UnknownLayout(layout_id, f"the positions given for {layout_id!r} are another's")
    return layout


def get_layout(layout_id: str) -> Layout:
    """The layout with this id (case-insensitive), ours or a player's own (from the
    installed source), or :class:`UnknownLayout`."""
    wanted = str(layout_id).strip().upper()
    layout = LAYOUTS.get(wanted)
    if layout is None:
        if is_custom_id(wanted):
            # A miss is not kept: a layout saved after it is found on the next call.
            return CUSTOM_LAYOUTS.get_or_make(wanted, lambda: _custom_layout(wanted))
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
    code = GameCode.parse(text, known_layouts=_KNOWN)
    if code.is_custom:
        get_layout(code.layout_id)
    return code


_KNOWN = frozenset(LAYOUTS)


def _deal(code: GameCode) -> Deal:
    if code.is_custom:
        layout = get_layout(code.layout_id)
        return generate_deal(code, layout, max_attempts=custom.DEAL_ATTEMPTS)
    return generate_deal(code, get_layout(code.layout_id))


def deal_for(code: str | GameCode) -> Deal:
    """The deal of a code: the same tiles in the same places, every time."""
    parsed = parse_code(code)
    return DEALS.get_or_make(parsed, lambda: _deal(parsed))


def random_code(layout_id: str) -> GameCode:
    """A fresh code for a new game on a layout, drawn from the OS's randomness: an ``MJ2``
    code, whose 60-bit deal number no search through the numbers can find from the faces
    seen at the start (bench/invert.py)."""
    layout = get_layout(layout_id)
    return GameCode(layout.id, secrets.randbits(DEAL_BITS[NEW_VERSION]), NEW_VERSION)
