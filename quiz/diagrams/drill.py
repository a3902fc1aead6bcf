"""The drill's diagram: the part of a real board around the marked tile.

The free rule only looks at a tile's own row and the layer above it, so a window a few
tiles wide around the marked tile shows everything that decides the answer, at a size a
phone can read. Like the quiz's diagrams it darkens no face: that would give the answer
away. Its description says what lies on and beside the marked tile, the facts a sighted
player sees, without the verdict.
"""

from __future__ import annotations

from django.utils.safestring import SafeString
from django.utils.translation import gettext

from mahjong import Board
from mahjong.rules.board import BlockKind
from wording.names import IN_SENTENCE, tile_name

from .svg import join_list, position_svg

#: Half-tile units shown left and right of the marked tile, and above and below it.
WINDOW_X = 5
WINDOW_Y = 3


def _window(board: Board, tile: int) -> list[int]:
    """The present tiles whose footprint meets the window around ``tile``."""
    positions = board.deal.layout.positions
    tx, ty, _tz = positions[tile]
    return [
        i
        for i in board.present_tiles()
        if tx - WINDOW_X < positions[i][0] + 2
        and positions[i][0] < tx + 2 + WINDOW_X
        and ty - WINDOW_Y < positions[i][1] + 2
        and positions[i][1] < ty + 2 + WINDOW_Y
    ]


def _name(kind: str) -> str:
    """A tile's name inside a sentence with its Digits label, as every diagram names a
    tile: "bambu 5 (5B)"."""
    return f"{tile_name(kind, IN_SENTENCE)} ({kind})"


def _names(board: Board, ids) -> str:
    present = [i for i in ids if board.is_present(i)]
    if not present:
        # Translators: what lies on or beside the drill's marked tile, when nothing does.
        return gettext("nothing")
    return join_list([_name(board.faces[i]) for i in present])


def drill_diagram(board: Board, tile: int, *, ident: str, answered: bool = False) -> SafeString:
    """The window around the marked ``tile`` of ``board``, with a description of what
    lies on it and beside it. Once ``answered``, the tiles that block it (the engine's
    :meth:`~mahjong.Board.blocking`) are outlined, as on the board after a blocked
    tap."""
    shown = _window(board, tile)
    blocking = board.blocking(tile) if answered else None
    blockers: set[int] = set()
    if blocking is not None:  # what the reason names: the tiles on it, or on both sides
        sides = blocking.kind is BlockKind.SIDES
        blockers = {*blocking.left, *blocking.right} if sides else set(blocking.covering)
    geometry = board.deal.layout.geometry
    desc = gettext(
        # Translators: the drill diagram's description. %(name)s: the marked tile;
        # %(above)s, %(left)s, %(right)s: the tiles lying on it, on its left and on its
        # right, each a list ("Bamboo 3 (3B) and Red dragon (R)") or the word for
        # "nothing". Names come in their form inside a sentence, with their Digits labels.
        "The marked tile is %(name)s. Lying on it: %(above)s. On its left: %(left)s. "
        "On its right: %(right)s."
    ) % {
        "name": _name(board.faces[tile]),
        "above": _names(board, geometry.covers[tile]),
        "left": _names(board, geometry.left[tile]),
        "right": _names(board, geometry.right[tile]),
    }
    positions = board.deal.layout.positions
    return position_svg(
        [board.faces[i] for i in shown],
        [positions[i] for i in shown],
        marked={shown.index(tile)},
        blockers={index for index, i in enumerate(shown) if i in blockers},
        ident=ident,
        title=gettext("Part of a board, one tile marked"),
        desc=desc,
        css_class="diagram--drill",
    )
