"""A layout drawn small, as SVG, from the engine's positions: the gallery's pictures.

Each tile is a rectangle, 2 half-tile units wide and 2 × :data:`ASPECT` high as on the
board, and each layer is shifted up and to the left by :data:`DEPTH` (the board's own
offset), so that the height of a stack shows. A layer is one ``<path>`` of relative
moves (about 15 bytes a tile, some 2.5 KB a layout), drawn from the table up with a
lighter face the higher it lies. The text holds numbers only, nothing from a request,
so there is nothing to escape; it is the same for every language and never changes
for a layout (a layout's positions are fixed for ever), hence :func:`picture_version`
for a URL that may be cached for good.
"""

from __future__ import annotations

import hashlib
from functools import cache

from mahjong import LAYOUTS

#: A tile's height over its width, as the board draws it (static/css/board.css).
ASPECT = 1.3
#: How far each layer is shifted up and left, in half-tile units.
DEPTH = 0.35
#: Room around the drawing, in half-tile units.
PAD = 0.4
#: The faces from the table up (the highest layers share the last), and the edges.
FACES = ("#d9cfb4", "#e6dcc2", "#efe7d1", "#f6f0df", "#fcf9ef")
EDGE = "#5b4a2e"


def _number(value: float) -> str:
    """A coordinate with at most two decimals and no trailing zeros."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def box_of(positions) -> tuple[float, float]:
    """A drawing's width and height in half-tile units."""
    top = max(z for _, _, z in positions)
    xs = [x for x, _, _ in positions]
    ys = [y for _, y, _ in positions]
    width = max(xs) + 2 - min(xs) + top * DEPTH + 2 * PAD
    height = (max(ys) + 2 - min(ys)) * ASPECT + top * DEPTH + 2 * PAD
    return width, height


def svg_of(positions) -> str:
    """The picture of these positions (any sound layout's, a player's own too)."""
    top = max(z for _, _, z in positions)
    left = min(x for x, _, _ in positions)
    upper = min(y for _, y, _ in positions)
    width, height = box_of(positions)
    layers = []
    for z in range(top + 1):
        shift = (top - z) * DEPTH + PAD
        moves = "".join(
            f"M{_number(x - left + shift)} {_number((y - upper) * ASPECT + shift)}"
            f"h2v{_number(2 * ASPECT)}h-2z"
            # Back to front within a layer, as on the board: the lower rows last.
            for x, y, _ in sorted(tuple(p) for p in positions if p[2] == z)
        )
        face = FACES[min(z, len(FACES) - 1)]
        layers.append(f'<path fill="{face}" d="{moves}"/>')
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" '
        f'viewBox="0 0 {_number(width)} {_number(height)}">'
        f'<g stroke="{EDGE}" stroke-width="0.2" stroke-linejoin="round">'
        + "".join(layers)
        + "</g></svg>"
    )


def version_of(svg: str) -> str:
    """A short digest of a picture: its URL changes when the drawing does."""
    return hashlib.sha256(svg.encode("ascii")).hexdigest()[:10]


# The site's own layouts, drawn once. A player's own are drawn on each request, not kept:
# there may be any number of them, and a drawing costs well under a millisecond.


@cache
def picture_box(layout_id: str) -> tuple[float, float]:
    """The drawing's width and height in half-tile units (one of :data:`mahjong.LAYOUTS`)."""
    return box_of(LAYOUTS[layout_id].positions)


@cache
def layout_svg(layout_id: str) -> str:
    """The picture of a layout (by id, one of :data:`mahjong.LAYOUTS`)."""
    return svg_of(LAYOUTS[layout_id].positions)


@cache
def picture_version(layout_id: str) -> str:
    """A short digest of the picture: its URL changes when the drawing does."""
    return version_of(layout_svg(layout_id))
