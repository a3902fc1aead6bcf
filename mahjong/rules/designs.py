"""Our own layouts, ``L01`` to ``L05``, besides the classic Turtle.

Each is built by a small function from rows and rectangles of tiles, in the
half-tile units of :mod:`.layouts`: a tile at ``(x, y, z)`` covers ``x..x+2`` by
``y..y+2`` of layer ``z``. The pictures in the docstrings are drawn in the same
units: each character is a half-tile cell, and a digit is how many layers of
tiles lie over that cell (``.`` is the bare table).

All five use half-tile offsets: an upper tile resting across two or four tiles
below, or a row lying between two rows. That covers the ends of the rows below,
which keeps the number of free tiles at the start moderate (20 to 33).

Every design clears completely in well over 95% of games played by taking two
random free tiles at a time (the check of ``tests/engine/test_designs_shape.py``),
so deals can be generated on them quickly.
"""

from __future__ import annotations

from .layouts import Layout

Position = tuple[int, int, int]


def _rect(x: int, y: int, cols: int, rows: int, z: int) -> list[Position]:
    """``cols`` by ``rows`` tiles side by side in layer ``z``, the first at ``(x, y)``."""
    return [(x + 2 * c, y + 2 * r, z) for r in range(rows) for c in range(cols)]


def _centred_rows(z: int, rows: list[tuple[int, int]], centre: int) -> list[Position]:
    """Rows of tiles in layer ``z``, each given as ``(y, width in tiles)`` and
    centred on the vertical line ``x = centre``; rows of odd and even width
    therefore sit half a tile apart, like bricks."""
    return [(centre - w + 2 * i, y, z) for y, w in rows for i in range(w)]


def _ordered(positions: list[Position]) -> tuple[Position, ...]:
    """By layer, then row, then column, so that tile ids read naturally."""
    return tuple(sorted(positions, key=lambda p: (p[2], p[1], p[0])))


def _diamond() -> tuple[Position, ...]:
    """A diamond of nine brick rows, 4 to 12 tiles wide, under a second diamond
    whose rows are one tile shorter, set in by half a tile at both ends (so they
    cover the ends below); then a small hexagon and a bar of three on top. Layers of 68, 59, 14 and 3 tiles::

        ........12222221........
        ........12222221........
        ......122222222221......
        ......122222222221......
        ....1222222222222221....
        ....1222222222222221....
        ..12222233333333222221..
        ..12222233333333222221..
        122222333444444333222221
        122222333444444333222221
        ..12222233333333222221..
        ..12222233333333222221..
        ....1222222222222221....
        ....1222222222222221....
        ......122222222221......
        ......122222222221......
        ........12222221........
        ........12222221........
    """
    widths = [4, 6, 8, 10, 12, 10, 8, 6, 4]
    centre = 12
    positions = _centred_rows(0, [(2 * r, w) for r, w in enumerate(widths)], centre)
    positions += _centred_rows(1, [(2 * r, w - 1) for r, w in enumerate(widths)], centre)
    positions += _centred_rows(2, [(6, 4), (8, 6), (10, 4)], centre)
    positions += _centred_rows(3, [(8, 3)], centre)
    return _ordered(positions)


def _bridge() -> tuple[Position, ...]:
    """Two stepped pylons, 3 tiles by 6, joined by a three-row deck lying between
    their rows (half a tile down), a two-row roadway over it and a crown of six
    in the middle. Layers of 72, 44, 22 and 6 tiles::

        111111........................111111
        112222........................222211
        113333........................333311
        113443111111111111111111111111344311
        113443222222222222222222222222344311
        113443222222333333333333222222344311
        113443222222333333333333222222344311
        113443222222222222222222222222344311
        113443111111111111111111111111344311
        113333........................333311
        112222........................222211
        111111........................111111
    """
    positions: list[Position] = []
    # Each pylon: a 3x6 base, then 2 columns on its inner side (half a tile
    # down), 2x4 on those, and a ridge of 3 straddling the two columns.
    for outer, inner in ((0, 2), (30, 30)):
        positions += _rect(outer, 0, 3, 6, 0)
        positions += _rect(inner, 1, 2, 5, 1)
        positions += _rect(inner, 2, 2, 4, 2)
        positions += _rect(inner + 1, 3, 1, 3, 3)
    positions += _rect(6, 3, 12, 3, 0)  # the deck, between the pylons' rows
    positions += _rect(6, 4, 12, 2, 1)  # the roadway, meeting the pylons' columns
    positions += _rect(12, 5, 6, 1, 2)  # the crown
    return _ordered(positions)


def _fortress() -> tuple[Position, ...]:
    """A square wall, 14 tiles by 10, with a stepped tower at each corner,
    battlements along the walls and a watchtower over the middle of the front and
    back walls; in the courtyard a keep of four stepped layers, each half a tile
    in from the one below. Layers of 72, 55, 14 and 3 tiles::

        2222112222222332222222112222
        2332112222222332222222112332
        2332....................2332
        2222....................2222
        11........................11
        11........................11
        22......111111111111......22
        22......122222222221......22
        22......123333333321......22
        22......123444444321......22
        22......123444444321......22
        22......123333333321......22
        22......122222222221......22
        22......111111111111......22
        11........................11
        11........................11
        2222....................2222
        2332....................2332
        2332112222222332222222112332
        2222112222222332222222112222
    """
    positions: list[Position] = []
    # The wall, one tile thick, thickened to 2x2 in each corner.
    positions += _rect(0, 0, 14, 1, 0) + _rect(0, 18, 14, 1, 0)
    positions += _rect(0, 2, 1, 8, 0) + _rect(26, 2, 1, 8, 0)
    positions += [(2, 2, 0), (24, 2, 0), (2, 16, 0), (24, 16, 0)]
    # Corner towers: 2x2, crowned by one tile across all four.
    for x, y in ((0, 0), (24, 0), (0, 16), (24, 16)):
        positions += _rect(x, y, 2, 2, 1) + [(x + 1, y + 1, 2)]
    # Battlements, and a watchtower across the middle two of the front and back.
    positions += _rect(6, 0, 8, 1, 1) + _rect(6, 18, 8, 1, 1)
    positions += _rect(0, 6, 1, 4, 1) + _rect(26, 6, 1, 4, 1)
    positions += [(13, 0, 2), (13, 18, 2)]
    # The keep.
    positions += _rect(8, 6, 6, 4, 0) + _rect(9, 7, 5, 3, 1)
    positions += _rect(10, 8, 4, 2, 2) + _rect(11, 9, 3, 1, 3)
    return _ordered(positions)


#: The left wings of the butterfly, layer 0: row ``y`` -> (first x, last x).
_WING = {
    0: (0, 8),
    2: (0, 10),
    4: (2, 12),
    6: (4, 12),
    8: (8, 12),
    10: (2, 12),
    12: (2, 10),
    14: (4, 8),
}


def _butterfly() -> tuple[Position, ...]:
    """Two slanting wings on each side of a body. Each wing is one layer of brick
    rows, covered by a second layer with a tile wherever four tiles of the first
    meet; the body is a single column of four layers, each half a tile higher up
    the page than the one below, so that no tile lies square on another.
    Layers of 86, 51, 4 and 3 tiles::

        1111111111..........1111111111
        1222222221....11....1222222221
        122222222111..22..111222222221
        111222222221..22..122222222111
        ..12222222211122111222222221..
        ..11122222222133122222222111..
        ....1222222221441222222221....
        ....1111122221441222211111....
        ........12222144122221........
        ........12222144122221........
        ..11111112222144122221111111..
        ..12222222211144111222222221..
        ..1222222221..33..1222222221..
        ..1112222111..22..1112222111..
        ....122221....22....122221....
        ....111111....22....111111....
        ..............11..............
    """
    body_x = 14
    wing = [(x, y) for y, (first, last) in _WING.items() for x in range(first, last + 1, 2)]
    cells = set(wing)
    upper = [(x + 1, y + 1) for x, y in wing if {(x + 2, y), (x, y + 2), (x + 2, y + 2)} <= cells]
    positions: list[Position] = []
    for z, tiles in ((0, wing), (1, upper)):
        for x, y in tiles:
            positions += [(x, y, z), (2 * body_x - x, y, z)]  # left wing and its mirror
    # The body: (first y, number of tiles) in each layer.
    for z, (first, count) in enumerate([(1, 8), (2, 7), (5, 4), (6, 3)]):
        positions += [(body_x, first + 2 * i, z) for i in range(count)]
    return _ordered(positions)


def _cross() -> tuple[Position, ...]:
    """A plus sign: a bar 16 tiles long and 4 high, crossed by one 4 wide and 10
    high; over it a narrower cross lying half a tile in, then a bar of ten and a
    single tile at the centre. Layers of 88, 45, 10 and 1 tiles::

        ............11111111............
        ............11111111............
        ............11111111............
        ............12222221............
        ............12222221............
        ............12222221............
        11111111111112222221111111111111
        11111222222222222222222222211111
        11111222222333333333322222211111
        11111222222333344333322222211111
        11111222222333344333322222211111
        11111222222333333333322222211111
        11111222222222222222222222211111
        11111111111112222221111111111111
        ............12222221............
        ............12222221............
        ............12222221............
        ............11111111............
        ............11111111............
        ............11111111............
    """
    positions = _rect(0, 6, 16, 4, 0) + _rect(12, 0, 4, 3, 0) + _rect(12, 14, 4, 3, 0)
    positions += _rect(5, 7, 11, 3, 1) + _rect(13, 3, 3, 2, 1) + _rect(13, 13, 3, 2, 1)
    positions += _rect(11, 8, 5, 2, 2) + [(15, 9, 3)]
    return _ordered(positions)


L01 = Layout("L01", "Diamond", _diamond())
L02 = Layout("L02", "Bridge", _bridge())
L03 = Layout("L03", "Fortress", _fortress())
L04 = Layout("L04", "Butterfly", _butterfly())
L05 = Layout("L05", "Cross", _cross())

DESIGNS: tuple[Layout, ...] = (L01, L02, L03, L04, L05)
